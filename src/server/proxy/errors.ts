import { RATE_LIMIT_CODES } from '../../api/errors.js';
import { noRoute, WpError } from '../shared/wp-error.js';

/**
 * Every error the proxy answers itself, in WordPress's shape so the widgets' error handling (which
 * branches on `code`) needs nothing proxy-specific. Codes are `tw_*` except where core already has
 * a code with the same meaning (`rest_no_route`, `rest_forbidden`). Messages never contain a URL
 * or a header value: they are written before redaction could help and are read by strangers.
 */
export { noRoute };

export const PROXY_ERROR_CODES = {
  invalidPath: 'tw_invalid_path',
  uriTooLong: 'tw_uri_too_long',
  methodNotAllowed: 'tw_method_not_allowed',
  corsRefused: 'tw_cors_origin_refused',
  credentialsRejected: 'tw_upstream_credentials_rejected',
  unreachable: 'tw_upstream_unreachable',
  timeout: 'tw_upstream_timeout',
  upstreamError: 'tw_upstream_error',
  busy: RATE_LIMIT_CODES.proxy,
  clientRateLimited: 'tw_client_rate_limited',
  hostNotAllowed: 'tw_host_not_allowed',
  badRequest: 'tw_bad_request',
  headersTooLarge: 'tw_request_headers_too_large',
  requestTimeout: 'tw_request_timeout',
} as const;

export const invalidPath = (why: string): WpError => new WpError(PROXY_ERROR_CODES.invalidPath, `The request URL is not allowed: ${why}.`, 400);

export const uriTooLong = (limit: number): WpError => new WpError(PROXY_ERROR_CODES.uriTooLong, `The request URL is longer than ${limit} characters.`, 414);

export const methodNotAllowed = (): WpError =>
  new WpError(
    PROXY_ERROR_CODES.methodNotAllowed,
    'This proxy is read-only: only GET, HEAD and OPTIONS are allowed.',
    405,
    {},
    {
      Allow: 'GET, HEAD',
    },
  );

export const corsRefused = (): WpError => new WpError(PROXY_ERROR_CODES.corsRefused, 'This origin is not allowed to use the proxy.', 403);

/** Private routes: no or a wrong bearer token (401, as core answers an anonymous request). */
export const tokenRequired = (): WpError =>
  new WpError(
    'rest_forbidden',
    'Sorry, you are not allowed to do that: a valid proxy token is required.',
    401,
    {},
    {
      'WWW-Authenticate': 'Bearer realm="ticketing-widgets proxy"',
    },
  );

/** Private routes: the client address is not in the allow-list (403: retrying cannot help). */
export const addressRefused = (): WpError => new WpError('rest_forbidden', 'Sorry, you are not allowed to do that from this address.', 403);

export const credentialsRejected = (): WpError => new WpError(PROXY_ERROR_CODES.credentialsRejected, "The proxy's credentials were rejected by the site.", 502);

export const upstreamUnreachable = (): WpError => new WpError(PROXY_ERROR_CODES.unreachable, 'The site behind the proxy cannot be reached.', 502);

export const upstreamTimeout = (seconds: number): WpError =>
  new WpError(PROXY_ERROR_CODES.timeout, `The site behind the proxy did not answer within ${seconds} seconds.`, 504);

export const upstreamError = (status?: number): WpError =>
  new WpError(
    PROXY_ERROR_CODES.upstreamError,
    status === undefined ? 'The site behind the proxy sent an unusable answer.' : `The site behind the proxy failed (HTTP ${status}).`,
    502,
  );

/** The site answered, but not with JSON (an HTML page, PHP warnings in front of the JSON). */
export const upstreamNotJson = (): WpError =>
  new WpError(PROXY_ERROR_CODES.upstreamError, 'The site behind the proxy answered with something that is not JSON.', 502);

/** Upstream said 429, or our own budget for it is spent: come back after `retryAfterMs`. */
export const upstreamBusy = (retryAfterMs: number): WpError => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new WpError(
    PROXY_ERROR_CODES.busy,
    `The site behind the proxy is busy; try again in ${seconds} seconds.`,
    503,
    {},
    {
      'Retry-After': String(seconds),
    },
  );
};

/** One client asked for too many URLs nobody had cached: its own allowance, not the site's. */
export const clientRateLimited = (retryAfterMs: number): WpError => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new WpError(
    PROXY_ERROR_CODES.clientRateLimited,
    `Too many requests from this address; try again in ${seconds} seconds.`,
    429,
    {},
    {
      'Retry-After': String(seconds),
    },
  );
};

/** core's answer for a post that does not exist (or that this visitor may not see). */
export const postNotFound = (): WpError => new WpError('rest_post_invalid_id', 'Invalid post ID.', 404);

/** A `Host` the proxy does not answer for (DNS rebinding, a misrouted request). */
export const hostNotAllowed = (): WpError => new WpError(PROXY_ERROR_CODES.hostNotAllowed, 'This proxy does not answer for that host name.', 421);

/** Requests Node's parser refuses before the proxy sees them (`client-errors.ts`). */
export const badRequest = (): WpError => new WpError(PROXY_ERROR_CODES.badRequest, 'The request is not valid HTTP.', 400);

export const headersTooLarge = (): WpError => new WpError(PROXY_ERROR_CODES.headersTooLarge, 'The request headers are too large.', 431);

export const requestTimeout = (): WpError => new WpError(PROXY_ERROR_CODES.requestTimeout, 'The request did not arrive in time.', 408);
