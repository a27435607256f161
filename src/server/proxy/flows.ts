import { etagFor } from '../shared/etag.js';
import type { WpError } from '../shared/wp-error.js';
import type { AllowedRoute } from './allow-list.js';
import { clientGroup } from './cidr.js';
import { freshness, ResponseCache, type CachedEntry, type CachePolicy } from './cache.js';
import { clientRateLimited, postNotFound, upstreamError } from './errors.js';
import type { Gateway } from './gateway.js';
import type { ClientLimiter } from './limits.js';
import { publishedOnly } from './published.js';
import { entryReply, errorReply, JSON_TYPE, passReply, WARNING_REVALIDATION_FAILED, WARNING_STALE, type Reply } from './replies.js';
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
  maxBytes: number;
  /** Per-client fairness for requests that would go to the site for a URL not cached, per route group. */
  clients: { budgeted: ClientLimiter; other: ClientLimiter };
  now: () => number;
}

/** A public request, already checked and normalized. */
export interface PublicRequest {
  allowed: AllowedRoute;
  route: string;
  /** The canonical query sent upstream. */
  search: string;
  /** `status` was added to `_fields` for the publish check and is removed from the answer. */
  stripStatus: boolean;
  ifNoneMatch: string | undefined;
  /** The client's address, for per-client limits. */
  client: string;
}

/**
 * Public routes: fresh entries straight from the cache; entries within stale-while-revalidate at
 * once with one background refresh; otherwise one upstream request per key however many clients
 * ask at the same moment, falling back to an entry within stale-if-error when the site fails.
 * A client that starts a request for a URL nobody has cached pays for it from its own allowance
 * first; refreshes of cached answers are the proxy's business and cost clients nothing.
 */
export class PublicFlow {
  private readonly cache: ResponseCache;
  private readonly pending = new Map<string, Promise<Settled>>();

  constructor(private readonly deps: FlowDeps) {
    this.cache = new ResponseCache(deps.maxEntries, deps.policy, deps.now, deps.maxBytes);
  }

  get entries(): number {
    return this.cache.size;
  }

  get bytes(): number {
    return this.cache.bytes;
  }

  /** The answer: straight from the cache when it can (no promise involved), else after the site answers. */
  serve(request: PublicRequest): Reply | Promise<Reply> {
    const { route, search, stripStatus, ifNoneMatch } = request;
    // Two clients asking the same upstream URL with and without `status` in `_fields` get different bodies.
    const key = `${route}?${search}${stripStatus ? '#-status' : ''}`;
    const { policy, now } = this.deps;
    const entry = this.cache.get(key);
    const state = entry ? freshness(entry, now(), policy) : 'expired';
    const reply = (from: CachedEntry, cache: Reply['cache'], warning?: string, upstreamMs?: number | null): Reply =>
      entryReply(from, { cache, policy, now: now(), ifNoneMatch, warning, upstreamMs });
    if (entry && state === 'fresh') return reply(entry, 'hit');
    if (entry && state === 'revalidate') {
      // Already refreshing? Then this client just gets the entry too: one refresh at a time.
      if (!this.pending.has(key)) void this.fetch(key, request, entry);
      return reply(entry, 'stale', WARNING_STALE);
    }
    if (!entry && !this.pending.has(key)) {
      const wait = this.deps.clients[request.allowed.budgeted ? 'budgeted' : 'other'].take(request.client);
      if (wait !== null) return errorReply(clientRateLimited(wait), 'miss');
    }
    return this.fetch(key, request, entry).then((settled) => {
      switch (settled.kind) {
        case 'stored':
          return reply(settled.entry, settled.revalidated ? 'revalidated' : 'miss', undefined, settled.ms);
        case 'pass':
          return passReply(settled.status, settled.headers, settled.body, 'miss', settled.ms);
        case 'error':
          if (entry && entry.status === 200 && freshness(entry, now(), policy) !== 'expired')
            return reply(entry, 'stale', WARNING_REVALIDATION_FAILED, settled.ms);
          return errorReply(settled.error, 'miss', settled.ms);
      }
    });
  }

  /** Waits for everything started, background refreshes included. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }

  private fetch(key: string, request: PublicRequest, entry: CachedEntry | undefined): Promise<Settled> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = this.exchange(key, request, entry)
      .catch((error: unknown): Settled => {
        this.deps.context().warn('proxy_bug', `unexpected failure for ${request.route}: ${String((error as Error)?.stack ?? error)}`);
        return { kind: 'error', error: upstreamError(), ms: null };
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  private async exchange(key: string, request: PublicRequest, entry: CachedEntry | undefined): Promise<Settled> {
    const { gateway, now } = this.deps;
    const { allowed, route, search } = request;
    const revalidating = entry !== undefined && entry.status === 200;
    // A new URL is spent for the client that asked first (as its allowance is); a refresh for nobody.
    const client = entry ? undefined : clientGroup(request.client);
    const outcome = await gateway.get(allowed, route, search, revalidating ? entry.upstreamEtag : null, entry ? 'refresh' : 'new', client);
    const fetched = interpret(outcome, route, this.deps.context());
    const store = (status: number, body: Buffer, headers: Record<string, string>, upstreamEtag: string | null): CachedEntry => {
      const stored: CachedEntry = { status, body, headers, etag: etagFor(body), upstreamEtag, storedAt: now() };
      this.cache.set(key, stored);
      return stored;
    };
    switch (fetched.kind) {
      case 'ok': {
        if (allowed.posts) {
          const checked = publishedOnly(fetched.body, fetched.json, request.stripStatus);
          if (checked.kind === 'unpublished') {
            this.deps.context().warn('unpublished_withheld', `the site answered ${route} with a post that is not published; answered 404 instead`);
            const error = postNotFound();
            return {
              kind: 'stored',
              entry: store(404, Buffer.from(error.toJson(), 'utf8'), { 'Content-Type': JSON_TYPE }, null),
              revalidated: false,
              ms: fetched.ms,
            };
          }
          let headers = fetched.headers;
          if (checked.withheld > 0) {
            this.deps.context().warn('unpublished_withheld', `withheld ${checked.withheld} unpublished item(s) from ${route}`);
            headers = withoutCounts(headers);
          }
          return { kind: 'stored', entry: store(200, checked.body, headers, fetched.upstreamEtag), revalidated: false, ms: fetched.ms };
        }
        return { kind: 'stored', entry: store(200, fetched.body, fetched.headers, fetched.upstreamEtag), revalidated: false, ms: fetched.ms };
      }
      case 'not-modified': {
        if (!revalidating) return { kind: 'error', error: upstreamError(304), ms: fetched.ms };
        const refreshed: CachedEntry = { ...entry, storedAt: now() };
        this.cache.set(key, refreshed);
        return { kind: 'stored', entry: refreshed, revalidated: true, ms: fetched.ms };
      }
      case 'pass':
        // The site now says 4xx (e.g. the event was unpublished): the old entry is wrong, not stale.
        // Kept briefly, so the same bad request from anyone costs the site nothing for a while.
        return { kind: 'stored', entry: store(fetched.status, fetched.body, fetched.headers, null), revalidated: false, ms: fetched.ms };
      case 'error':
        return fetched;
    }
  }
}

/**
 * The site's total counted what was withheld, and would tell how many unpublished posts exist; the
 * true total is unknown (other pages may hide some too), so it is not passed on. The page count
 * stays: without it a page shortened by the withheld items would read as the last one, and a list
 * would end there.
 */
function withoutCounts(headers: Record<string, string>): Record<string, string> {
  const { 'X-WP-Total': _total, ...rest } = headers;
  return rest;
}

/** Private routes: every request goes to the site; nothing is stored or shared between clients. */
export async function servePrivate(gateway: Gateway, context: ResultContext, allowed: AllowedRoute, route: string, search: string): Promise<Reply> {
  // Spent from the budget for new URLs: the quarter kept for refreshing cached answers stays theirs.
  const fetched = interpret(await gateway.get(allowed, route, search, null, 'new'), route, context);
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
