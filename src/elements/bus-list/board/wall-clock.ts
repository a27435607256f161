/**
 * The board's "upcoming departures" rule: timetable times are the site's wall-clock readings, so
 * they are compared with the present on the site's wall clock (see shared/wall-clock.ts).
 */
import type { Bus, LocalDate } from '../../../api/models.js';
import { instantOfLocalDateTime, offsetMinutesAt, wallClock, type SiteZone } from '../../../api/site-time.js';

const HOUR_MS = 3_600_000;

/** When a bus leaves, as a sortable `YYYY-MM-DDTHH:MM` (a timetable entry runs `today`); null if unknown. */
export function departsAt(bus: Bus, today: LocalDate): string | null {
  if (bus.departureTime === null) return null;
  return `${bus.date ?? today}T${bus.departureTime}`;
}

/**
 * Departures that have not left at `now` (a bus leaving this minute still shows), soonest first;
 * buses without a time go last. Never mutates `buses`.
 */
export function upcoming(buses: readonly Bus[], now: number, zone: SiteZone | null): Bus[] {
  const { date: today, time } = wallClock(now, zone);
  const current = `${today}T${time}`;
  // Within an hour of a DST switch a reading and its instant disagree: a skipped 02:30 leaves at
  // 03:30 (as PHP and the countdown read it), a repeated one has left by the second 02:00. There
  // the instant decides, as for the countdown; elsewhere the reading, which costs no Intl call.
  const shifting = offsetMinutesAt(now - HOUR_MS, zone) !== offsetMinutesAt(now + HOUR_MS, zone);
  const minute = now - (now % 60_000);
  const left = (at: string) => {
    const leaves = shifting ? instantOfLocalDateTime(at, zone) : NaN;
    return Number.isNaN(leaves) ? at < current : leaves < minute;
  };
  const keyed = buses.map((bus) => ({ bus, at: departsAt(bus, today) })).filter(({ at }) => at === null || !left(at));
  keyed.sort((a, b) => compare(a.at ?? '~', b.at ?? '~') || compare(a.bus.name, b.bus.name) || a.bus.id - b.bus.id);
  return keyed.map(({ bus }) => bus);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
