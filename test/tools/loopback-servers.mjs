// A @web/test-runner plugin that lets browser tests start real HTTP servers on 127.0.0.1 with
// ephemeral ports, through `executeServerCommand` from @web/test-runner-commands:
//   'reference-start' {dialect?, now?}  -> {id, origin}   the built reference API (dist/server),
//                     seeded at `now`, else at the run's pinned moment
//   'proxied-start'   {token, pageOrigin, dialect?, clientBusRate?} -> {id, origin}   that API behind
//                     the real proxy, private routes behind `Authorization: Bearer <token>`;
//   'scripted-start'  {script: Reply[], routes?: {[pathPart]: Reply[]}} -> {id, origin}
//                     answers the scripted replies in turn; a request whose path+query contains a
//                     key of `routes` is answered from that key's own queue instead
//   'server-requests' {id}              -> RequestRecord[] what reached the server so far
//   'server-stop'     {id}              -> true
// A Reply is {status?, headers?, body?, delayMs?, destroy?, truncate?}; the last reply repeats.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const servers = new Map();
let nextId = 1;

function corsHeaders(req) {
  const origin = req.headers.origin;
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Type, If-None-Match',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link, ETag, Retry-After',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  };
}

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

async function startScripted(script, routes = {}) {
  const requests = [];
  let turn = 0;
  const routeTurns = new Map();
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      res.end();
      return;
    }
    const url = new URL(req.url, 'http://127.0.0.1');
    inFlight++;
    res.on('close', () => inFlight--);
    requests.push({ method: req.method, path: url.pathname, search: url.search, headers: req.headers, at: Date.now(), concurrent: inFlight });
    const routeKey = Object.keys(routes).find((key) => (url.pathname + url.search).includes(key));
    let reply;
    if (routeKey) {
      const queue = routes[routeKey];
      const at = routeTurns.get(routeKey) ?? 0;
      routeTurns.set(routeKey, at + 1);
      reply = queue[Math.min(at, queue.length - 1)];
    } else {
      reply = script[Math.min(turn++, script.length - 1)];
    }
    reply ??= { status: 200, body: '[]' };
    const send = () => {
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
      if (reply.truncate) {
        // Promise more bytes than we send, then hang up mid-body.
        res.writeHead(reply.status ?? 200, {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body) * 2 + 100),
          ...corsHeaders(req),
        });
        res.write(body);
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      res.writeHead(reply.status ?? 200, {
        'Content-Type': 'application/json; charset=UTF-8',
        ...corsHeaders(req),
        ...(reply.headers ?? {}),
      });
      res.end(body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  const port = await listen(server);
  return { server, requests, origin: `http://127.0.0.1:${port}` };
}

async function startReference(payload, now) {
  const modulePath = path.resolve('dist/server/reference/index.js');
  const { startReferenceApi } = await import(pathToFileURL(modulePath).href);
  const running = await startReferenceApi({ port: 0, host: '127.0.0.1', ...(now !== undefined && { now }), ...payload });
  return { server: running, requests: running.requests, origin: running.url, close: () => running.close() };
}

/**
 * The reference API behind the real proxy (dist/server), private routes on with a bearer token, as
 * staff pages use it in production. `requests` are what reached the site behind the proxy.
 */
async function startProxied(payload, now) {
  const site = await startReference({ dialect: payload.dialect ?? 'contract' }, now);
  const { startProxy } = await import(pathToFileURL(path.resolve('dist/server/cli.js')).href);
  const { DEMO_USER, DEMO_APP_PASSWORD } = await import(pathToFileURL(path.resolve('dist/server/reference/index.js')).href);
  const proxy = await startProxy({
    target: `${site.origin}/wp-json`,
    host: '127.0.0.1',
    port: 0,
    credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
    allowOrigins: [payload.pageOrigin],
    allowPrivate: true,
    token: payload.token,
    upstreamRate: { requests: 600, perMs: 60_000 },
    // A suite reading every bus through the proxy may lift the per-client /wbtm/ limit (default 8 a minute).
    ...(payload.clientBusRate && { clientBusRate: { requests: payload.clientBusRate, perMs: 60_000 } }),
    log: () => {},
  });
  return {
    server: proxy,
    get requests() {
      return site.requests;
    },
    origin: proxy.url,
    close: async () => {
      await proxy.close();
      await site.close();
    },
  };
}

/** @param options.now the moment a reference API is seeded at unless a test gives its own */
export function loopbackServers(options = {}) {
  return {
    name: 'loopback-servers',
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'scripted-start':
        case 'proxied-start':
        case 'reference-start': {
          const entry =
            command === 'scripted-start'
              ? await startScripted(payload?.script ?? [], payload?.routes ?? {})
              : command === 'proxied-start'
                ? await startProxied(payload ?? {}, options.now)
                : await startReference(payload ?? {}, options.now);
          const id = nextId++;
          servers.set(id, entry);
          return { id, origin: entry.origin };
        }
        case 'server-requests': {
          const entry = servers.get(payload.id);
          return entry
            ? entry.requests.map((r) => ({
                method: r.method,
                path: r.path,
                search: r.search ?? '',
                status: r.status,
                ifNoneMatch: r.ifNoneMatch ?? r.headers?.['if-none-match'] ?? null,
                authorization: Boolean(r.authorization ?? r.headers?.authorization),
                nonce: r.headers?.['x-wp-nonce'] ?? null,
                cookie: Boolean(r.headers?.cookie),
                concurrent: r.concurrent ?? null,
              }))
            : null;
        }
        case 'server-stop': {
          const entry = servers.get(payload.id);
          servers.delete(payload.id);
          if (entry?.close) await entry.close();
          else if (entry) await new Promise((r) => entry.server.close(() => r()).closeAllConnections?.());
          return true;
        }
        default:
          return undefined;
      }
    },
    async serverStop() {
      for (const [id, entry] of servers) {
        servers.delete(id);
        if (entry.close) await entry.close();
        else (entry.server.closeAllConnections?.(), entry.server.close());
      }
    },
  };
}
