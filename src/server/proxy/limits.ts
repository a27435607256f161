import { clientGroup, clientNetwork } from './cidr.js';
import type { Rate } from './options.js';

/**
 * What keeps the proxy gentle with the site: a cap on requests in flight, a request budget for the
 * bus plugin's rate-limited routes, and a back-off after the site says 429.
 */

/** At most `max` holders at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  /** Resolves with a release function; rejects (and leaves the queue) if `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = (): void => {
        signal.removeEventListener('abort', abandon);
        resolve(this.releaser());
      };
      const abandon = (): void => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      if (signal.aborted) return abandon();
      signal.addEventListener('abort', abandon, { once: true });
      this.waiting.push(grant);
    });
  }

  get inUse(): number {
    return this.active;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else this.active--;
    };
  }
}

/**
 * A request budget per window. `restarting` is the bus plugin's own limiting rule, applied to
 * ourselves with a lower limit: a counter whose window restarts with every allowed request and that
 * only resets after a full window of silence. A sliding window would not do there: at a steady
 * 20/min the plugin's counter never expires and reaches 30 after a minute and a half, so every proxy
 * behind one IP would start seeing 429s. With the same rule and a lower limit, our own traffic can
 * never trip the plugin's. `fixed` is a plain window from its first request, for routes with no
 * such rule upstream (core's): under the plugin's rule any steady trickle, one refresh a minute,
 * would in the end spend the whole budget and refuse every new URL.
 */
export class RequestBudget {
  private count = 0;
  private windowEndsAt = 0;
  /** Requests only refreshes of answers already cached may use: new URLs cannot starve them. */
  private readonly reserved: number;
  /**
   * What each client (`ClientLimiter`'s key) spent of this window (a restarting one outlasts as many
   * client minutes as traffic keeps it alive). At most one entry per request allowed.
   */
  private readonly spentBy = new Map<string, number>();

  /** @param perClient What one client may spend of one window. */
  constructor(
    private readonly rate: Rate,
    private readonly clock: () => number,
    private readonly window: 'restarting' | 'fixed',
    private readonly perClient = Number.POSITIVE_INFINITY,
  ) {
    this.reserved = Math.floor(rate.requests / 4);
  }

  /**
   * Spends one request: null when allowed, else the ms until the budget is back and whether
   * `client`'s share of this window (`perClient`) is what holds it. A request for a URL not cached
   * yet (`new`) may not use the reserved part; a refresh may. `client`: who it is spent for; none
   * for the proxy's own refreshes and for private routes. A client's allowance counts its own
   * minutes, which neither start nor end with this window: without a share of the window, one client
   * spending its allowance on both sides of its minute's end would spend the whole budget.
   */
  take(purpose: 'new' | 'refresh' = 'refresh', client?: string): { waitMs: number; byClient: boolean } | null {
    const now = this.clock();
    if (now >= this.windowEndsAt) {
      this.count = 0;
      this.spentBy.clear();
    }
    const waitMs = Math.max(1, this.windowEndsAt - now);
    if (client !== undefined && (this.spentBy.get(client) ?? 0) >= this.perClient) return { waitMs, byClient: true };
    const limit = purpose === 'new' ? this.rate.requests - this.reserved : this.rate.requests;
    if (this.count >= limit) return { waitMs, byClient: false };
    this.count++;
    if (client !== undefined) this.spentBy.set(client, (this.spentBy.get(client) ?? 0) + 1);
    if (this.window === 'restarting' || this.count === 1) this.windowEndsAt = now + this.rate.perMs;
    return null;
  }
}

/**
 * How many clients' allowance one IPv6 /48 gets in all. A /48 is what one subscriber or site is
 * commonly delegated, so without this tier one holder would be 65,536 clients (and could push out
 * every other client's window, see `maxClients`); with it, it is 16. Why 16 and not 1: a /48 may
 * also be shared, by an ISP that gives each home a /56 or each phone a /64, and 16 allowances keep
 * those customers better off than their IPv4 neighbours behind carrier-grade NAT, who share one
 * address's allowance. Over 1, so a single /64 never meets this limit before its own.
 */
export const NETWORK_ALLOWANCE_FACTOR = 16;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Fixed windows per key, at most `max` keys; the oldest window is forgotten first. A hit looks its
 * key up once (`current`), then decides (`waitFor`) and spends (`spend`) on what that found.
 */
class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly requests: number,
    private readonly perMs: number,
    private readonly max: number,
  ) {}

  /** The window `key` is in at `now`; undefined when it has none or its window has ended. */
  current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && now < window.endsAt ? window : undefined;
  }

  /** null when a key whose `current` window is `window` may spend now, else the ms until it ends. */
  waitFor(window: Window | undefined, now: number): number | null {
    if (!window || window.count < this.requests) return null;
    return Math.max(1, window.endsAt - now);
  }

  /** Spends one for `key`, whose `current` window is `window`: a new window when there is none. */
  spend(key: string, window: Window | undefined, now: number): void {
    if (!window) {
      // An ended window goes too, so the new one is the newest in the eviction order.
      this.windows.delete(key);
      if (this.windows.size >= this.max) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, endsAt: now + this.perMs };
      this.windows.set(key, window);
    }
    window.count++;
  }
}

/**
 * Per-client fairness: each client (an IPv4 address, or an IPv6 /64: `clientGroup`) may cause at
 * most `rate.requests` upstream requests for URLs not in the cache per window (a fixed window per
 * client), and all the /64s of one IPv6 /48 (`clientNetwork`) together at most
 * `NETWORK_ALLOWANCE_FACTOR` times that. Cache hits and refreshes the proxy starts itself cost a
 * client nothing. At most `maxClients` clients (and as many /48s) are tracked; the oldest window is
 * forgotten first, so a flood of addresses cannot grow memory. A refused request spends nothing and
 * opens no window, so a /48 past its allowance cannot push other clients out of the table either.
 */
export class ClientLimiter {
  private readonly clients: FixedWindows;
  private readonly networks: FixedWindows;

  constructor(
    rate: Rate,
    private readonly clock: () => number,
    maxClients = 10_000,
  ) {
    this.clients = new FixedWindows(rate.requests, rate.perMs, maxClients);
    this.networks = new FixedWindows(rate.requests * NETWORK_ALLOWANCE_FACTOR, rate.perMs, maxClients);
  }

  /**
   * Counts one request from address `ip`: null when allowed, else the ms until it may ask again
   * (the later end of the windows that are full: its client's, its /48's).
   */
  take(ip: string): number | null {
    const client = clientGroup(ip);
    const network = clientNetwork(ip);
    const now = this.clock();
    const clientWindow = this.clients.current(client, now);
    const networkWindow = network === null ? undefined : this.networks.current(network, now);
    const waits = [this.clients.waitFor(clientWindow, now), this.networks.waitFor(networkWindow, now)];
    if (waits.some((wait) => wait !== null)) return Math.max(...waits.map((wait) => wait ?? 0));
    this.clients.spend(client, clientWindow, now);
    if (network !== null) this.networks.spend(network, networkWindow, now);
    return null;
  }
}

/** "Don't ask before …", set from a 429's Retry-After. */
export class BackOff {
  private until = 0;

  constructor(private readonly clock: () => number) {}

  block(ms: number): void {
    this.until = Math.max(this.until, this.clock() + ms);
  }

  /** ms left to wait, 0 when asking is fine again. */
  remaining(): number {
    return Math.max(0, this.until - this.clock());
  }
}
