import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_APP_PASSWORD, DEMO_USER } from './credentials.js';
import { Exchange, type RequestRecord } from './http/exchange.js';
import { originOf } from '../shared/origin.js';
import { RateLimiter } from './http/rate-limit.js';
import { sendText, serveStatic, type StaticRoot } from './http/static-files.js';
import { dispatchRest } from './routes/dispatch.js';
import { buildRouteTable, type Dialect } from './routes/table.js';
import { serveUpload } from './routes/uploads.js';
import { parseSiteZone, type SiteZone } from '../../api/site-time.js';
import { seedSource } from './seed/index.js';
import { Query } from './wp/query.js';

export { DEMO_APP_PASSWORD, DEMO_USER } from './credentials.js';
export type { RequestRecord } from './http/exchange.js';
export type { StaticRoot } from './http/static-files.js';
export type { Dialect } from './routes/table.js';

/** How to run the reference API. Every field is optional. */
export interface ReferenceOptions {
  /** Port to listen on; default 8080, 0 = an ephemeral port (read it from `RunningReference.port`). */
  port?: number;
  /** Interface to bind; default '127.0.0.1'. */
  host?: string;
  /** Interface B dialect: 'contract' (default, authenticated) or 'plugin' (the bus plugin's public routes). */
  dialect?: Dialect;
  /** ms epoch whose site-local day anchors the seeded dates; default: the live clock (data moves on at the site's midnight). */
  now?: number;
  /**
   * The site's time zone (WordPress Settings → General), an IANA name or a fixed offset `+05:30`;
   * seeded dates are its wall-clock times and the index publishes it. Default: this machine's zone.
   */
  timeZone?: string;
  /** Directories served under URL prefixes, e.g. `{prefix: '/', dir: 'demo'}`, `{prefix: '/dist/', dir: 'dist'}`. */
  staticRoots?: StaticRoot[];
  /** Basic-auth user for Interface B and attendees; default DEMO_USER. */
  user?: string;
  /** Its application password (spaces optional when sent); default DEMO_APP_PASSWORD. */
  appPassword?: string;
  /** Plugin dialect: requests per minute per visitor on /wbtm/ routes; default 30, 0 = off. */
  rateLimitPerMinute?: number;
  /** Called with one line per request. */
  log?: (line: string) => void;
  /**
   * Other handlers sharing this server, each owning a path prefix such as `/proxy` (the prefix
   * itself and everything below it). Their requests are neither logged nor kept in `requests`.
   */
  mounts?: ReadonlyArray<Mount>;
}

/** A handler mounted under a path prefix of the reference API's server. */
export interface Mount {
  /** `/name`, without a trailing slash. */
  prefix: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface RunningReference {
  /** `http://host:port` */
  url: string;
  port: number;
  /** Every request so far, appended live (never replaced), in arrival order of their responses. */
  requests: RequestRecord[];
  /** Stops listening and closes idle and active connections. */
  close(): Promise<void>;
}

/** A request handler with the log of what it answered. */
export type ReferenceHandler = ((req: IncomingMessage, res: ServerResponse) => void) & { requests: RequestRecord[] };

/** The REST route a request addresses (`/wp-json/…`, `/?rest_route=…`, `/index.php?rest_route=…`), or null. */
function restTarget(path: string, search: string): { route: string; query: Query } | null {
  const untrailed = (route: string) => route.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/index.php') {
    const route = new URLSearchParams(search).get('rest_route');
    if (route !== null) return { route: untrailed(route), query: new Query(search, ['rest_route']) };
    return null;
  }
  if (path !== '/wp-json' && !path.startsWith('/wp-json/')) return null;
  let route = path.slice('/wp-json'.length);
  try {
    route = decodeURIComponent(route);
  } catch {
    // left encoded: it matches no route and answers rest_no_route, as WordPress would
  }
  return { route: untrailed(route), query: new Query(search) };
}

/** Whether a request target lies under a mount prefix (`/proxy`, `/proxy/…`, `/proxy?…`). */
function mountedAt(target: string, prefix: string): boolean {
  if (!target.startsWith(prefix)) return false;
  const next = target.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

function logLine(record: RequestRecord): string {
  const route = record.route ? ` [${record.route}]` : '';
  return `${new Date(record.at).toISOString()} ${record.method} ${record.path}${record.search} ${record.status}${route}`;
}

/** The configured zone, else the machine's; a zone that cannot be read is a start-up error. */
export function resolveSiteZone(text: string | undefined): SiteZone {
  const wanted = text ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  const zone = parseSiteZone(wanted);
  if (!zone) throw new Error(`Unknown time zone "${wanted}": give an IANA name such as Europe/Berlin, or an offset such as +05:30.`);
  return zone;
}

/** The reference API as a plain Node request handler, for embedding behind another server or proxy. */
export function createReferenceHandler(options: ReferenceOptions = {}): ReferenceHandler {
  const dialect = options.dialect ?? 'contract';
  const zone = resolveSiteZone(options.timeZone);
  const limit = options.rateLimitPerMinute ?? 30;
  const services = {
    routes: buildRouteTable(dialect),
    credentials: { user: options.user ?? DEMO_USER, appPassword: options.appPassword ?? DEMO_APP_PASSWORD },
    limiter: dialect === 'plugin' && limit > 0 ? new RateLimiter(limit) : null,
    seed: seedSource(options.now, zone),
    zone,
    log: options.log,
  };
  const roots = options.staticRoots ?? [];
  const requests: RequestRecord[] = [];
  const record = (entry: RequestRecord) => {
    requests.push(entry);
    options.log?.(logLine(entry));
  };
  const mounts = options.mounts ?? [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const mount = mounts.find((candidate) => mountedAt(req.url ?? '/', candidate.prefix));
    if (mount) {
      mount.handler(req, res);
      return;
    }
    const exchange = new Exchange(req, res, record);
    const rest = restTarget(exchange.path, exchange.search);
    if (rest) {
      dispatchRest(exchange, rest.route, rest.query, services);
      return;
    }
    if (serveUpload(exchange, services.seed())) return;
    serveStatic(exchange, roots).catch((error: unknown) => {
      options.log?.(`static: ${exchange.path} failed: ${String(error)}`);
      if (!res.headersSent) sendText(exchange, 500, 'Internal Server Error');
      else res.destroy();
    });
  };
  return Object.assign(handler, { requests });
}

/** Starts the reference API; resolves once it is listening. */
export async function startReferenceApi(options: ReferenceOptions = {}): Promise<RunningReference> {
  const handler = createReferenceHandler(options);
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: originOf(address.address, address.port),
    port: address.port,
    requests: handler.requests,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
