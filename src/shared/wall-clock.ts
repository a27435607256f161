/**
 * "Now" and "today" as the site prints them. Dates and times from WordPress are the site's
 * wall-clock readings with no zone, so comparing them with the present needs the present on the
 * same wall clock: the site's zone when the page says which it is (`time-zone` attribute,
 * `<meta name="ticketing-widgets:time-zone">` or `configure({ timeZone })`), else the viewer's.
 */
import type { LocalDate, LocalDateTime, LocalTime } from '../api/models.js';
import { wallClock, type SiteZone } from '../api/site-time.js';
// Date arithmetic lives with the data layer's, which the event occurrences use too.
export { addDays } from '../api/site-time.js';

/** `YYYY-MM-DD` at `ms` on the site's wall clock (the viewer's when `zone` is null). */
export function siteDate(ms: number, zone: SiteZone | null): LocalDate {
  return wallClock(ms, zone).date;
}

/** `HH:MM` at `ms` on the site's wall clock (the viewer's when `zone` is null). */
export function siteTime(ms: number, zone: SiteZone | null): LocalTime {
  return wallClock(ms, zone).time;
}

/** `YYYY-MM-DDTHH:MM:SS` at `ms` on the site's wall clock (the viewer's when `zone` is null). */
export function siteDateTime(ms: number, zone: SiteZone | null): LocalDateTime {
  return wallClock(ms, zone).dateTime;
}

/** Milliseconds from `ms` to the start of the next wall-clock minute (1 … 60 000); zones differ by whole minutes. */
export function msToNextMinute(ms: number): number {
  return 60_000 - (((ms % 60_000) + 60_000) % 60_000);
}
