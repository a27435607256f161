/**
 * Keeps a departure board current for days, cheaply:
 * - the first load of a board uses the shared cache as it is (a list on the same route shares it);
 *   every later one asks the server with `maxAgeMs: 0`, so an unchanged answer is a 304 and the very
 *   same models (the host then skips re-rendering the table);
 * - after a success the next refresh is one interval later; after failures it backs off (timing.ts);
 * - no request starts while the page is hidden: a refresh that falls due then runs once the page is
 *   visible again;
 * - a failure keeps the last good answer; coming back online retries a connection failure at once;
 * - changes, problems and recoveries are reported to `onAnnounce`, never the whole board.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Bus, BusDialect } from '../../../api/models.js';
import { isAbort } from '../../../api/errors.js';
import type { BusLoad } from '../load.js';
import { describeChanges, type BoardChanges } from './announcer.js';
import type { PageChange, PageSignals } from '../../../shared/page-signals.js';
import { startTimer, type Scheduler, type Timer } from '../../../shared/scheduler.js';
import { backoffMs, isConnectionProblem, isPermanent, isRateLimited } from '../../../shared/refresh-timing.js';

export interface BoardSource {
  /** What the board shows (inputs, base URL); a new key starts over. Null while the board is off. */
  key: string | null;
  intervalMs: number;
  /** The departures riders can still see (not yet left): changes to others are not announced. */
  relevant(buses: Bus[]): Bus[];
  load(signal: AbortSignal, options: { maxAgeMs?: number; knownDialect?: BusDialect }): Promise<BusLoad>;
}

export type BoardAnnouncement =
  | { kind: 'changes'; changes: BoardChanges; recovered: boolean }
  | { kind: 'problem'; error: unknown }
  | { kind: 'recovered' };

/** A snapshot for rendering and for tests. */
export interface BoardStatus {
  /** A request is in flight. */
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
  private result: BusLoad | undefined;
  private resultKey: string | null = null;
  private dialect: BusDialect | undefined;
  private timer: Timer | undefined;
  private controller: AbortController | undefined;
  private reason: Reason | undefined;
  private connected = false;
  private interrupted = false;
  private dueWhileHidden = false;
  private unsubscribe: (() => void) | undefined;
  private state: BoardStatus = { loading: false, updatedAt: null, nextAt: null, failures: 0, error: undefined };

  constructor(
    private readonly host: BoardHost,
    private readonly source: () => BoardSource,
    private readonly scheduler: () => Scheduler,
    private readonly signals: () => PageSignals,
    private readonly onAnnounce: (announcement: BoardAnnouncement) => void,
  ) {
    host.addController(this);
    // `pending` (and aria-busy) covers loads someone waits for, not the quiet background refresh.
    const refresh = this;
    host.trackTask({
      get pending() {
        return refresh.state.loading && refresh.reason !== 'refresh';
      },
    });
  }

  get status(): Readonly<BoardStatus> {
    return this.state;
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
    const signals = this.signals();
    this.unsubscribe = signals.subscribe((change) => this.pageChanged(change));
    this.syncKey(false);
    this.resume();
  }

  hostUpdate(): void {
    this.syncKey(true);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.timer?.cancel();
    this.timer = undefined;
    // A DOM move disconnects and reconnects at once; only a real removal stops the request.
    queueMicrotask(() => {
      if (this.host.isConnected || !this.controller) return;
      this.controller.abort();
      this.controller = undefined;
      this.state = { ...this.state, loading: false };
      this.interrupted = true;
    });
  }

  /** A new key (other inputs or the board switched on/off) starts over, keeping the shown answer. */
  private syncKey(duringUpdate: boolean): void {
    const { key } = this.source();
    if (key === this.key) return;
    this.key = key;
    this.dialect = undefined;
    this.controller?.abort();
    this.controller = undefined;
    this.timer?.cancel();
    this.timer = undefined;
    this.dueWhileHidden = false;
    this.interrupted = false;
    this.state = { loading: false, updatedAt: null, nextAt: null, failures: 0, error: undefined };
    if (key !== null && this.connected) this.attempt('first', duringUpdate);
  }

  /** After (re)connecting: continue where the board left off. */
  private resume(): void {
    if (this.key === null || this.controller || this.timer) return;
    const interrupted = this.interrupted;
    this.interrupted = false;
    if (this.current === undefined && this.state.failures === 0) this.attempt('first');
    else if (interrupted || this.dueWhileHidden) this.attempt(this.current ? 'refresh' : 'retry');
    else if (this.state.nextAt !== null && this.state.nextAt <= this.scheduler().now()) this.attempt(this.current ? 'refresh' : 'retry');
    else if (this.state.nextAt !== null) this.schedule(this.state.nextAt);
  }

  private pageChanged(change: PageChange): void {
    if (change === 'visible' && this.dueWhileHidden) {
      this.attempt(this.current ? 'refresh' : 'retry');
    } else if (change === 'online' && this.state.error !== undefined && !isRateLimited(this.state.error) && !isPermanent(this.state.error)) {
      // The connection is back: no need to sit out the back-off.
      this.attempt(this.current ? 'refresh' : 'retry');
    }
    // The offline notice and its stamp depend on these too.
    this.host.requestUpdate();
  }

  private schedule(at: number): void {
    this.timer?.cancel();
    this.state = { ...this.state, nextAt: at };
    this.timer = startTimer(this.scheduler(), () => {
      this.timer = undefined;
      this.attempt(this.current ? 'refresh' : 'retry');
    }, at - this.scheduler().now());
  }

  /** `duringUpdate`: called from hostUpdate, where the render that follows shows the new state. */
  private attempt(reason: Reason, duringUpdate = false): void {
    if (!this.connected || this.key === null) return;
    this.timer?.cancel();
    this.timer = undefined;
    if (this.signals().hidden()) {
      // Nobody is looking: the request waits until somebody is.
      this.dueWhileHidden = true;
      return;
    }
    this.dueWhileHidden = false;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.reason = reason;
    this.state = { ...this.state, loading: true, nextAt: null };
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
    const recovered = this.state.error !== undefined && before !== undefined;
    this.dialect = result.dialect;
    const same = before !== undefined && sameAnswer(before, result);
    if (!same) {
      this.result = result;
      this.resultKey = key;
    }
    const now = this.scheduler().now();
    const prompt = result.kind === 'prompt';
    this.state = { loading: false, updatedAt: now, nextAt: null, failures: 0, error: undefined };
    // A prompt (no route chosen) has nothing to refresh until the inputs change.
    if (!prompt) this.schedule(now + this.source().intervalMs);
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
    const failures = this.state.failures + 1;
    const firstProblem = this.state.error === undefined;
    this.state = { ...this.state, loading: false, failures, error };
    if (firstProblem && this.current !== undefined) this.onAnnounce({ kind: 'problem', error });
    // No retry fixes a missing base URL or a malformed date; changing the attribute starts over.
    if (isPermanent(error)) return;
    this.schedule(this.scheduler().now() + backoffMs(failures, this.source().intervalMs, error));
  }

  /** Whether the last failure looks like a lost connection (or the device says it is offline). */
  get offline(): boolean {
    return !this.signals().online() || isConnectionProblem(this.state.error);
  }
}

function sameAnswer(a: BusLoad, b: BusLoad): boolean {
  if (a.kind === 'prompt' || b.kind === 'prompt') return a.kind === b.kind && a.dialect === b.dialect;
  return a.buses === b.buses;
}
