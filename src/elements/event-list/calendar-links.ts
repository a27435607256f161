/**
 * "Add to calendar" links for one occurrence of an event: Google Calendar's event template and
 * Outlook on the web's compose form. Every value goes through URLSearchParams, so site text (titles,
 * venues, excerpts) stays inside its parameter whatever it contains.
 *
 * Times:
 * - Google (`dates=start/end`): UTC `YYYYMMDDTHHMMSSZ` whenever the site's zone is known — an IANA
 *   zone or a fixed offset alike (`ctz` takes only IANA names, and an instant needs no zone
 *   database on Google's side); without a zone, the reading without `Z`, which Google reads in the
 *   visitor's calendar zone: the time printed on the ticket, like the `.ics` file's floating times.
 * - Outlook (`startdt`/`enddt`): ISO 8601 with the site's offset at that moment
 *   (`2026-03-28T19:00:00+01:00`); without a zone, the reading without offset (the visitor's zone).
 * An occurrence without an end lasts DEFAULT_DURATION_MINUTES, as in the `.ics` file.
 */
import type { EventDate, EventItem } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { calendarDescription, calendarLocation, calendarTimes } from '../../api/export/calendar-event.js';

export const GOOGLE_CALENDAR_BASE = 'https://calendar.google.com/calendar/render';
export const OUTLOOK_CALENDAR_BASE = 'https://outlook.live.com/calendar/0/action/compose';

/** Excerpts longer than this are cut in links: browsers and servers refuse very long URLs. */
export const LINK_DESCRIPTION_MAX = 1000;

export interface CalendarLinkOptions {
  /** Location text of online events (default `Online`); pass the localized word. */
  online?: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SS` of a reading held as epoch ms (UTC fields). */
function reading(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `+01:00` for 60 minutes east of UTC. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const googleTime = (ms: number, floating: boolean) => reading(ms).replace(/[-:]/g, '') + (floating ? '' : 'Z');

/** The wall clock of the site at the instant, with its offset; the bare reading when floating. */
function outlookTime(ms: number, offset: number | null): string {
  return offset === null ? reading(ms) : reading(ms + offset * 60_000) + offsetText(offset);
}

function withParams(base: string, params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  return `${base}?${query.toString()}`;
}

/**
 * Google Calendar's "create event" page for one occurrence, or null when the occurrence has no
 * readable start.
 */
export function googleCalendarUrl(event: EventItem, occurrence: EventDate, zone: SiteZone | null, options: CalendarLinkOptions = {}): string | null {
  const when = calendarTimes(occurrence, zone);
  if (!when) return null;
  return withParams(GOOGLE_CALENDAR_BASE, {
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleTime(when.start, when.floating)}/${googleTime(when.end, when.floating)}`,
    details: calendarDescription(event, LINK_DESCRIPTION_MAX),
    location: calendarLocation(event, options.online ?? 'Online'),
  });
}

/**
 * Outlook on the web's "new event" form for one occurrence, or null when the occurrence has no
 * readable start. The body is plain text.
 */
export function outlookCalendarUrl(event: EventItem, occurrence: EventDate, zone: SiteZone | null, options: CalendarLinkOptions = {}): string | null {
  const when = calendarTimes(occurrence, zone);
  if (!when) return null;
  return withParams(OUTLOOK_CALENDAR_BASE, {
    subject: event.title,
    startdt: outlookTime(when.start, when.offsetStart),
    enddt: outlookTime(when.end, when.offsetEnd),
    body: calendarDescription(event, LINK_DESCRIPTION_MAX),
    location: calendarLocation(event, options.online ?? 'Online'),
  });
}
