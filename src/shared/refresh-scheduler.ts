/**
 * When the self-refreshing widgets (the departure board, the seat map's availability) ask again, in
 * one place:
 * - refresh every `refresh` seconds, never more often than every {@link MIN_REFRESH_S} s;
 * - after the n-th failure in a row wait refresh × 2ⁿ, at most 15 minutes (but never less than one
 *   refresh interval);
 * - a rate-limit answer waits at least what the server's `Retry-After` asks (60 s when it gave none),
 *   even beyond the 15-minute cap;
 * - no request starts while the page is hidden: one that falls due then runs once it is visible again;
 * - one timer at a time, on an injectable clock ({@link Scheduler}) and page ({@link PageSignals}).
 *
 * The rules are pure functions; {@link RefreshSchedule} applies them for a controller.
 */
import { ApiError, CLIENT_ERROR_CODES as CODES, isRateLimited } from '../api/errors.js';
import { backoffMs } from './backoff.js';
import type { PageChange, PageSignals } from './page-signals.js';
import type { Scheduler } from './scheduler.js';
import { startTimer, type Timer } from './timer.js';

export const DEFAULT_REFRESH_S = 60;
export const MIN_REFRESH_S = 30;

/** The refresh interval in ms for a `refresh` attribute value: not a number → 60 s; below 30 → 30 s. */
export function refreshIntervalMs(seconds: number | null | undefined): number {
  const value = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_REFRESH_S;
  return Math.max(MIN_REFRESH_S, value) * 1000;
}

/** The interval in ms for an opt-in `refresh` (the seat map's): off (null) unless positive; below 30 → 30 s. */
export function optionalRefreshMs(seconds: number | null | undefined): number | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(MIN_REFRESH_S, seconds) * 1000;
}

/** An HTTP 429 or one of the rate-limit codes (`api/errors.ts`). */
export { isRateLimited };

/** A failure that means "no connection" rather than "the site has a problem". */
export function isConnectionProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.code === CODES.network || error.code === CODES.timeout);
}

/** Failures that no retry can fix until an attribute changes (no base URL, a malformed date …). */
export function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && (error.code === CODES.notConfigured || error.code === CODES.invalidArgument);
}

/**
 * The timer, failure count and page visibility of one refreshing widget. Its owner (a
 * ReactiveController) calls {@link connect} / {@link disconnect} with its host, asks
 * {@link mayRun} before each request, and reports the outcome with {@link succeeded} or
 * {@link failed}; `onDue` is called when the next attempt falls due (the timer fired, or the page
 * became visible with an attempt overdue).
 */
export class RefreshSchedule {
  /** Failures in a row since the last success. */
  failures = 0;
  /** When the next attempt is due (epoch ms), null when none is planned. */
  nextAt: number | null = null;
  /** The wait `nextAt` was planned with. */
  private wait = 0;
  private timer: Timer | undefined;
  private overdue = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly clock: () => Scheduler,
    private readonly signals: () => PageSignals,
    private readonly onDue: () => void,
    /** Every page change, after an overdue attempt has been started. */
    private readonly onPageChange?: (change: PageChange) => void,
  ) {}

  /** Whether an attempt fell due while the page was hidden and waits for it to show. */
  get dueWhileHidden(): boolean {
    return this.overdue;
  }

  /** Whether a timer is running. */
  get planned(): boolean {
    return this.timer !== undefined;
  }

  connect(): void {
    this.unsubscribe?.();
    this.unsubscribe = this.signals().subscribe((change) => {
      if (change === 'visible' && this.overdue) this.onDue();
      this.onPageChange?.(change);
    });
  }

  /** Stops listening and the timer; `nextAt`, the failures and an overdue attempt are kept. */
  disconnect(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.cancel();
  }

  /** Plans the next attempt at `at` (epoch ms), replacing any planned one. */
  at(at: number): void {
    this.cancel();
    this.nextAt = at;
    this.timer = startTimer(
      this.clock(),
      () => {
        this.timer = undefined;
        this.onDue();
      },
      (this.wait = at - this.clock().now()),
    );
  }

  /**
   * Plans the kept attempt again after a reconnect: at `nextAt`, but no later than the wait it was
   * planned with from now, since a clock set back meanwhile (NTP correcting a kiosk) would stretch it by hours.
   */
  resume(): void {
    if (this.nextAt !== null) this.at(Math.min(this.nextAt, this.clock().now() + this.wait));
  }

  /** Plans the next attempt `ms` from now. */
  after(ms: number): void {
    this.at(this.clock().now() + ms);
  }

  /** Stops the timer (`nextAt` stays as it was). */
  cancel(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** Forgets everything: timer, failures, an overdue attempt. */
  reset(): void {
    this.cancel();
    this.failures = 0;
    this.overdue = false;
    this.nextAt = null;
  }

  /**
   * Before a request: stops the timer; while the page is hidden, notes the attempt as overdue and
   * says no (it runs once the page is visible), else clears `nextAt` and says yes.
   */
  mayRun(): boolean {
    this.cancel();
    if (this.signals().hidden()) {
      // Nobody is looking: the request waits until somebody is.
      this.overdue = true;
      return false;
    }
    this.overdue = false;
    this.nextAt = null;
    return true;
  }

  /** A success: the failures are forgotten and, unless `again` is false, the next refresh is one interval later. */
  succeeded(intervalMs: number, again = true): void {
    this.failures = 0;
    this.nextAt = null;
    if (again) this.after(intervalMs);
  }

  /** A failure: counted, and unless `retry` is false the next attempt backs off ({@link backoffMs}). */
  failed(intervalMs: number, error: unknown, retry = true): void {
    this.failures++;
    if (retry) this.after(backoffMs(this.failures, intervalMs, error));
  }
}
