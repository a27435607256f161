import type { Cidr } from './cidr.js';
import type { BasicCredentials } from './credentials.js';
import type { OAuth1Credentials } from './oauth1.js';

/** A number of requests per time window, e.g. 20 per 60 000 ms. */
export interface Rate {
  requests: number;
  perMs: number;
}

/** Everything the proxy needs; `createProxyHandler` and `startProxy` take `ProxyInit` (only `target` required). */
export interface ProxyOptions {
  /**
   * The site: a REST root in any form the data layer accepts (`https://example.org/wp-json`,
   * `https://example.org/blog/wp-json`, `https://example.org/?rest_route=`), or a bare site root
   * (`https://example.org`), whose REST root is discovered from its `Link` header.
   */
  target: string;
  /** Interface to bind (startProxy only); default 127.0.0.1. */
  host: string;
  /** Port (startProxy only); default 8787, 0 = ephemeral. */
  port: number;
  /** Path prefix the proxy answers under, e.g. `/proxy`; default '' (the server root). */
  mountPath: string;
  /**
   * Host names clients may address the proxy by (`Host` header, port ignored); any other gets 421.
   * Stops DNS rebinding: a page on an attacker's name resolving to this address reaches nothing.
   * Default: the listen address and `localhost`.
   */
  publicHosts: string[];
  /** Origins (`https://shop.example`) that may read responses cross-origin; exact matches only. */
  allowOrigins: string[];
  /** Basic auth sent upstream; null = anonymous (public routes of sites that allow it). */
  credentials: BasicCredentials | null;
  /** When set, upstream requests are signed with OAuth 1.0a instead of Basic. */
  oauth1: OAuth1Credentials | null;
  /** Serve the personal-data routes (passengers, attendees); needs `token` and/or `allowIps`. */
  allowPrivate: boolean;
  /** Bearer token clients must send for private routes; null = no token check. */
  token: string | null;
  /**
   * Private routes guarded by `allowIps` alone, without a token. Off by default: an address check
   * admits everyone behind a load balancer or NAT inside the range.
   */
  allowPrivateWithoutToken: boolean;
  /** Client addresses allowed on private routes; empty = no address check. */
  allowIps: Cidr[];
  /** How long a cached public response is fresh; default 60. */
  maxAgeSeconds: number;
  /** How long after that it is still served at once while refreshed in the background; default 300. */
  staleWhileRevalidateSeconds: number;
  /** How long after max-age an entry may still be served when upstream fails; default 600. */
  staleIfErrorSeconds: number;
  /** Per client request: discovery, queueing and the upstream exchange together; default 10 000. */
  upstreamTimeoutMs: number;
  /** Upstream requests in flight at once; the rest wait; default 4. */
  upstreamConcurrency: number;
  /** Budget for `/wbtm/` routes (the bus plugin's rate limit); default 20 per 60 000 ms. A quarter is kept for refreshing cached answers. */
  upstreamRate: Rate;
  /** Budget for the other routes (Interface A, the index); default 120 per 60 000 ms, a quarter kept for refreshes. */
  publicRate: Rate;
  /**
   * Upstream requests one client (an IPv4 address or an IPv6 /64) may cause for URLs not cached
   * yet; default 30 per 60 000 ms. All the /64s of one IPv6 /48 together may cause 16 times this
   * (`NETWORK_ALLOWANCE_FACTOR`); the same holds for `clientBusRate`.
   */
  clientRate: Rate;
  /**
   * The same on `/wbtm/` routes; default 8 per 60 000 ms: under half of what the default budget
   * leaves new URLs (15 of 20), so one client alone cannot spend it (two together can).
   */
  clientBusRate: Rate;
  /** Longer request targets get 414; default 2048. */
  maxUrlLength: number;
  /** Cached responses kept at most (least recently used go first); default 1000. */
  maxCacheEntries: number;
  /** Bytes of cached responses kept at most; default 64 MiB. */
  maxCacheBytes: number;
  /** Client connections at once (startProxy only); default 1024. */
  maxConnections: number;
  /**
   * Connections one client (an IPv4 address or an IPv6 /64) holds at once (startProxy only); more
   * are closed at once. Default 128: a browser opens 6, an office or carrier NAT many more. All the
   * /64s of one IPv6 /48 together hold at most 16 times this, and at most half of `maxConnections`.
   */
  maxConnectionsPerClient: number;
  /**
   * A client that takes no byte of an answer for this long (it stopped reading, maybe behind a queue
   * of pipelined answers) loses its connection, which would otherwise hold a connection slot as long
   * as it liked; default 20 000.
   */
  stallTimeoutMs: number;
  /** One line per request (JSON), plus warnings; already redacted. Default: discard. */
  log: (line: string) => void;
  /** The clock for cache ages, budgets and back-off (tests); default Date.now. */
  now?: () => number;
}

export type ProxyInit = Pick<ProxyOptions, 'target'> & Partial<Omit<ProxyOptions, 'target'>>;

/** A configuration the proxy refuses to run with; the message says what to change. */
export class ProxyConfigError extends Error {}

/** The longest delay a Node timer accepts (2^31 - 1 ms); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  mountPath: '',
  maxAgeSeconds: 60,
  staleWhileRevalidateSeconds: 300,
  staleIfErrorSeconds: 600,
  upstreamTimeoutMs: 10_000,
  upstreamConcurrency: 4,
  // Below the bus plugin's 30/min per visitor, leaving room for other visitors behind the same IP.
  upstreamRate: { requests: 20, perMs: 60_000 },
  publicRate: { requests: 120, perMs: 60_000 },
  clientRate: { requests: 30, perMs: 60_000 },
  clientBusRate: { requests: 8, perMs: 60_000 },
  maxUrlLength: 2048,
  maxCacheEntries: 1000,
  maxCacheBytes: 64 * 1024 * 1024,
  maxConnections: 1024,
  maxConnectionsPerClient: 128,
  stallTimeoutMs: 20_000,
} as const;

/** The resolved settings: defaults applied, everything checked. */
export interface ProxySettings extends Omit<ProxyOptions, 'now' | 'allowOrigins' | 'publicHosts'> {
  allowOrigins: ReadonlySet<string>;
  /** Lowercase host names, without port or brackets. */
  publicHosts: ReadonlySet<string>;
  now: () => number;
}

/** `Example.ORG:443` → `example.org`; `[::1]:80` → `::1`. */
export function hostName(text: string): string {
  const trimmed = text.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined);
  const colons = trimmed.split(':').length - 1;
  // One colon is a port; more is a bare IPv6 address.
  return colons === 1 ? trimmed.slice(0, trimmed.indexOf(':')) : trimmed;
}

function checkRate(rate: Rate, name: string): Rate {
  check(Number.isInteger(rate.requests) && rate.requests >= 1 && rate.perMs > 0, `the ${name} must be at least 1 request per period > 0`);
  return rate;
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new ProxyConfigError(message);
}

function nonNegative(value: number, name: string): number {
  check(Number.isFinite(value) && value >= 0, `${name} must be a number >= 0, got ${value}`);
  return value;
}

/** `https://shop.example` exactly as browsers send it in `Origin` (lowercase, no default port, no path). */
export function normalizeOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProxyConfigError(`allowed origin "${text}" is not a URL like https://shop.example`);
  }
  check(url.protocol === 'https:' || url.protocol === 'http:', `allowed origin "${text}" must be http(s)`);
  // A path, query or user info means a typo; accepting it would quietly allow something else.
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  check(bare && !text.includes('*'), `allowed origin "${text}" must be scheme://host[:port] only, e.g. ${url.origin}`);
  return url.origin;
}

function normalizeMountPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  check(trimmed === '' || /^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed), `mount path "${path}" must look like /proxy`);
  check(!/(^|\/)\.{1,2}(\/|$)/.test(trimmed), `mount path "${path}" must not contain . or .. segments`);
  return trimmed;
}

function checkTarget(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyConfigError(`target "${target}" is not a URL; expected e.g. https://example.org/wp-json`);
  }
  check(url.protocol === 'https:' || url.protocol === 'http:', `target must be http(s), got ${url.protocol}`);
  // The message leaves the URL out on purpose: it would print the password it contains.
  check(url.username === '' && url.password === '', 'the target must not contain user:password@; credentials come from the environment or a file');
  check(url.hash === '', 'the target must not contain a #fragment');
  return target.trim();
}

export function resolveSettings(init: ProxyInit): ProxySettings {
  const settings: ProxySettings = {
    target: checkTarget(init.target),
    host: init.host ?? DEFAULTS.host,
    port: init.port ?? DEFAULTS.port,
    mountPath: normalizeMountPath(init.mountPath ?? DEFAULTS.mountPath),
    publicHosts: new Set((init.publicHosts ?? [init.host ?? DEFAULTS.host, 'localhost']).map(hostName)),
    allowOrigins: new Set((init.allowOrigins ?? []).map(normalizeOrigin)),
    credentials: init.credentials ?? null,
    oauth1: init.oauth1 ?? null,
    allowPrivate: init.allowPrivate ?? false,
    token: init.token ?? null,
    allowPrivateWithoutToken: init.allowPrivateWithoutToken ?? false,
    allowIps: init.allowIps ?? [],
    maxAgeSeconds: nonNegative(init.maxAgeSeconds ?? DEFAULTS.maxAgeSeconds, 'max-age'),
    staleWhileRevalidateSeconds: nonNegative(init.staleWhileRevalidateSeconds ?? DEFAULTS.staleWhileRevalidateSeconds, 'stale-while-revalidate'),
    staleIfErrorSeconds: nonNegative(init.staleIfErrorSeconds ?? DEFAULTS.staleIfErrorSeconds, 'stale-if-error'),
    upstreamTimeoutMs: nonNegative(init.upstreamTimeoutMs ?? DEFAULTS.upstreamTimeoutMs, 'upstream timeout'),
    upstreamConcurrency: init.upstreamConcurrency ?? DEFAULTS.upstreamConcurrency,
    upstreamRate: init.upstreamRate ?? DEFAULTS.upstreamRate,
    publicRate: checkRate(init.publicRate ?? DEFAULTS.publicRate, 'public rate'),
    clientRate: checkRate(init.clientRate ?? DEFAULTS.clientRate, 'per-client rate'),
    clientBusRate: checkRate(init.clientBusRate ?? DEFAULTS.clientBusRate, 'per-client /wbtm/ rate'),
    maxUrlLength: init.maxUrlLength ?? DEFAULTS.maxUrlLength,
    maxCacheEntries: init.maxCacheEntries ?? DEFAULTS.maxCacheEntries,
    maxCacheBytes: init.maxCacheBytes ?? DEFAULTS.maxCacheBytes,
    maxConnections: init.maxConnections ?? DEFAULTS.maxConnections,
    maxConnectionsPerClient: init.maxConnectionsPerClient ?? DEFAULTS.maxConnectionsPerClient,
    stallTimeoutMs: init.stallTimeoutMs ?? DEFAULTS.stallTimeoutMs,
    log: init.log ?? (() => {}),
    now: init.now ?? Date.now,
  };
  check(settings.upstreamTimeoutMs > 0, 'the upstream timeout must be > 0');
  // Node would fire a longer timer at once: every request would time out.
  check(settings.upstreamTimeoutMs <= MAX_TIMER_MS, `the upstream timeout must be at most ${MAX_TIMER_MS} ms (24.8 days)`);
  check(settings.stallTimeoutMs > 0 && settings.stallTimeoutMs <= MAX_TIMER_MS, `the stall timeout must be > 0 and at most ${MAX_TIMER_MS} ms`);
  check(Number.isInteger(settings.upstreamConcurrency) && settings.upstreamConcurrency >= 1, 'upstream concurrency must be an integer >= 1');
  const rate = settings.upstreamRate;
  check(Number.isInteger(rate.requests) && rate.requests >= 1 && rate.perMs > 0, 'the upstream rate must be at least 1 request per period > 0');
  check(Number.isInteger(settings.maxUrlLength) && settings.maxUrlLength >= 64, 'the maximum URL length must be an integer >= 64');
  check(Number.isInteger(settings.maxCacheEntries) && settings.maxCacheEntries >= 1, 'the cache size must be an integer >= 1');
  check(settings.token === null || settings.token.length > 0, 'the proxy token must not be empty');
  check(Number.isInteger(settings.maxCacheBytes) && settings.maxCacheBytes >= 1024, 'the cache size in bytes must be an integer >= 1024');
  check(Number.isInteger(settings.maxConnections) && settings.maxConnections >= 1, 'the connection limit must be an integer >= 1');
  check(Number.isInteger(settings.maxConnectionsPerClient) && settings.maxConnectionsPerClient >= 1, 'the connection limit per client must be an integer >= 1');
  check(
    settings.publicHosts.size > 0 && ![...settings.publicHosts].some((h) => h === '' || /[\s/@]/.test(h)),
    'public hosts must be host names such as proxy.example.org',
  );
  // Personal data with nothing guarding it would be open to anyone who finds the URL.
  check(
    !settings.allowPrivate || settings.token !== null || settings.allowIps.length > 0,
    'private routes (--allow-private) need access control: set TICKETING_PROXY_TOKEN and/or give --allow-ip',
  );
  // An address list alone admits everyone behind a load balancer or NAT in the range.
  check(
    !settings.allowPrivate || settings.token !== null || settings.allowPrivateWithoutToken,
    'private routes (--allow-private) need TICKETING_PROXY_TOKEN: an --allow-ip list alone admits every client behind a load balancer or NAT in the range; pass --private-without-token to accept that',
  );
  return settings;
}
