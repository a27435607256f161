/**
 * The viewer's wall clock as site-local strings (WordPress publishes no time zone, so a board shows
 * the times printed on the tickets and compares them with the clock on the wall), and the
 * "upcoming departures" rule of the board.
 */
import type { Bus, LocalDate, LocalTime } from '../../../api/models.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of `ms` in the viewer's zone. */
export function localDate(ms: number): LocalDate {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `HH:MM` of `ms` in the viewer's zone. */
export function localTime(ms: number): LocalTime {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Milliseconds from `ms` to the start of the next wall-clock minute (1 … 60 000). */
export function msToNextMinute(ms: number): number {
  const d = new Date(ms);
  return 60_000 - (d.getSeconds() * 1000 + d.getMilliseconds());
}

/** When a bus leaves, as a sortable `YYYY-MM-DDTHH:MM` (a timetable entry runs `today`); null if unknown. */
export function departsAt(bus: Bus, today: LocalDate): string | null {
  if (bus.departureTime === null) return null;
  return `${bus.date ?? today}T${bus.departureTime}`;
}

/**
 * Departures that have not left at `now` (a bus leaving this minute still shows), soonest first;
 * buses without a time go last. Never mutates `buses`.
 */
export function upcoming(buses: readonly Bus[], now: number): Bus[] {
  const today = localDate(now);
  const current = `${today}T${localTime(now)}`;
  const keyed = buses
    .map((bus) => ({ bus, at: departsAt(bus, today) }))
    .filter(({ at }) => at === null || at >= current);
  keyed.sort((a, b) => compare(a.at ?? '~', b.at ?? '~') || compare(a.bus.name, b.bus.name) || a.bus.id - b.bus.id);
  return keyed.map(({ bus }) => bus);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
