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
