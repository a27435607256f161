/**
 * Keeps a departure board current for days, cheaply:
 * - the first load of a board uses the shared cache as it is (a list on the same route shares it);
 *   every later one asks the server with `maxAgeMs: 0`, so an unchanged answer is a 304 and the very
 *   same models (the host then skips re-rendering the table);
 * - after a success the next refresh is one interval later; after failures it backs off, and no
 *   request starts while the page is hidden (the shared schedule, `shared/refresh-scheduler.ts`);
 * - a failure keeps the last good answer; coming back online retries a connection failure at once;
 * - changes, problems and recoveries are reported to `onAnnounce`, never the whole board.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Bus, BusDialect } from '../../../api/models.js';
import { isAbort } from '../../../api/errors.js';
import type { BusLoad } from '../load.js';
import { describeChanges, type BoardChanges } from './change-summary.js';
import type { PageChange, PageSignals } from '../../../shared/page-signals.js';
import type { Scheduler } from '../../../shared/scheduler.js';
import { isConnectionProblem, isPermanent, isRateLimited, RefreshSchedule } from '../../../shared/refresh-scheduler.js';

export interface BoardSource {
  /** What the board shows (inputs, base URL); a new key starts over. Null while the board is off. */
  key: string | null;
  /** The service day (the site's date); a new one refreshes the same board, keeping what it shows. */
  day: string;
  intervalMs: number;
  /** The departures riders can still see (not yet left): changes to others are not announced. */
  relevant(buses: Bus[]): Bus[];
  load(signal: AbortSignal, options: { maxAgeMs?: number; knownDialect?: BusDialect }): Promise<BusLoad>;
}

export type BoardAnnouncement = { kind: 'changes'; changes: BoardChanges; recovered: boolean } | { kind: 'problem'; error: unknown } | { kind: 'recovered' };

/** A snapshot for rendering and for tests. */
export interface BoardStatus {
  /** A request is in flight (or, before the board's code is in, that code is loading). */
  loading: boolean;
  /** When the data shown was last confirmed by the server (epoch ms), null before the first success. */
  updatedAt: number | null;
  /** When the next attempt is due (epoch ms), null when none is planned. */
  nextAt: number | null;
  /** Failures in a row since the last success. */
  failures: number;
  /** The last failure, until a success clears it. */
  error: unknown;
}

export interface BoardHost extends ReactiveControllerHost {
  readonly isConnected: boolean;
  trackTask(task: { readonly pending: boolean }): void;
}

type Reason = 'first' | 'refresh' | 'retry';

export class BoardRefresh implements ReactiveController {
  private key: string | null = null;
  private day = '';
  private result: BusLoad | undefined;
  private resultKey: string | null = null;
  private dialect: BusDialect | undefined;
  private controller: AbortController | undefined;
  private reason: Reason | undefined;
  private connected = false;
  private interrupted = false;
  private loading = false;
  private updatedAt: number | null = null;
  private error: unknown = undefined;
  private readonly schedule: RefreshSchedule;

  constructor(
    private readonly host: BoardHost,
    private readonly source: () => BoardSource,
    private readonly scheduler: () => Scheduler,
    private readonly signals: () => PageSignals,
    private readonly onAnnounce: (announcement: BoardAnnouncement) => void,
  ) {
    this.schedule = new RefreshSchedule(
      scheduler,
      signals,
      () => this.attempt(this.current ? 'refresh' : 'retry'),
      (change) => this.pageChanged(change),
    );
    host.addController(this);
    // `pending` (and aria-busy) covers loads someone waits for, not the quiet background refresh.
    const refresh = this;
    host.trackTask({
      get pending() {
        return refresh.loading && refresh.reason !== 'refresh';
      },
    });
  }

  get status(): Readonly<BoardStatus> {
    const { loading, updatedAt, error } = this;
    return { loading, updatedAt, nextAt: this.schedule.nextAt, failures: this.schedule.failures, error };
  }

  /** The answer for the current inputs, once there is one. */
  get current(): BusLoad | undefined {
    return this.key !== null && this.resultKey === this.key ? this.result : undefined;
  }

  /** The answer for earlier inputs, shown (as pending) while the current ones load. */
  get previous(): BusLoad | undefined {
    return this.resultKey !== this.key ? this.result : undefined;
  }

  /** The Retry button: try again now. */
  retryNow(): void {
    this.attempt('retry');
  }

  hostConnected(): void {
    this.connected = true;
    this.schedule.connect();
    this.syncKey(false);
    this.resume();
  }

  hostUpdate(): void {
    this.syncKey(true);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.schedule.disconnect();
    // A DOM move disconnects and reconnects at once; only a real removal stops the request.
    queueMicrotask(() => {
      if (this.host.isConnected || !this.controller) return;
      this.controller.abort();
      this.controller = undefined;
      this.loading = false;
      this.interrupted = true;
    });
  }

  /** A new key (other inputs or the board switched on/off) starts over, keeping the shown answer. */
  private syncKey(duringUpdate: boolean): void {
    const { key, day } = this.source();
    if (key === this.key) {
      if (day === this.day) return;
      // The site's midnight: the same board moves on. What it shows stays (the new day's rows come
      // from the answer held until the next one arrives), and so do the time it was last confirmed
      // and a failure with its back-off: an outage across midnight is still an outage, not an error
      // box over an empty board. Without a failure the new day is asked for at once.
      this.day = day;
      if (key !== null && this.error === undefined) this.attempt(this.current ? 'refresh' : 'first', duringUpdate);
      return;
    }
    this.day = day;
    this.key = key;
    this.dialect = undefined;
    this.controller?.abort();
    this.controller = undefined;
    this.schedule.reset();
    this.interrupted = false;
    this.loading = false;
    this.updatedAt = null;
    this.error = undefined;
    if (key !== null && this.connected) this.attempt('first', duringUpdate);
  }

  /** After (re)connecting: continue where the board left off. */
  private resume(): void {
    if (this.key === null || this.controller || this.schedule.planned) return;
    const interrupted = this.interrupted;
    this.interrupted = false;
    const { nextAt, failures } = this.schedule;
    if (this.current === undefined && failures === 0) this.attempt('first');
    else if (interrupted || this.schedule.dueWhileHidden) this.attempt(this.current ? 'refresh' : 'retry');
    else if (nextAt !== null && nextAt <= this.scheduler().now()) this.attempt(this.current ? 'refresh' : 'retry');
    else this.schedule.resume();
  }

  /** After the schedule has started an attempt that was due while the page was hidden. */
  private pageChanged(change: PageChange): void {
    if (change === 'online' && this.error !== undefined && !isRateLimited(this.error) && !isPermanent(this.error)) {
      // The connection is back: no need to sit out the back-off.
      this.attempt(this.current ? 'refresh' : 'retry');
    }
    // The offline notice and its stamp depend on these too.
    this.host.requestUpdate();
  }

  /** `duringUpdate`: called from hostUpdate, where the render that follows shows the new state. */
  private attempt(reason: Reason, duringUpdate = false): void {
    if (!this.connected || this.key === null) return;
    if (!this.schedule.mayRun()) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.reason = reason;
    this.loading = true;
    const key = this.key;
    const options = { ...(reason !== 'first' && { maxAgeMs: 0 }), ...(this.dialect && { knownDialect: this.dialect }) };
    this.source()
      .load(controller.signal, options)
      .then(
        (result) => this.controller === controller && this.succeeded(key, result),
        (error: unknown) => this.controller === controller && !isAbort(error) && this.failed(error),
      )
      .finally(() => {
        if (this.controller === controller) this.controller = undefined;
        this.host.requestUpdate();
      });
    if (!duringUpdate && reason !== 'refresh') this.host.requestUpdate();
  }

  private succeeded(key: string | null, result: BusLoad): void {
    const before = this.current;
    const recovered = this.error !== undefined && before !== undefined;
    this.dialect = result.dialect;
    const same = before !== undefined && sameAnswer(before, result);
    if (!same) {
      this.result = result;
      this.resultKey = key;
    }
    this.loading = false;
    this.updatedAt = this.scheduler().now();
    this.error = undefined;
    // A prompt (no route chosen) has nothing to refresh until the inputs change.
    this.schedule.succeeded(this.source().intervalMs, result.kind !== 'prompt');
    if (before?.kind === 'buses' && result.kind === 'buses' && !same) {
      const { relevant } = this.source();
      const changes = describeChanges(relevant(before.buses), relevant(result.buses));
      if (changes.added + changes.changed + changes.removed > 0) {
        this.onAnnounce({ kind: 'changes', changes, recovered });
        return;
      }
    }
    if (recovered) this.onAnnounce({ kind: 'recovered' });
  }

  private failed(error: unknown): void {
    const firstProblem = this.error === undefined;
    this.loading = false;
    this.error = error;
    // No retry fixes a missing base URL or a malformed date; changing the attribute starts over.
    this.schedule.failed(this.source().intervalMs, error, !isPermanent(error));
    if (firstProblem && this.current !== undefined) this.onAnnounce({ kind: 'problem', error });
  }

  /** Whether the last failure looks like a lost connection (or the device says it is offline). */
  get offline(): boolean {
    return !this.signals().online() || isConnectionProblem(this.error);
  }
}

function sameAnswer(a: BusLoad, b: BusLoad): boolean {
  if (a.kind === 'prompt' || b.kind === 'prompt') return a.kind === b.kind && a.dialect === b.dialect;
  return a.buses === b.buses;
}
