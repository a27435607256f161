/**
 * How the board names a moment it reports about itself ("Last updated …", "… unavailable since …"):
 * the time alone on the site's current day, the date as well on any other. A kiosk can be offline
 * for more than a day, and "since 10:42" would then name the wrong morning.
 */
import type { LocalDateTime, LocalTime } from '../../../api/models.js';
import { wallClock, type SiteZone } from '../../../api/site-time.js';
import { formatDateTime, formatTime } from '../../../shared/format.js';

export interface Stamp {
  /** For a `<time datetime>`: `HH:MM` on the current day, else the local date and time. */
  datetime: LocalTime | LocalDateTime;
  text: string;
}

/** `ms` on the site's wall clock (the viewer's when `zone` is null), as seen at `now`. */
export function stampOf(ms: number, now: number, zone: SiteZone | null, locale: string): Stamp {
  const { date, time, dateTime } = wallClock(ms, zone);
  return date === wallClock(now, zone).date
    ? { datetime: time, text: formatTime(time, locale) }
    : { datetime: dateTime, text: formatDateTime(dateTime, locale) };
}
