/**
 * Site time. WordPress and both plugins store and serve wall-clock times of the site's own zone
 * (Settings → General → Timezone) with no offset: an event "starts 2026-12-31 20:00", a bus
 * "departs 08:15", a search is "for 2026-12-31". Which day is *today*, and whether an event has
 * ended, therefore depends on the site's zone, not on the visitor's.
 *
 * The REST index publishes that zone: `timezone_string` (an IANA name such as `Europe/Berlin`, or
 * `''` when the site uses a fixed offset) and `gmt_offset` (hours east of UTC, `5.5` or `"5.5"`).
 * A `SiteZone` is either; `null` stands for the viewer's own zone, the fallback when the site's is
 * not known. Framework-free: the browser elements and the reference API use the same rules.
 */
import type { LocalDate, LocalDateTime, LocalTime } from './models.js';

export type SiteZone = { kind: 'iana'; name: string } | { kind: 'offset'; minutes: number };

/** A moment read off a wall clock: what a site would print for it. */
export interface WallClock {
  date: LocalDate;
  /** `HH:MM` */
  time: LocalTime;
  /** `YYYY-MM-DDTHH:MM:SS` */
  dateTime: LocalDateTime;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const OFFSET_TEXT = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for an IANA zone, or null when this runtime does not know the zone. */
function formatterFor(name: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(name);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = null;
    }
    if (formatters.size > 64) formatters.clear();
    formatters.set(name, formatter);
  }
  return formatter;
}

/**
 * A zone from text: an IANA name the runtime knows (`Europe/Berlin`, `UTC`) or a fixed offset
 * (`+05:30`, `-0800`, `UTC+2`); null for anything else.
 */
export function parseSiteZone(text: string): SiteZone | null {
  const value = text.trim();
  if (value === '') return null;
  const offset = OFFSET_TEXT.exec(value);
  if (offset) {
    const hours = Number(offset[2]);
    const minutes = Number(offset[3] ?? 0);
    if (hours > 14 || minutes > 59) return null;
    return { kind: 'offset', minutes: (offset[1] === '-' ? -1 : 1) * (hours * 60 + minutes) };
  }
  if (formatterFor(value) === null) return null;
  return { kind: 'iana', name: value };
}

/**
 * The zone a REST index publishes: `timezone_string` when it names a zone, else `gmt_offset` in
 * hours (WordPress keeps fixed offsets such as `5.5` or `-3.5` there), else null.
 */
export function siteZoneFromIndex(timezoneString: unknown, gmtOffset: unknown): SiteZone | null {
  if (typeof timezoneString === 'string') {
    const named = parseSiteZone(timezoneString);
    if (named?.kind === 'iana') return named;
  }
  const hours = typeof gmtOffset === 'number' ? gmtOffset : typeof gmtOffset === 'string' && gmtOffset.trim() !== '' ? Number(gmtOffset) : NaN;
  if (!Number.isFinite(hours) || Math.abs(hours) > 14) return null;
  return { kind: 'offset', minutes: Math.round(hours * 60) };
}

/** Minutes east of UTC in `zone` at the instant `ms` (the viewer's zone when `zone` is null). */
export function offsetMinutesAt(ms: number, zone: SiteZone | null): number {
  if (zone === null) return -new Date(ms).getTimezoneOffset();
  if (zone.kind === 'offset') return zone.minutes;
  const formatter = formatterFor(zone.name);
  if (formatter === null) return -new Date(ms).getTimezoneOffset();
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/**
 * The wall clock at `ms` expressed as epoch milliseconds of the same reading in UTC ("local epoch"):
 * date arithmetic on it never meets a DST gap, and `new Date(local).toISOString()` prints the reading.
 */
export function localEpoch(ms: number, zone: SiteZone | null): number {
  return ms + offsetMinutesAt(ms, zone) * MINUTE_MS;
}

/**
 * The instant of a wall-clock reading given as local epoch. A reading that occurs twice (the hour
 * a DST switch repeats) is the earlier instant; one that never occurs (the hour skipped) is read
 * with the offset before the switch, as PHP does.
 */
export function instantOfLocal(local: number, zone: SiteZone | null): number {
  const before = local - offsetMinutesAt(local - DAY_MS, zone) * MINUTE_MS;
  const after = local - offsetMinutesAt(local + DAY_MS, zone) * MINUTE_MS;
  const valid = [before, after].filter((instant) => localEpoch(instant, zone) === local);
  return valid.length > 0 ? Math.min(...valid) : before;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A site-local `YYYY-MM-DDTHH:MM[:SS]` reading as local epoch (the same reading in UTC, so arithmetic
 * never meets DST); null when unreadable or not a real date and time.
 */
export function localEpochOf(local: LocalDateTime): number | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  // Seconds are optional: an absent group is undefined, which Number() would read as NaN.
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // `2026-02-30` or `25:00` would roll over silently: a reading that does not exist is no date.
  if (Number.isNaN(ms) || y < 1 || back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) return null;
  return ms;
}

/** The instant of a site-local reading (see `localEpochOf`) in `zone` (the viewer's when null); NaN when unreadable. */
export function instantOfLocalDateTime(local: LocalDateTime, zone: SiteZone | null): number {
  const epoch = localEpochOf(local);
  return epoch === null ? NaN : instantOfLocal(epoch, zone);
}

/** `date` plus `days` calendar days (negative goes back); plain date arithmetic, no zone involved. */
export function addDays(date: LocalDate, days: number): LocalDate {
  if (days === 0) return date;
  const utc = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days));
  return utc.toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock of `zone` (the viewer's when null) at the instant `ms`. */
export function wallClock(ms: number, zone: SiteZone | null): WallClock {
  const d = new Date(localEpoch(ms, zone));
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return { date, time, dateTime: `${date}T${time}:${pad(d.getUTCSeconds())}` };
}

/** `zone` as text an attribute or the REST index would carry: the IANA name, or `+05:30`. */
export function zoneText(zone: SiteZone): string {
  if (zone.kind === 'iana') return zone.name;
  const sign = zone.minutes < 0 ? '-' : '+';
  const abs = Math.abs(zone.minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
