import { retryAfterMs } from '../../api/retry-after.js';
import type { AllowedRoute } from './allow-list.js';
import { basicAuthorization } from './credentials.js';
import { BackOff, RequestBudget, Semaphore } from './limits.js';
import { oauth1AuthorizationHeader } from './oauth1.js';
import { wordpressOAuth1Header } from './oauth1-wordpress.js';
import { ProxyConfigError, type ProxySettings } from './options.js';
import { discoverRestRoot, isBareSite, parseRestRoot, upstreamUrl, type RestRoot } from './rest-root.js';
import { UpstreamFailure, UpstreamHttp, USER_AGENT, type UpstreamFailureKind, type UpstreamResponse } from './upstream-http.js';

/**
 * Every request to the site goes through here, in this order: back-off after a 429, the budget
 * of its route group (the bus plugin's rate-limited `/wbtm/` routes, or the rest), the REST root
 * (discovered once for a bare site), a slot among the allowed concurrent requests, then the
 * request itself: signed with the proxy's credentials only where the route needs them.
 */
export type UpstreamOutcome =
  /** The site answered (any status). `authenticated`: whether we sent credentials. */
  | { kind: 'answer'; response: UpstreamResponse; authenticated: boolean }
  /** Not sent: we are backing off or out of budget for another `retryAfterMs` (`byClient`: this client's share of it is spent). */
  | { kind: 'held'; retryAfterMs: number; byClient?: boolean }
  | { kind: 'failed'; failure: UpstreamFailureKind; message: string };

/** The bus plugin sends no Retry-After with `wbtm_rate_limited`; its window is a minute. */
const DEFAULT_BACKOFF_MS = 60_000;

/** A site's Retry-After is believed up to this: `999999999` must not close a route group until restart. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** A site's Retry-After in ms, at most MAX_RETRY_AFTER_MS; null when absent or unreadable. */
export function upstreamRetryAfterMs(header: string | string[] | undefined, now: number): number | null {
  return retryAfterMs(header, now, MAX_RETRY_AFTER_MS);
}

/**
 * The wait a 503's Retry-After asks for, at most a minute: WordPress's maintenance mode always says
 * 600 s, while an automatic update usually takes seconds.
 */
export function maintenanceWaitMs(header: string | string[] | undefined, now: number): number | null {
  const ms = upstreamRetryAfterMs(header, now);
  return ms === null ? null : Math.min(ms, 60_000);
}

/** Why a request goes upstream: a URL not cached yet, or the refresh of a cached answer (which may use the reserve). */
export type UpstreamPurpose = 'new' | 'refresh';

export class Gateway {
  /** Requests sent to the REST API (not counting REST-root discovery). */
  upstreamRequests = 0;
  /** Requests sent to discover the REST root of a bare site. */
  discoveryRequests = 0;
  private root: RestRoot | null;
  private discovering: Promise<RestRoot> | null = null;
  private readonly http: UpstreamHttp;
  private readonly slots: Semaphore;
  private readonly budgets: { budgeted: RequestBudget; other: RequestBudget };
  /** The site's home URL from its REST index, which the WordPress OAuth1 plugin signs against; null = unknown. */
  private home: Promise<string | null> | null = null;
  // A 429 from the bus plugin says nothing about core routes, so each group backs off on its own.
  private readonly backOff: { budgeted: BackOff; other: BackOff };

  constructor(
    private readonly settings: ProxySettings,
    private readonly notice: (level: 'info' | 'warn', event: string, message: string) => void,
  ) {
    this.backOff = { budgeted: new BackOff(settings.now), other: new BackOff(settings.now) };
    this.http = new UpstreamHttp(settings.upstreamConcurrency);
    this.slots = new Semaphore(settings.upstreamConcurrency);
    this.budgets = {
      budgeted: new RequestBudget(settings.upstreamRate, settings.now, 'restarting', settings.clientBusRate.requests),
      other: new RequestBudget(settings.publicRate, settings.now, 'fixed', settings.clientRate.requests),
    };
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

  /**
   * Start-up work: the REST root of a bare site and, for OAuth 1.0a, the site's home URL. A root on
   * another origin is a configuration error (thrown); a site that cannot be reached yet is only
   * logged, and asked again on the first request.
   */
  async prepare(): Promise<void> {
    const deadline = Date.now() + this.settings.upstreamTimeoutMs;
    try {
      await this.resolveRoot(deadline);
      if (this.settings.oauth1) await this.homeUrl(deadline);
    } catch (error) {
      if (error instanceof ProxyConfigError) throw error;
      this.notice('warn', 'prepare_failed', `the site could not be asked at start-up (${(error as Error).message}); trying again on the first request`);
    }
  }

  /** @param client Who a public request for a new URL is spent for (`clientGroup`), to hold them to their share of the budget. */
  async get(
    allowed: AllowedRoute,
    route: string,
    search: string,
    ifNoneMatch: string | null,
    purpose: UpstreamPurpose = 'refresh',
    client?: string,
  ): Promise<UpstreamOutcome> {
    const group = allowed.budgeted ? 'budgeted' : 'other';
    const backOff = this.backOff[group];
    const wait = backOff.remaining();
    if (wait > 0) return { kind: 'held', retryAfterMs: wait };
    const held = this.budgets[group].take(purpose, client);
    if (held !== null) return { kind: 'held', retryAfterMs: held.waitMs, byClient: held.byClient };
    const deadline = Date.now() + this.settings.upstreamTimeoutMs;
    let release: (() => void) | null = null;
    try {
      const root = await this.resolveRoot(deadline);
      const home = allowed.credentials && this.settings.oauth1 ? await this.homeUrl(deadline) : null;
      release = await this.slots.acquire(AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      const url = upstreamUrl(root, route, search);
      // Public Interface A goes anonymously: the site then answers what any visitor may see.
      const authorization = allowed.credentials ? this.authorization(url, home) : null;
      const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': USER_AGENT };
      if (authorization !== null) headers['Authorization'] = authorization;
      if (ifNoneMatch !== null) headers['If-None-Match'] = ifNoneMatch;
      this.upstreamRequests++;
      const response = await this.http.send({ method: 'GET', url, headers, deadline });
      if (response.status === 429) backOff.block(this.backOffMs(response));
      // Maintenance mode says when to come back; asking before then would only add load.
      else if (response.status === 503) {
        const after = maintenanceWaitMs(response.headers['retry-after'], this.settings.now());
        if (after !== null) backOff.block(after);
      }
      return { kind: 'answer', response, authenticated: authorization !== null };
    } catch (error) {
      if (error instanceof UpstreamFailure) return { kind: 'failed', failure: error.kind, message: error.message };
      if (error instanceof ProxyConfigError) return { kind: 'failed', failure: 'unreachable', message: error.message };
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
    return upstreamRetryAfterMs(response.headers['retry-after'], this.settings.now()) ?? DEFAULT_BACKOFF_MS;
  }

  private authorization(url: string, home: string | null): string | null {
    const { oauth1, credentials } = this.settings;
    // OAuth1 signs the exact URL sent, query included, so it is computed per request; against the
    // home URL the way the WordPress plugin verifies when the site published it.
    if (oauth1) return home ? wordpressOAuth1Header('GET', url, home, oauth1) : oauth1AuthorizationHeader('GET', url, oauth1);
    return credentials ? basicAuthorization(credentials) : null;
  }

  /** The site's home URL from its REST index (read anonymously, once it has answered); null when it publishes none. */
  private homeUrl(deadline: number): Promise<string | null> {
    this.home ??= (async () => {
      const root = await this.resolveRoot(deadline);
      const response = await this.http.send({
        method: 'GET',
        url: upstreamUrl(root, '/', '_fields=home,url'),
        headers: { Accept: 'application/json', 'User-Agent': USER_AGENT },
        deadline,
      });
      let home: unknown = null;
      try {
        home = (JSON.parse(response.body.toString('utf8')) as { home?: unknown }).home;
      } catch {
        // not an index: the RFC signature is the fallback
      }
      if (response.status === 200 && typeof home === 'string' && /^https?:\/\//.test(home)) {
        this.notice('info', 'oauth1_home', `signing OAuth 1.0a requests against the site's home URL ${home}`);
        return home;
      }
      if (response.status >= 500 || response.status === 429) {
        // Maintenance, an error page or a rate limit says nothing about the home URL: kept, it would
        // sign every request without it until a restart.
        this.home = null;
        this.notice(
          'warn',
          'oauth1_home_unavailable',
          `the REST index answered ${response.status}; this request is signed as RFC 5849 describes, and the index asked again with the next`,
        );
        return null;
      }
      this.notice('warn', 'oauth1_no_home', 'the REST index publishes no home URL; signing OAuth 1.0a requests as RFC 5849 describes');
      return null;
    })().catch((error: unknown) => {
      this.home = null; // ask again next time
      throw error;
    });
    return this.home;
  }

  /** A bare site is asked once; a failed discovery is forgotten so the next request tries again. */
  private resolveRoot(deadline: number): Promise<RestRoot> {
    if (this.root) return Promise.resolve(this.root);
    this.discovering ??= (async () => {
      this.discoveryRequests++;
      try {
        const root = await discoverRestRoot(this.http, this.settings.target, deadline, (message) => this.notice('warn', 'rest_root_fallback', message));
        const origin = new URL(this.settings.target).origin;
        if (root.origin !== origin) {
          // Credentials go to the configured origin only; a page (or a redirect) must not send them elsewhere.
          throw new ProxyConfigError(
            `the site ${origin} announced its REST root on another origin (${root.origin}); the proxy sends credentials only to the configured origin. Pass the REST root itself as --target (e.g. ${root.base}) if that is intended.`,
          );
        }
        this.root = root;
        this.notice(
          'info',
          'rest_root_discovered',
          `REST root of ${new URL(this.settings.target).origin}: ${root.base}${root.kind === 'query' ? ' (rest_route form)' : ''}`,
        );
        return root;
      } finally {
        this.discovering = null;
      }
    })();
    return this.discovering;
  }
}
