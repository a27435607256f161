import type { IncomingHttpHeaders } from 'node:http';

/**
 * CORS for an allow-list of origins, unlike core (which reflects any Origin with credentials): the
 * proxy holds credentials, so only the sites that embed the widgets may read its answers. Never
 * `*`, never `Access-Control-Allow-Credentials`: clients authenticate (private routes) with a
 * bearer token, not cookies.
 */
export const EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, ETag';
const ALLOW_METHODS = 'GET, HEAD, OPTIONS';
const MAX_AGE = '600';

export interface CorsPolicy {
  origins: ReadonlySet<string>;
  /** Whether clients may send `Authorization` (the bearer token of private routes). */
  allowAuthorization: boolean;
}

function originOf(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  return typeof origin === 'string' && origin !== '' ? origin : null;
}

/**
 * Headers for an actual (non-preflight) response. `Vary: Origin` goes on every response, allowed or
 * not: a shared cache must not hand an answer without CORS headers to an allowed origin.
 */
export function corsHeaders(request: IncomingHttpHeaders, policy: CorsPolicy): Record<string, string> {
  const origin = originOf(request);
  if (origin === null || !policy.origins.has(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSE_HEADERS,
    Vary: 'Origin',
  };
}

/**
 * The answer to an OPTIONS request: a CORS preflight from an allowed origin asking for GET/HEAD
 * gets 204 with the CORS headers; any other preflight gets 403 without them. A plain OPTIONS
 * (no Origin) just learns the methods.
 */
export function preflight(request: IncomingHttpHeaders, policy: CorsPolicy): { status: 204 | 403; headers: Record<string, string> } {
  const origin = originOf(request);
  if (origin === null) return { status: 204, headers: { Allow: ALLOW_METHODS } };
  const method = request['access-control-request-method'];
  const methodOk = method === undefined || method === 'GET' || method === 'HEAD';
  if (!policy.origins.has(origin) || !methodOk) return { status: 403, headers: { Vary: 'Origin' } };
  const allowHeaders = ['If-None-Match', 'Content-Type', ...(policy.allowAuthorization ? ['Authorization'] : [])];
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOW_METHODS,
      'Access-Control-Allow-Headers': allowHeaders.join(', '),
      'Access-Control-Max-Age': MAX_AGE,
      Allow: ALLOW_METHODS,
      Vary: 'Origin',
    },
  };
}
