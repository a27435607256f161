/**
 * An event's time for a visitor who may sit in another zone than the site: the site's zone name
 * beside the printed time when the two differ at that instant, and optionally the visitor's own time.
 */
import type { LocalDateTime } from '../../api/models.js';
import { instantOfLocalDateTime, offsetMinutesAt, zoneText, type SiteZone } from '../../api/site-time.js';
import { cached } from '../../shared/format.js';

/** The instant of a site-local time, when the site's zone is known and differs from the visitor's there. */
export function foreignInstant(local: LocalDateTime, zone: SiteZone | null): number | null {
  // The visitor's own zone (the usual case) needs no arithmetic: a list asks this once per card.
  if (zone === null || (zone.kind === 'iana' && zone.name === viewerZoneName())) return null;
  const instant = instantOfLocalDateTime(local, zone);
  if (Number.isNaN(instant)) return null;
  return offsetMinutesAt(instant, zone) === offsetMinutesAt(instant, null) ? null : instant;
}

let viewerZone: string | undefined;
const viewerZoneName = (): string => (viewerZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The site zone's short name at `instant` in the visitor's language: "CET", "GMT+1", "UTC+05:30". */
export function zoneLabel(instant: number, zone: SiteZone, locale: string): string {
  if (zone.kind === 'offset') return `UTC${zoneText(zone)}`;
  try {
    const parts = cached(`tz|${locale}|${zone.name}`, () => new Intl.DateTimeFormat(locale, { timeZone: zone.name, timeZoneName: 'short' })).formatToParts(
      instant,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone.name;
  } catch {
    return zone.name; // an unknown locale or zone: the IANA name still says it
  }
}

/** The instant in the visitor's own zone, with that zone's short name: "31 Dec 2026, 21:30 GMT+5:30". */
export function visitorTime(instant: number, locale: string): string {
  try {
    return (
      cached(`tv|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(instant) +
      ' ' +
      visitorZoneName(instant, locale)
    );
  } catch {
    return new Date(instant).toLocaleString();
  }
}

function visitorZoneName(instant: number, locale: string): string {
  return (
    cached(`tn|${locale}`, () => new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }))
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}
