import { etagFor } from '../shared/etag.js';
import type { WpError } from '../shared/wp-error.js';
import type { AllowedRoute } from './allow-list.js';
import { freshness, ResponseCache, type CachedEntry, type CachePolicy } from './cache.js';
import { upstreamError } from './errors.js';
import type { Gateway } from './gateway.js';
import { entryReply, errorReply, passReply, WARNING_REVALIDATION_FAILED, WARNING_STALE, type Reply } from './replies.js';
import { interpret, type ResultContext } from './upstream-result.js';

/** One upstream exchange as the cache sees it; shared by every client that waited for it. */
type Settled =
  | { kind: 'stored'; entry: CachedEntry; revalidated: boolean; ms: number }
  | { kind: 'pass'; status: number; body: Buffer; headers: Record<string, string>; ms: number }
  | { kind: 'error'; error: WpError; ms: number | null };

export interface FlowDeps {
  gateway: Gateway;
  context: () => ResultContext;
  policy: CachePolicy;
  maxEntries: number;
  now: () => number;
}

/**
 * Public routes: fresh entries straight from the cache; entries within stale-while-revalidate at
 * once with one background refresh; otherwise one upstream request per key however many clients
 * ask at the same moment, falling back to an entry within stale-if-error when the site fails.
 */
export class PublicFlow {
  private readonly cache: ResponseCache;
  private readonly pending = new Map<string, Promise<Settled>>();

  constructor(private readonly deps: FlowDeps) {
    this.cache = new ResponseCache(deps.maxEntries, deps.policy, deps.now);
  }

  get entries(): number {
    return this.cache.size;
  }

  async serve(allowed: AllowedRoute, route: string, search: string, ifNoneMatch: string | undefined): Promise<Reply> {
    const key = `${route}?${search}`;
    const { policy, now } = this.deps;
    const entry = this.cache.get(key);
    const state = entry ? freshness(entry, now(), policy) : 'expired';
    const reply = (from: CachedEntry, cache: Reply['cache'], warning?: string, upstreamMs?: number | null): Reply =>
      entryReply(from, { cache, policy, now: now(), ifNoneMatch, warning, upstreamMs });
    if (entry && state === 'fresh') return reply(entry, 'hit');
    if (entry && state === 'revalidate') {
      // Already refreshing? Then this client just gets the entry too: one refresh at a time.
      if (!this.pending.has(key)) void this.fetch(key, allowed, route, search, entry);
      return reply(entry, 'stale', WARNING_STALE);
    }
    const settled = await this.fetch(key, allowed, route, search, entry);
    switch (settled.kind) {
      case 'stored':
        return reply(settled.entry, settled.revalidated ? 'revalidated' : 'miss', undefined, settled.ms);
      case 'pass':
        return passReply(settled.status, settled.headers, settled.body, 'miss', settled.ms);
      case 'error':
        if (entry && freshness(entry, now(), policy) !== 'expired') return reply(entry, 'stale', WARNING_REVALIDATION_FAILED, settled.ms);
        return errorReply(settled.error, 'miss', settled.ms);
    }
  }

  /** Waits for everything started, background refreshes included. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }

  private fetch(key: string, allowed: AllowedRoute, route: string, search: string, entry: CachedEntry | undefined): Promise<Settled> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = this.exchange(key, allowed, route, search, entry)
      .catch((error: unknown): Settled => {
        this.deps.context().warn('proxy_bug', `unexpected failure for ${route}: ${String((error as Error)?.stack ?? error)}`);
        return { kind: 'error', error: upstreamError(), ms: null };
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  private async exchange(key: string, allowed: AllowedRoute, route: string, search: string, entry: CachedEntry | undefined): Promise<Settled> {
    const { gateway, now } = this.deps;
    const outcome = await gateway.get(allowed, route, search, entry?.upstreamEtag ?? null);
    const fetched = interpret(outcome, route, this.deps.context());
    switch (fetched.kind) {
      case 'ok': {
        const stored: CachedEntry = { body: fetched.body, headers: fetched.headers, etag: etagFor(fetched.body), upstreamEtag: fetched.upstreamEtag, storedAt: now() };
        this.cache.set(key, stored);
        return { kind: 'stored', entry: stored, revalidated: false, ms: fetched.ms };
      }
      case 'not-modified': {
        if (!entry) return { kind: 'error', error: upstreamError(304), ms: fetched.ms };
        const refreshed: CachedEntry = { ...entry, storedAt: now() };
        this.cache.set(key, refreshed);
        return { kind: 'stored', entry: refreshed, revalidated: true, ms: fetched.ms };
      }
      case 'pass':
        // The site now says 4xx (e.g. the event was unpublished): the old entry is wrong, not stale.
        this.cache.delete(key);
        return fetched;
      case 'error':
        return fetched;
    }
  }
}

/** Private routes: every request goes to the site; nothing is stored or shared between clients. */
export async function servePrivate(
  gateway: Gateway,
  context: ResultContext,
  allowed: AllowedRoute,
  route: string,
  search: string,
): Promise<Reply> {
  const fetched = interpret(await gateway.get(allowed, route, search, null), route, context);
  switch (fetched.kind) {
    case 'ok':
      return passReply(200, fetched.headers, fetched.body, 'bypass', fetched.ms);
    case 'pass':
      return passReply(fetched.status, fetched.headers, fetched.body, 'bypass', fetched.ms);
    case 'not-modified':
      return errorReply(upstreamError(304), 'bypass', fetched.ms);
    case 'error':
      return errorReply(fetched.error, 'bypass', fetched.ms);
  }
}
