import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkPrivateAccess } from './access.js';
import { clientAddress } from './client-address.js';
import { findRoute, prepareQuery } from './allow-list.js';
import { corsHeaders, preflight, type CorsPolicy } from './cors.js';
import { corsRefused, hostNotAllowed, methodNotAllowed, noRoute, upstreamError } from './errors.js';
import { PublicFlow, servePrivate } from './flows.js';
import { Gateway } from './gateway.js';
import { ClientLimiter } from './limits.js';
import { hostName, resolveSettings, type ProxyInit, type ProxySettings } from './options.js';
import { createRedactor, secretForms } from './redact.js';
import { errorReply, jsonReply, writeReply, type Reply } from './replies.js';
import { parseRequestTarget } from './request-target.js';
import { MAX_PIPELINED, Pipelines } from './pipelining.js';
import type { ResultContext } from './upstream-result.js';

/** Counters for tests, benchmarks and /healthz. */
export interface ProxyStats {
  /** Requests sent to the site's REST API. */
  readonly upstreamRequests: number;
  /** Requests sent to find a bare site's REST root. */
  readonly discoveryRequests: number;
  readonly cacheEntries: number;
  /** Bytes the cached answers hold (estimated). */
  readonly cacheBytes: number;
  /** Client requests not yet answered. */
  readonly activeRequests: number;
}

/** A Node request listener with the proxy's lifecycle attached. */
export type ProxyHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  readonly stats: ProxyStats;
  readonly settings: Readonly<ProxySettings>;
  /** Start-up checks against the site (REST root of a bare site, OAuth home URL); throws ProxyConfigError for a misconfiguration. */
  prepare(): Promise<void>;
  /** Resolves once no client request is being answered. */
  idle(): Promise<void>;
  /**
   * Resolves once no client request is being answered and every upstream request started so far
   * has finished, background refreshes included: what tests and benchmarks wait for instead of a
   * fixed pause before counting what reached the site.
   */
  settled(): Promise<void>;
  /** Waits for upstream work in progress, then releases upstream connections. */
  close(): Promise<void>;
};

/** Everything a log line or error message could carry a secret in, in all its shapes. */
function secretsOf(settings: ProxySettings): string[] {
  const secrets: string[] = [];
  if (settings.credentials) secrets.push(...secretForms(settings.credentials));
  if (settings.oauth1) secrets.push(settings.oauth1.consumerSecret, settings.oauth1.tokenSecret ?? '');
  if (settings.token) secrets.push(settings.token);
  return secrets.filter((secret) => secret !== '');
}

/** The plain 502 of a failed write is small: it never waits for a client to read it. */
const STALL_FALLBACK_MS = 1000;

/** A kept 4xx answer lives this long at most (or max-age, if shorter). */
const ERROR_MAX_AGE_SECONDS = 30;

/**
 * After a failed write: a plain 502 while no header has gone out, else the connection is cut (a
 * client must not take half an answer for a whole one). The status for the log line; 0 when cut.
 */
function writeFallback(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): number {
  if (!res.headersSent && !res.destroyed) {
    try {
      writeReply(req, res, errorReply(upstreamError()), cors, STALL_FALLBACK_MS);
      return 502;
    } catch {
      // even the plain error could not be written: cut below
    }
  }
  res.destroy();
  return 0;
}

export function createProxyHandler(init: ProxyInit): ProxyHandler {
  const settings = resolveSettings(init);
  const { now } = settings;
  const secrets = secretsOf(settings);
  const redact = createRedactor(secrets);
  // Strings are scrubbed before JSON escaping could disguise a secret (a `"` or `\` in an OAuth
  // secret), and the line once more after.
  const logging = init.log !== undefined;
  const emit = (record: Record<string, unknown>): void => {
    // Without a sink the line would be built only to be thrown away, on every request.
    if (!logging) return;
    const scrubbed = Object.fromEntries(Object.entries(record).map(([key, value]) => [key, typeof value === 'string' ? redact(value) : value]));
    settings.log(redact(JSON.stringify({ t: new Date(now()).toISOString(), ...scrubbed })));
  };
  const notice = (level: 'info' | 'warn', event: string, message: string): void => emit({ level, event, message });
  const gateway = new Gateway(settings, notice);
  const context = (): ResultContext => ({
    root: gateway.rootForLinks,
    mountPath: settings.mountPath,
    timeoutSeconds: settings.upstreamTimeoutMs / 1000,
    leaks: (text) => secrets.length > 0 && redact(text) !== text,
    warn: (event, message) => notice('warn', event, message),
    now,
  });
  const policy = {
    maxAgeMs: settings.maxAgeSeconds * 1000,
    staleWhileRevalidateMs: settings.staleWhileRevalidateSeconds * 1000,
    staleIfErrorMs: settings.staleIfErrorSeconds * 1000,
    errorMaxAgeMs: Math.min(settings.maxAgeSeconds, ERROR_MAX_AGE_SECONDS) * 1000,
  };
  const clients = { budgeted: new ClientLimiter(settings.clientBusRate, now), other: new ClientLimiter(settings.clientRate, now) };
  const publicFlow = new PublicFlow({ gateway, context, policy, maxEntries: settings.maxCacheEntries, maxBytes: settings.maxCacheBytes, clients, now });
  const cors: CorsPolicy = { origins: settings.allowOrigins, allowAuthorization: settings.allowPrivate && settings.token !== null };
  let active = 0;
  const idleWaiters: Array<() => void> = [];

  /**
   * Decides the reply; never throws for a client's input. Synchronous wherever the answer is known
   * at once (a fresh cache hit, a refusal): most answers of a busy proxy are written in the same
   * turn as the request was read.
   */
  function answer(req: IncomingMessage, ip: string, logged: { route: string }): Reply | Promise<Reply> {
    const method = (req.method ?? 'GET').toUpperCase();
    // Every request, health checks included: a page on a rebinding attacker's name reaches nothing.
    if (!settings.publicHosts.has(hostName(req.headers.host ?? ''))) {
      logged.route = '-';
      return errorReply(hostNotAllowed());
    }
    const target = parseRequestTarget(req.url ?? '/', settings.mountPath, settings.maxUrlLength);
    if (target.kind === 'refused') {
      logged.route = target.path;
      return errorReply(target.error);
    }
    logged.route = target.kind === 'health' ? '/healthz' : target.route;
    if (method === 'OPTIONS') {
      const result = preflight(req.headers, cors);
      if (result.status === 403) return { ...errorReply(corsRefused()), cors: result.headers };
      return { status: result.status, headers: result.headers, body: null, cache: '-', upstreamMs: null };
    }
    if (method !== 'GET' && method !== 'HEAD') return errorReply(methodNotAllowed());
    // Says nothing about the site: an origin hidden behind a CDN stays hidden.
    if (target.kind === 'health') return jsonReply(200, { status: 'ok' });
    const allowed = findRoute(target.route);
    if (!allowed || (allowed.personal && !settings.allowPrivate)) return errorReply(noRoute());
    if (allowed.personal) {
      const refused = checkPrivateAccess(req.headers, ip, settings);
      if (refused) return errorReply(refused);
    }
    const query = prepareQuery(allowed, target.pairs);
    if (query.kind === 'invalid') return errorReply(query.error);
    // Staff with the token page and search through lists of every row: a visitor's allowance would
    // stop them within a minute. They spend the budget for new URLs, never the refreshes' quarter.
    if (allowed.personal) return servePrivate(gateway, context(), allowed, target.route, query.search);
    const inm = req.headers['if-none-match'];
    return publicFlow.serve({
      allowed,
      route: target.route,
      search: query.search,
      stripStatus: query.stripStatus,
      ifNoneMatch: typeof inm === 'string' ? inm : undefined,
      client: ip,
    });
  }

  const pipelines = new Pipelines(MAX_PIPELINED);

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const ip = clientAddress(req.socket.remoteAddress);
    const admitted = pipelines.admit(req.socket, res);
    if (admitted === 'refused')
      notice('warn', 'pipelining_refused', `a client (${ip}) pipelined more than ${MAX_PIPELINED} requests ahead of its answers; closed`);
    if (admitted !== 'admitted') return;
    active++;
    const logged = { route: '' };
    let done = false;
    const finish = (reply: Reply): void => {
      if (done) return;
      done = true;
      let status = reply.status;
      const replyCors = reply.cors ?? corsHeaders(req.headers, cors);
      // Runs as a promise callback too, where a throw would be an unhandled rejection that ends the
      // process: a reply Node refuses to write (a header value it rejects) costs one answer, never the proxy.
      try {
        writeReply(req, res, reply, replyCors, settings.stallTimeoutMs);
      } catch (error) {
        notice('warn', 'proxy_bug', `could not write the answer: ${String((error as Error)?.stack ?? error)}`);
        status = writeFallback(req, res, replyCors);
      }
      emit({ method: req.method ?? '', route: logged.route, status, cache: reply.cache, upstreamMs: reply.upstreamMs, ip });
      active--;
      if (active === 0) for (const wake of idleWaiters.splice(0)) wake();
    };
    const failed = (error: unknown): void => {
      notice('warn', 'proxy_bug', `unexpected failure: ${String((error as Error)?.stack ?? error)}`);
      finish(errorReply(upstreamError()));
    };
    let decided: Reply | Promise<Reply>;
    try {
      decided = answer(req, ip, logged);
    } catch (error) {
      failed(error);
      return;
    }
    if (decided instanceof Promise) decided.then(finish, failed);
    else finish(decided);
  };

  const stats: ProxyStats = {
    get upstreamRequests() {
      return gateway.upstreamRequests;
    },
    get discoveryRequests() {
      return gateway.discoveryRequests;
    },
    get cacheEntries() {
      return publicFlow.entries;
    },
    get cacheBytes() {
      return publicFlow.bytes;
    },
    get activeRequests() {
      return active;
    },
  };
  const idle = (): Promise<void> => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)));
  return Object.assign(handler, {
    stats,
    settings,
    prepare: () => gateway.prepare(),
    idle,
    settled: async () => {
      // Answering a client can start a refresh, so the clients first, then what they started.
      await idle();
      await publicFlow.drain();
    },
    close: async () => {
      await publicFlow.drain();
      gateway.close();
    },
  });
}
