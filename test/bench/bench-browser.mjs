// What the in-browser render benchmarks share on the Node side: the system Chromium launched for
// timing (GC exposed, no background throttling), closing it reliably, and the figures' arithmetic.
import { accessSync, constants } from 'node:fs';
import { chromiumFlags, chromiumPath } from '../tools/chromium.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const ms = (value) => value.toFixed(1);
/** A ratio with two decimals: "1.3" would hide whether 1.26 or 1.34 was measured. */
export const ratio = (value) => value.toFixed(2);

/** The Chromium to drive, or null when there is none (the caller says it skipped). */
export function benchChromium() {
  const file = chromiumPath() ?? '/usr/bin/chromium';
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return null;
  }
}

export async function launchBenchBrowser(executablePath) {
  const { default: puppeteer } = await import('puppeteer-core');
  const args = chromiumFlags([
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    // gc() between runs, so a collection of the previous run's garbage does not land in a timed span.
    '--js-flags=--expose-gc',
  ]);
  return puppeteer.launch({ executablePath, headless: true, args, timeout: 30_000, protocolTimeout: 60_000 });
}

/**
 * A new tab on the bench server's page, once its in-page bench object (`window[global]`) exists;
 * page errors and console errors land in `pageErrors`.
 */
export async function openBenchPage(browser, url, global, pageErrors) {
  const page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(String(error?.message ?? error)));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await page.waitForFunction((name) => window[name] !== undefined, { timeout: 10_000 }, global);
  return page;
}

/** Closes the browser, killing its process (ours) if it does not go within 5 s. */
export async function closeBrowser(browser) {
  const proc = browser.process();
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 5000);
  });
  const result = await Promise.race([browser.close().catch(() => 'error'), timedOut]);
  clearTimeout(timer);
  if (result && proc && proc.exitCode === null) proc.kill('SIGKILL');
}

/**
 * `runs` timed runs of each of two in-page measurements, in alternating blocks of `block` (baseline,
 * element, baseline, …), each block after a warm-up run of its own that is not counted: on a shared
 * machine a burst of load then lands on both figures alike, where two long blocks could put all of
 * it on one side of the ratio; and no counted run comes straight after the other measurement, whose
 * DOM and styles just went through the browser's caches. Each `measure(n)` makes `n` runs in the
 * page and returns `{ times, ...figures }`, one entry per run in each array; the counted runs'
 * entries are merged key by key.
 */
export async function alternateRuns(runs, baseline, element, block = 3) {
  const counted = { baseline: [], element: [] };
  let warmUp;
  for (let done = 0; done < runs; done += block) {
    const n = Math.min(block, runs - done);
    const results = { baseline: await baseline(n + 1), element: await element(n + 1) };
    warmUp ??= { baseline: results.baseline.times[0], element: results.element.times[0] };
    for (const side of ['baseline', 'element']) counted[side].push(results[side]);
  }
  const merge = (results) =>
    Object.fromEntries(
      Object.keys(results[0]).map((key) => [key, results.flatMap((result) => (Array.isArray(result[key]) ? result[key].slice(1) : [result[key]]))]),
    );
  return { warmUp, baseline: merge(counted.baseline), element: merge(counted.element) };
}

/**
 * A bench's first-render figures: `alternateRuns`, `check(baseline, element)` on the merged results
 * (it throws when either drew the wrong thing), then the two medians and their ratio, reported as
 * `<name> first render, <what>, …`; with `verbose`, every run. Returns the merged results.
 */
export async function reportFirstRenders(report, { name, what, tag, runs, verbose, check }, baseline, element) {
  const { warmUp, baseline: base, element: first } = await alternateRuns(runs, baseline, element);
  check(base, first);
  const baseMedian = median(base.times);
  const firstMedian = median(first.times);
  report(`${name} first render, ${what}, hand-written DOM baseline (median of ${runs})`, ms(baseMedian), 'ms');
  report(`${name} first render, ${what}, <${tag}> (median of ${runs})`, ms(firstMedian), 'ms');
  report(`${name} first render, <${tag}> / hand-written DOM`, ratio(firstMedian / baseMedian), '×');
  if (verbose) {
    console.log(`  baseline runs: ${base.times.map(ms).join(', ')} ms (warm-up ${ms(warmUp.baseline)})`);
    console.log(`  element runs: ${first.times.map(ms).join(', ')} ms (warm-up incl. network ${ms(warmUp.element)})`);
  }
  return { base, first };
}
