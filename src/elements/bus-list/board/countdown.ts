/**
 * How a departure time reads on the board: the clock time ("07:30"), a countdown ("in 5 min",
 * "Due" the minute before, "Now" at the minute it leaves), or `auto`: a countdown within the hour,
 * the clock beyond. Minutes are real minutes to the instant the site's wall-clock time stands for.
 */
import type { Bus, LocalDate } from '../../../api/models.js';
import { instantOfLocalDateTime, wallClock, type SiteZone } from '../../../api/site-time.js';
import { format, type Strings } from '../../../shared/localize/strings.js';
import { departsAt } from './wall-clock.js';

export type TimeFormat = 'clock' | 'countdown' | 'auto';

export function timeFormatOf(value: string): TimeFormat {
  return value === 'countdown' || value === 'auto' ? value : 'clock';
}

/** Whole minutes from `now` (to the minute) until `bus` leaves; null if unknown. */
export function minutesUntil(bus: Bus, now: number, zone: SiteZone | null): number | null {
  const { date } = wallClock(now, zone);
  const at = departsAt(bus, date as LocalDate);
  if (at === null) return null;
  // Real minutes: the departure's wall-clock reading as the instant it stands for in the site's zone,
  // so a night the clocks change on counts the hour they skip or repeat.
  const leaves = instantOfLocalDateTime(at, zone);
  if (Number.isNaN(leaves)) return null;
  return Math.round((leaves - (now - (now % 60_000))) / 60_000);
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
