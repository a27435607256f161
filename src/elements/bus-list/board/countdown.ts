/**
 * How a departure time reads on the board: the clock time ("07:30"), a countdown ("in 5 min",
 * "Due" the minute before, "Now" at the minute it leaves), or `auto`: a countdown within the hour,
 * the clock beyond. Minutes are counted on the site's wall clock, as the times are written.
 */
import type { Bus, LocalDate } from '../../../api/models.js';
import { wallClock, type SiteZone } from '../../../api/site-time.js';
import { format, type Strings } from '../../../shared/localize/strings.js';
import { departsAt } from './wall-clock.js';

export type TimeFormat = 'clock' | 'countdown' | 'auto';

export function timeFormatOf(value: string): TimeFormat {
  return value === 'countdown' || value === 'auto' ? value : 'clock';
}

/** Whole minutes from `now` (the site's wall clock, to the minute) until `bus` leaves; null if unknown. */
export function minutesUntil(bus: Bus, now: number, zone: SiteZone | null): number | null {
  const { date, time } = wallClock(now, zone);
  const at = departsAt(bus, date as LocalDate);
  if (at === null) return null;
  // Both are wall-clock readings: compare them as if they were UTC.
  const toMs = (local: string) => Date.parse(`${local}:00Z`);
  return Math.round((toMs(at) - toMs(`${date}T${time}`)) / 60_000);
}

/** The countdown text for `minutes`, or null when the clock time should show instead. */
export function countdownText(minutes: number | null, mode: TimeFormat, strings: Strings, locale: string): string | null {
  if (minutes === null || mode === 'clock' || (mode === 'auto' && minutes >= 60)) return null;
  if (minutes <= 0) return strings.boardNow;
  if (minutes === 1) return strings.boardDue;
  const number = new Intl.NumberFormat(locale);
  if (minutes < 60) return format(strings.boardInMinutes, { minutes: number.format(minutes) });
  return format(strings.boardInHours, { hours: number.format(Math.floor(minutes / 60)), minutes: number.format(minutes % 60) });
}
