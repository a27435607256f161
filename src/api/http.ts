/**
 * One HTTP GET, turned into either a parsed JSON body or an ApiError. This is the only place that
 * touches `fetch`; everything above it deals in values.
 */
import { ApiError, CLIENT_ERROR_CODES as CODES } from './errors.js';
import { readWpError } from './wire/wp-error.js';
import { parseRetryAfter } from './retry-after.js';

export { parseRetryAfter };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpRequest {
  url: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the request counts as failed (default 15 000). */
  timeoutMs?: number;
  credentials?: RequestCredentials;
  fetch?: FetchLike;
}

/** The response headers the data layer uses. */
export interface ResponseMeta {
  status: number;
  total: number | null;
  totalPages: number | null;
  etag: string | null;
  retryAfter: number | null;
}

export interface HttpResult {
  meta: ResponseMeta;
  /** Parsed JSON; `undefined` for a 304. */
  body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

const PHP_OUTPUT = /(notice|warning|deprecated|fatal error|parse error|<br\s*\/?>|<b>)/i;

export async function httpGetJson(request: HttpRequest): Promise<HttpResult> {
  const { url, signal } = request;
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });

  const fail = (error: unknown, status = 0): ApiError => {
    if (error instanceof ApiError) return error;
    if (timedOut) return new ApiError({ status, code: CODES.timeout, message: `No answer within ${Math.round(timeoutMs / 1000)} s`, url });
    if (signal?.aborted) return new ApiError({ status, code: CODES.aborted, message: 'The request was cancelled', url });
    return new ApiError({ status, code: CODES.network, message: `The site could not be reached (${describe(error)})`, url, cause: error });
  };

  try {
    const doFetch = request.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'GET',
        headers: { Accept: 'application/json', ...request.headers },
        signal: controller.signal,
        credentials: request.credentials ?? 'same-origin',
      });
    } catch (error) {
      throw fail(error);
    }
    const meta = readMeta(response);
    if (response.status === 304) return { meta, body: undefined };
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The connection dropped mid-body: what arrived is an incomplete document.
      const failure = fail(error, response.status);
      throw failure.code === CODES.network
        ? new ApiError({ status: response.status, code: CODES.truncated, message: 'The response was cut off before it ended', url })
        : failure;
    }
    const parsed = parseJsonBody(text, response.status, url);
    if (!response.ok) throw errorFromResponse(response.status, parsed, meta, url);
    if (parsed.error) throw parsed.error;
    return { meta, body: parsed.value };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function readMeta(response: Response): ResponseMeta {
  const headers = response.headers;
  return {
    status: response.status,
    total: readCount(headers.get('X-WP-Total')),
    totalPages: readCount(headers.get('X-WP-TotalPages')),
    etag: headers.get('ETag'),
    retryAfter: parseRetryAfter(headers.get('Retry-After')),
  };
}

function readCount(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

interface ParsedBody {
  value?: unknown;
  error?: ApiError;
}

/** Sorts a body into JSON, truncated JSON, JSON behind PHP output, or not JSON at all. */
export function parseJsonBody(text: string, status: number, url?: string): ParsedBody {
  const body = text.replace(/^\uFEFF/, '');
  const trimmed = body.trim();
  if (trimmed === '') {
    return { error: new ApiError({ status, code: CODES.notJson, message: 'The site sent an empty response', ...(url && { url }) }) };
  }
  try {
    return { value: JSON.parse(trimmed) };
  } catch {
    // fall through to diagnosis
  }
  const first = trimmed[0];
  const jsonFirst = first === '{' || first === '[';
  // PHP output after the data (a notice printed at shutdown) or before it (a plugin's warning).
  if (jsonFirst ? jsonThenPhp(trimmed) : PHP_OUTPUT.test(trimmed.slice(0, Math.max(0, findTrailingJson(trimmed))))) {
    return {
      error: new ApiError({
        status,
        code: CODES.phpNotice,
        message: 'The site printed a PHP notice with its data; ask the site owner to turn off WP_DEBUG_DISPLAY',
        ...(url && { url }),
      }),
    };
  }
  if (jsonFirst) {
    return { error: new ApiError({ status, code: CODES.truncated, message: 'The response ended early or is not valid JSON', ...(url && { url }) }) };
  }
  const looksHtml = first === '<';
  return {
    error: new ApiError({
      status,
      code: CODES.notJson,
      message: looksHtml ? 'The site answered with a web page instead of data' : 'The site answered with something other than JSON',
      ...(url && { url }),
    }),
  };
}

/**
 * Whether the text is a JSON document followed by PHP output: tried where that output could start,
 * from the end backwards (the data itself may hold any number of `<b>` or "warning"s, the notice
 * only a few), a bounded number of times.
 */
function jsonThenPhp(text: string): boolean {
  const starts = Array.from(text.matchAll(new RegExp(PHP_OUTPUT, 'gi')), (match) => match.index).reverse();
  for (const index of starts.slice(0, 32)) {
    try {
      JSON.parse(text.slice(0, index));
      return true;
    } catch {
      // not here; try the match before it
    }
  }
  return false;
}

/** Offset of a JSON document that fills the rest of the text, or -1. */
function findTrailingJson(text: string): number {
  // Bounded: a hostile body full of brackets must not cost a parse per character.
  let attempts = 0;
  for (let at = 0; at < text.length && attempts < 16; at++) {
    const c = text[at];
    if (c !== '{' && c !== '[') continue;
    attempts++;
    try {
      JSON.parse(text.slice(at));
      return at;
    } catch {
      // not here; try the next bracket
    }
  }
  return -1;
}

function errorFromResponse(status: number, parsed: ParsedBody, meta: ResponseMeta, url: string): ApiError {
  const wp = parsed.error ? null : readWpError(parsed.value);
  const retryAfter = meta.retryAfter ?? undefined;
  if (wp) {
    return new ApiError({
      status,
      code: wp.code,
      message: wp.message,
      ...(wp.params && { params: wp.params }),
      ...(retryAfter !== undefined && { retryAfter }),
      url,
    });
  }
  return new ApiError({
    status,
    code: CODES.http,
    message: `The site answered HTTP ${status}`,
    ...(retryAfter !== undefined && { retryAfter }),
    url,
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
