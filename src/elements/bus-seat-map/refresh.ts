/**
 * The seat map's optional availability refresh (`refresh` seconds, at least 60, off by default),
 * on the departure board's injectable clock and page signals:
 * - one timer at a time; after a success the next refresh is one interval later, after failures it
 *   backs off as the board does (interval × 2ⁿ up to 15 minutes, at least `Retry-After`);
 * - nothing is requested while the page is hidden: a refresh due then runs when it is visible again;
 * - a removed element leaves no timer and no listener behind.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PageChange, PageSignals } from '../../shared/page-signals.js';
import { startTimer, type Scheduler, type Timer } from '../../shared/scheduler.js';
import { backoffMs } from '../../shared/refresh-timing.js';

export const MIN_REFRESH_S = 60;

/** The interval in ms for a `refresh` value: off (null) unless a positive number; at least 60 s. */
export function refreshMs(seconds: number | null | undefined): number | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(MIN_REFRESH_S, seconds) * 1000;
}

export class AvailabilityRefresh implements ReactiveController {
  private timer: Timer | undefined;
  private unsubscribe: (() => void) | undefined;
  private intervalMs: number | null = null;
  private failures = 0;
  private dueWhileHidden = false;
  private connected = false;

  /**
   * @param run refreshes once; resolves to the failure, or undefined on success.
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly interval: () => number | null,
    private readonly scheduler: () => Scheduler,
    private readonly signals: () => PageSignals,
    private readonly run: () => Promise<unknown>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.unsubscribe = this.signals().subscribe((change) => this.pageChanged(change));
    this.intervalMs = this.interval();
    this.schedule(this.intervalMs);
  }

  hostUpdated(): void {
    const next = this.interval();
    if (next === this.intervalMs) return;
    this.intervalMs = next;
    this.failures = 0;
    this.dueWhileHidden = false;
    this.schedule(next);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.timer?.cancel();
    this.timer = undefined;
  }

  private schedule(ms: number | null): void {
    this.timer?.cancel();
    this.timer = undefined;
    if (ms === null || !this.connected) return;
    this.timer = startTimer(this.scheduler(), () => {
      this.timer = undefined;
      this.due();
    }, ms);
  }

  private due(): void {
    if (this.signals().hidden()) {
      this.dueWhileHidden = true;
      return;
    }
    this.dueWhileHidden = false;
    void this.fire();
  }

  private async fire(): Promise<void> {
    const error = await this.run();
    const interval = this.intervalMs;
    if (interval === null || !this.connected) return;
    if (error === undefined) {
      this.failures = 0;
      this.schedule(interval);
    } else {
      this.failures++;
      this.schedule(backoffMs(this.failures, interval, error));
    }
  }

  private pageChanged(change: PageChange): void {
    if (change === 'visible' && this.dueWhileHidden) this.due();
  }
}
