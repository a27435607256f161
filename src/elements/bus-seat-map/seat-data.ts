/**
 * The seat map's data: the bus and its availability for the chosen day and segment (a `DataTask`,
 * reloaded when `dialect`, `bus-id`, the service day, `boarding` or `dropping` change), and the
 * map's own availability refreshes over it (the newer answer while that load is shown, one request
 * in flight). When to refresh is `refresh.ts`'s job.
 */
import { resolveTimeZone } from '../../shared/config.js';
import { DataTask } from '../../shared/data-task.js';
import type { Scheduler } from '../../shared/scheduler.js';
import { widgetSiteZone } from '../../shared/site-zone.js';
import type { TwElement } from '../../shared/tw-element.js';
import { siteDate } from '../../shared/wall-clock.js';
import { layoutOf, type MapLayout } from './layout.js';
import { loadSeats, refreshSeats, type SeatLoad } from './load.js';

/** What the map's attributes say about the data. */
export interface SeatDataHost extends TwElement {
  readonly dialect: string;
  readonly busId: string | number;
  readonly date: string;
  readonly timeZone: string;
  readonly boarding: string;
  readonly dropping: string;
  readonly scheduler: Scheduler;
}

export class SeatData {
  readonly task: DataTask<readonly [string, string, string, string, string], SeatLoad | null>;
  /** A refreshed answer for the task's current value (`base`). */
  private fresh: { base: SeatLoad; load: SeatLoad } | undefined;
  private inFlight: AbortController | undefined;
  /** The service day the task was last given. */
  private day = '';

  constructor(private readonly host: SeatDataHost) {
    this.task = new DataTask(
      host,
      () => [host.dialect, `${host.busId}`.trim(), (this.day = this.serviceDate), host.boarding, host.dropping] as const,
      // The service day is an argument so the map reloads when the site's day changes; the loader
      // resolves an empty `date` itself, in the zone the site publishes when the page sets none.
      (client, [dialect, id, , boarding, dropping], signal): Promise<SeatLoad | null> =>
        id === ''
          ? Promise.resolve(null)
          : loadSeats(
              client,
              {
                dialect: dialect === 'contract' || dialect === 'plugin' ? dialect : null,
                busId: Number(id),
                date: host.date.trim(),
                zone: resolveTimeZone(host.timeZone),
                now: host.scheduler.now(),
                boarding,
                dropping,
              },
              { signal },
            ),
    );
  }

  /** The plugin dialect's date: the `date` attribute, else today on the site's wall clock (the scheduler's time). */
  private get serviceDate(): string {
    return this.host.date.trim() || siteDate(this.host.scheduler.now(), widgetSiteZone(this.host.effectiveBaseUrl, this.host.timeZone));
  }

  /** What to show for a load of the task: the refreshed answer when there is one. */
  current(base: SeatLoad): SeatLoad {
    return this.fresh?.base === base ? this.fresh.load : base;
  }

  /** The availability shown, undefined before the first load. */
  get shown(): SeatLoad | undefined {
    const base = this.task.value;
    return base ? this.current(base) : undefined;
  }

  /** The shown seat layout; null without a seat plan. */
  get layout(): MapLayout | null {
    const map = this.shown?.seatMap;
    return map && map.decks.length > 0 ? layoutOf(map) : null;
  }

  /** Another bus: nothing refreshed applies. */
  forget(): void {
    this.fresh = undefined;
  }

  /** Aborts the refresh in flight (the element was removed). */
  cancel(): void {
    this.inFlight?.abort();
  }

  /**
   * Asks the server for the current availability (revalidating with the ETag) and resolves once it
   * is rendered. Rejects with the `ApiError` when the request fails (the map shown stays).
   */
  async refresh(): Promise<void> {
    const { host, task } = this;
    // The site's day has turned (nothing else updates the map at midnight, and the old day's departed
    // bus answers 304 for ever), or the load failed (the site down as a kiosk started): there is no
    // map to refresh, so the map is loaded again.
    if (this.day !== this.serviceDate || task.error !== undefined) {
      await task.run();
      // Failing again is a failed refresh, which the schedule backs off from.
      if (task.error !== undefined) throw task.error;
      await host.updateComplete;
      return;
    }
    const base = task.value;
    const baseUrl = host.effectiveBaseUrl;
    if (!base || !baseUrl || task.pending) return;
    const current = this.current(base);
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const next = await refreshSeats(host.clientFor(baseUrl), current, { signal: controller.signal });
      if (controller.signal.aborted || task.value !== base) return;
      if (next !== current) {
        this.fresh = { base, load: next };
        host.requestUpdate();
      }
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    await host.updateComplete;
  }
}
