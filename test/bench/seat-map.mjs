// `npm run bench`, seat map: first render of a 500-seat layout by <bus-seat-map> against a
// hand-written DOM baseline of the same layout in the same Chromium page, and the re-render when
// one seat's status changes. Reports through run.mjs's `report`; never throws.
//
// How: Debian's Chromium (CHROME_PATH overrides) driven by puppeteer-core; a node:http server on
// 127.0.0.1 serves the page, the package's dist/ and the contract-dialect bus detail
// (seat-map-server.mjs); the measuring code runs in the page (seat-map-page.js). Each figure is the
// median of `runs` timed runs, the baseline's and the element's alternated in blocks after
// uncounted warm-ups; each span ends after a forced layout.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSeatMapData, startSeatMapServer } from './seat-map-server.mjs';
import { benchChromium, closeBrowser, launchBenchBrowser, openBenchPage, median, ms, reportFirstRenders } from './bench-browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SEATS = 500;

/**
 * The seat buttons inside <bus-seat-map>'s shadow root (grid-view.ts: `<button class="seat"
 * data-spot aria-pressed>`); the list alternative's checkboxes and the deck tabs do not match.
 */
const SEAT_SELECTOR = 'button[data-spot][aria-pressed]';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>seat-map bench</title>
<style>
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; }
  .bl-map { display: flex; flex-wrap: wrap; gap: 2rem; align-items: flex-start; padding: 1rem; }
  .bl-grid { display: grid; gap: 0.25rem; }
  .bl-row { display: contents; }
  /* Seats look as the element's do: a state shows in border, pattern and a mark, not only in colour. */
  .bl-seat { position: relative; inline-size: 2.5rem; block-size: 2.5rem; padding: 0; font: inherit; font-size: 0.75rem; font-weight: 600; border: 2px solid #1d1d1f; border-radius: 0.5rem 0.5rem 0.2rem 0.2rem; background: #fff; }
  .bl-booked { color: #5b5b66; border: 2px dashed #5b5b66; background: repeating-linear-gradient(45deg, #d0d0d7 0 2px, #fff 2px 6px); text-decoration: line-through; }
  .bl-held { color: #5b5b66; border: 2px dotted #5b5b66; background: radial-gradient(circle, #d0d0d7 1px, #fff 1.5px) 0 0 / 6px 6px; }
  .bl-seat[aria-pressed="true"] { background: #0b57d0; color: #fff; }
  .bl-booked::after, .bl-held::after, .bl-seat[aria-pressed="true"]::after { position: absolute; inset-block-start: 0; inset-inline-end: 1px; font-size: 0.8em; line-height: 1; }
  .bl-booked::after { content: "\\2715" / ""; }
  .bl-held::after { content: "\\2016" / ""; }
  .bl-seat[aria-pressed="true"]::after { content: "\\2713" / ""; }
  .bl-fixture { display: grid; place-items: center; font-size: 0.625rem; color: #6b7280; }
  .bl-page { display: grid; gap: 1rem; }
  .bl-page > p { margin: 0; }
  .bl-name { font-weight: 700; font-size: 1.1em; }
  .bl-toggle { font: inherit; justify-self: start; }
  .bl-field label { display: grid; gap: 0.25rem; justify-items: start; }
  .bl-legend { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
  .bl-swatch { position: relative; display: inline-block; inline-size: 1.4em; block-size: 1.4em; margin-inline-end: 0.375em; vertical-align: middle; border: 2px solid #2563eb; border-radius: 0.375rem; }
  .bl-summary > p { margin: 0; }
  .bl-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
<script type="module" src="/bench/seat-map-page.js"></script>
</head>
<body></body>
</html>
`;

/**
 * @param {(name: string, value: number | string, unit: string) => void} report
 * @param {{ runs?: number }} [options]
 */
export async function benchSeatMap(report, { runs = Number(process.env.BENCH_SEAT_MAP_RUNS) || 15 } = {}) {
  const executablePath = benchChromium();
  if (!executablePath) {
    console.log('seat-map render: skipped (no Chromium; run npm test once to install it)');
    return;
  }
  if (!existsSync(path.join(ROOT, 'dist', 'cdn', 'ticketing-widgets.js'))) {
    console.log('seat-map render: skipped (dist/cdn/ticketing-widgets.js missing; run npm run build)');
    return;
  }
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  const pageErrors = [];
  let server;
  let browser;
  try {
    const data = createSeatMapData();
    server = await startSeatMapServer({ root: ROOT, pageHtml: PAGE, data });
    browser = await launchBenchBrowser(executablePath);
    const page = await openBenchPage(browser, `${server.url}/`, 'seatMapBench', pageErrors);

    const bundle = await page.evaluate((options) => window.seatMapBench.loadBundle(options), { seatSelector: SEAT_SELECTOR });
    if (!bundle.loaded) throw new Error(`the CDN bundle did not load: ${bundle.error}`);
    if (!bundle.defined) {
      console.log('seat-map element: not built yet');
      return;
    }

    // 1. Hand-written DOM and 2. <bus-seat-map> first render (the detail already in the page-wide
    // cache after the warm-up), alternated.
    const { first } = await reportFirstRenders(
      report,
      {
        name: 'seat-map',
        what: `${SEATS} seats`,
        tag: 'bus-seat-map',
        runs,
        verbose,
        check: (base, element) => {
          if (base.seats.some((seats) => seats !== SEATS)) throw new Error(`the baseline drew ${base.seats.join(', ')} seats, not ${SEATS}`);
          if (element.seats.some((seats) => seats !== SEATS)) throw new Error(`<bus-seat-map> drew ${element.seats.join(', ')} seat buttons, not ${SEATS}`);
        },
      },
      (n) => page.evaluate((count) => window.seatMapBench.baseline(count), n),
      (n) => page.evaluate((count, seats) => window.seatMapBench.firstRender(count, seats), n, SEATS),
    );
    if (first.requests.some((count) => count > 0)) {
      console.log(`seat-map note: timed first renders made API requests (${first.requests.join(', ')}); the cache was not used`);
    }
    if (first.wakeups.some((count) => count > 0)) {
      console.log(`seat-map note: timed first renders waited on a 50 ms poll (${first.wakeups.join(', ')}); those runs are inflated`);
    }

    // 3. Re-render after one seat changes, on a map left in the page.
    await page.evaluate((seats) => window.seatMapBench.firstRender(1, seats, true), SEATS);
    if (!bundle.refresh) {
      console.log('seat-map re-render: skipped (<bus-seat-map> has no refreshAvailability())');
    } else {
      const results = [];
      for (let i = 0; i <= runs; i++) {
        const { seat } = data.flip();
        const result = await page.evaluate((name) => window.seatMapBench.rerender(name), seat);
        if (result.status !== null && result.status !== 200) throw new Error(`re-render run ${i}: the refresh got HTTP ${result.status}, not 200`);
        if (!result.changedIsSeat) {
          throw new Error(
            `re-render run ${i}: expected only seat ${seat} to change on screen, saw ${result.changed.length} change(s): ${result.changed.slice(0, 3).join(' / ')}`,
          );
        }
        results.push(result);
      }
      const timed = results.slice(1);
      report(
        `seat-map re-render after one seat changes, refreshAvailability() incl. loopback request (median of ${runs})`,
        ms(median(timed.map((r) => r.total))),
        'ms',
      );
      if (timed.every((r) => r.afterApplied !== null)) {
        report(
          `seat-map re-render after one seat changes, from new data applied to laid out (median of ${runs})`,
          ms(median(timed.map((r) => r.afterApplied))),
          'ms',
        );
      } else {
        console.log(
          'seat-map note: could not see when <bus-seat-map> applied the new data (no requestUpdate() call); only the figure incl. the request is reported',
        );
      }
      if (verbose) {
        const part = (value) => (value === null ? '?' : ms(value));
        console.log(`  re-render runs, total / to response end / response end to applied / applied to laid out (ms):`);
        for (const r of timed)
          console.log(
            `    ${ms(r.total)} / ${part(r.network)} / ${part(r.afterResponse !== null && r.afterApplied !== null ? r.afterResponse - r.afterApplied : null)} / ${part(r.afterApplied)}`,
          );
      }
      if (timed.some((r) => r.late))
        console.log('seat-map note: the change was not on screen when refreshAvailability() and updateComplete resolved; timed until it was');
    }
    if (server.unexpected.length)
      console.log(`seat-map note: the element asked for routes the bench does not serve: ${[...new Set(server.unexpected)].join(', ')}`);
  } catch (error) {
    const errors = pageErrors.length ? `; page errors: ${pageErrors.slice(0, 3).join(' | ')}` : '';
    console.log(`seat-map render: failed (${String(error?.message ?? error).split('\n')[0]}${errors})`);
  } finally {
    if (browser) await closeBrowser(browser);
    await server?.close();
  }
}
