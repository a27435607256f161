// `npm run bench`, bundle diet: what a page downloads through the real embed line, measured in
// Chromium. The bench server serves dist/, the embedded reference API and three pages: only
// <event-list>, unconfigured (what must load before it can run); only <event-list> showing the
// reference site's events (everything it loads in the end: site HTML, the JSON-LD builder it loads
// when idle); the same in German (`lang="de"`: the German strings too); every element. Each page loads the loader, which loads what it finds. The figure is the
// gzip size (level 9, as tools/cdn-bytes.mjs) of every JavaScript response the page received, and
// their count. Never throws: a missing Chromium or build is reported as skipped.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchChromium, closeBrowser, launchBenchBrowser } from './bench-browser.mjs';
import { startBenchServer } from './bench-server.mjs';
import { LOADER, appEntryBytes, gzipBytes, gzipTotal, staticGraph } from '../tools/cdn-bytes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TAGS = readdirSync(path.join(ROOT, 'src', 'elements'));

const page = (body, lang = 'en') => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<script type="module" src="/dist/cdn/ticketing-widgets.js"></script></head>
<body>${body}</body></html>`;

/**
 * The bench server (test/bench/bench-server.mjs): `/` has only <event-list>, `/events.html` one
 * showing the reference API's events, `/de.html` the same on a German page, `/all.html` every element.
 */
async function startServer() {
  const { createReferenceHandler } = await import(pathToFileURL(path.join(ROOT, 'dist', 'server', 'reference', 'index.js')).href);
  const reference = createReferenceHandler({ rateLimitPerMinute: 1_000_000, log: () => {} });
  const pages = {
    '/events.html': page('<event-list base-url="/wp-json" per-page="10"></event-list>'),
    '/de.html': page('<event-list base-url="/wp-json" per-page="10"></event-list>', 'de'),
    '/all.html': page(TAGS.map((tag) => `<${tag}></${tag}>`).join('\n')),
  };
  return startBenchServer({
    root: ROOT,
    pageHtml: page('<event-list></event-list>'),
    scripts: [],
    api: (req, url, res, send) => {
      const html = pages[url.pathname];
      if (html) {
        send(res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, html);
        return true;
      }
      if (!/^\/wp-(json|content)\//.test(url.pathname)) return false;
      reference(req, res);
      return true;
    },
  });
}

/**
 * Loads a page in a fresh context and sums the gzip sizes of the JavaScript it received, once the
 * tags are defined and `settled` (a function run in the page) holds.
 */
async function measure(browser, url, expectTags, settled = () => true) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    const bodies = [];
    tab.on('response', (response) => {
      if (response.url().endsWith('.js')) bodies.push(response.buffer().catch(() => Buffer.alloc(0)));
    });
    await tab.goto(url, { waitUntil: 'networkidle0', timeout: 30_000 });
    await tab.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), { timeout: 15_000 }, expectTags);
    await tab.waitForFunction(settled, { timeout: 15_000 });
    await tab.waitForNetworkIdle({ idleTime: 500, timeout: 15_000 });
    const received = await Promise.all(bodies);
    return { requests: received.length, bytes: received.reduce((sum, body) => sum + gzipBytes(body), 0) };
  } finally {
    await context.close();
  }
}

/** @param {(name: string, value: number | string, unit: string) => void} report */
export async function benchEmbed(report) {
  if (!existsSync(path.join(ROOT, LOADER))) {
    console.log('embed: skipped (dist/cdn missing; run npm run build)');
    return;
  }
  report('CDN loader with its imports, min+gzip', gzipTotal(staticGraph([LOADER])), 'B');
  report('app bundle, ticketing-widgets/event-list.js (esbuild, Lit included) min+gzip', await appEntryBytes('dist/elements/event-list/event-list.js'), 'B');
  report('app bundle, ticketing-widgets (every element) min+gzip', await appEntryBytes('dist/index.js'), 'B');

  const executablePath = benchChromium();
  if (!executablePath) {
    console.log('embed in Chromium: skipped (no Chromium; run npm test once to install it)');
    return;
  }
  let server;
  let browser;
  try {
    server = await startServer();
    browser = await launchBenchBrowser(executablePath);
    const one = await measure(browser, `${server.url}/`, ['event-list']);
    report('CDN page with only <event-list>: JavaScript downloaded, gzip', one.bytes, 'B');
    report('CDN page with only <event-list>: JavaScript requests', one.requests, 'requests');
    // Shown events: its structured data is written when the browser is idle, after its builder loaded.
    const describedEvents = () => document.querySelector('event-list > script[type="application/ld+json"]');
    const shown = await measure(browser, `${server.url}/events.html`, ['event-list'], describedEvents);
    report('CDN page with only <event-list> showing 10 events, all it loads: JavaScript downloaded, gzip', shown.bytes, 'B');
    report('CDN page with only <event-list> showing 10 events, all it loads: JavaScript requests', shown.requests, 'requests');
    const german = await measure(browser, `${server.url}/de.html`, ['event-list'], describedEvents);
    report('CDN page with only <event-list> in German, showing 10 events: JavaScript downloaded, gzip', german.bytes, 'B');
    report('CDN page with only <event-list> in German, showing 10 events: JavaScript requests', german.requests, 'requests');
    const all = await measure(browser, `${server.url}/all.html`, TAGS);
    report(`CDN page with all ${TAGS.length} elements: JavaScript downloaded, gzip`, all.bytes, 'B');
    report(`CDN page with all ${TAGS.length} elements: JavaScript requests`, all.requests, 'requests');
  } catch (error) {
    console.log(`embed in Chromium: failed (${error?.message ?? error})`);
  } finally {
    if (browser) await closeBrowser(browser);
    await server?.close();
  }
}
