/**
 * The board's "upcoming departures" rule: timetable times are the site's wall-clock readings, so
 * they are compared with the present on the site's wall clock (see shared/wall-clock.ts).
 */
import type { Bus, LocalDate } from '../../../api/models.js';
import { wallClock, type SiteZone } from '../../../api/site-time.js';

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
  const keyed = buses.map((bus) => ({ bus, at: departsAt(bus, today) })).filter(({ at }) => at === null || at >= current);
  keyed.sort((a, b) => compare(a.at ?? '~', b.at ?? '~') || compare(a.bus.name, b.bus.name) || a.bus.id - b.bus.id);
  return keyed.map(({ bus }) => bus);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
