/**
 * The seat map's optional availability refresh (`refresh` seconds, off by default) on
 * the shared refresh schedule (`shared/refresh-scheduler.ts`, as the departure board, with its minimum of 30 s):
 * - one timer at a time; after a success the next refresh is one interval later, after failures it
 *   backs off as the board does (interval × 2ⁿ up to 15 minutes, at least `Retry-After`);
 * - nothing is requested while the page is hidden: a refresh due then runs when it is visible again;
 * - coming back online retries at once a refresh that failed for the lack of a connection; a retry
 *   overtaken by another (the connection flapping) counts neither as a success nor a failure;
 * - a move in the DOM keeps the planned refresh where it was;
 * - a removed element leaves no timer and no listener behind.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PageChange, PageSignals } from '../../shared/page-signals.js';
import type { Scheduler } from '../../shared/scheduler.js';
import { isConnectionProblem, RefreshSchedule } from '../../shared/refresh-scheduler.js';

export class AvailabilityRefresh implements ReactiveController {
  private readonly schedule: RefreshSchedule;
  private intervalMs: number | null = null;
  private connected = false;
  /** The last refresh's failure, undefined after a success. */
  private error: unknown;
  /** Refreshes started: one overtaken by a newer (which aborts it) has no outcome to count. */
  private runs = 0;

  /**
   * @param run refreshes once; resolves to the failure, or undefined on success.
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly interval: () => number | null,
    scheduler: () => Scheduler,
    signals: () => PageSignals,
    private readonly run: () => Promise<unknown>,
  ) {
    this.schedule = new RefreshSchedule(
      scheduler,
      signals,
      () => this.due(),
      (change) => this.pageChanged(change),
    );
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.schedule.connect();
    const interval = this.interval();
    const { nextAt } = this.schedule;
    // A move in the DOM disconnects and reconnects: planning afresh each time, a map moved more often
    // than its interval (a kiosk's rotating layout) would never refresh.
    if (interval !== null && interval === this.intervalMs && nextAt !== null) this.schedule.resume();
    else {
      this.intervalMs = interval;
      this.plan(interval);
    }
  }

  hostUpdated(): void {
    const next = this.interval();
    if (next === this.intervalMs) return;
    this.intervalMs = next;
    this.schedule.reset();
    this.plan(next);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.schedule.disconnect();
  }

  private plan(ms: number | null): void {
    if (ms === null || !this.connected) this.schedule.cancel();
    else this.schedule.after(ms);
  }

  private due(): void {
    if (this.schedule.mayRun()) void this.fire();
  }

  private pageChanged(change: PageChange): void {
    // The connection is back: a refresh that failed for the lack of it need not sit out its back-off
    // (a refresh in flight gives way: seat-data.ts). Not once `refresh` is off: that failure is history.
    if (change === 'online' && this.intervalMs !== null && isConnectionProblem(this.error)) this.due();
  }

  private async fire(): Promise<void> {
    const run = ++this.runs;
    const error = await this.run();
    const interval = this.intervalMs;
    if (run !== this.runs) return;
    this.error = error;
    if (interval === null || !this.connected) return;
    if (error === undefined) this.schedule.succeeded(interval);
    else this.schedule.failed(interval, error);
  }
}
