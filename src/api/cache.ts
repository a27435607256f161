/**
 * The shared per-origin request cache. Every GET of the data layer goes through one of these:
 * - identical in-flight requests are shared (two widgets asking for one URL make one request);
 * - a fresh answer (younger than its TTL) is reused without a request;
 * - a stale answer with an ETag is revalidated with `If-None-Match`; a 304 keeps the same body and
 *   the same derived models, so widgets can skip re-rendering;
 * - at most `maxConcurrent` requests run per origin, the rest wait in order;
 * - a 429 closes the REST namespace it came from (`wbtm/v1`'s routes, say) for `Retry-After` seconds
 *   (60 s when the server gave none): the bus plugin limits its own routes, and an event list on the
 *   same site must not go blank for it.
 */
import { ApiError, CLIENT_ERROR_CODES as CODES } from './errors.js';
import { httpGetJson, type FetchLike, type HttpResult, type ResponseMeta } from './http.js';

export interface CacheOptions {
  /** Freshness window in ms (default 60 000). */
  ttlMs?: number;
  /** Requests in flight per origin (default 4). */
  maxConcurrent?: number;
  /** Answers kept per origin before the least recently used go (default 500). */
  maxEntries?: number;
  /** Clock, replaceable in tests. */
  now?: () => number;
  fetch?: FetchLike;
}

export interface CachedGet {
  url: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  credentials?: RequestCredentials;
  /** Override the freshness window for this request; 0 = always ask the server. */
  ttlMs?: number;
  /** Personal data: share in-flight requests but keep nothing afterwards. */
  noStore?: boolean;
  /** Answer only from memory: a missing or stale entry rejects with `tw_not_cached` and asks nobody. */
  onlyIfCached?: boolean;
}

/** A cached answer. `derive` memoizes per body version, so a 304 hands back the same model. */
export interface CachedResponse {
  readonly body: unknown;
  readonly meta: ResponseMeta;
  /** Increments whenever the body changes; equal versions mean equal data. */
  readonly version: number;
  /** How this answer was obtained. */
  readonly source: 'network' | 'revalidated' | 'cache';
  derive<T>(key: string, compute: (body: unknown) => T): T;
}

interface Entry {
  body: unknown;
  meta: ResponseMeta;
  storedAt: number;
  version: number;
  derived: Map<string, unknown>;
}

interface Flight {
  promise: Promise<CachedResponse>;
  controller: AbortController;
  waiters: number;
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_ENTRIES = 500;
const DEFAULT_RATE_LIMIT_WAIT_S = 60;
let versionCounter = 0;

export class OriginCache {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly queue: Array<() => void> = [];
  private active = 0;
  /** Per REST namespace (see {@link namespaceOf}): when a 429 closed it, and until when. */
  private readonly closed = new Map<string, [from: number, until: number]>();
  private readonly ttlMs: number;
  private readonly maxConcurrent: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly fetchImpl: FetchLike | undefined;

  constructor(options: CacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 4);
    // A kiosk runs for weeks and asks for a new date every day: the cache must not grow forever.
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.now = options.now ?? Date.now;
    this.fetchImpl = options.fetch;
  }

  /** Milliseconds until the namespace of `url` may be asked again after a 429 (0 when open). */
  waitMs(url: string): number {
    return this.closedFor(namespaceOf(url));
  }

  private closedFor(namespace: string): number {
    const [from, until] = this.closed.get(namespace) ?? [0, 0];
    // The clock went back since (a kiosk's NTP step): how much of the wait passed is unknown, so it
    // starts over, rather than lasting as long as the step.
    if (this.now() < from) this.close(namespace, until - from);
    return Math.max(0, (this.closed.get(namespace)?.[1] ?? 0) - this.now());
  }

  private close(namespace: string, ms: number): void {
    this.closed.set(namespace, [this.now(), this.now() + ms]);
  }

  get(request: CachedGet): Promise<CachedResponse> {
    const key = cacheKey(request);
    const entry = this.entries.get(key);
    const ttl = request.ttlMs ?? this.ttlMs;
    // An entry stored "in the future" (the clock was set back since) has no known age: not fresh.
    const age = entry ? this.now() - entry.storedAt : -1;
    if (entry && age >= 0 && age < ttl) {
      this.touch(key, entry);
      return Promise.resolve(view(entry, 'cache'));
    }
    if (request.onlyIfCached) {
      return Promise.reject(new ApiError({ status: 0, code: CODES.notCached, message: 'Not in the cache (only-if-cached)' }));
    }
    let flight = this.flights.get(key);
    // A request whose last caller gave up is cancelled but settles later: a new caller starts afresh.
    if (!flight || flight.controller.signal.aborted) {
      const controller = new AbortController();
      flight = { controller, waiters: 0, promise: this.run(key, request, controller.signal) };
      const started = flight;
      started.promise.then(
        () => this.flights.get(key) === started && this.flights.delete(key),
        () => this.flights.get(key) === started && this.flights.delete(key),
      );
      this.flights.set(key, flight);
    }
    return this.join(flight, request.signal);
  }

  /** Forget everything (tests, or a host page that knows the data changed). */
  clear(): void {
    this.entries.clear();
    this.closed.clear();
  }

  /** A caller's abort only detaches that caller; the request stops when nobody waits any more. */
  private join(flight: Flight, signal?: AbortSignal): Promise<CachedResponse> {
    if (signal?.aborted) return Promise.reject(aborted());
    flight.waiters++;
    if (!signal) return flight.promise;
    return new Promise<CachedResponse>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--;
        if (flight.waiters === 0) flight.controller.abort();
        reject(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private async run(key: string, request: CachedGet, signal: AbortSignal): Promise<CachedResponse> {
    await this.acquire(signal);
    try {
      const entry = this.entries.get(key);
      const namespace = namespaceOf(request.url);
      const wait = this.closedFor(namespace);
      if (wait > 0) {
        if (entry) return view(entry, 'cache');
        throw new ApiError({
          status: 429,
          code: CODES.rateLimited,
          message: `The site asked us to slow down; trying again in ${Math.ceil(wait / 1000)} s`,
          retryAfter: Math.ceil(wait / 1000),
          url: request.url,
        });
      }
      const headers = { ...request.headers };
      if (entry?.meta.etag) headers['If-None-Match'] = entry.meta.etag;
      let result: HttpResult;
      try {
        result = await httpGetJson({
          url: request.url,
          headers,
          signal,
          ...(request.timeoutMs !== undefined && { timeoutMs: request.timeoutMs }),
          ...(request.credentials && { credentials: request.credentials }),
          ...(this.fetchImpl && { fetch: this.fetchImpl }),
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          const seconds = error.retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_S;
          this.close(namespace, Math.max(this.closedFor(namespace), seconds * 1000));
        }
        throw error;
      }
      if (result.meta.status === 304 && entry) {
        entry.storedAt = this.now();
        this.touch(key, entry);
        return view(entry, 'revalidated');
      }
      const fresh: Entry = { body: result.body, meta: result.meta, storedAt: this.now(), version: ++versionCounter, derived: new Map() };
      if (request.noStore) this.entries.delete(key);
      else this.store(key, fresh);
      return view(fresh, 'network');
    } finally {
      this.release();
    }
  }

  /** Map order is insertion order: re-inserting marks an entry as the most recently used. */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private store(key: string, entry: Entry): void {
    this.touch(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const at = this.queue.indexOf(start);
        if (at >= 0) this.queue.splice(at, 1);
        reject(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(start);
    });
  }

  private release(): void {
    this.active--;
    this.queue.shift()?.();
  }
}

function view(entry: Entry, source: CachedResponse['source']): CachedResponse {
  return {
    body: entry.body,
    meta: entry.meta,
    version: entry.version,
    source,
    derive<T>(key: string, compute: (body: unknown) => T): T {
      if (entry.derived.has(key)) return entry.derived.get(key) as T;
      let value: T;
      try {
        value = compute(entry.body);
      } catch (error) {
        // An answer the widget cannot use is fresh for no one: a Retry asks the site again (with its ETag).
        entry.storedAt = NaN;
        throw error;
      }
      entry.derived.set(key, value);
      return value;
    },
  };
}

function cacheKey(request: CachedGet): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name.toLowerCase()}:${value}`)
    .sort()
    .join('\n');
  return headers ? `${request.url}\n${headers}` : request.url;
}

function aborted(): ApiError {
  return new ApiError({ status: 0, code: CODES.aborted, message: 'The request was cancelled' });
}

const caches = new Map<string, OriginCache>();

/** The page-wide cache for an origin; every client talking to that origin shares it. */
export function cacheForOrigin(origin: string): OriginCache {
  let cache = caches.get(origin);
  if (!cache) {
    cache = new OriginCache();
    caches.set(origin, cache);
  }
  return cache;
}

/**
 * The REST namespace a URL asks (`wbtm/v1` for `/wp-json/wbtm/v1/routes` or `?rest_route=/wbtm/v1/…`,
 * behind a proxy's path prefix too); '' when it names none, which then shares one closure.
 */
export function namespaceOf(url: string): string {
  const parsed = new URL(url);
  return /\/([\w-]+\/v\d+)(?:\/|$)/.exec(`${parsed.pathname}/${parsed.searchParams.get('rest_route') ?? ''}`)?.[1] ?? '';
}
