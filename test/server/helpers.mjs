// Shared helpers for the Node tests of the built reference API (dist/server/...).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testMoment } from '../tools/test-moment.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = (relative) => import(pathToFileURL(path.join(ROOT, 'dist/server', relative)).href);

export const { startReferenceApi, createReferenceHandler, DEMO_USER, DEMO_APP_PASSWORD } = await dist('reference/index.js');

/**
 * The run's pinned moment (TW_TEST_MOMENT, else now: test/tools/test-moment.mjs); every reference API
 * these tests start is seeded at it, in the site zone of the machine's TZ. The seed books seats
 * today and tomorrow. Expectations are derived from NOW and the seed's rules, never from the clock.
 */
export const NOW = testMoment();
/** `YYYY-MM-DD` `days` after NOW's date in the site's (this process's) zone. */
export function siteDay(days = 0) {
  const d = new Date(NOW);
  const shifted = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + days));
  return shifted.toISOString().slice(0, 10);
}
export const TODAY = siteDay(0);
/** NOW as the site's wall clock, in "local epoch" ms: `new Date(NOW_LOCAL)` prints what the site prints. */
export const NOW_LOCAL = NOW - new Date(NOW).getTimezoneOffset() * 60_000;
export const TOMORROW = siteDay(1);

export const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
export const AUTH = basic(DEMO_USER, DEMO_APP_PASSWORD);

/**
 * A raw HTTP request: the path goes out exactly as given (no URL normalization, so `..` and
 * `%2e%2e` reach the server), and any Host header can be set.
 */
export function request(origin, rawPath, { method = 'GET', headers = {}, localAddress } = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: rawPath, headers, ...(localAddress && { localAddress }) }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode,
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

/** GET returning parsed JSON plus status and headers. */
export async function getJson(origin, rawPath, headers = {}) {
  const res = await request(origin, rawPath, { headers });
  return { ...res, data: res.body === '' ? undefined : JSON.parse(res.body) };
}

/** Starts a reference API on an ephemeral port, closed after the surrounding test/suite. */
export async function startFor(t, options = {}) {
  const running = await startReferenceApi({ port: 0, host: '127.0.0.1', now: NOW, ...options });
  t.after(() => running.close());
  return running;
}

/** Every page of a collection (per_page=100). */
export async function getAll(origin, route, query = '', headers = {}) {
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
export function phpUnserialize(text) {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  const expect = (char) => {
    if (String.fromCharCode(bytes[at]) !== char) throw new Error(`expected ${char} at byte ${at} in ${text}`);
    at += 1;
  };
  const until = (char) => {
    const end = bytes.indexOf(char.charCodeAt(0), at);
    if (end < 0) throw new Error(`missing ${char}`);
    const value = bytes.subarray(at, end).toString('utf8');
    at = end + 1;
    return value;
  };
  const value = () => {
    const type = String.fromCharCode(bytes[at]);
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
        const result = {};
        for (let i = 0; i < count; i++) {
          const key = value();
          result[key] = value();
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
