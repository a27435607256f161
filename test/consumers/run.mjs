// `npm run test:consumers`: the package as an app really gets it. Each app under demo/frameworks/
// (plain TypeScript, React 19, React 18 with the wrappers, Vue, Svelte, webpack) is installed from
// the tarball that `npm pack` makes, type-checked, built (`npm run build`: Vite, or webpack for the
// webpack app), served by the reference API and checked in headless Chromium: the element is
// registered, the list renders from the API, an object property arrives as a property, and a
// custom event from the element reaches the app's own state.
//
//   node test/consumers/run.mjs              every app, two at a time
//   node test/consumers/run.mjs react19 vue  some apps
//   node test/consumers/run.mjs vue --serve  one app, then keep serving it to look at by hand
//
// Needs a build (npm test builds first) and the npm registry or a warm npm cache for the apps'
// dependencies. The apps are copied to a work directory outside the repository, so nothing from
// the repository's own node_modules can stand in for a dependency an app or the package forgot;
// it is kept between runs (TW_CONSUMERS_DIR moves it), so a rerun reinstalls only what changed.
// Chromium: CHROME_PATH, else the one test/tools/chromium.mjs finds (Debian's /usr/bin/chromium, or on PATH).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumFlags, chromiumPath } from '../tools/chromium.mjs';
import { describeMoment, testMoment } from '../tools/test-moment.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APPS_DIR = path.join(ROOT, 'demo/frameworks');
const PACKAGE = 'ticketing-widgets';
const WORK = process.env.TW_CONSUMERS_DIR
  ? path.resolve(process.env.TW_CONSUMERS_DIR)
  : path.join(os.tmpdir(), `tw-consumers-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`);
const JOBS = Math.max(1, Number(process.env.TW_CONSUMERS_JOBS) || 2);
const MINUTE = 60_000;
const TIMEOUTS = { install: 10 * MINUTE, typecheck: 3 * MINUTE, build: 3 * MINUTE, browser: MINUTE };

const APPS = readdirSync(APPS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(APPS_DIR, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();

const args = process.argv.slice(2);
const serve = args.includes('--serve');
const wanted = args.filter((arg) => !arg.startsWith('--'));
const unknown = wanted.filter((name) => !APPS.includes(name));
if (unknown.length > 0) die(`unknown app ${unknown.join(', ')}; the apps are ${APPS.join(', ')}`);
const apps = wanted.length > 0 ? wanted : APPS;
if (serve && apps.length !== 1) die('--serve needs exactly one app, e.g. node test/consumers/run.mjs react19 --serve');

const referenceModule = path.join(ROOT, 'dist/server/reference/index.js');
if (!existsSync(path.join(ROOT, 'dist/index.js')) || !existsSync(referenceModule)) die('no build in dist/: run `npm run build` first');
const executablePath = chromiumPath();
if (!executablePath) die('no Chromium: run `node test/tools/ensure-chromium.mjs` (or set CHROME_PATH)');

// The served data is seeded at the run's pinned moment, like every other test's reference API.
const NOW = testMoment();

// ---------------------------------------------------------------------------------------------
// Child processes

/** Children still running, so a timeout or Ctrl+C ends their whole process group. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * The environment for npm in an app's folder: without what an outer `npm run` exported about this
 * repository (its package, its prefix), and with NODE_ENV unset so devDependencies are installed.
 */
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^npm_(package_|lifecycle_|command$|config_local_prefix$)/i.test(key) && key !== 'INIT_CWD' && key !== 'NODE_ENV',
  ),
);

/** Runs a command, appending its output to `log`; resolves to { code, output, seconds }. */
function run(command, commandArgs, { cwd, log, timeout }) {
  const started = Date.now();
  appendFileSync(log, `\n$ ${command} ${commandArgs.join(' ')}   (in ${cwd})\n`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    const chunks = [];
    const keep = (chunk) => {
      chunks.push(chunk);
      appendFileSync(log, chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeout);
    const finish = (code, error) => {
      clearTimeout(timer);
      running.delete(child);
      let output = Buffer.concat(chunks).toString('utf8');
      if (error) output += `\n${error.message}`;
      if (timedOut) output += `\n(stopped after ${timeout / 1000} s)`;
      resolve({ code: timedOut ? 'timeout' : code, output, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => finish(-1, error));
    child.on('close', (code) => finish(code ?? 1));
  });
}

/** A failed step: `what` is the one-line reason, `detail` the output worth showing. */
class StepFailure extends Error {
  constructor(what, detail = '') {
    super(what);
    this.detail = detail;
  }
}

const tail = (text, lines = 40) =>
  text
    .trimEnd()
    .split('\n')
    .filter((line) => !/Unknown (user|env) config/.test(line))
    .slice(-lines)
    .join('\n');

async function step(name, command, commandArgs, options) {
  const result = await run(command, commandArgs, { ...options, timeout: TIMEOUTS[name] });
  if (result.code !== 0) {
    const why = result.code === 'timeout' ? `timed out after ${TIMEOUTS[name] / 1000} s` : `exit ${result.code}`;
    throw new StepFailure(`${name}: ${why}`, tail(result.output));
  }
  return result.seconds;
}

// ---------------------------------------------------------------------------------------------
// The tarball

/** `npm pack` of the repository as it is built; the file name carries its checksum. */
async function pack() {
  const out = path.join(WORK, 'pack');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const log = path.join(WORK, 'pack.log');
  writeFileSync(log, '');
  // --ignore-scripts: npm test has just built dist/; the tarball is what is in it, built once.
  const result = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: ROOT, log, timeout: MINUTE });
  if (result.code !== 0) die(`npm pack failed (exit ${result.code}):\n${tail(result.output)}`);
  const json = result.output.slice(result.output.indexOf('['), result.output.lastIndexOf(']') + 1);
  const [info] = JSON.parse(json);
  // A new name whenever the content changes, so npm installs it afresh in every app.
  const tarball = path.join(WORK, `${PACKAGE}-${info.version}-${info.shasum.slice(0, 12)}.tgz`);
  for (const old of readdirSync(WORK).filter((name) => name.startsWith(`${PACKAGE}-`) && name.endsWith('.tgz'))) {
    rmSync(path.join(WORK, old));
  }
  renameSync(path.join(out, info.filename), tarball);
  rmSync(out, { recursive: true, force: true });
  console.log(`packed ${info.id}: ${info.entryCount} files, ${(info.size / 1024).toFixed(0)} kB (${path.relative(process.cwd(), tarball) || tarball})`);
  return tarball;
}

// ---------------------------------------------------------------------------------------------
// One app

/** Copies the app's sources over its work folder, keeping node_modules and the lockfile of the last run. */
function stage(app, tarball) {
  const source = path.join(APPS_DIR, app);
  const dir = path.join(WORK, 'apps', app);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir)) {
    if (entry !== 'node_modules' && entry !== 'package-lock.json') rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  const skipped = new Set(['node_modules', 'dist', 'package-lock.json'].map((name) => path.join(source, name)));
  cpSync(source, dir, { recursive: true, filter: (file) => !skipped.has(file) });
  const manifestPath = path.join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!manifest.dependencies?.[PACKAGE]) throw new StepFailure(`stage: demo/frameworks/${app}/package.json does not depend on ${PACKAGE}`);
  manifest.dependencies[PACKAGE] = `file:${tarball}`;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

const NETWORK = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTCACHED|ERR_SOCKET_TIMEOUT)\b/;

async function install(app, dir, log) {
  try {
    return await step('install', 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--include=dev'], { cwd: dir, log });
  } catch (error) {
    const code = error.detail?.match(NETWORK)?.[1];
    if (code) {
      throw new StepFailure(
        `install: npm could not reach the registry for ${app}'s dependencies (${code}). These tests need the npm registry or a warm npm cache; CI has the registry.`,
        error.detail
          .split('\n')
          .filter((line) => line.startsWith('npm error'))
          .slice(0, 4)
          .join('\n'),
      );
    }
    throw error;
  }
}

async function checkApp(app, tarball) {
  const log = path.join(WORK, 'logs', `${app}.log`);
  mkdirSync(path.dirname(log), { recursive: true });
  writeFileSync(log, `${app}: ${new Date().toISOString()}\n`);
  const times = {};
  let phase = 'stage';
  try {
    const dir = stage(app, tarball);
    phase = 'install';
    times.install = await install(app, dir, log);
    phase = 'typecheck';
    times.typecheck = await step('typecheck', 'npm', ['run', 'typecheck'], { cwd: dir, log });
    phase = 'build';
    times.build = await step('build', 'npm', ['run', 'build'], { cwd: dir, log });
    phase = 'browser';
    const started = Date.now();
    const server = await serveApp(path.join(dir, 'dist'));
    try {
      await withTimeout(checkInBrowser(server.url), TIMEOUTS.browser, 'browser: the checks did not finish');
      times.browser = (Date.now() - started) / 1000;
      if (serve) await keepServing(app, server);
    } finally {
      await server.close();
    }
    return { app, ok: true, times, log };
  } catch (error) {
    if (!(error instanceof StepFailure)) error = new StepFailure(`${phase}: ${error.message}`, error.stack ?? '');
    return { app, ok: false, times, log, what: error.message, detail: error.detail };
  }
}

async function serveApp(dir) {
  const { startReferenceApi } = await import(pathToFileURL(referenceModule).href);
  // Same origin for the app and the API: the apps use `${location.origin}/wp-json` as base-url.
  return startReferenceApi({ port: 0, host: '127.0.0.1', now: NOW, staticRoots: [{ prefix: '/', dir }] });
}

async function keepServing(app, server) {
  console.log(`serving ${app} at ${server.url}/ — Ctrl+C to stop`);
  await new Promise(() => {});
}

function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// The browser

let browserLaunch;
/** One Chromium for every app, each app in its own browser context. */
function browser() {
  browserLaunch ??= (async () => {
    const { default: puppeteer } = await import('puppeteer-core');
    const flags = chromiumFlags();
    // headless: true is Chromium's new headless mode (--headless=new).
    return puppeteer.launch({ executablePath, headless: true, args: flags, timeout: 30_000, protocolTimeout: 60_000 });
  })();
  return browserLaunch;
}

/** What the page shows, for a failure message. Runs in the page. */
function pageState() {
  const el = document.querySelector('event-list');
  const root = el?.shadowRoot;
  const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return JSON.stringify({
    eventList: el
      ? customElements.get('event-list')
        ? el instanceof customElements.get('event-list')
          ? 'upgraded'
          : 'not upgraded'
        : 'tag not registered'
      : 'absent',
    attributes: el ? Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])) : undefined,
    shadow: root ? text(root).slice(0, 160) : undefined,
    appPage: text(document.querySelector('[data-testid="page"]')),
  });
}

/** Reads the list inside <event-list>'s shadow root. Runs in the page. */
function listState() {
  const el = document.querySelector('event-list');
  const root = el?.shadowRoot;
  return {
    pending: el?.hasAttribute('pending') ?? true,
    page: el?.page,
    items: root ? root.querySelectorAll('[part~="item"]').length : 0,
    titles: root ? [...root.querySelectorAll('[part~="title"]')].map((t) => (t.textContent ?? '').replace(/\s+/g, ' ').trim()) : [],
    status: (root?.querySelector('[part~="page-status"]')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    appPage: (document.querySelector('[data-testid="page"]')?.textContent ?? '').trim(),
  };
}

async function checkInBrowser(url) {
  const context = await (await browser()).createBrowserContext();
  const problems = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // Chromium asks every page for /favicon.ico; the apps have none.
      if (message.type() === 'error' && !message.location()?.url?.endsWith('/favicon.ico')) problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));

    /** Waits until `predicate` holds in the page; else fails with `what` and what the page showed. */
    const expect = async (what, predicate, arg, timeout = 10_000) => {
      try {
        await page.waitForFunction(predicate, { timeout, polling: 50 }, arg);
      } catch (error) {
        const seen = await page.evaluate(pageState).catch(() => 'the page could not be read');
        const extra = problems.length > 0 ? `\n${problems.join('\n')}` : '';
        throw new StepFailure(
          `browser: ${what}`,
          `${error.name === 'TimeoutError' ? `not so after ${timeout / 1000} s` : error.message}; the page showed ${seen}${extra}`,
        );
      }
    };

    await page.goto(`${url}/`, { waitUntil: 'load', timeout: 30_000 });
    await expect('the app rendered no <event-list>', () => document.querySelector('event-list') !== null);
    await expect(
      '<event-list> was never registered (customElements.get("event-list") is undefined): did the bundle drop the package\'s registering module?',
      () => customElements.get('event-list') !== undefined,
      undefined,
      5_000,
    );
    await expect('the <event-list> in the page is not an instance of the registered class', () => {
      const el = document.querySelector('event-list');
      return el instanceof customElements.get('event-list');
    });
    await expect(
      '<event-list> did not render 3 events from the reference API (per-page="3")',
      `(${listState})().pending === false && (${listState})().items === 3`,
      undefined,
      15_000,
    );
    const first = await page.evaluate(listState);
    if (first.titles.length !== 3 || first.titles.some((title) => title === '')) {
      throw new StepFailure('browser: an event title is empty', JSON.stringify(first.titles));
    }
    const pages = Number(first.status.match(/^Page 1 of (\d+)$/)?.[1]);
    if (!(pages > 1)) throw new StepFailure(`browser: the pager does not read "Page 1 of N" with N > 1: "${first.status}"`);
    if (first.appPage !== '1') throw new StepFailure(`browser: the app showed page "${first.appPage}" before any page-change, not "1"`);

    const strings = await page.evaluate(() => {
      const el = document.querySelector('event-list');
      return { type: typeof el.strings, eventsEmpty: el.strings?.eventsEmpty, attribute: el.getAttribute('strings') };
    });
    if (strings.type !== 'object' || strings.eventsEmpty !== 'Nothing on' || strings.attribute !== null) {
      throw new StepFailure(
        'browser: `strings` did not arrive as an object property',
        `el.strings is ${strings.type} (eventsEmpty: ${JSON.stringify(strings.eventsEmpty)}); strings attribute: ${JSON.stringify(strings.attribute)}`,
      );
    }

    // A real click on the pager's next button inside the shadow root (`>>>` pierces shadow roots).
    const next = await page.waitForSelector('event-list >>> [part~="next"]', { timeout: 5_000 });
    await next.click();
    await expect(
      'clicking "next" did not reach the app: its [data-testid="page"] does not read 2 (page-change → app state)',
      () => document.querySelector('[data-testid="page"]')?.textContent?.trim() === '2',
    );
    await expect(
      '<event-list> did not load page 2',
      `(() => { const s = (${listState})(); return s.pending === false && s.page === 2 && s.items === 3 && s.status.startsWith('Page 2 of ') && s.titles[0] !== ${JSON.stringify(first.titles[0])}; })()`,
      undefined,
      15_000,
    );
    if (problems.length > 0) throw new StepFailure('browser: the page reported errors', problems.join('\n'));
  } finally {
    await context.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Main

function die(message) {
  console.error(`consumers: ${message}`);
  process.exit(1);
}

function report(result) {
  const t = result.times;
  const spent = ['install', 'typecheck', 'build', 'browser']
    .filter((name) => t[name] !== undefined)
    .map((name) => `${name} ${t[name].toFixed(1)} s`)
    .join(', ');
  if (result.ok) {
    console.log(`ok   ${result.app.padEnd(8)} ${spent}`);
    return;
  }
  console.log(`FAIL ${result.app.padEnd(8)} ${result.what}${spent ? ` (after ${spent})` : ''}`);
  if (result.detail) console.log(result.detail.replace(/^/gm, '     | '));
  console.log(`     full log: ${result.log}`);
}

const started = Date.now();
mkdirSync(WORK, { recursive: true });
console.log(`consumer apps ${apps.join(', ')} in ${WORK}; reference API seeded at ${describeMoment(NOW)}`);
const tarball = await pack();

const results = [];
const queue = [...apps];
await Promise.all(
  Array.from({ length: Math.min(JOBS, apps.length) }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const result = await checkApp(app, tarball);
      report(result);
      results.push(result);
    }
  }),
);
if (browserLaunch) await (await browserLaunch.catch(() => null))?.close();

const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length} consumer apps in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// The plain closing line CI reads as a test count.
console.log(`consumers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
