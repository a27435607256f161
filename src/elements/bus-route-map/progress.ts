/**
 * `live`: where the buses of a route map are, read off the site's wall clock. Stop times are the
 * site's wall-clock readings, so a trip's calls become `YYYY-MM-DDTHH:MM` on its service date (plus
 * each call's day offset) and compare with the present on the same clock, to the minute.
 *
 * The rule (README, `<bus-route-map>`):
 * - a trip runs on each candidate service date (`date`, else yesterday and today on the site's
 *   clock, so a night bus that left yesterday is followed until it arrives);
 * - the trip followed is the earliest departure among those not yet arrived: before it leaves its
 *   first stop is the next one; between stops the next stop is the first not yet reached (a stop
 *   whose minute it is still counts as next, as a departure leaving this minute still shows on
 *   the board); the stops before it are passed;
 * - once every trip has arrived, no stop is next (`trip` is null).
 */
import type { LocalDate, LocalDateTime } from '../../api/models.js';
import { addDays } from '../../shared/wall-clock.js';
import type { MapCall, RouteMap } from './route-stops.js';

export interface LiveState {
  /** Index into `trips` of the trip followed; null when every trip shown has arrived. */
  trip: number | null;
  /** Index into `stops` of its next stop (`aria-current="step"`); null when none. */
  next: number | null;
  /** The call at the next stop (for its time). */
  nextCall: MapCall | null;
  /** Indexes into `stops` the trip followed has left. */
  passed: ReadonlySet<number>;
}

interface Run {
  trip: number;
  calls: Array<{ stop: number; call: MapCall; at: LocalDateTime }>;
}

const NONE: LiveState = { trip: null, next: null, nextCall: null, passed: new Set() };

function runsOf(map: RouteMap, date: LocalDate): Run[] {
  return map.trips.map((_, trip) => ({
    trip,
    calls: map.stops.flatMap((stop, index) =>
      stop.calls
        .filter((call) => call.trip === trip && call.time !== null)
        .map((call) => ({ stop: index, call, at: `${addDays(date, call.dayOffset)}T${call.time}` })),
    ),
  }));
}

/**
 * The live state at `now` (`YYYY-MM-DDTHH:MM` on the site's wall clock) for trips running on
 * `dates` (ascending).
 */
export function liveState(map: RouteMap, now: LocalDateTime, dates: readonly LocalDate[]): LiveState {
  const minute = now.slice(0, 16);
  let followed: Run | undefined;
  for (const date of dates) {
    for (const run of runsOf(map, date)) {
      const first = run.calls[0];
      const last = run.calls[run.calls.length - 1];
      if (!first || !last || last.at < minute) continue;
      if (!followed || first.at < followed.calls[0]!.at) followed = run;
    }
  }
  if (!followed) return NONE;
  const next = followed.calls.find((entry) => entry.at >= minute)!;
  return {
    trip: followed.trip,
    next: next.stop,
    nextCall: next.call,
    passed: new Set(followed.calls.filter((entry) => entry.at < minute).map((entry) => entry.stop)),
  };
}
