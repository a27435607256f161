/**
 * What a calendar needs of an event, shared by the `.ics` export and the "add to calendar" links so
 * both say the same: each occurrence as an instant (or a floating wall-clock reading when the site's
 * zone is unknown), the location line and the description. Small and DOM-free on purpose: list pages
 * import it for the links, while the `.ics` writer is loaded only when a visitor asks for a file.
 */
import type { EventDate, EventItem } from '../models.js';
import { instantOfLocal, localEpochOf, offsetMinutesAt, type SiteZone } from '../site-time.js';

const MINUTE_MS = 60_000;

/**
 * Length given to an occurrence the site gave no (usable) end. RFC 5545 §3.6.1 reads a DATE-TIME
 * DTSTART without DTEND or DURATION as an instant that ends when it starts; Google Calendar, Outlook
 * and Apple Calendar show such an event as a sliver or not at all, and the link formats need an end
 * anyway. One hour is what those calendars propose for a new event.
 */
export const DEFAULT_DURATION_MINUTES = 60;

/**
 * One occurrence as a calendar shows it.
 * - `floating` false: `start`/`end` are instants (epoch ms, UTC) and `offsetStart`/`offsetEnd` the
 *   site's offset at each, in minutes east of UTC.
 * - `floating` true (site zone unknown): `start`/`end` are local epochs — wall-clock readings meant
 *   "in whatever zone the calendar is in", the offsets are null.
 */
export interface CalendarTimes {
  floating: boolean;
  start: number;
  end: number;
  offsetStart: number | null;
  offsetEnd: number | null;
  /** The site gave no usable end (missing, unreadable, or not after the start). */
  endGuessed: boolean;
  /** The start as the site reads it (local epoch), whatever the zone: what names the occurrence. */
  localStart: number;
}

/** The occurrence's times, or null when its start is not a readable date-time. */
export function calendarTimes(date: EventDate, zone: SiteZone | null, defaultMinutes = DEFAULT_DURATION_MINUTES): CalendarTimes | null {
  const startLocal = localEpochOf(date.start);
  if (startLocal === null) return null;
  const endRead = date.end ? localEpochOf(date.end) : null;
  const endGuessed = endRead === null || endRead <= startLocal;
  if (zone === null) {
    const end = endGuessed ? startLocal + defaultMinutes * MINUTE_MS : endRead!;
    return { floating: true, start: startLocal, end, offsetStart: null, offsetEnd: null, endGuessed, localStart: startLocal };
  }
  const start = instantOfLocal(startLocal, zone);
  // A guessed end is an hour of real time, also across a DST switch.
  // An end that falls at or before the start once read in the zone (a short event in the hour a
  // spring-forward skips) is no end either.
  const endInstant = endGuessed ? start : instantOfLocal(endRead!, zone);
  const guessed = endGuessed || endInstant <= start;
  const end = guessed ? start + defaultMinutes * MINUTE_MS : endInstant;
  return {
    floating: false,
    start,
    end,
    offsetStart: offsetMinutesAt(start, zone),
    offsetEnd: offsetMinutesAt(end, zone),
    endGuessed: guessed,
    localStart: startLocal,
  };
}

export { calendarOccurrences } from '../occurrences.js';

/** The venue as one line (`name, street, postcode city, state, country`); `online` for an online event or a hybrid one without a venue. */
export function calendarLocation(event: EventItem, online: string): string {
  const venue = event.venue;
  const parts = venue ? [venue.name, venue.street, [venue.postcode, venue.city].filter(Boolean).join(' '), venue.state, venue.country] : [];
  const text = parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  if (event.mode === 'online') return online;
  return text || (event.mode === 'hybrid' ? online : '');
}

/** The event page when it is an http(s) URL without control characters or spaces, else ''. */
export function calendarLink(link: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!link || /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(link)) return '';
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** Excerpt and event page, separated by a blank line; each part only when present. Long excerpts are cut at `max` characters. */
export function calendarDescription(event: EventItem, max = Infinity): string {
  let excerpt = event.excerptText.trim();
  if (excerpt.length > max) excerpt = `${[...excerpt].slice(0, max).join('').trimEnd()}…`;
  return [excerpt, calendarLink(event.link)].filter(Boolean).join('\n\n');
}
