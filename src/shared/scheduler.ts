/**
 * Time and timers for the departure board, behind one small interface so tests can drive days of
 * refreshes in milliseconds with `FakeScheduler` (./fake-scheduler.ts) instead of waiting.
 */

export interface Scheduler {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock and the window's timers. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

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
