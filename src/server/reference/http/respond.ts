import { encodeJson } from '../../shared/json.js';
import { corsHeaders } from './cors.js';
import { etagFor, ifNoneMatchHits } from '../../shared/etag.js';
import type { Exchange } from './exchange.js';

export interface JsonReply {
  status: number;
  body: unknown;
  /** Route-specific headers: X-WP-Total, X-WP-TotalPages, a paging Link, Retry-After … */
  headers?: Record<string, string>;
  /** Personal data (passengers, attendees): never stored by any cache. */
  personal?: boolean;
  /** Whether a route matched; core only sends `Allow` then. */
  matched?: boolean;
  /** Extra headers for a CORS preflight. */
  preflight?: boolean;
}

/**
 * Writes a REST response with the headers every WordPress REST response carries, plus ours
 * (ETag, Cache-Control, Access-Control-Max-Age on preflight), and answers a matching
 * If-None-Match with 304.
 */
export function sendJson(exchange: Exchange, origin: string, reply: JsonReply): void {
  const body = Buffer.from(encodeJson(reply.body), 'utf8');
  const headers: Record<string, string> = {
    'X-Robots-Tag': 'noindex',
    // Core sends this Link first; a paging Link in reply.headers replaces it, as header() does in PHP.
    Link: `<${origin}/wp-json/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    ...corsHeaders(exchange.req.headers),
    ...(reply.matched ? { Allow: 'GET' } : {}),
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': reply.personal ? 'no-store, private' : 'no-cache',
    ...(reply.preflight ? { 'Access-Control-Max-Age': '600' } : {}),
    ...reply.headers,
  };
  // A 429's Retry-After (ours) is only useful cross-origin if exposed; other responses keep core's list.
  if (headers['Retry-After'] !== undefined) {
    headers['Access-Control-Expose-Headers'] = `${headers['Access-Control-Expose-Headers']}, Retry-After`;
  }
  const cacheable = reply.status === 200 && (exchange.method === 'GET' || exchange.method === 'HEAD');
  if (cacheable) {
    const etag = etagFor(body);
    headers['ETag'] = etag;
    const inm = exchange.req.headers['if-none-match'];
    if (ifNoneMatchHits(inm, etag)) {
      delete headers['Content-Type'];
      exchange.send(304, headers);
      return;
    }
  }
  headers['Content-Length'] = String(body.length);
  exchange.send(reply.status, headers, body);
}
