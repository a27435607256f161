/**
 * `ApiClient` binds a base URL to the shared cache of its origin. Endpoint modules (`events.ts`,
 * `buses.ts`, `site.ts`) take a client and return typed models; they never see `fetch`.
 */
import { cacheForOrigin, OriginCache, type CachedResponse } from './cache.js';
import { ApiError, CLIENT_ERROR_CODES as CODES, notConfiguredError } from './errors.js';
import type { FetchLike } from './http.js';
import { buildUrl, parseRestRoot, type Query, type RestRoot } from './url.js';

export interface ClientOptions {
  /** The site's REST root or our proxy, e.g. `https://example.org/wp-json` (see url.ts). */
  baseUrl: string;
  /** Per-request timeout in ms (default 15 000). */
  timeoutMs?: number;
  /** Extra request headers, e.g. `X-WP-Nonce` for same-site cookie authentication. */
  headers?: Record<string, string>;
  /** `include` for same-site cookie authentication; default `same-origin`. */
  credentials?: RequestCredentials;
  /** A private cache instead of the page-wide one for this origin (tests, isolated apps). */
  cache?: OriginCache;
  fetch?: FetchLike;
}

/** Per-call options every endpoint function accepts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Freshness override in ms; 0 asks the server (revalidating with the ETag when there is one). */
  maxAgeMs?: number;
  /** Answer only from the cache (fresh within `maxAgeMs`); otherwise reject with `tw_not_cached`, asking nobody. */
  onlyIfCached?: boolean;
}

export class ApiClient {
  readonly root: RestRoot;
  readonly cache: OriginCache;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions) {
    if (!options.baseUrl || !options.baseUrl.trim()) {
      throw notConfiguredError('No base URL configured (set the base-url attribute)');
    }
    this.options = options;
    this.root = parseRestRoot(options.baseUrl);
    this.cache = options.cache ?? (options.fetch ? new OriginCache({ fetch: options.fetch }) : cacheForOrigin(this.root.origin));
  }

  url(path: string, query?: Query): string {
    return buildUrl(this.root, path, query);
  }

  /** GET a route through the cache. Rejects only with ApiError. */
  get(path: string, query?: Query, call: CallOptions & { noStore?: boolean } = {}): Promise<CachedResponse> {
    const { timeoutMs, headers, credentials } = this.options;
    return this.cache.get({
      url: this.url(path, query),
      ...(headers && { headers }),
      ...(timeoutMs !== undefined && { timeoutMs }),
      ...(credentials && { credentials }),
      ...(call.signal && { signal: call.signal }),
      ...(call.maxAgeMs !== undefined && { ttlMs: call.maxAgeMs }),
      ...(call.noStore && { noStore: true, ttlMs: 0 }),
      ...(call.onlyIfCached && { onlyIfCached: true }),
    });
  }
}

/** Runs a normalizer, turning any non-ApiError it throws into a typed one. */
export function normalizeWith<T>(response: CachedResponse, key: string, normalize: (body: unknown) => T): T {
  try {
    return response.derive(key, normalize);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: response.meta.status, code: CODES.invalidResponse, message: `Unusable response: ${String(error)}`, cause: error });
  }
}
