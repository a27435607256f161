/**
 * Shared by the *.test.mjs files here: the running stack's facts (from run.mjs), the built proxy,
 * plain HTTP, and the leak check the security tests use.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The build under test: dist/, or another build's folder of the same layout (TW_WORDPRESS_DIST). */
export const DIST = process.env.TW_WORDPRESS_DIST || join(PROJECT, 'dist');
const distModule = (...parts) => import(pathToFileURL(join(DIST, ...parts)).href);

/** Set by run.mjs: the JSON file with the running stack's facts. */
export const STACK_ENV = 'TW_WORDPRESS_STACK';

/** The stack's facts, or null when these files run without run.mjs (their tests then skip). */
export function loadStack() {
  const file = process.env[STACK_ENV];
  if (!file || !existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'));
}

export const NOT_STARTED = 'needs the WordPress stack: run `npm run test:wordpress`';

export async function loadProxy() {
  return distModule('server', 'proxy', 'index.js');
}

/** The proxy's RFC 5849 signer (dist/server/proxy/oauth1.js), for control requests. */
export async function loadOAuth1() {
  return distModule('server', 'proxy', 'oauth1.js');
}

export async function loadApi() {
  return distModule('api', 'index.js');
}

/**
 * Starts the built proxy for `stack` (target: its REST root unless given). Returns the proxy plus
 * the log lines it wrote, for failure messages.
 */
export async function startTestProxy(stack, init = {}) {
  const { startProxy } = await loadProxy();
  const lines = [];
  const plenty = { requests: 100_000, perMs: 60_000 };
  const proxy = await startProxy({
    target: stack.restRoot,
    port: 0,
    host: '127.0.0.1',
    log: (line) => lines.push(line),
    // Every test request comes from 127.0.0.1: the proxy's budgets and per-client limits are not
    // what these tests are about (test/server covers them), so they are lifted.
    upstreamRate: plenty,
    publicRate: plenty,
    clientRate: plenty,
    clientBusRate: plenty,
    ...init,
  });
  return { proxy, url: proxy.url, lines };
}

export function basicHeader({ user, appPassword }) {
  return `Basic ${Buffer.from(`${user}:${appPassword.replace(/\s+/g, '')}`).toString('base64')}`;
}

/** GET, with the body as text and (when it parses) JSON. */
export async function get(url, headers = {}) {
  const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Everything about the stack's unpublished content that must never reach a visitor. */
export function secretsOf(stack) {
  const titles = ['draft', 'private', 'scheduled', 'draftSpeaker', 'draftAttachment']
    .filter((key) => key !== 'draftSpeaker' || stack.ids.draftSpeaker !== undefined)
    .filter((key) => key !== 'draftAttachment' || stack.ids.draftAttachment !== undefined)
    .map((key) => stack.titles[key]);
  return [
    ...titles,
    // Slugs WordPress gave the private and scheduled events (drafts get none), and the photo's.
    'tw-private-event',
    'tw-scheduled-event',
    'tw-draft-event-photo',
    'unpublished, for the ticketing-widgets security tests',
    '"status":"draft"',
    '"status":"private"',
    '"status":"future"',
  ];
}

/** The secrets found in a response text (JSON with or without escaped slashes, as sent). */
export function leaksIn(text, stack) {
  const plain = text.replace(/\\\//g, '/');
  return secretsOf(stack).filter((secret) => plain.includes(secret));
}

/** Short, secret-free description of a response for assertion messages. */
export function describe(response, proxyLines = []) {
  const body = response.text.length > 400 ? `${response.text.slice(0, 400)}…` : response.text;
  const log = proxyLines.length ? `\nproxy log (last 3):\n${proxyLines.slice(-3).join('\n')}` : '';
  return `HTTP ${response.status}: ${body}${log}`;
}

/** The WordPress-side request log (one JSON line per REST request, see php/mu-plugins). */
export function requestLogSize(stack) {
  return existsSync(stack.requestLog) ? statSync(stack.requestLog).size : 0;
}

export function requestLogSince(stack, offset) {
  if (!existsSync(stack.requestLog)) return [];
  return readFileSync(stack.requestLog)
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** WordPress's rendered text as a reader sees it: tags out, the entities WordPress writes decoded. */
export function decodeRendered(html) {
  const named = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    hellip: '…',
    ndash: '–',
    mdash: '—',
    rsquo: '’',
    lsquo: '‘',
    rdquo: '”',
    ldquo: '“',
  };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/gi, (whole, name) => named[name.toLowerCase()] ?? whole)
    .trim();
}
