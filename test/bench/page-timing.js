// In-page timing helpers shared by the render benchmarks' pages (served as /bench/page-timing.js).

export const now = () => performance.now();

/** Between runs: let a frame go by and collect garbage (Chromium runs with --expose-gc). */
export const settle = async () => {
  globalThis.gc?.();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
};

/** Ends a timed span only once the browser has laid the element out. */
export const forceLayout = (el) => {
  el.getBoundingClientRect();
  return document.body.offsetHeight;
};
