/**
 * The one error type the data layer rejects with. Every failure — a WordPress error body, a dead
 * endpoint, a timeout, an HTML page where JSON was expected, a shape we cannot use — becomes an
 * `ApiError` whose `code` a widget can map to a localized message.
 */

/** Codes the data layer itself produces (WordPress and plugin codes pass through unchanged). */
export const CLIENT_ERROR_CODES = {
  /** `fetch` rejected: DNS failure, refused connection, CORS refusal, offline. */
  network: 'tw_network_error',
  /** No answer within the configured timeout. */
  timeout: 'tw_timeout',
  /** The caller's `AbortSignal` fired. Widgets never show this one. */
  aborted: 'tw_aborted',
  /** The body is not JSON at all (an HTML error page, a login form, a maintenance page). */
  notJson: 'tw_not_json',
  /** The body starts as JSON but ends early (a connection cut mid-body, a PHP fatal error). */
  truncated: 'tw_truncated_json',
  /** Text before the JSON, typically a PHP notice or warning printed by a plugin. */
  phpNotice: 'tw_php_notice',
  /** An HTTP error status without a WordPress error body. */
  http: 'tw_http_error',
  /** JSON we cannot use: wrong shape, missing required fields. */
  invalidResponse: 'tw_invalid_response',
  /** No base URL was configured. */
  notConfigured: 'tw_not_configured',
  /** The cache is waiting out a 429 before it asks this origin again. */
  rateLimited: 'tw_rate_limited',
  /** `onlyIfCached` asked for an answer the cache does not hold fresh (no request was made). */
  notCached: 'tw_not_cached',
  /** An argument the caller passed cannot be sent (e.g. a malformed date). */
  invalidArgument: 'tw_invalid_argument',
} as const;

/**
 * Every code that means "too many requests, wait a while", listed once: the data layer's own (its
 * cache is sitting out a 429), the bus plugin's, and the credentials proxy's (the site behind it is
 * busy or its budget is spent). An HTTP 429 means the same whatever its code: {@link isRateLimited}.
 */
export const RATE_LIMIT_CODES = {
  /** The data layer's cache is waiting out a 429 before it asks the origin again. */
  client: CLIENT_ERROR_CODES.rateLimited,
  /** The bus plugin's `/wbtm/` routes (a minute's window, no `Retry-After`). */
  plugin: 'wbtm_rate_limited',
  /** The credentials proxy (a 503 with `Retry-After`). */
  proxy: 'tw_upstream_busy',
} as const;

const RATE_LIMIT_CODE_SET: ReadonlySet<string> = new Set(Object.values(RATE_LIMIT_CODES));

/** Whether `code` is one of {@link RATE_LIMIT_CODES}. */
export function isRateLimitCode(code: string): boolean {
  return RATE_LIMIT_CODE_SET.has(code);
}

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived (network, timeout, abort). */
  status: number;
  /** WordPress/plugin code such as `rest_no_route`, or one of {@link CLIENT_ERROR_CODES}. */
  code: string;
  message: string;
  /** `data.params` of a WordPress `rest_invalid_param` error: parameter name → reason. */
  params?: Record<string, string>;
  /** Seconds the server asked us to wait (from `Retry-After`), when it did. */
  retryAfter?: number;
  /** The URL that failed, without credentials. */
  url?: string;
  /**
   * What the data layer caught (the `fetch` rejection, a normalizer's exception), kept as the
   * standard `Error.cause` so a console shows its stack. Not part of {@link ApiError.toJSON}.
   */
  cause?: unknown;
}

export class ApiError extends Error implements ApiErrorInit {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly params?: Record<string, string>;
  readonly retryAfter?: number;
  readonly url?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    if (init.params) this.params = init.params;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.url) this.url = init.url;
  }

  /** Plain data, for logs, events and `structuredClone`. */
  toJSON(): ApiErrorInit {
    const { status, code, message, params, retryAfter, url } = this;
    return { status, code, message, ...(params && { params }), ...(retryAfter !== undefined && { retryAfter }), ...(url && { url }) };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** True for a cancellation the user caused; widgets ignore these instead of showing an error. */
export function isAbort(value: unknown): boolean {
  return (
    (isApiError(value) && value.code === CLIENT_ERROR_CODES.aborted) ||
    (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError')
  );
}

/** Shorthand for the normalizers' "we cannot use this shape" error. */
export function invalidResponse(message: string): ApiError {
  return new ApiError({ status: 200, code: CLIENT_ERROR_CODES.invalidResponse, message });
}

/** Whether an error asks us to slow down: an HTTP 429, or one of {@link RATE_LIMIT_CODES}. */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 429 || isRateLimitCode(error.code));
}

/** The error for a widget or client with no usable base URL (no request is made). */
export function notConfiguredError(message = 'No base URL configured (base-url attribute)'): ApiError {
  return new ApiError({ status: 0, code: CLIENT_ERROR_CODES.notConfigured, message });
}
