/**
 * iCalendar (RFC 5545) files of events, for "add to calendar" and "download these events":
 * - one VCALENDAR (VERSION 2.0, GREGORIAN, METHOD:PUBLISH) with one VEVENT per occurrence — the
 *   start and every further date — each with a UID stable across downloads, so importing the file
 *   twice updates the entries instead of doubling them;
 * - times in UTC (`…Z`) computed from the site's zone; when the zone is unknown, floating local times
 *   (RFC 5545 §3.3.5 form 1): the site's wall-clock reading shown as-is in the reader's calendar,
 *   as the widgets show it. Guessing a zone instead would store a wrong instant for good;
 * - an occurrence without an end lasts DEFAULT_DURATION_MINUTES (see there);
 * - every TEXT value escaped (§3.3.11: `\\`, `\;`, `\,`, line breaks as `\n`, other control
 *   characters dropped), URLs only http(s) without control characters, and every content line
 *   folded at 75 octets of UTF-8 without splitting a character (§3.1). Site text — titles, venues,
 *   excerpts — is untrusted: none of it can end a line, so none of it can add a property or a
 *   component.
 * Pure and DOM-free: runs in browsers and in Node; the caller passes the time (`now`).
 */
import type { EventItem, LocalDate } from '../models.js';
import type { SiteZone } from '../site-time.js';
import {
  calendarDescription,
  calendarLink,
  calendarLocation,
  calendarOccurrences,
  calendarTimes,
  DEFAULT_DURATION_MINUTES,
  type CalendarTimes,
} from './calendar-event.js';

export interface IcsOptions {
  /** DTSTAMP: when the file is made, epoch ms (the writer never reads the clock). */
  now: number;
  /** The site's zone; null writes floating local times. */
  zone: SiteZone | null;
  /** The site (any URL on it); its host names the UIDs. Default host `ticketing-widgets`. */
  siteUrl?: string;
  /** X-WR-CALNAME, the name calendars give an imported or subscribed file. */
  calendarName?: string;
  /** LOCATION of online events (default `Online`); pass the localized word. */
  online?: string;
  /** Category names by id; when given, an event's known categories become CATEGORIES. */
  categories?: ReadonlyMap<number, string>;
  /** Length of an occurrence without an end (default 60). */
  defaultDurationMinutes?: number;
  /**
   * The site's date the file is for: an everyday event's daily slots are written around it (a year
   * before, two years at most; see EVERYDAY_MAX_DAYS). Default: the event's first year.
   */
  around?: LocalDate;
}

export const ICS_MIME = 'text/calendar;charset=utf-8';
export const ICS_PRODID = '-//ticketing-widgets//Events//EN';

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks (LF, and the Unicode
 * ones: NEL, U+2028/2029) written `\n`, every other control character dropped — CR too, so CRLF is
 * one break — and lone surrogates replaced. Tab stays: TEXT allows it.
 */
export function escapeIcsText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[\u0085\u2028\u2029]/g, '\n')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      .replace(/[\\;,\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))
  );
}

/** UTF-8 length of one code point. */
const octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * One content line folded (§3.1): at most 75 octets per line before its CRLF, continuation lines
 * starting with one space (which counts), never splitting a UTF-8 sequence. Ends with CRLF.
 */
export function foldIcsLine(line: string): string {
  let out = '';
  let used = 0;
  for (const char of line) {
    const size = octets(char.codePointAt(0)!);
    if (used + size > MAX_OCTETS) {
      out += `${CRLF} `;
      used = 1;
    }
    out += char;
    used += size;
  }
  return out + CRLF;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSS` of a reading held as epoch ms (UTC fields). */
function compact(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** A DATE-TIME value: UTC with `Z`, or floating (no zone) for a local reading. */
const dateTime = (ms: number, floating: boolean) => compact(ms) + (floating ? '' : 'Z');

/** The host that names UIDs: the site's, or `ticketing-widgets`. */
function uidHost(siteUrl: string | undefined): string {
  try {
    return (siteUrl && new URL(siteUrl).hostname) || 'ticketing-widgets';
  } catch {
    return 'ticketing-widgets';
  }
}

function vevent(event: EventItem, times: CalendarTimes, options: IcsOptions, host: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    // The occurrence's site-local start names it: the same whatever zone the file is made with.
    `UID:${escapeIcsText(`event-${event.id}-${compact(times.localStart)}@${host}`)}`,
    `DTSTAMP:${dateTime(options.now, false)}`,
    `DTSTART:${dateTime(times.start, times.floating)}`,
    `DTEND:${dateTime(times.end, times.floating)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
  ];
  const description = calendarDescription(event);
  if (description) lines.push(`DESCRIPTION:${escapeIcsText(description)}`);
  const location = calendarLocation(event, options.online ?? 'Online');
  if (location) lines.push(`LOCATION:${escapeIcsText(location)}`);
  const url = calendarLink(event.link);
  // A URI value is not TEXT-escaped; calendarLink admits only http(s) URLs without controls or spaces.
  if (url) lines.push(`URL:${url}`);
  const names = options.categories ? event.categoryIds.map((id) => options.categories!.get(id)?.trim()).filter((name): name is string => !!name) : [];
  // CATEGORIES is a list: the commas between names are separators, those inside a name escaped.
  if (names.length > 0) lines.push(`CATEGORIES:${names.map(escapeIcsText).join(',')}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A VCALENDAR with one VEVENT per occurrence of `events`, CRLF line endings. Events without any
 * readable date are left out; an empty list gives a calendar without events.
 */
export function eventsToIcs(events: readonly EventItem[], options: IcsOptions): string {
  const host = uidHost(options.siteUrl);
  const minutes = options.defaultDurationMinutes ?? DEFAULT_DURATION_MINUTES;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${ICS_PRODID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.calendarName) lines.push(`X-WR-CALNAME:${escapeIcsText(options.calendarName)}`);
  for (const event of events) {
    for (const date of calendarOccurrences(event, options.around)) {
      const times = calendarTimes(date, options.zone, minutes);
      if (times) lines.push(...vevent(event, times, options, host));
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('');
}
