// Shared helpers for the credentials-proxy tests: a reference API with test-only credentials, the
// proxy in front of it, a capturing upstream, a fake clock, and the leak check that every proxy
// test file runs over every response and log line it saw.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after } from 'node:test';
import { dist, NOW, request, startReferenceApi } from './helpers.mjs';

export const { startProxy, createProxyHandler } = await dist('proxy/index.js');
// Rollup keeps re-exports pointing at their home modules, so these come from there.
export const { ProxyConfigError } = await dist('proxy/options.js');

/**
 * Not the public demo credentials: these exist only in this test run, so finding them anywhere in
 * the proxy's output is a real leak. Written with WordPress's display spaces.
 */
export const SECRET = { user: 'proxy-test', appPassword: 'Qz7w Rk2P 9xLm Vt4B 8nHc Yd3F' };
const compact = SECRET.appPassword.replace(/\s+/g, '');
const b64 = (text) => Buffer.from(text).toString('base64');
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
export const observed = [];

/** Registers the file-level check; call once at the top of each proxy test file. */
export function checkLeaksAfterAll() {
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
export async function send(origin, rawPath, options = {}) {
  const res = await request(origin, rawPath, options);
  observed.push(`HTTP ${res.status}\n${JSON.stringify(res.headers)}\n${res.body}`);
  return res;
}

/** A log sink that keeps lines for assertions and for the leak check. */
export function logSink() {
  const lines = [];
  const log = (line) => {
    lines.push(line);
    observed.push(line);
  };
  const parsed = () => lines.map((line) => JSON.parse(line));
  return { lines, log, requests: () => parsed().filter((entry) => 'method' in entry), notices: () => parsed().filter((entry) => 'level' in entry) };
}

/** A controllable clock for cache ages, budgets and back-off. */
export function fakeClock(start = NOW) {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms), set: (ms) => (now = ms) };
}

/** The reference API with the test credentials, closed after the test. */
export async function startReference(t, options = {}) {
  const ref = await startReferenceApi({ port: 0, host: '127.0.0.1', now: NOW, user: SECRET.user, appPassword: SECRET.appPassword, ...options });
  t.after(() => ref.close());
  return ref;
}

/** The proxy (ephemeral port, test credentials, recorded logs) in front of `target`, closed after the test. */
export async function startProxyFor(t, target, options = {}) {
  const sink = logSink();
  const proxy = await startProxy({ target, port: 0, host: '127.0.0.1', credentials: SECRET, log: sink.log, ...options });
  t.after(() => proxy.close());
  return { proxy, url: proxy.url, logs: sink };
}

/** Reference + proxy in front of its `/wp-json` root. */
export async function startStack(t, { reference = {}, proxy = {} } = {}) {
  const ref = await startReference(t, reference);
  const running = await startProxyFor(t, `${ref.url}/wp-json`, proxy);
  return { ref, ...running };
}

/** Requests the reference API answered for a REST route (`/wbtm/v1/routes`). */
export const upstreamHits = (ref, route) => ref.requests.filter((entry) => entry.route === route);

/**
 * A tiny upstream that records each request (method, url, headers) and answers with `reply(req)`:
 * `{status, headers, body, delayMs}`; JSON bodies by default. Tracks the most requests in flight.
 */
export async function startCapture(t, reply = () => ({})) {
  const seen = [];
  let active = 0;
  let maxActive = 0;
  const server = http.createServer(async (req, res) => {
    active++;
    maxActive = Math.max(maxActive, active);
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    const answer = { status: 200, headers: {}, body: [], delayMs: 0, ...(await reply(req, seen.length)) };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const body = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body);
    active--;
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=UTF-8', ...answer.headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const close = () =>
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

export const json = (res) => JSON.parse(res.body);
