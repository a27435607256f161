import type { IncomingHttpHeaders } from 'node:http';

/**
 * CORS as core's rest_send_cors_headers() and serve_request() send it: any Origin is reflected with
 * credentials allowed. Two additions of ours: `If-None-Match` in the allowed headers and `ETag` in the
 * exposed ones (cross-origin ETag revalidation needs both), and `Access-Control-Max-Age` on preflights.
 */
export const ALLOW_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, If-None-Match';
export const EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, ETag';
export const ALLOW_METHODS = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
export const PREFLIGHT_MAX_AGE = '600';

export function corsHeaders(request: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Expose-Headers': EXPOSE_HEADERS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    Vary: 'Origin',
  };
  const origin = request.origin;
  if (typeof origin === 'string' && origin !== '') {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Methods'] = ALLOW_METHODS;
    headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return headers;
}
