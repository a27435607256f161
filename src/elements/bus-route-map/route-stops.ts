/**
 * The route map's model, from the stops of one or more buses (`BusDetail.stops`): which stops to
 * draw, in travel order, and every bus's call at each. Pure functions, no DOM, no requests.
 */
import type { BusDetail, LocalDate, LocalTime, Stop, StopKind } from '../../api/models.js';

/** A bus drawn on the map. */
export interface MapTrip {
  id: number;
  /** Decoded plain text, '' when the site left it empty. */
  name: string;
}

/** One bus at one stop. */
export interface MapCall {
  /** Index into `RouteMap.trips`. */
  trip: number;
  time: LocalTime | null;
  /** Days after the trip's first drawn stop (its "+1"). */
  dayOffset: number;
}

export interface MapStop {
  /** Byte-exact as the site sent it; decode for display. */
  place: string;
  /** What the buses drawn allow here, together: boarding at any and alighting at any is `both`. */
  kind: StopKind;
  /** The buses calling here, in `trips` order. */
  calls: MapCall[];
}

export interface RouteMap {
  /** `bus`: one bus's stops (`bus-id`); `route`: the stops of a route across its buses (`from`/`to`). */
  mode: 'bus' | 'route';
  /** Route mode: the stops asked for, byte-exact; '' in bus mode. */
  from: string;
  to: string;
  trips: MapTrip[];
  stops: MapStop[];
  /** The service date the times are for (a `date`, or the date a plugin search answered for); null for a timetable. */
  date: LocalDate | null;
  /** Route mode: how many buses serve the route (more than `trips` when only the first were read). */
  total: number;
  /** Route mode: how many of the buses read could not be (their detail failed); 0 or absent for none. */
  unread?: number;
}

const boards = (kind: StopKind): boolean => kind !== 'dropping';
const drops = (kind: StopKind): boolean => kind !== 'boarding';

/**
 * The part of a bus's stops from boarding at `from` to alighting at `to` (the first such pair, as
 * the plugin matches `bp`/`dp`), day offsets counted from `from`; null when the bus does not serve it.
 */
export function segmentOf(stops: readonly Stop[], from: string, to: string): Stop[] | null {
  const start = stops.findIndex((stop) => stop.place === from && boards(stop.kind));
  if (start < 0) return null;
  const end = stops.findIndex((stop, index) => index > start && stop.place === to && drops(stop.kind));
  if (end < 0) return null;
  const base = stops[start]!.dayOffset;
  return stops.slice(start, end + 1).map((stop) => ({ ...stop, dayOffset: stop.dayOffset - base }));
}

function mergedKind(kinds: readonly StopKind[]): StopKind {
  const board = kinds.some(boards);
  const drop = kinds.some(drops);
  return board && drop ? 'both' : board ? 'boarding' : 'dropping';
}

/**
 * The places of several stop sequences in one travel order: each sequence's order is kept (a
 * topological order of "comes after" within any bus), ties going to the place seen first. Should
 * two buses disagree (A before B on one, B before A on another), the rest follow in first-seen order.
 */
export function travelOrder(sequences: ReadonlyArray<readonly string[]>): string[] {
  const rank = new Map<string, number>();
  const after = new Map<string, Set<string>>();
  const waiting = new Map<string, number>();
  for (const sequence of sequences) {
    let previous: string | undefined;
    for (const place of sequence) {
      if (!rank.has(place)) {
        rank.set(place, rank.size);
        after.set(place, new Set());
        waiting.set(place, 0);
      }
      if (previous !== undefined && previous !== place && !after.get(previous)!.has(place)) {
        after.get(previous)!.add(place);
        waiting.set(place, waiting.get(place)! + 1);
      }
      previous = place;
    }
  }
  const order: string[] = [];
  const byRank = (a: string, b: string): number => rank.get(a)! - rank.get(b)!;
  const remaining = new Set(rank.keys());
  while (remaining.size > 0) {
    const free = [...remaining].filter((place) => waiting.get(place) === 0).sort(byRank);
    // A disagreement leaves no place free: take the first seen and go on.
    const place = free[0] ?? [...remaining].sort(byRank)[0]!;
    remaining.delete(place);
    order.push(place);
    for (const next of after.get(place)!) waiting.set(next, waiting.get(next)! - 1);
  }
  return order;
}

/** Each place once per bus (a bus passing a place twice is drawn at its first call there). */
function firstCalls(stops: readonly Stop[]): Stop[] {
  const seen = new Set<string>();
  return stops.filter((stop) => !seen.has(stop.place) && seen.add(stop.place));
}

/** The map of buses with their (already clipped) stops: every place once, in travel order. */
export function mapOf(
  trips: ReadonlyArray<{ trip: MapTrip; stops: readonly Stop[] }>,
  meta: Pick<RouteMap, 'mode' | 'from' | 'to' | 'date' | 'total' | 'unread'>,
): RouteMap {
  const perTrip = trips.map(({ stops }) => firstCalls(stops));
  const stops = travelOrder(perTrip.map((list) => list.map((stop) => stop.place))).map((place): MapStop => {
    const calls: MapCall[] = [];
    const kinds: StopKind[] = [];
    perTrip.forEach((list, trip) => {
      const stop = list.find((candidate) => candidate.place === place);
      if (!stop) return;
      calls.push({ trip, time: stop.time, dayOffset: stop.dayOffset });
      kinds.push(stop.kind);
    });
    return { place, kind: mergedKind(kinds), calls };
  });
  return { ...meta, trips: trips.map(({ trip }) => trip), stops };
}

/** One bus's map: all its stops as the site lists them (a loop keeps both calls at its terminus). */
export function busMap(bus: BusDetail, date: LocalDate | null): RouteMap {
  return {
    mode: 'bus',
    from: '',
    to: '',
    date,
    total: 1,
    trips: [{ id: bus.id, name: bus.name }],
    stops: bus.stops.map((stop) => ({ place: stop.place, kind: stop.kind, calls: [{ trip: 0, time: stop.time, dayOffset: stop.dayOffset }] })),
  };
}
