import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { originOf } from '../shared/origin.js';
import { createProxyHandler, type ProxyHandler, type ProxyStats } from './handler.js';
import { answerClientErrors } from './client-errors.js';
import { limitConnectionsPerClient } from './connections.js';
import type { ProxyInit } from './options.js';

/**
 * The credentials proxy: holds the site's application password, forwards only the read-only
 * routes of both interfaces, caches public answers (ETag, stale-while-revalidate, stale-if-error),
 * coalesces identical requests and keeps the site under the bus plugin's rate limit. Stateless
 * apart from its in-memory cache: scale it by running copies behind a CDN.
 */
export { createProxyHandler, type ProxyHandler, type ProxyStats } from './handler.js';
export { ALLOWED_ROUTES, type AllowedRoute } from './allow-list.js';
export { PROXY_ERROR_CODES } from './errors.js';
export { DEFAULTS as PROXY_DEFAULTS, MAX_TIMER_MS, normalizeOrigin, ProxyConfigError, type ProxyInit, type ProxyOptions, type Rate } from './options.js';

export interface RunningProxy {
  /** `http://host:port` (plus the mount path, if any, is where the routes live). */
  url: string;
  port: number;
  handler: ProxyHandler;
  stats: ProxyStats;
  /**
   * Graceful stop: no new connections, requests in progress are answered (for at most the
   * upstream timeout plus a second), then every connection is closed.
   */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** How often Node looks for connections past the header or request timeout. */
const CONNECTIONS_CHECK_MS = 1000;

/** Starts the proxy on its own server; resolves once it is listening. */
export async function startProxy(init: ProxyInit): Promise<RunningProxy> {
  const handler = createProxyHandler(init);
  // A bare site's REST root on another origin must stop the start, not the first visitor's request.
  await handler.prepare();
  // Node enforces the two timeouts below only when it checks, every 30 s by default: a client
  // trickling header bytes would hold its slot for up to 40 s instead of 10.
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_MS }, handler);
  // Clients that stop sending half-way must not hold a slot during a graceful stop; a flood of
  // connections is refused beyond the limit instead of exhausting file descriptors, and one client
  // cannot take every slot.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.maxConnections = handler.settings.maxConnections;
  limitConnectionsPerClient(server, { perClient: handler.settings.maxConnectionsPerClient, total: handler.settings.maxConnections });
  answerClientErrors(server);
  const { host, port } = handler.settings;
  try {
    await listen(server, port, host);
  } catch (error) {
    await handler.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    server.close();
    server.closeIdleConnections();
    // Node's longest timer is 2^31-1 ms: beyond it a timer fires at once.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, Math.min(handler.settings.upstreamTimeoutMs + 1000, 2 ** 31 - 1)).unref());
    await Promise.race([handler.idle(), grace]);
    server.closeAllConnections();
    await handler.close();
  };
  return {
    url: originOf(address.address, address.port),
    port: address.port,
    handler,
    stats: handler.stats,
    close: () => (closing ??= close()),
  };
}
