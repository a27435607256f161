/**
 * The public-response cache: one entry per route + normalized query, each a complete answer
 * (body and the headers worth replaying) with our own strong ETag. In memory on purpose: the proxy
 * stays stateless, and a CDN in front is the shared cache when several copies run.
 */
export interface CachedEntry {
  body: Buffer;
  /** Replayed as they are: Content-Type, X-WP-Total, X-WP-TotalPages, the rewritten Link. */
  headers: Record<string, string>;
  /** Ours, over the body: what clients revalidate against. */
  etag: string;
  /** The site's, if it sent one: what we revalidate against. */
  upstreamEtag: string | null;
  /** When the site last confirmed this body (proxy clock, ms). */
  storedAt: number;
}

export interface CachePolicy {
  maxAgeMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
}

/**
 * `fresh`: serve. `revalidate`: serve now, refresh in the background. `stale`: ask the site first,
 * but the entry is still good enough if the site fails. `expired`: useless.
 */
export type Freshness = 'fresh' | 'revalidate' | 'stale' | 'expired';

export function freshness(entry: CachedEntry, now: number, policy: CachePolicy): Freshness {
  const age = now - entry.storedAt;
  if (age < policy.maxAgeMs) return 'fresh';
  if (age < policy.maxAgeMs + policy.staleWhileRevalidateMs) return 'revalidate';
  if (age < policy.maxAgeMs + policy.staleIfErrorMs) return 'stale';
  return 'expired';
}

/** Least-recently-used map (a Map keeps insertion order; a hit re-inserts). */
export class ResponseCache {
  private readonly entries = new Map<string, CachedEntry>();

  constructor(
    private readonly maxEntries: number,
    private readonly policy: CachePolicy,
    private readonly clock: () => number,
  ) {}

  /** The entry unless it has expired past any use (then it is dropped). */
  get(key: string): CachedEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (freshness(entry, this.clock(), this.policy) === 'expired') {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
