/**
 * Pieces every Interface B bus record shares in both dialects: identity (id, name, type), route
 * stops with day roll-over, fares and features.
 */
import { invalidResponse } from '../errors.js';
import type { Fare, LocalTime, Stop, StopKind } from '../models.js';
import { asRecord, field, kindOf, parsePrice, plainText, readId, readString, toLocalTime } from './read.js';
import { readList, readPlace, typeKey } from './read-bus.js';

export interface BusIdentity {
  record: Record<string, unknown>;
  id: number;
  name: string;
  type: string;
  typeKey: string;
}

/** The bus record with its positive integer id, decoded name and type, or a clear error. */
export function requireBus(raw: unknown): BusIdentity {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a bus object, got ${kindOf(raw)}.`);
  const id = readId(field(record, 'id'));
  if (id === null) throw invalidResponse('Bus has no usable id.');
  // Bus names are post titles, texturized by WordPress (`&#038;`).
  const type = plainText(field(record, 'type'));
  return { record, id, name: plainText(field(record, 'name')), type, typeKey: typeKey(type) };
}

function readStopKind(value: unknown): StopKind {
  const key = readString(value).trim().toLowerCase();
  if (key === 'bp' || key === 'boarding') return 'boarding';
  if (key === 'dp' || key === 'dropping') return 'dropping';
  // `both`, and anything we do not recognise: refusing a stop the site lists would hide it entirely.
  return 'both';
}

/** Whole days a time has rolled over past midnight since the previous timed stop. */
export function rollOver(previous: LocalTime | null, time: LocalTime | null): number {
  return previous !== null && time !== null && time < previous ? 1 : 0;
}

/**
 * `route_stops` in travel order. A time earlier than the previous stop's is on the next day, so
 * each roll-over adds one to `dayOffset`; stops without a usable place are skipped.
 */
export function normalizeStops(raw: unknown): Stop[] {
  const stops: Stop[] = [];
  let previous: LocalTime | null = null;
  let dayOffset = 0;
  for (const entry of readList(raw) ?? []) {
    const record = asRecord(entry);
    const place = readPlace(field(record, 'place'));
    if (place === '') continue;
    const time = toLocalTime(field(record, 'time'));
    dayOffset += rollOver(previous, time);
    if (time !== null) previous = time;
    stops.push({ place, kind: readStopKind(field(record, 'type')), time, dayOffset });
  }
  return stops;
}

/** The first stop one can board at and the last one can leave at after it. */
export function routeEnds(stops: Stop[]): { first: Stop | undefined; last: Stop | undefined } {
  const start = stops.findIndex((stop) => stop.kind !== 'dropping');
  if (start < 0) return { first: undefined, last: undefined };
  let last: Stop | undefined;
  for (let i = stops.length - 1; i > start && last === undefined; i--) {
    if (stops[i]!.kind !== 'boarding') last = stops[i];
  }
  return { first: stops[start], last };
}

/**
 * `tickets`/`prices` entries. Per-segment tiers keep their `boarding_point`/`dropping_point`
 * byte-exact, like every stop name. Entries with neither a type nor a name are skipped.
 */
export function normalizeFares(raw: unknown): Fare[] {
  const fares: Fare[] = [];
  for (const entry of readList(raw) ?? []) {
    const record = asRecord(entry);
    if (record === null) continue;
    const type = readString(field(record, 'type')).trim();
    const name = plainText(field(record, 'name'));
    if (type === '' && name === '') continue;
    const fare: Fare = { type, name: name !== '' ? name : type, price: parsePrice(field(record, 'price')) };
    const from = readPlace(field(record, 'boarding_point'));
    const to = readPlace(field(record, 'dropping_point'));
    if (from !== '') fare.from = from;
    if (to !== '') fare.to = to;
    fares.push(fare);
  }
  return fares;
}

/** The lowest usable price, null when no fare has one. */
export function lowestFare(fares: Fare[]): number | null {
  const prices = fares.map((fare) => fare.price).filter((price): price is number => price !== null);
  return prices.length === 0 ? null : Math.min(...prices);
}

/** Feature labels as decoded plain text; non-strings and blanks are skipped. */
export function normalizeFeatures(raw: unknown): string[] {
  return (readList(raw) ?? [])
    .filter((item): item is string => typeof item === 'string')
    .map(plainText)
    .filter((text) => text !== '');
}
