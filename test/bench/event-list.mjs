// `npm run bench`, event list: first render of 100 events by <event-list> against a hand-written
// DOM of the same cards in the same Chromium page. Reports through run.mjs's `report`; never throws.
//
// How: as seat-map.mjs (bench-server.mjs serves the page, dist/ and the in-page script
// event-list-page.js), with the embedded reference API (dist/server/reference) answering
// /wp-json/. The baseline draws the same normalized events (loaded once through the data layer)
// and sanitizes each excerpt with the browser's setHTML (pre-sanitized HTML through innerHTML where
// there is none). Medians of `runs` timed runs, the baseline's and the element's alternated in
// blocks after uncounted warm-ups; each span ends after a forced layout.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchChromium, closeBrowser, launchBenchBrowser, openBenchPage, reportFirstRenders } from './bench-browser.mjs';
import { startBenchServer } from './bench-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const EVENTS = 100;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>event-list bench</title>
<style>
  body { margin: 0; font: 16px/1.45 system-ui, sans-serif; }
  .bl-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
  .bl-card { display: flex; gap: 0.75rem; border: 1px solid #d0d0d7; border-radius: 0.5rem; padding: 0.75rem; background: #fff; }
  .bl-image { inline-size: 8rem; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 0.25rem; flex: none; background: #e8e8ee; }
  .bl-body { min-inline-size: 0; }
  .bl-title { margin: 0 0 0.25em; font-size: 1.1em; }
  .bl-title a { color: #0b57d0; }
  .bl-meta { margin: 0; color: #5b5b66; display: flex; flex-wrap: wrap; gap: 0.25em 0.75em; }
  .bl-chips { list-style: none; margin: 0.375rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25em; }
  .bl-chip { border: 1px solid #d0d0d7; border-radius: 999px; padding: 0 0.5em; font-size: 0.85em; }
  .bl-excerpt { margin-block-start: 0.375rem; overflow-wrap: anywhere; }
  .bl-excerpt > :first-child { margin-block-start: 0; }
  .bl-excerpt > :last-child { margin-block-end: 0; }
  .bl-badges { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25em; margin: 0 0 0.25em; padding: 0; font-size: 0.8em; }
  .bl-badge { border: 1px solid currentColor; border-radius: 0.25rem; padding: 0 0.375em; font-weight: 600; }
  .bl-calendar { margin-block-start: 0.375rem; }
  .bl-calendar-toggle { font: inherit; color: #0b57d0; background: none; border: 0; padding: 0; text-decoration: underline; cursor: pointer; }
  .bl-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
<script type="module" src="/bench/event-list-page.js"></script>
</head>
<body></body>
</html>
`;

/**
 * @param {(name: string, value: number | string, unit: string) => void} report
 * @param {{ runs?: number }} [options]
 */
export async function benchEventList(report, { runs = Number(process.env.BENCH_EVENT_LIST_RUNS) || 15 } = {}) {
  const executablePath = benchChromium();
  if (!executablePath) return console.log('event-list render: skipped (no Chromium; run npm test once to install it)');
  if (!existsSync(path.join(ROOT, 'dist', 'cdn', 'ticketing-widgets.js')) || !existsSync(path.join(ROOT, 'dist', 'server', 'reference', 'index.js'))) {
    return console.log('event-list render: skipped (dist/ incomplete; run npm run build)');
  }
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  const pageErrors = [];
  let server;
  let browser;
  try {
    const { createReferenceHandler } = await import(pathToFileURL(path.join(ROOT, 'dist', 'server', 'reference', 'index.js')).href);
    // No rate limit: the bench's own requests must never meet a 429.
    const reference = createReferenceHandler({ rateLimitPerMinute: 1_000_000, log: () => {} });
    server = await startBenchServer({
      root: ROOT,
      pageHtml: PAGE,
      scripts: ['event-list-page.js', 'page-timing.js'],
      api: (req, url, res) => {
        // The REST API and the events' images (media of the reference site).
        if (!/^\/wp-(json|content)\//.test(url.pathname) && !url.searchParams.has('rest_route')) return false;
        reference(req, res);
        return true;
      },
    });
    browser = await launchBenchBrowser(executablePath);
    const page = await openBenchPage(browser, `${server.url}/`, 'eventListBench', pageErrors);
    const prepared = await page.evaluate((n) => window.eventListBench.prepare(n), EVENTS);
    if (!prepared.defined) return console.log('event-list render: skipped (the bundle has no <event-list>)');
    if (prepared.count !== EVENTS) throw new Error(`the reference API gave ${prepared.count} events, not ${EVENTS}`);

    // How many cards and category chips a complete list shows, from a run of the baseline.
    const expected = await page.evaluate(() => window.eventListBench.baseline(1));
    await reportFirstRenders(
      report,
      {
        name: 'event-list',
        what: `${EVENTS} events`,
        tag: 'event-list',
        runs,
        verbose,
        check: (_base, element) => {
          if (element.cards.some((cards) => cards !== EVENTS)) throw new Error(`<event-list> drew ${element.cards.join(', ')} cards, not ${EVENTS}`);
        },
      },
      (n) => page.evaluate((count) => window.eventListBench.baseline(count), n),
      (n) => page.evaluate((count, perPage, expected) => window.eventListBench.firstRender(count, perPage, expected), n, EVENTS, expected),
    );
    if (server.unexpected.length) console.log(`event-list note: unexpected requests: ${[...new Set(server.unexpected)].slice(0, 3).join(', ')}`);
  } catch (error) {
    const errors = pageErrors.length ? `; page errors: ${pageErrors.slice(0, 3).join(' | ')}` : '';
    console.log(`event-list render: failed (${String(error?.message ?? error).split('\n')[0]}${errors})`);
  } finally {
    if (browser) await closeBrowser(browser);
    await server?.close();
  }
}
