/**
 * Seat layouts → {@link SeatMap}: the plugin's `/buses/{id}/seats` answer, and the `decks` of a
 * contract bus detail. Declared `rows`/`cols` are ignored: `cols` is only the first row's width on
 * real sites, so the arrays themselves are the truth.
 */
import { invalidResponse } from '../errors.js';
import type { Cell, Deck, FixtureKind, SeatMap, SeatStatus } from '../models.js';
import { asRecord, field, kindOf, readCount, readId, readString, toLocalDate } from './read.js';
import { readList, readPlace } from './read-bus.js';

/** Bigger than any coach (double-deckers have two decks of ~15 rows x 5); refuse rather than allocate. */
export const MAX_DECKS = 4;
export const MAX_ROWS = 100;
export const MAX_COLS = 30;

const FIXTURES: ReadonlyArray<[RegExp, FixtureKind]> = [
  [/driver|steering/, 'driver'],
  [/door|entry|entrance|exit/, 'door'],
  [/aisle|path|corridor/, 'aisle'],
  [/toilet|\bwc\b|restroom|lavatory/, 'toilet'],
  [/stair/, 'stairs'],
];

/** What a `non_seat` cell is, guessed from its free-text label. */
export function fixtureKind(name: string): FixtureKind {
  const label = name.toLowerCase();
  return FIXTURES.find(([pattern]) => pattern.test(label))?.[1] ?? 'other';
}

function seatStatus(value: unknown): SeatStatus {
  const status = readString(value).trim().toLowerCase();
  if (status === 'booked' || status === 'sold') return 'booked';
  // The plugin omits the status for free seats.
  if (status === '' || status === 'available' || status === 'free') return 'available';
  // Held, reserved, blocked, and any word not known here: a seat must not be offered on a guess.
  return 'held';
}

function normalizeCell(raw: unknown, row: number, col: number): Cell {
  const record = asRecord(raw);
  if (record === null) return null;
  // Seat labels are identifiers for booking, kept as sent.
  const name = readString(field(record, 'name'));
  if (readString(field(record, 'type')).trim().toLowerCase() === 'seat') {
    return { kind: 'seat', name, status: seatStatus(field(record, 'status')), row, col };
  }
  // `non_seat`, or a type we do not know: show it, never offer it for booking.
  return { kind: 'fixture', name, fixture: fixtureKind(name), row, col };
}

function normalizeDeck(raw: unknown, index: number): Deck | null {
  const record = asRecord(raw);
  const grid = readList(field(record, 'seats'));
  if (grid === null) return null;
  if (grid.length > MAX_ROWS) throw invalidResponse(`Deck ${index + 1} has ${grid.length} rows (at most ${MAX_ROWS}).`);
  const rows = grid.map((row) => readList(row) ?? []);
  const cols = Math.max(0, ...rows.map((row) => row.length));
  if (cols > MAX_COLS) throw invalidResponse(`Deck ${index + 1} has a row of ${cols} cells (at most ${MAX_COLS}).`);
  const cells = rows.map((row, r) => Array.from({ length: cols }, (_, c) => normalizeCell(row[c], r, c)));
  if (!cells.some((row) => row.some((cell) => cell?.kind === 'seat'))) return null;
  const declared = readString(field(record, 'deck')).trim().toLowerCase();
  const level = declared === 'upper' || declared === 'lower' ? declared : index === 0 ? 'lower' : 'upper';
  return { level, rows: cells.length, cols, cells };
}

/**
 * `decks` → the decks that hold at least one seat (a switched-off upper deck is sent empty).
 * Throws `tw_invalid_response` for a non-list or an oversized layout.
 */
export function normalizeDecks(raw: unknown): Deck[] {
  const list = readList(raw);
  if (list === null) throw invalidResponse(`Expected a list of decks, got ${kindOf(raw)}.`);
  if (list.length > MAX_DECKS) throw invalidResponse(`The bus has ${list.length} decks (at most ${MAX_DECKS}).`);
  return list.map(normalizeDeck).filter((deck): deck is Deck => deck !== null);
}

/** Seat counts from the cells; held seats are neither booked nor available. */
export function countSeats(decks: Deck[]): Pick<SeatMap, 'totalSeats' | 'bookedSeats' | 'availableSeats'> {
  let totalSeats = 0;
  let bookedSeats = 0;
  let availableSeats = 0;
  for (const cell of decks.flatMap((deck) => deck.cells.flat())) {
    if (cell?.kind !== 'seat') continue;
    totalSeats++;
    if (cell.status === 'booked') bookedSeats++;
    if (cell.status === 'available') availableSeats++;
  }
  return { totalSeats, bookedSeats, availableSeats };
}

/**
 * A bus without a seat plan sends only numbers. A missing one is derived from the other two;
 * with only a total, nothing is known to be booked.
 */
function sentCounts(record: Record<string, unknown>): ReturnType<typeof countSeats> | null {
  let total = readCount(field(record, 'total_seats'));
  let booked = readCount(field(record, 'booked'));
  let available = readCount(field(record, 'available'));
  if (total === null && booked !== null && available !== null) total = booked + available;
  if (total === null) return null;
  booked ??= available === null ? 0 : Math.max(0, total - available);
  available ??= Math.max(0, total - booked);
  return { totalSeats: total, bookedSeats: booked, availableSeats: available };
}

/**
 * The plugin's `/wbtm/v1/buses/{id}/seats` answer. `fallbackBusId` (the id the caller asked for)
 * stands in when the body has none. Throws `tw_invalid_response` without a bus id, without both
 * decks and seat counts, or for an oversized layout.
 */
export function normalizeSeatMap(raw: unknown, fallbackBusId?: number): SeatMap {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a seat map object, got ${kindOf(raw)}.`);
  const busId = readId(field(record, 'id')) ?? readId(fallbackBusId);
  if (busId === null) throw invalidResponse('Seat map has no usable bus id.');
  const rawDecks = field(record, 'decks');
  const hasDecks = rawDecks !== undefined && rawDecks !== null;
  const decks = hasDecks ? normalizeDecks(rawDecks) : [];
  const counts = decks.length > 0 ? countSeats(decks) : (sentCounts(record) ?? (hasDecks ? countSeats(decks) : null));
  if (counts === null) throw invalidResponse(`Seat map of bus ${busId} has neither decks nor seat counts.`);
  const from = readPlace(field(record, 'boarding_point'));
  const to = readPlace(field(record, 'dropping_point'));
  return {
    busId,
    date: toLocalDate(field(record, 'date')),
    from: from === '' ? null : from,
    to: to === '' ? null : to,
    seatType: readString(field(record, 'seat_type')),
    decks,
    ...counts,
  };
}
