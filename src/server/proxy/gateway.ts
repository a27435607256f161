import type { AllowedRoute } from './allow-list.js';
import { basicAuthorization } from './credentials.js';
import { BackOff, RequestBudget, Semaphore } from './limits.js';
import { oauth1AuthorizationHeader } from './oauth1.js';
import type { ProxySettings } from './options.js';
import { discoverRestRoot, isBareSite, parseRestRoot, upstreamUrl, type RestRoot } from './rest-root.js';
import { UpstreamFailure, UpstreamHttp, USER_AGENT, type UpstreamFailureKind, type UpstreamResponse } from './upstream-http.js';

/**
 * Every request to the site goes through here, in this order: back-off after a 429, the budget
 * of rate-limited routes, the REST root (discovered once for a bare site), a slot among the
 * allowed concurrent requests, then the request itself, signed with the proxy's credentials.
 */
export type UpstreamOutcome =
  /** The site answered (any status). `authenticated`: whether we sent credentials. */
  | { kind: 'answer'; response: UpstreamResponse; authenticated: boolean }
  /** Not sent: we are backing off or out of budget for another `retryAfterMs`. */
  | { kind: 'held'; retryAfterMs: number }
  | { kind: 'failed'; failure: UpstreamFailureKind; message: string };

/** The bus plugin sends no Retry-After with `wbtm_rate_limited`; its window is a minute. */
const DEFAULT_BACKOFF_MS = 60_000;

/** Retry-After as delay-seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || text.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export class Gateway {
  /** Requests sent to the REST API (not counting REST-root discovery). */
  upstreamRequests = 0;
  /** Requests sent to discover the REST root of a bare site. */
  discoveryRequests = 0;
  private root: RestRoot | null;
  private discovering: Promise<RestRoot> | null = null;
  private readonly http: UpstreamHttp;
  private readonly slots: Semaphore;
  private readonly budget: RequestBudget;
  // A 429 from the bus plugin says nothing about core routes, so each group backs off on its own.
  private readonly backOff: { budgeted: BackOff; other: BackOff };

  constructor(
    private readonly settings: ProxySettings,
    private readonly notice: (level: 'info' | 'warn', event: string, message: string) => void,
  ) {
    this.backOff = { budgeted: new BackOff(settings.now), other: new BackOff(settings.now) };
    this.http = new UpstreamHttp(settings.upstreamConcurrency);
    this.slots = new Semaphore(settings.upstreamConcurrency);
    this.budget = new RequestBudget(settings.upstreamRate, settings.now);
    this.root = isBareSite(settings.target) ? null : parseRestRoot(settings.target);
  }

  /** The REST root in use, for /healthz; null until a bare site has been asked. */
  get restRoot(): string | null {
    return this.root ? this.root.base : null;
  }

  /** The parsed root, for rewriting the site's Link headers; null until known. */
  get rootForLinks(): RestRoot | null {
    return this.root;
  }

  get inFlight(): number {
    return this.slots.inUse;
  }

  async get(allowed: AllowedRoute, route: string, search: string, ifNoneMatch: string | null): Promise<UpstreamOutcome> {
    const backOff = allowed.budgeted ? this.backOff.budgeted : this.backOff.other;
    const wait = backOff.remaining();
    if (wait > 0) return { kind: 'held', retryAfterMs: wait };
    if (allowed.budgeted) {
      const refill = this.budget.take();
      if (refill !== null) return { kind: 'held', retryAfterMs: refill };
    }
    const deadline = Date.now() + this.settings.upstreamTimeoutMs;
    let release: (() => void) | null = null;
    try {
      const root = await this.resolveRoot(deadline);
      release = await this.slots.acquire(AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      const url = upstreamUrl(root, route, search);
      const authorization = this.authorization(url);
      const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': USER_AGENT };
      if (authorization !== null) headers['Authorization'] = authorization;
      if (ifNoneMatch !== null) headers['If-None-Match'] = ifNoneMatch;
      this.upstreamRequests++;
      const response = await this.http.send({ method: 'GET', url, headers, deadline });
      if (response.status === 429) backOff.block(this.backOffMs(response));
      return { kind: 'answer', response, authenticated: authorization !== null };
    } catch (error) {
      if (error instanceof UpstreamFailure) return { kind: 'failed', failure: error.kind, message: error.message };
      // AbortSignal.timeout() rejects the queue wait with a TimeoutError DOMException.
      if ((error as Error)?.name === 'TimeoutError') return { kind: 'failed', failure: 'timeout', message: 'no upstream slot became free in time' };
      throw error;
    } finally {
      release?.();
    }
  }

  close(): void {
    this.http.close();
  }

  private backOffMs(response: UpstreamResponse): number {
    return retryAfterMs(response.headers['retry-after'], this.settings.now()) ?? DEFAULT_BACKOFF_MS;
  }

  private authorization(url: string): string | null {
    const { oauth1, credentials } = this.settings;
    // OAuth1 signs the exact URL sent, query included, so it is computed per request.
    if (oauth1) return oauth1AuthorizationHeader('GET', url, oauth1);
    return credentials ? basicAuthorization(credentials) : null;
  }

  /** A bare site is asked once; a failed discovery is forgotten so the next request tries again. */
  private resolveRoot(deadline: number): Promise<RestRoot> {
    if (this.root) return Promise.resolve(this.root);
    this.discovering ??= (async () => {
      this.discoveryRequests++;
      try {
        const root = await discoverRestRoot(this.http, this.settings.target, deadline, (message) => this.notice('warn', 'rest_root_fallback', message));
        this.root = root;
        this.notice('info', 'rest_root_discovered', `REST root of ${new URL(this.settings.target).origin}: ${root.base}${root.kind === 'query' ? ' (rest_route form)' : ''}`);
        return root;
      } finally {
        this.discovering = null;
      }
    })();
    return this.discovering;
  }
}
