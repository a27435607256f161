import { parseCidr, type Cidr } from '../proxy/cidr.js';
import { MAX_TIMER_MS, normalizeOrigin, PROXY_DEFAULTS, type Rate } from '../proxy/index.js';
import { parseOptions, UsageError } from './serve-options.js';

/** `ticketing-widgets proxy` options. Secrets are deliberately not among them. */
export interface ProxyConfig {
  target: string;
  port: number;
  host: string;
  allowOrigins: string[];
  /** Host names the proxy answers for; undefined = the listen address and localhost. */
  publicHosts: string[] | undefined;
  credentialsFile: string | undefined;
  allowPrivate: boolean;
  allowPrivateWithoutToken: boolean;
  allowIps: Cidr[];
  upstreamRate: Rate;
  publicRate: Rate;
  clientRate: Rate;
  clientBusRate: Rate;
  cacheBytes: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  concurrency: number;
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  timeoutMs: number;
  oauth1: boolean;
  quiet: boolean;
}

export const PROXY_USAGE = `Options for proxy (ticketing-widgets proxy --target <url> [options]):
  --target <url>                 The site: its REST root (https://example.org/wp-json,
                                 https://example.org/blog/wp-json, https://example.org/?rest_route=)
                                 or its address (https://example.org; the REST root is discovered)
  --port <n>                     Port to listen on (default: 8787; 0 picks a free port)
  --host <address>               Interface to bind (default: 127.0.0.1)
  --allow-origin <origin>        A site whose pages may call the proxy (CORS); repeatable
  --credentials-file <path>      File with one "user:application password" line (chmod 600);
                                 else TICKETING_WP_USER and TICKETING_WP_APP_PASSWORD are used
  --oauth1                       Sign requests with OAuth 1.0a instead, from TICKETING_OAUTH1_CONSUMER_KEY,
                                 _CONSUMER_SECRET and optionally _TOKEN, _TOKEN_SECRET
  --allow-private                Serve passengers and attendees (personal data); needs
                                 TICKETING_PROXY_TOKEN (clients send "Authorization: Bearer <token>")
                                 and/or --allow-ip
  --allow-ip <cidr>              Client addresses allowed on private routes; repeatable
  --private-without-token        Let --allow-ip alone guard private routes (behind a load balancer
                                 or NAT every client in the range passes: prefer the token)
  --public-host <name>           A host name clients reach the proxy by (the Host header); others
                                 get 421; repeatable (default: the --host address and localhost)
  --upstream-rate <n>/<unit>     Request budget for /wbtm/ routes (default: 20/min; unit s, min or h)
  --public-rate <n>/<unit>       Request budget for the other routes (default: 120/min)
  --client-rate <n>/<unit>       Requests for uncached URLs one client may cause (default: 30/min;
                                 a client is an IPv4 address or an IPv6 /64; the /64s
                                 of one IPv6 /48 may cause 16 times this together)
  --client-bus-rate <n>/<unit>   The same on /wbtm/ routes (default: 8/min)
  --cache-size <MiB>             Memory for cached answers (default: 64)
  --max-connections <n>          Client connections at once (default: 1024)
  --max-connections-per-client <n>
                                 Connections one client holds at once; more are closed
                                 (default: 128; behind nginx every connection is nginx's;
                                 one IPv6 /48: 16 times this, at most half of the above)
  --concurrency <n>              Requests to the site at once (default: 4)
  --max-age <s>                  Cache freshness (default: 60)
  --stale-while-revalidate <s>   Serve stale while refreshing, for (default: 300)
  --stale-if-error <s>           Serve stale when the site fails, for (default: 600)
  --timeout <s>                  Upstream timeout (default: 10; at most 2147483, Node's longest timer)
  --quiet                        Do not log requests (warnings still are)

Secrets never come from flags (they would show in ps and shell history): use the environment
variables above or --credentials-file.`;

const SECRET_FLAG = /pass|secret|token|consumer|key|^user(name)?$|^u$|^oauth1-/i;

/** Refuses secret-looking flags by name, before parsing, without ever echoing their value. */
export function refuseSecretFlags(args: readonly string[]): void {
  for (const arg of args) {
    const match = /^--?([^=]+)/.exec(arg);
    const name = match?.[1];
    if (name === undefined || name === 'oauth1' || !SECRET_FLAG.test(name)) continue;
    throw new UsageError(
      `--${name}: credentials come from the environment (TICKETING_WP_USER, TICKETING_WP_APP_PASSWORD, ` +
        'TICKETING_OAUTH1_*, TICKETING_PROXY_TOKEN) or from --credentials-file, never from a command-line flag',
    );
  }
}

/**
 * The longest a Node timer waits (2^31 - 1 ms, 24.8 days): a longer timeout fires at once, so every
 * request would time out.
 */
const MAX_TIMER_SECONDS = MAX_TIMER_MS / 1000;
/** The largest delta-seconds RFC 9111 asks caches to understand (2^31 - 1). */
const MAX_CACHE_SECONDS = 2 ** 31 - 1;

function seconds(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new UsageError(`--${name} must be a number of seconds, got "${raw}"`);
  if (Number(raw) > max) throw new UsageError(`--${name} must be at most ${max} seconds, got "${raw}"`);
  return Number(raw);
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

const UNITS: Record<string, number> = { s: 1000, sec: 1000, second: 1000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 };

/** `20/min`, `1/s`, `600/h`. */
export function parseRate(raw: string, name = 'upstream-rate'): Rate {
  const match = /^(\d{1,6})\/(\w+)$/.exec(raw.trim());
  const unit = match ? UNITS[match[2]?.toLowerCase() ?? ''] : undefined;
  if (!match || unit === undefined || Number(match[1]) < 1) throw new UsageError(`--${name} must look like 20/min (units: s, min, h), got "${raw}"`);
  return { requests: Number(match[1]), perMs: unit };
}

export function parseProxyArgs(args: readonly string[]): ProxyConfig | { help: true } {
  refuseSecretFlags(args);
  const values = parseOptions(args, {
    target: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'credentials-file': { type: 'string' },
    'allow-private': { type: 'boolean' },
    'allow-ip': { type: 'string', multiple: true },
    'private-without-token': { type: 'boolean' },
    'public-host': { type: 'string', multiple: true },
    'upstream-rate': { type: 'string' },
    'public-rate': { type: 'string' },
    'client-rate': { type: 'string' },
    'client-bus-rate': { type: 'string' },
    'cache-size': { type: 'string' },
    'max-connections': { type: 'string' },
    'max-connections-per-client': { type: 'string' },
    concurrency: { type: 'string' },
    'max-age': { type: 'string' },
    'stale-while-revalidate': { type: 'string' },
    'stale-if-error': { type: 'string' },
    timeout: { type: 'string' },
    oauth1: { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const);
  if (values.help) return { help: true };
  if (values.target === undefined || values.target.trim() === '') throw new UsageError('proxy needs --target <url of the site or its REST root>');
  let allowOrigins: string[];
  let allowIps: Cidr[];
  try {
    allowOrigins = (values['allow-origin'] ?? []).map(normalizeOrigin);
    allowIps = (values['allow-ip'] ?? []).map(parseCidr);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const host = values.host ?? PROXY_DEFAULTS.host;
  if (host === '') throw new UsageError('--host must not be empty');
  const timeout = seconds(values.timeout, 'timeout', PROXY_DEFAULTS.upstreamTimeoutMs / 1000, MAX_TIMER_SECONDS);
  if (timeout <= 0) throw new UsageError('--timeout must be more than 0 seconds');
  return {
    target: values.target.trim(),
    port: integer(values.port, 'port', PROXY_DEFAULTS.port, 0, 65_535),
    host,
    allowOrigins,
    credentialsFile: values['credentials-file'],
    allowPrivate: values['allow-private'] ?? false,
    allowIps,
    upstreamRate: values['upstream-rate'] === undefined ? { ...PROXY_DEFAULTS.upstreamRate } : parseRate(values['upstream-rate'], 'upstream-rate'),
    publicRate: values['public-rate'] === undefined ? { ...PROXY_DEFAULTS.publicRate } : parseRate(values['public-rate'], 'public-rate'),
    clientRate: values['client-rate'] === undefined ? { ...PROXY_DEFAULTS.clientRate } : parseRate(values['client-rate'], 'client-rate'),
    clientBusRate: values['client-bus-rate'] === undefined ? { ...PROXY_DEFAULTS.clientBusRate } : parseRate(values['client-bus-rate'], 'client-bus-rate'),
    cacheBytes: integer(values['cache-size'], 'cache-size', PROXY_DEFAULTS.maxCacheBytes / 1024 / 1024, 1, 65_536) * 1024 * 1024,
    maxConnections: integer(values['max-connections'], 'max-connections', PROXY_DEFAULTS.maxConnections, 1, 1_000_000),
    maxConnectionsPerClient: integer(values['max-connections-per-client'], 'max-connections-per-client', PROXY_DEFAULTS.maxConnectionsPerClient, 1, 1_000_000),
    publicHosts: values['public-host'],
    allowPrivateWithoutToken: values['private-without-token'] ?? false,
    concurrency: integer(values.concurrency, 'concurrency', PROXY_DEFAULTS.upstreamConcurrency, 1, 256),
    maxAgeSeconds: seconds(values['max-age'], 'max-age', PROXY_DEFAULTS.maxAgeSeconds, MAX_CACHE_SECONDS),
    staleWhileRevalidateSeconds: seconds(
      values['stale-while-revalidate'],
      'stale-while-revalidate',
      PROXY_DEFAULTS.staleWhileRevalidateSeconds,
      MAX_CACHE_SECONDS,
    ),
    staleIfErrorSeconds: seconds(values['stale-if-error'], 'stale-if-error', PROXY_DEFAULTS.staleIfErrorSeconds, MAX_CACHE_SECONDS),
    timeoutMs: Math.round(timeout * 1000),
    oauth1: values.oauth1 ?? false,
    quiet: values.quiet ?? false,
  };
}
