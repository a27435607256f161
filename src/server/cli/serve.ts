import { hostname, networkInterfaces } from 'node:os';
import path from 'node:path';
import { parseCidr } from '../proxy/cidr.js';
import { createProxyHandler, type ProxyHandler } from '../proxy/index.js';
import { wallClock, zoneText } from '../../api/site-time.js';
import { DEMO_APP_PASSWORD, DEMO_USER, resolveSiteZone, startReferenceApi, type Mount, type RunningReference } from '../reference/index.js';
import { listenProblem } from './listen-problem.js';
import { SERVE_PORT_HINT, type ServeConfig } from './serve-options.js';

/**
 * `ticketing-widgets serve`: the reference API plus demo/ and dist/ from the package root, and the
 * credentials proxy mounted at /proxy in front of the reference API's own REST root (real HTTP over
 * loopback), so the demo reads Interface B the way production pages do: same origin, no
 * credentials in the page.
 */
export const PROXY_MOUNT = '/proxy';

/**
 * The demo also shows the other dialect of Interface B: a second reference API (internal port)
 * behind its own proxy mount, `/proxy-plugin` or `/proxy-contract`.
 */
export function otherDialectMount(dialect: ServeConfig['dialect']): { dialect: ServeConfig['dialect']; mount: string } {
  const other = dialect === 'contract' ? 'plugin' : 'contract';
  return { dialect: other, mount: dialectMount(other) };
}

/** A dialect's own proxy mount, `/proxy-plugin` or `/proxy-contract`. */
const dialectMount = (dialect: ServeConfig['dialect']): string => `${PROXY_MOUNT}-${dialect}`;

/**
 * A mount whose proxy needs the server's URL as its upstream, known only once listening: a 503 until
 * it is there (requests cannot arrive before it is set, which happens before the event loop polls again).
 */
function proxyMount(prefix: string, proxy: () => ProxyHandler | null): Mount {
  return {
    prefix,
    handler: (req, res) => {
      const handler = proxy();
      if (handler) return handler(req, res);
      res.writeHead(503, { 'Retry-After': '1' }).end();
    },
  };
}

function banner(url: string, config: ServeConfig): string {
  const zone = resolveSiteZone(config.timeZone);
  const today = wallClock(Date.now(), zone).date;
  const auth = `-u '${DEMO_USER}:${DEMO_APP_PASSWORD}'`;
  return [
    `Reference API (${config.dialect} dialect) listening on ${url}`,
    `  REST root  ${url}/wp-json/   (also ${url}/?rest_route=/)`,
    `  Demo       ${url}/`,
    `  Bundles    ${url}/dist/`,
    `  Site time  ${zoneText(zone)} (today is ${today} there)`,
    `  Proxy (Interface B for browsers) ${url}${PROXY_MOUNT}/wp-json/`,
    `  CORS on the proxy mounts: ${config.allowOrigins.length ? config.allowOrigins.join(', ') : 'same origin only (--allow-origin <origin> for an app on its own dev server)'}`,
    `  The ${otherDialectMount(config.dialect).dialect} dialect, through its own proxy: ${url}${otherDialectMount(config.dialect).mount}/wp-json/`,
    `  (the ${config.dialect} dialect is also at ${url}${dialectMount(config.dialect)}/wp-json/)`,
    '',
    'Interface B and attendees need Basic auth. PUBLIC DEMO CREDENTIALS (not secret, protect nothing):',
    `  user                  ${DEMO_USER}`,
    `  application password  ${DEMO_APP_PASSWORD}`,
    'The proxy adds them itself; personal data through it is open to this machine (loopback) only.',
    '',
    'Try:',
    `  curl -i '${url}/wp-json/wp/v2/mep_events?per_page=5'`,
    `  curl ${auth} '${url}/?rest_route=/wbtm/v1/routes'`,
    `  curl -i '${url}${PROXY_MOUNT}/wp-json/wbtm/v1/routes'`,
    config.dialect === 'contract'
      ? `  curl ${auth} '${url}/wp-json/wbtm/v1/passengers?date=${today}'`
      : `  curl '${url}/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=${today}'`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}

/** The names a browser may use for the demo: the bound address, loopback, and (bound to all) this machine's addresses and name. */
function demoHostNames(host: string): string[] {
  const names = new Set([host, 'localhost', '127.0.0.1', '::1']);
  if (host === '0.0.0.0' || host === '::') {
    names.add(hostname());
    for (const addresses of Object.values(networkInterfaces())) for (const address of addresses ?? []) names.add(address.address);
  }
  return [...names];
}

/** A proxy in front of a reference API with the public demo credentials injected server-side. */
function demoProxy(
  target: string,
  mountPath: string,
  config: Pick<ServeConfig, 'dialect' | 'allowOrigins' | 'host'>,
  log: ((line: string) => void) | undefined,
): ProxyHandler {
  const { dialect } = config;
  return createProxyHandler({
    target,
    mountPath,
    // Apps on their own dev servers (`--allow-origin http://localhost:5173`) may use the demo backend.
    allowOrigins: config.allowOrigins,
    credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
    // Demo pages show passengers and attendees too; only browsers on this machine may see them,
    // addressing it by a loopback name (the Host check keeps rebinding pages out).
    allowPrivate: true,
    allowPrivateWithoutToken: true,
    allowIps: [parseCidr('127.0.0.0/8'), parseCidr('::1')],
    publicHosts: demoHostNames(config.host),
    // The contract dialect has no rate limit to respect, and a demo page asks for a lot at once;
    // the plugin dialect keeps the production default under its 30/min.
    ...(dialect === 'contract' ? { upstreamRate: { requests: 600, perMs: 60_000 } } : {}),
    log: log ?? (() => {}),
  });
}

/** Runs until SIGINT/SIGTERM, then closes every connection; resolves with the exit code. */
export async function runServe(config: ServeConfig, packageRoot: string): Promise<number> {
  const log = config.quiet ? undefined : (line: string) => console.log(line);
  let proxy: ProxyHandler | null = null;
  // The served dialect under its own name too (`/proxy-plugin` with `--dialect plugin`): demo pages
  // that show one dialect on purpose name its mount, and work whichever dialect `/proxy` serves.
  let sameProxy: ProxyHandler | null = null;
  const sameMount = dialectMount(config.dialect);
  const other = otherDialectMount(config.dialect);
  const timeZone = config.timeZone !== undefined ? { timeZone: config.timeZone } : {};
  const otherSite = await startReferenceApi({ port: 0, host: '127.0.0.1', dialect: other.dialect, ...timeZone });
  const otherProxy = demoProxy(`${otherSite.url}/wp-json`, other.mount, { dialect: other.dialect, allowOrigins: config.allowOrigins, host: config.host }, log);
  let running: RunningReference;
  try {
    running = await startReferenceApi({
      port: config.port,
      host: config.host,
      dialect: config.dialect,
      ...timeZone,
      staticRoots: [
        { prefix: '/dist/', dir: path.join(packageRoot, 'dist') },
        { prefix: '/', dir: path.join(packageRoot, 'demo') },
      ],
      log,
      mounts: [proxyMount(PROXY_MOUNT, () => proxy), { prefix: other.mount, handler: otherProxy }, proxyMount(sameMount, () => sameProxy)],
    });
  } catch (error) {
    // The other dialect's server already listens: left open, it would keep the process alive.
    await Promise.all([otherProxy.close(), otherSite.close()]);
    const problem = listenProblem(error, config, SERVE_PORT_HINT);
    if (problem === null) throw error;
    console.error(`ticketing-widgets serve: ${problem}`);
    return 1;
  }
  proxy = demoProxy(`${running.url}/wp-json`, PROXY_MOUNT, config, log);
  sameProxy = demoProxy(`${running.url}/wp-json`, sameMount, config, log);
  console.log(banner(running.url, config));
  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      console.log(`\n${signal}: shutting down`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      Promise.all([running.close(), proxy?.close(), sameProxy?.close(), otherProxy.close(), otherSite.close()]).then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
