/**
 * The public-response cache: one entry per route + normalized query, each a complete answer
 * (body and the headers worth replaying) with our own strong ETag. In memory on purpose: the proxy
 * stays stateless, and a CDN in front is the shared cache when several copies run.
 */
export interface CachedEntry {
  /** 200, or a WordPress 4xx error kept briefly so repeating a bad request costs the site nothing. */
  status: number;
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
  /** How long a 4xx answer is kept (never served stale). */
  errorMaxAgeMs: number;
}

/** Memory an entry holds, roughly: body, header text and key. */
export function entryBytes(key: string, entry: CachedEntry): number {
  let bytes = entry.body.length + key.length * 2 + 200;
  for (const [name, value] of Object.entries(entry.headers)) bytes += (name.length + value.length) * 2;
  return bytes;
}

/**
 * `fresh`: serve. `revalidate`: serve now, refresh in the background. `stale`: ask the site first,
 * but the entry is still good enough if the site fails. `expired`: useless.
 */
export type Freshness = 'fresh' | 'revalidate' | 'stale' | 'expired';

export function freshness(entry: CachedEntry, now: number, policy: CachePolicy): Freshness {
  const age = now - entry.storedAt;
  if (entry.status !== 200) return age < policy.errorMaxAgeMs ? 'fresh' : 'expired';
  if (age < policy.maxAgeMs) return 'fresh';
  if (age < policy.maxAgeMs + policy.staleWhileRevalidateMs) return 'revalidate';
  if (age < policy.maxAgeMs + policy.staleIfErrorMs) return 'stale';
  return 'expired';
}

/**
 * Least-recently-used map (a Map keeps insertion order; a hit re-inserts), bounded by entries and
 * by bytes: a site's 16 MiB answers cannot grow the proxy without limit. An answer bigger than a
 * quarter of the byte budget is served but not kept.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { entry: CachedEntry; bytes: number }>();
  private totalBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly policy: CachePolicy,
    private readonly clock: () => number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** The entry unless it has expired past any use (then it is dropped). */
  get(key: string): CachedEntry | undefined {
    const held = this.entries.get(key);
    if (!held) return undefined;
    if (freshness(held.entry, this.clock(), this.policy) === 'expired') {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, held);
    return held.entry;
  }

  set(key: string, entry: CachedEntry): void {
    this.delete(key);
    const bytes = entryBytes(key, entry);
    if (bytes > this.maxBytes / 4) return;
    this.entries.set(key, { entry, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.totalBytes -= held.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by the entries (estimated). */
  get bytes(): number {
    return this.totalBytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}
