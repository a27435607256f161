// Shared helpers for the Node tests of the built reference API (dist/server/...).
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReferenceOptions, RunningReference } from '../../src/server/reference/index.js';
import { testMoment } from '../tools/test-moment.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The built modules these tests load, by path under dist/, each typed by the source it is built
 * from: the tests exercise the build output (`npm run build` first), and tsc checks them against
 * the sources' types (tsconfig.node-tests.json). The build emits no declarations for src/server.
 */
interface Built {
  'api/index.js': typeof import('../../src/api/index.js');
  'server/cli/serve-options.js': typeof import('../../src/server/cli/serve-options.js');
  'server/proxy/cidr.js': typeof import('../../src/server/proxy/cidr.js');
  'server/proxy/connections.js': typeof import('../../src/server/proxy/connections.js');
  'server/proxy/credentials.js': typeof import('../../src/server/proxy/credentials.js');
  'server/proxy/index.js': typeof import('../../src/server/proxy/index.js');
  'server/proxy/limits.js': typeof import('../../src/server/proxy/limits.js');
  'server/proxy/oauth1-wordpress.js': typeof import('../../src/server/proxy/oauth1-wordpress.js');
  'server/proxy/oauth1.js': typeof import('../../src/server/proxy/oauth1.js');
  'server/proxy/options.js': typeof import('../../src/server/proxy/options.js');
  'server/proxy/redact.js': typeof import('../../src/server/proxy/redact.js');
  'server/reference/http/rate-limit.js': typeof import('../../src/server/reference/http/rate-limit.js');
  'server/reference/index.js': typeof import('../../src/server/reference/index.js');
  'server/reference/wp/php-serialize.js': typeof import('../../src/server/reference/wp/php-serialize.js');
}

/** A module of the build, e.g. `await dist('server/proxy/index.js')`. */
export const dist = <P extends keyof Built>(relative: P): Promise<Built[P]> =>
  import(pathToFileURL(path.join(ROOT, 'dist', relative)).href) as Promise<Built[P]>;

export const { startReferenceApi, createReferenceHandler, DEMO_USER, DEMO_APP_PASSWORD } = await dist('server/reference/index.js');

/**
 * The run's pinned moment (TW_TEST_MOMENT, else now: test/tools/test-moment.mjs); every reference API
 * these tests start is seeded at it, in the site zone of the machine's TZ. The seed books seats
 * today and tomorrow. Expectations are derived from NOW and the seed's rules, never from the clock.
 */
export const NOW = testMoment();
/** `YYYY-MM-DD` `days` after NOW's date in the site's (this process's) zone. */
export function siteDay(days = 0): string {
  const d = new Date(NOW);
  const shifted = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + days));
  return shifted.toISOString().slice(0, 10);
}
export const TODAY = siteDay(0);
/** NOW as the site's wall clock, in "local epoch" ms: `new Date(NOW_LOCAL)` prints what the site prints. */
export const NOW_LOCAL = NOW - new Date(NOW).getTimezoneOffset() * 60_000;
export const TOMORROW = siteDay(1);

export const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
export const AUTH = basic(DEMO_USER, DEMO_APP_PASSWORD);

/**
 * A value parsed from the wire (a JSON body, PHP-serialized meta). Deliberately `any`, the type
 * JSON.parse gives it: each test probes the shape it asserts on, and a wrong guess fails that
 * assertion at run time. Everything else here (modules, options, results) has its real type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Parsed = any;

export interface RequestOptions {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  /** The client address to send from (any 127.x.y.z on loopback): another visitor. */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  json(): Parsed;
}

/**
 * A raw HTTP request: the path goes out exactly as given (no URL normalization, so `..` and
 * `%2e%2e` reach the server), and any Host header can be set.
 */
export function request(origin: string, rawPath: string, { method = 'GET', headers = {}, localAddress }: RequestOptions = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: rawPath, headers, ...(localAddress && { localAddress }) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          // Always set on a response a client received.
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          json: () => JSON.parse(body),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface JsonResponse extends RawResponse {
  /** The parsed body; undefined when empty. */
  data: Parsed;
}

/** A header the response must carry exactly once: its value (a failed assertion otherwise). */
export function header(res: { headers: IncomingHttpHeaders }, name: string): string {
  const value = res.headers[name];
  assert.ok(typeof value === 'string', `expected one ${name} header, got ${JSON.stringify(value)}`);
  return value;
}

/** GET returning parsed JSON plus status and headers. */
export async function getJson(origin: string, rawPath: string, headers: http.OutgoingHttpHeaders = {}): Promise<JsonResponse> {
  const res = await request(origin, rawPath, { headers });
  return { ...res, data: res.body === '' ? undefined : JSON.parse(res.body) };
}

/** Starts a reference API on an ephemeral port, closed after the surrounding test/suite. */
export async function startFor(t: Pick<TestContext, 'after'>, options: ReferenceOptions = {}): Promise<RunningReference> {
  const running = await startReferenceApi({ port: 0, host: '127.0.0.1', now: NOW, ...options });
  t.after(() => running.close());
  return running;
}

/** Every page of a collection (per_page=100). */
export async function getAll(origin: string, route: string, query = '', headers: http.OutgoingHttpHeaders = {}): Promise<Parsed[]> {
  const first = await getJson(origin, `/wp-json${route}?per_page=100${query}`, headers);
  const pages = Number(first.headers['x-wp-totalpages']);
  const items = [...first.data];
  for (let page = 2; page <= pages; page++) {
    items.push(...(await getJson(origin, `/wp-json${route}?per_page=100&page=${page}${query}`, headers)).data);
  }
  return items;
}

/**
 * A minimal PHP unserialize() that counts string lengths in UTF-8 bytes, as PHP does. Throws on any
 * length or syntax mismatch, which is the point: the seed's serialized meta must parse exactly.
 */
export function phpUnserialize(text: string): Parsed {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  const expect = (char: string): void => {
    if (String.fromCharCode(bytes[at] ?? 0) !== char) throw new Error(`expected ${char} at byte ${at} in ${text}`);
    at += 1;
  };
  const until = (char: string): string => {
    const end = bytes.indexOf(char.charCodeAt(0), at);
    if (end < 0) throw new Error(`missing ${char}`);
    const value = bytes.subarray(at, end).toString('utf8');
    at = end + 1;
    return value;
  };
  const value = (): Parsed => {
    const type = String.fromCharCode(bytes[at] ?? 0);
    at += 2;
    switch (type) {
      case 'N':
        at -= 1;
        expect(';');
        return null;
      case 'b':
        return until(';') === '1';
      case 'i':
        return Number.parseInt(until(';'), 10);
      case 'd':
        return Number.parseFloat(until(';'));
      case 's': {
        const length = Number(until(':'));
        expect('"');
        const str = bytes.subarray(at, at + length).toString('utf8');
        at += length;
        expect('"');
        expect(';');
        return str;
      }
      case 'a': {
        const count = Number(until(':'));
        expect('{');
        const result: Record<string, Parsed> = {};
        for (let i = 0; i < count; i++) {
          const key = value();
          result[String(key)] = value();
        }
        expect('}');
        const keys = Object.keys(result);
        return keys.every((key, index) => key === String(index)) ? Object.values(result) : result;
      }
      default:
        throw new Error(`unknown type ${type} at ${at}`);
    }
  };
  const result = value();
  if (at !== bytes.length) throw new Error(`trailing bytes after ${at}`);
  return result;
}

/**
 * Resolves once `condition()` holds, checked now and then every few ms; fails after `timeoutMs`.
 * For a state a test can observe but not subscribe to (a request count, a process's output), so
 * that no test sleeps a fixed time and hopes.
 */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** How a CLI process ended. */
export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running CLI process with what it has printed so far. */
export interface CliProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  output: { stdout: string; stderr: string };
  exited: Promise<CliExit>;
}
