import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SiteZone } from '../../api/site-time.js';
import { startTimer, type Scheduler, type Timer } from '../../shared/scheduler.js';
import { siteDate, siteDateTime } from '../../shared/wall-clock.js';

const DAY_MS = 86_400_000;

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
  private timer: Timer | null = null;
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
   * names is no turn (the list was read moments ago).
   */
  hostUpdated(): void {
    if (this.zoneOf() !== this.plannedFor) this.plan(false);
  }

  hostDisconnected(): void {
    this.timer?.cancel();
    this.timer = null;
    this.plannedFor = undefined;
  }

  private plan(turn: boolean): void {
    this.timer?.cancel();
    const zone = this.zoneOf();
    const now = this.host.scheduler.now();
    this.plannedFor = zone;
    const today = siteDate(now, zone);
    if (turn && this.seen !== '' && today !== this.seen) {
      this.turns++;
      this.host.requestUpdate();
    }
    this.seen = today;
    // Milliseconds left in the site's day by its wall clock. On a night the clocks change this is an
    // hour off: early, the wake-up finds the same day and plans again; late, the new day shows then.
    const [hours, minutes, seconds] = siteDateTime(now, zone).slice(11).split(':').map(Number) as [number, number, number];
    const elapsed = ((hours * 60 + minutes) * 60 + (seconds || 0)) * 1000 + (now % 1000);
    this.timer = startTimer(this.host.scheduler, () => this.plan(true), Math.max(1000, DAY_MS - elapsed));
  }
}
