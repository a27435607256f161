/**
 * Interface B buses → {@link Bus} and {@link BusDetail}, for both dialects: the contract's
 * timetable records (`/buses`, `/buses/{id}`) and the plugin's dated search (`/buses/search`) and
 * detail (`/buses/{id}`).
 */
import { invalidResponse } from '../errors.js';
import type { Bus, BusDetail, LocalDate, LocalTime, SeatMap } from '../models.js';
import { safeUrl } from '../text.js';
import { lowestFare, normalizeFares, normalizeFeatures, normalizeStops, requireBus, rollOver, routeEnds } from './bus-parts.js';
import { asRecord, field, kindOf, normalizeList, readCount, readId, readString, toLocalDate, toLocalDateTime, toLocalTime } from './read.js';
import { readList, readPlace } from './read-bus.js';
import { countSeats, normalizeDecks } from './seats.js';

/** `/wbtm/v1/buses/search` of the plugin dialect, normalized. */
export interface BusSearchResult {
  from: string;
  to: string;
  /** The outbound date the server answered for. */
  date: LocalDate | null;
  buses: Bus[];
  returnDate: LocalDate | null;
  returnBuses: Bus[];
}

/** A contract `/wbtm/v1/buses` record: a timetable entry, so `date` is null. */
export function normalizeContractBus(raw: unknown): Bus {
  const { record, id, name, type, typeKey } = requireBus(raw);
  const { first, last } = routeEnds(normalizeStops(field(record, 'route_stops')));
  const fares = normalizeFares(field(record, 'tickets'));
  return {
    id,
    name,
    type,
    typeKey,
    routeId: readId(field(record, 'route_id')),
    from: first?.place ?? '',
    to: last?.place ?? '',
    date: null,
    departureTime: first?.time ?? null,
    arrivalTime: last?.time ?? null,
    arrivalDayOffset: first && last ? last.dayOffset - first.dayOffset : 0,
    fares,
    lowestFare: lowestFare(fares),
    totalSeats: readCount(field(record, 'total_seats')),
    seatsLeft: readCount(field(record, 'seats_left')),
    features: normalizeFeatures(field(record, 'features')),
  };
}

/** A page of contract buses; broken items are dropped, an all-broken page is rejected. */
export function normalizeContractBuses(raw: unknown): Bus[] {
  return normalizeList(raw, normalizeContractBus, 'buses');
}

/** `Y-m-d H:i` split into its parts; a bare `H:i` is tolerated (its date is then unknown). */
function readStamp(value: unknown): { date: LocalDate | null; time: LocalTime | null } {
  const stamp = toLocalDateTime(value);
  if (stamp !== null) return { date: stamp.slice(0, 10), time: stamp.slice(11, 16) };
  return { date: null, time: toLocalTime(value) };
}

function daysBetween(from: LocalDate, to: LocalDate): number {
  const utc = (d: LocalDate): number => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** What the search itself answered for; each bus repeats it, but may leave a field out. */
interface SearchContext {
  date: LocalDate | null;
  from: string;
  to: string;
}

function normalizeSearchBus(raw: unknown, search: SearchContext): Bus {
  const { record, id, name, type, typeKey } = requireBus(raw);
  const departure = readStamp(field(record, 'departure_time'));
  const arrival = readStamp(field(record, 'arrival_time'));
  const date = departure.date ?? search.date;
  const from = readPlace(field(record, 'boarding_point'));
  const to = readPlace(field(record, 'dropping_point'));
  // With both dates the offset is exact; with bare times fall back to the roll-over rule.
  const offset = date !== null && arrival.date !== null ? daysBetween(date, arrival.date) : rollOver(departure.time, arrival.time);
  const fares = normalizeFares(field(record, 'prices'));
  return {
    id,
    name,
    type,
    typeKey,
    routeId: null,
    from: from !== '' ? from : search.from,
    to: to !== '' ? to : search.to,
    date,
    departureTime: departure.time,
    arrivalTime: arrival.time,
    // An arrival dated before the departure is nonsense; it must not print "-1 day".
    arrivalDayOffset: Math.max(0, offset),
    fares,
    lowestFare: lowestFare(fares),
    totalSeats: readCount(field(record, 'total_seats')),
    seatsLeft: readCount(field(record, 'seats_left')),
    features: normalizeFeatures(field(record, 'features')),
  };
}

function searchBuses(raw: unknown, search: SearchContext, what: string): Bus[] {
  // PHP sends a list with gaps as an index-keyed object.
  return normalizeList(readList(raw) ?? raw, (item) => normalizeSearchBus(item, search), what);
}

/**
 * The plugin's `/wbtm/v1/buses/search` answer. `buses` must be a list (empty when nothing runs);
 * `return_buses` is optional. Throws `tw_invalid_response` for any other shape.
 */
export function normalizePluginSearch(raw: unknown): BusSearchResult {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a bus search result, got ${kindOf(raw)}.`);
  const date = toLocalDate(field(record, 'date'));
  const returnDate = toLocalDate(field(record, 'return_date'));
  const from = readPlace(field(record, 'boarding_point'));
  const to = readPlace(field(record, 'dropping_point'));
  const rawReturn = field(record, 'return_buses');
  return {
    from,
    to,
    date,
    buses: searchBuses(field(record, 'buses'), { date, from, to }, 'buses'),
    returnDate,
    returnBuses: rawReturn === undefined || rawReturn === null ? [] : searchBuses(rawReturn, { date: returnDate, from: to, to: from }, 'return buses'),
  };
}

/**
 * The layout in a contract detail record, or null. A broken or oversized layout is dropped here
 * rather than failing the whole detail: stops and fares are still worth showing.
 */
function detailSeatMap(record: Record<string, unknown>, busId: number): SeatMap | null {
  const rawDecks = field(record, 'decks');
  if (rawDecks === undefined || rawDecks === null) return null;
  try {
    const decks = normalizeDecks(rawDecks);
    if (decks.length === 0) return null;
    const seatType = readString(field(record, 'seat_type'));
    return { busId, date: null, from: null, to: null, seatType, decks, ...countSeats(decks) };
  } catch {
    return null;
  }
}

/**
 * `/wbtm/v1/buses/{id}` in either dialect. Fares are the contract's per-segment `prices` when it
 * sends any, else the whole-route `tickets`.
 */
export function normalizeBusDetail(raw: unknown): BusDetail {
  const { record, id, name, type, typeKey } = requireBus(raw);
  const stops = normalizeStops(field(record, 'route_stops'));
  const tiers = normalizeFares(field(record, 'prices'));
  const seatMap = detailSeatMap(record, id);
  return {
    id,
    name,
    type,
    typeKey,
    routeId: readId(field(record, 'route_id')),
    stops,
    boardingPoints: stops.filter((stop) => stop.kind !== 'dropping'),
    droppingPoints: stops.filter((stop) => stop.kind !== 'boarding'),
    fares: tiers.length > 0 ? tiers : normalizeFares(field(record, 'tickets')),
    features: normalizeFeatures(field(record, 'features')),
    gallery: (readList(field(record, 'gallery')) ?? []).map((url) => safeUrl(url)).filter((url) => url !== ''),
    totalSeats: readCount(field(record, 'total_seats')) ?? seatMap?.totalSeats ?? null,
    seatMap,
  };
}
