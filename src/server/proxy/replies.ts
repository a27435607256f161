import type { IncomingMessage, ServerResponse } from 'node:http';
import { ifNoneMatchHits } from '../shared/etag.js';
import type { WpError } from '../shared/wp-error.js';
import type { CachedEntry, CachePolicy } from './cache.js';

/**
 * Responses as values: every path through the proxy ends in one `Reply`, written by one function,
 * so the headers every answer needs (CORS, nosniff, Content-Length) and the log line cannot be
 * forgotten on some branch.
 */
export type CacheLabel = 'hit' | 'miss' | 'stale' | 'revalidated' | 'bypass' | '-';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
  /** For the log line and `X-Cache`; '-' for answers that never involved the cache or the site. */
  cache: CacheLabel;
  upstreamMs: number | null;
  /**
   * CORS headers this answer decided itself (a refused preflight: none but `Vary`). Absent, the
   * handler adds the request's usual CORS headers.
   */
  cors?: Record<string, string>;
}

const X_CACHE: Record<CacheLabel, string | null> = {
  hit: 'HIT',
  miss: 'MISS',
  stale: 'STALE',
  revalidated: 'REVALIDATED',
  // Private answers bypass the cache; for clients that is simply a miss.
  bypass: 'MISS',
  '-': null,
};

/** RFC 9111 §5.5 warn-codes, for stale answers (a CDN or a person debugging can see why). */
export const WARNING_STALE = '110 - "Response is Stale"';
export const WARNING_REVALIDATION_FAILED = '110 - "Response is Stale", 111 - "Revalidation Failed"';

export const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * On every answer: the body is JSON whatever the site claimed (a site's `text/html` must not make a
 * browser render it), nothing in it may load or frame anything, and browsers keep it from
 * cross-origin no-cors reads (CORS reads, which the widgets use, are governed by CORS alone).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': JSON_TYPE,
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function labelled(headers: Record<string, string>, cache: CacheLabel): Record<string, string> {
  const xCache = X_CACHE[cache];
  return xCache === null ? headers : { ...headers, 'X-Cache': xCache };
}

export function errorReply(error: WpError, cache: CacheLabel = '-', upstreamMs: number | null = null): Reply {
  return {
    status: error.status,
    headers: labelled({ 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...error.headers }, cache),
    body: Buffer.from(error.toJson(), 'utf8'),
    cache,
    upstreamMs,
  };
}

export function jsonReply(status: number, body: unknown): Reply {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
    body: Buffer.from(JSON.stringify(body), 'utf8'),
    cache: '-',
    upstreamMs: null,
  };
}

/** A cached answer, or 304 when the client already has this body. */
export function entryReply(
  entry: CachedEntry,
  options: { cache: CacheLabel; policy: CachePolicy; now: number; ifNoneMatch: string | undefined; warning?: string; upstreamMs?: number | null },
): Reply {
  const { policy } = options;
  const seconds = (ms: number): number => Math.floor(ms / 1000);
  if (entry.status !== 200) {
    // A kept 4xx: short-lived, never revalidated or served stale.
    const headers = {
      ...entry.headers,
      'Cache-Control': `public, max-age=${seconds(policy.errorMaxAgeMs)}`,
      Age: String(Math.max(0, seconds(options.now - entry.storedAt))),
    };
    return { status: entry.status, headers: labelled(headers, options.cache), body: entry.body, cache: options.cache, upstreamMs: options.upstreamMs ?? null };
  }
  const age = seconds(Math.max(0, options.now - entry.storedAt));
  // Shared caches that ignore Age (nginx) would start a full max-age over again: s-maxage tells
  // them what is left of it (max-age minus the Age sent along); browsers ignore s-maxage.
  const left = Math.max(0, seconds(policy.maxAgeMs) - age);
  const headers: Record<string, string> = {
    ...entry.headers,
    ETag: entry.etag,
    'Cache-Control': `public, max-age=${seconds(policy.maxAgeMs)}, s-maxage=${left}, stale-while-revalidate=${seconds(policy.staleWhileRevalidateMs)}, stale-if-error=${seconds(policy.staleIfErrorMs)}`,
    // Without Age a CDN in front would start the entry's max-age over again.
    Age: String(age),
  };
  if (options.warning) headers['Warning'] = options.warning;
  const upstreamMs = options.upstreamMs ?? null;
  if (ifNoneMatchHits(options.ifNoneMatch, entry.etag)) {
    delete headers['Content-Type'];
    return { status: 304, headers: labelled(headers, options.cache), body: null, cache: options.cache, upstreamMs };
  }
  return { status: 200, headers: labelled(headers, options.cache), body: entry.body, cache: options.cache, upstreamMs };
}

/** An answer passed on without storing it (private data, WordPress 4xx errors). */
export function passReply(status: number, headers: Record<string, string>, body: Buffer, cache: CacheLabel, upstreamMs: number | null): Reply {
  const cacheControl = cache === 'bypass' ? 'private, no-store' : 'no-store';
  return { status, headers: labelled({ ...headers, 'Cache-Control': cacheControl }, cache), body, cache, upstreamMs };
}

/** The security headers as flat name/value pairs, built once. */
const SECURITY_PAIRS: readonly string[] = Object.entries(SECURITY_HEADERS).flat();

/** Bodies larger than this go out piece by piece, so a client that stops reading is seen. */
const PIECE_BYTES = 64 * 1024;

/**
 * An ended answer normally went to the kernel at once. One still waiting (the client stopped
 * reading; or it sent pipelined requests, whose answers queue behind one it does not read) must
 * finish within `stallMs` too, or it and its connection would be held as long as the client likes.
 */
function endWithin(res: ServerResponse, stallMs: number): void {
  if (res.writableLength === 0) return;
  const timer = setTimeout(() => res.destroy(), stallMs);
  res.once('finish', () => clearTimeout(timer));
  res.once('close', () => clearTimeout(timer));
}

/**
 * Writes `body` and ends the answer. A small body usually fits the socket's buffers at once (when it
 * does not, `endWithin` applies); a larger one goes out in pieces, and a client that takes none of
 * a piece within `stallMs` (it stopped reading) loses the connection, which would otherwise hold
 * its slot for as long as it liked.
 */
function sendBody(res: ServerResponse, body: Buffer, stallMs: number): void {
  if (body.length <= PIECE_BYTES) {
    res.end(body);
    endWithin(res, stallMs);
    return;
  }
  let at = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = (): void => {
    clearTimeout(timer);
    while (at < body.length) {
      const piece = body.subarray(at, (at += PIECE_BYTES));
      if (!res.write(piece) && at < body.length) {
        timer = setTimeout(() => res.destroy(), stallMs);
        res.once('drain', next);
        return;
      }
    }
    // The last piece may still wait in the buffer: the answer must finish within the same time
    // ('finish' clears the timer once everything has gone out).
    timer = setTimeout(() => res.destroy(), stallMs);
    res.end();
  };
  res.once('finish', () => clearTimeout(timer));
  res.once('close', () => clearTimeout(timer));
  next();
}

/**
 * Writes a reply; HEAD gets the same headers without the body, and a large body goes out in pieces
 * (`sendBody`). Headers go to Node as one flat name/value array: several times cheaper per answer
 * than a header object, which matters on the cached path.
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply, cors: Record<string, string>, stallMs: number): void {
  // A pipelined answer queued behind others is not destroyed with its connection: it would be
  // written for nobody and held, stall timer and all, for `stallMs`.
  if (res.headersSent || res.destroyed || req.socket.destroyed) return;
  const pairs: string[] = [];
  for (const name in cors) {
    // The reply's own value wins (a preflight carries its CORS headers itself).
    if (name in reply.headers) continue;
    let value = cors[name]!;
    if (name === 'Access-Control-Expose-Headers' && reply.headers['Retry-After'] !== undefined) value += ', Retry-After';
    pairs.push(name, value);
  }
  for (const name in reply.headers) {
    // Ours (below) win over whatever the reply carries under these names.
    if (name === 'Content-Type' || name in SECURITY_HEADERS) continue;
    pairs.push(name, reply.headers[name]!);
  }
  if (reply.body !== null) {
    pairs.push(...SECURITY_PAIRS, 'Content-Length', String(reply.body.length));
  } else {
    // A 304 or a preflight carries no body, hence no type.
    for (let i = 0; i < SECURITY_PAIRS.length; i += 2) if (SECURITY_PAIRS[i] !== 'Content-Type') pairs.push(SECURITY_PAIRS[i]!, SECURITY_PAIRS[i + 1]!);
  }
  res.writeHead(reply.status, pairs);
  if (req.method === 'HEAD' || reply.body === null) {
    res.end();
    endWithin(res, stallMs);
  } else sendBody(res, reply.body, stallMs);
}
