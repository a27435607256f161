// Shared helpers for the credentials-proxy tests: a reference API with test-only credentials, the
// proxy in front of it, a capturing upstream, a fake clock, and the leak check that every proxy
// test file runs over every response and log line it saw.
import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, type TestContext } from 'node:test';
import type { ProxyInit, RunningProxy } from '../../src/server/proxy/index.js';
import type { ReferenceOptions, RequestRecord, RunningReference } from '../../src/server/reference/index.js';
import { dist, NOW, request, startReferenceApi, type Parsed, type RawResponse, type RequestOptions } from './helpers.js';

export const { startProxy, createProxyHandler } = await dist('server/proxy/index.js');
// Rollup keeps re-exports pointing at their home modules, so these come from there.
export const { ProxyConfigError } = await dist('server/proxy/options.js');

/**
 * Not the public demo credentials: these exist only in this test run, so finding them anywhere in
 * the proxy's output is a real leak. Written with WordPress's display spaces.
 */
export const SECRET = { user: 'proxy-test', appPassword: 'Qz7w Rk2P 9xLm Vt4B 8nHc Yd3F' };
const compact = SECRET.appPassword.replace(/\s+/g, '');
const b64 = (text: string): string => Buffer.from(text).toString('base64');
export const BASIC = `Basic ${b64(`${SECRET.user}:${compact}`)}`;
export const SECRET_FORMS = [
  SECRET.appPassword,
  compact,
  b64(`${SECRET.user}:${SECRET.appPassword}`),
  b64(`${SECRET.user}:${compact}`),
  `Basic ${b64(`${SECRET.user}:${SECRET.appPassword}`)}`,
  BASIC,
];

/** Everything the proxy said in this file: responses (status line, headers, body) and log lines. */
export const observed: string[] = [];

/** Registers the file-level check; call once at the top of each proxy test file. */
export function checkLeaksAfterAll(): void {
  after(() => {
    assert.ok(observed.length > 0, 'the leak check saw nothing: the recording is broken');
    for (const text of observed) {
      for (const form of SECRET_FORMS) {
        assert.ok(!text.includes(form), `a secret form leaked into: ${text.slice(0, 300)}`);
      }
    }
  });
}

/** A raw request to the proxy (paths go out unnormalised), recorded for the leak check. */
export async function send(origin: string, rawPath: string, options: RequestOptions = {}): Promise<RawResponse> {
  const res = await request(origin, rawPath, options);
  observed.push(`HTTP ${res.status}\n${JSON.stringify(res.headers)}\n${res.body}`);
  return res;
}

/** One parsed log line of the proxy: a request line (`method`, `route`, `status`, `cache`…) or a notice (`level`, `event`, `message`). */
export type LogEntry = Record<string, Parsed>;

export interface LogSink {
  lines: string[];
  log: (line: string) => void;
  requests: () => LogEntry[];
  notices: () => LogEntry[];
}

/** A log sink that keeps lines for assertions and for the leak check. */
export function logSink(): LogSink {
  const lines: string[] = [];
  const log = (line: string): void => {
    lines.push(line);
    observed.push(line);
  };
  const parsed = (): LogEntry[] => lines.map((line) => JSON.parse(line));
  return { lines, log, requests: () => parsed().filter((entry) => 'method' in entry), notices: () => parsed().filter((entry) => 'level' in entry) };
}

export interface FakeClock {
  now: () => number;
  advance: (ms: number) => number;
  set: (ms: number) => number;
}

/** A controllable clock for cache ages, budgets and back-off. */
export function fakeClock(start = NOW): FakeClock {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms), set: (ms) => (now = ms) };
}

/** The reference API with the test credentials, closed after the test. */
export async function startReference(t: TestContext, options: ReferenceOptions = {}): Promise<RunningReference> {
  const ref = await startReferenceApi({ port: 0, host: '127.0.0.1', now: NOW, user: SECRET.user, appPassword: SECRET.appPassword, ...options });
  t.after(() => ref.close());
  return ref;
}

export interface ProxyUnderTest {
  proxy: RunningProxy;
  url: string;
  logs: LogSink;
}

/** The proxy (ephemeral port, test credentials, recorded logs) in front of `target`, closed after the test. */
export async function startProxyFor(t: TestContext, target: string, options: Partial<ProxyInit> = {}): Promise<ProxyUnderTest> {
  const sink = logSink();
  const proxy = await startProxy({ target, port: 0, host: '127.0.0.1', credentials: SECRET, log: sink.log, ...options });
  t.after(() => proxy.close());
  return { proxy, url: proxy.url, logs: sink };
}

/** Reference + proxy in front of its `/wp-json` root. */
export async function startStack(
  t: TestContext,
  { reference = {}, proxy = {} }: { reference?: ReferenceOptions; proxy?: Partial<ProxyInit> } = {},
): Promise<ProxyUnderTest & { ref: RunningReference }> {
  const ref = await startReference(t, reference);
  const running = await startProxyFor(t, `${ref.url}/wp-json`, proxy);
  return { ref, ...running };
}

/** Requests the reference API answered for a REST route (`/wbtm/v1/routes`). */
export const upstreamHits = (ref: RunningReference, route: string): RequestRecord[] => ref.requests.filter((entry) => entry.route === route);

/** How the capturing upstream answers one request; JSON bodies unless `body` is a string or Buffer. */
export interface CaptureAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** A slow site: wait this long before answering. */
  delayMs?: number;
}

/** A request the capturing upstream received. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Capture {
  url: string;
  /** Every request so far, in arrival order. */
  seen: SeenRequest[];
  close: () => Promise<void>;
  /** The most requests that were in flight at once. */
  readonly maxActive: number;
}

/**
 * A tiny upstream that records each request (method, url, headers) and answers with
 * `reply(request, n)` (the recorded request; n = 1 for the first): `{status, headers, body, delayMs}`;
 * JSON bodies by default. Tracks the most requests in flight.
 */
export async function startCapture(
  t: TestContext,
  reply: (request: SeenRequest, n: number) => CaptureAnswer | Promise<CaptureAnswer> = () => ({}),
): Promise<Capture> {
  const seen: SeenRequest[] = [];
  let active = 0;
  let maxActive = 0;
  const server = http.createServer(async (req, res) => {
    active++;
    maxActive = Math.max(maxActive, active);
    const received: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    seen.push(received);
    const answer = { status: 200, headers: {}, body: [], delayMs: 0, ...(await reply(received, seen.length)) };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const body = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body);
    active--;
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=UTF-8', ...answer.headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  t.after(close);
  return {
    url,
    seen,
    close,
    get maxActive() {
      return maxActive;
    },
  };
}

export const json = (res: RawResponse): Parsed => JSON.parse(res.body);

/**
 * A proxy handler on a loopback server of its own, for tests that bend each request first (`before`:
 * a socket's address, a reply that fails to write). Closed, handler included, after the test.
 */
export async function serveHandler(
  t: TestContext,
  handler: http.RequestListener & { close(): Promise<void> },
  before: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<string> {
  const server = http.createServer((req, res) => {
    before(req, res);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await handler.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
