import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { instantOfLocalDateTime, type SiteZone } from '../../api/site-time.js';
import type { Scheduler } from '../../shared/scheduler.js';
import { addDays, siteDate } from '../../shared/wall-clock.js';

/** The longest wait between two looks at the clock (see `plan`). */
const MAX_WAIT_MS = 60 * 60_000;

/**
 * The site's day, kept current while the element stays on a page: a list left open for days (a
 * lobby screen, a kiosk) must not keep showing yesterday's "upcoming" events and "today". At the
 * site's midnight `turns` grows and the host updates; the upcoming list reads again because `turns`
 * is among its task's arguments. One timer, none while disconnected.
 */
export class DayRollover implements ReactiveController {
  /** How many times the site's day has turned while the element was on the page (or off it). */
  turns = 0;
  private seen = '';
  private timer: unknown;
  private plannedFor: SiteZone | null | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & { scheduler: Scheduler },
    private readonly zoneOf: () => SiteZone | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.plan(true);
  }

  /**
   * The zone arrives after the first read: the midnight to wait for moves with it, but the day it
   * names is no turn (the list was read moments ago). A list off the page still updates when set,
   * but plans nothing there (undefined): a timer would keep it alive.
   */
  hostUpdated(): void {
    if (this.plannedFor !== undefined && this.zoneOf() !== this.plannedFor) this.plan(false);
  }

  hostDisconnected(): void {
    this.host.scheduler.clearTimeout(this.timer);
    this.plannedFor = undefined;
  }

  private plan(turn: boolean): void {
    const { scheduler } = this.host;
    scheduler.clearTimeout(this.timer);
    const zone = (this.plannedFor = this.zoneOf());
    const now = scheduler.now();
    const today = siteDate(now, zone);
    if (turn && this.seen && today !== this.seen) {
      this.turns++;
      this.host.requestUpdate();
    }
    this.seen = today;
    // Until a second after the site's next midnight, as an instant: on the night the clocks change
    // the day is an hour shorter or longer than its wall-clock hours say. Never sooner than a second:
    // whatever a zone's rules do, no wake-up can spin. Never later than an hour: timers run on the
    // device's uptime, so a clock that NTP steps forward (a kiosk started with a stale one) would
    // keep yesterday's list until that instant came on the old clock.
    this.timer = scheduler.setTimeout(
      () => this.plan(true),
      Math.min(MAX_WAIT_MS, Math.max(1000, instantOfLocalDateTime(`${addDays(today, 1)}T00:00`, zone) - now + 1000)),
    );
  }
}
