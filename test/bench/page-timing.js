// In-page timing helpers shared by the render benchmarks' pages (served as /bench/page-timing.js).

export const now = () => performance.now();

/**
 * Between runs: collect garbage (Chromium runs with --expose-gc), let a frame go by, then wait until
 * the browser is idle. The previous run's leftovers (its images loading and decoding, the baseline's
 * as well) would otherwise land in the next timed span, and only in the element's: its span waits for
 * its data, where the baseline's runs straight through.
 */
export const settle = async () => {
  globalThis.gc?.();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
};

/** Ends a timed span only once the browser has laid the element out. */
export const forceLayout = (el) => {
  el.getBoundingClientRect();
  return document.body.offsetHeight;
};
