import type { Scheduler } from './scheduler.js';

// Apart from scheduler.ts: a widget that only needs the clock (an event list's midnight) does not
// share a chunk with the board's timers.

/** One pending timer of a {@link Scheduler}, cancelled by calling `cancel()` (safe to call twice). */
export interface Timer {
  cancel(): void;
}

/**
 * Runs `fn` after `ms` (at most 2³¹ − 1 ms, 24.8 days: a browser runs a longer timer at once, and a
 * `Retry-After` of a month would retry in a loop; a caller due later plans again when this one runs).
 */
export function startTimer(scheduler: Scheduler, fn: () => void, ms: number): Timer {
  let handle: unknown = scheduler.setTimeout(
    () => {
      handle = undefined;
      fn();
    },
    Math.min(Math.max(0, ms), 2 ** 31 - 1),
  );
  return {
    cancel() {
      if (handle !== undefined) scheduler.clearTimeout(handle);
      handle = undefined;
    },
  };
}
