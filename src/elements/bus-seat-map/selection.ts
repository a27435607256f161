/**
 * Selection and pricing rules of the seat map, as pure functions over plain data:
 * - which stops the chosen segment runs between (attributes, else the first boarding and the last
 *   dropping stop; a dropping stop must come after the boarding stop);
 * - which fare tiers apply to that segment (the contract's per-segment tiers, else whole-route ones);
 * - toggling a seat under `max-seats`, dropping seats that are no longer available, the total.
 */
import type { BusDetail, Fare, SeatStatus, Stop } from '../../api/models.js';
import type { MapLayout } from './layout.js';

/** One chosen seat: its name (the site's booking identifier) and the passenger type it is for. */
export interface SeatPick {
  name: string;
  /** A fare tier's `type`, e.g. `adult`. */
  type: string;
}

export const DEFAULT_MAX_SEATS = 4;

/** `max-seats` as a usable limit: a whole number ≥ 1, else the default 4. */
export function maxSeats(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : DEFAULT_MAX_SEATS;
}

export interface Segment {
  /** Indexes into `bus.stops`; -1 when the bus has no such stop. */
  fromIndex: number;
  toIndex: number;
  from: Stop | null;
  to: Stop | null;
}

/**
 * The segment for the `boarding`/`dropping` names: a boarding stop of the bus (else its first), and
 * a dropping stop after it (else the last one after it). Names compare byte for byte.
 */
export function resolveSegment(bus: Pick<BusDetail, 'stops'>, boarding: string, dropping: string): Segment {
  const boardable = boardingChoices(bus.stops);
  const from = boardable.find(({ stop }) => stop.place === boarding) ?? boardable[0];
  const fromIndex = from?.index ?? -1;
  const droppable = from ? droppingChoices(bus.stops, fromIndex) : [];
  const to = droppable.find(({ stop }) => stop.place === dropping) ?? droppable.at(-1);
  return { fromIndex, toIndex: to?.index ?? -1, from: from?.stop ?? null, to: to?.stop ?? null };
}

/** Dropping stops that may follow the boarding stop at `fromIndex`, with their indexes. */
export function droppingChoices(stops: readonly Stop[], fromIndex: number): Array<{ stop: Stop; index: number }> {
  return stops.map((stop, index) => ({ stop, index })).filter(({ stop, index }) => stop.kind !== 'boarding' && index > fromIndex);
}

/** Boarding stops with their indexes (a stop must have a dropping stop after it to be offered). */
export function boardingChoices(stops: readonly Stop[]): Array<{ stop: Stop; index: number }> {
  return stops
    .map((stop, index) => ({ stop, index }))
    .filter(({ stop, index }) => stop.kind !== 'dropping' && stops.slice(index + 1).some((s) => s.kind !== 'boarding'));
}

/** Whether the segment is the bus's whole route (first boarding stop to last dropping stop). */
export function isWholeRoute(stops: readonly Stop[], segment: Segment): boolean {
  const first = stops.findIndex((stop) => stop.kind !== 'dropping');
  let last = -1;
  stops.forEach((stop, index) => {
    if (stop.kind !== 'boarding') last = index;
  });
  return segment.fromIndex === first && segment.toIndex === last;
}

/**
 * Fare tiers for a segment: tiers sent for exactly this segment, else tiers without a segment
 * (whole-route fares), else none.
 */
export function faresFor(fares: readonly Fare[], from: string | null, to: string | null): Fare[] {
  const exact = fares.filter((fare) => fare.from !== undefined && fare.from === from && fare.to === to);
  if (exact.length > 0) return exact;
  return fares.filter((fare) => fare.from === undefined && fare.to === undefined);
}

/** The passenger type a new seat gets: `preferred` when a tier has it, else the first tier's, else `preferred` or `adult`. */
export function defaultType(tiers: readonly Fare[], preferred: string): string {
  if (tiers.some((fare) => fare.type === preferred)) return preferred;
  return tiers[0]?.type ?? (preferred || 'adult');
}

export function fareOf(tiers: readonly Fare[], type: string): Fare | null {
  return tiers.find((fare) => fare.type === type) ?? null;
}

/** The sum of the chosen seats' fares; null when nothing is chosen or a price is unknown. */
export function totalOf(picks: readonly SeatPick[], tiers: readonly Fare[]): number | null {
  if (picks.length === 0) return null;
  let total = 0;
  for (const pick of picks) {
    const price = fareOf(tiers, pick.type)?.price;
    if (price === null || price === undefined) return null;
    total += price;
  }
  return Math.round(total * 100) / 100;
}

export type ToggleResult = { kind: 'selected' | 'deselected'; picks: SeatPick[] } | { kind: 'limit' } | { kind: 'unavailable'; status: SeatStatus };

/** What a click on a seat does: deselect it, select it (when available and under the limit), or refuse. */
export function toggle(picks: readonly SeatPick[], name: string, status: SeatStatus, max: number, type: string): ToggleResult {
  if (picks.some((pick) => pick.name === name)) return { kind: 'deselected', picks: picks.filter((pick) => pick.name !== name) };
  if (status !== 'available') return { kind: 'unavailable', status };
  if (picks.length >= max) return { kind: 'limit' };
  return { kind: 'selected', picks: [...picks, { name, type }] };
}

/**
 * The picks that still stand on a (new) layout: seats that exist and are available, at most `max`,
 * each with a passenger type the tiers offer. `removed` names the seats dropped for not being
 * available (or not existing) any more.
 */
export function reconcile(
  picks: readonly SeatPick[],
  layout: MapLayout,
  tiers: readonly Fare[],
  preferredType: string,
  max: number,
): { picks: SeatPick[]; removed: string[]; changed: boolean } {
  const removed: string[] = [];
  const kept: SeatPick[] = [];
  const fallback = defaultType(tiers, preferredType);
  let changed = false;
  for (const pick of picks) {
    if (kept.some((other) => other.name === pick.name)) {
      changed = true;
      continue;
    }
    const spot = layout.byName.get(pick.name);
    if (!spot || spot.seat.status !== 'available') {
      removed.push(pick.name);
      changed = true;
      continue;
    }
    if (kept.length >= max) {
      changed = true;
      continue;
    }
    const type = tiers.length === 0 || tiers.some((fare) => fare.type === pick.type) ? pick.type : fallback;
    if (type !== pick.type) changed = true;
    kept.push(type === pick.type ? pick : { name: pick.name, type });
  }
  return { picks: changed ? kept : [...picks], removed, changed };
}
