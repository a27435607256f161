/**
 * `reload-at="03:30"`: reloads the page once a day when the site's wall clock (the host's zone)
 * passes that minute, e.g. to pick up a new deployment and start the day with a fresh page.
 *
 * It checks at every wall-clock minute (on the injectable scheduler) whether the minute has passed
 * since the previous check; the first check counts from when the board started on this page load.
 * So a reload never loops: the page that the reload brings starts after the minute, and waits for
 * the next day's. Wall-clock readings are compared, not instants, so the minute is found on DST
 * nights too (a skipped 02:30 fires at 03:00; a repeated one fires once). Visibility does not
 * matter: a hidden page reloads as well. While the device is offline the reload waits for the
 * connection (checked each minute): reloading then would trade the departures on screen for the
 * browser's error page until someone comes by. Time spent disconnected is not caught up.
 */
import type { ReactiveControllerHost } from 'lit';
import { TimedController } from './timed-controller.js';
import type { SiteZone } from '../../api/site-time.js';
import type { Scheduler } from '../scheduler.js';
import { startTimer } from '../timer.js';
import { msToNextMinute, siteDateTime } from '../wall-clock.js';

/** `HH:MM` (24-hour, `00:00` … `23:59`; `7:05` is read as `07:05`), else null. */
export function parseReloadTime(value: string | null | undefined): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec((value ?? '').trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, '0')}:${match[2]}` : null;
}

/** Whether the site's wall clock showed `time` (`HH:MM`) after `since` and by `now` (epoch ms). */
export function reloadMinutePassed(time: string, since: number, now: number, zone: SiteZone | null): boolean {
  const last = siteDateTime(since, zone);
  const current = siteDateTime(now, zone);
  const today = current.slice(0, 10);
  let due = `${today}T${time}:00`;
  if (due > current) due = `${previousDay(today)}T${time}:00`;
  return due > last;
}

function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export interface ReloadAtInputs {
  /** The `reload-at` attribute of a board (`HH:MM`), '' when off. */
  time(): string;
  scheduler(): Scheduler;
  zone(): SiteZone | null;
  /** `navigator.onLine`: false means surely offline. */
  online(): boolean;
  reload(): void;
}

export class ReloadAt extends TimedController<ReloadAtInputs> {
  private since: number | undefined;
  /** The minute has passed while offline: the reload waits for the connection. */
  private due = false;
  private reloaded = false;

  constructor(host: ReactiveControllerHost, inputs: ReloadAtInputs) {
    super(host, inputs);
    host.addController(this);
  }

  protected override sync(): void {
    if (this.reloaded || parseReloadTime(this.inputs.time()) === null) this.stop();
    else if (!this.timer) this.plan();
  }

  private plan(): void {
    const scheduler = this.inputs.scheduler();
    this.since ??= scheduler.now();
    this.timer = startTimer(scheduler, () => this.check(), msToNextMinute(scheduler.now()));
  }

  private check(): void {
    this.timer = undefined;
    const time = parseReloadTime(this.inputs.time());
    if (time === null) return;
    const now = this.inputs.scheduler().now();
    const since = this.since ?? now;
    const zone = this.inputs.zone();
    // The night the clocks go back repeats an hour: the later reading stays the mark, so a minute in
    // that hour counts once (a clock set back by NTP, time itself going back, starts afresh).
    if (now < since || siteDateTime(now, zone) >= siteDateTime(since, zone)) this.since = now;
    if (this.due || reloadMinutePassed(time, since, now, zone)) {
      this.due = true;
      if (this.inputs.online()) {
        this.reloaded = true;
        this.inputs.reload();
        return;
      }
    }
    this.plan();
  }

  protected override release(): void {
    // Counting starts again when it is switched on or put back.
    this.since = undefined;
    this.due = false;
  }
}
