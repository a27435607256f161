/**
 * The seat map's geometry, as pure functions: where each seat sits (window, aisle), which seats a
 * key press moves between, and whether the decks fit side by side.
 *
 * Navigation moves between seats only: gaps and fixtures (driver, door, toilet …) are drawn but
 * skipped by the arrow keys, as empty cells of a grid would be in a spreadsheet that only lets you
 * land on data. Rows without seats are skipped too.
 */
import type { Cell, Deck, FixtureCell, SeatCell, SeatMap } from '../../api/models.js';

export type SeatPosition = 'window' | 'aisle' | '';

/** One seat of the layout with where it is. */
export interface SeatSpot {
  /** Index of its deck in `SeatMap.decks`. */
  deck: number;
  row: number;
  col: number;
  /** `deck-row-col`, unique within the map: what the DOM carries in `data-spot`. */
  key: string;
  seat: SeatCell;
  position: SeatPosition;
}

export type LayoutCell = SeatSpot | FixtureCell | null;

export interface DeckLayout {
  deck: Deck;
  index: number;
  /** Every cell, row by row (rectangular, like `Deck.cells`), seats as {@link SeatSpot}. */
  rows: LayoutCell[][];
  /** The seats of each row in column order (empty for a row without seats). */
  rowSeats: SeatSpot[][];
  /** Every seat in reading order. */
  seats: SeatSpot[];
}

export interface MapLayout {
  decks: DeckLayout[];
  /**
   * Seats by name (the site's booking identifier). A name the site repeats, or a blank one, cannot
   * say which seat a booking means: the first seat of a name keeps it, and the others, like seats
   * without a name, are laid out as held (drawn, never offered).
   */
  byName: Map<string, SeatSpot>;
  byKey: Map<string, SeatSpot>;
}

export function isSpot(cell: LayoutCell): cell is SeatSpot {
  return cell !== null && 'key' in cell;
}

/** Whether `cells[from]`, stepping by `step`, reaches the row's edge without meeting anything but gaps. */
function clearToEdge(cells: readonly Cell[], from: number, step: 1 | -1): boolean {
  for (let col = from + step; col >= 0 && col < cells.length; col += step) if (cells[col] !== null) return false;
  return true;
}

function isPassage(cell: Cell | undefined): boolean {
  return cell === null || (cell !== undefined && cell.kind === 'fixture' && cell.fixture === 'aisle');
}

/**
 * A seat's position from its row: `window` when nothing but gaps lies between it and one edge of
 * the deck (a ragged row's padding counts as gap), else `aisle` when a neighbour is a gap or an
 * aisle cell, else '' (a middle seat).
 */
export function seatPosition(cells: readonly Cell[], col: number): SeatPosition {
  if (clearToEdge(cells, col, -1) || clearToEdge(cells, col, 1)) return 'window';
  if (isPassage(cells[col - 1]) || isPassage(cells[col + 1])) return 'aisle';
  return '';
}

function layoutDeck(deck: Deck, index: number): DeckLayout {
  const seats: SeatSpot[] = [];
  const rowSeats: SeatSpot[][] = [];
  const rows = deck.cells.map((cells, row) => {
    const inRow: SeatSpot[] = [];
    const out = cells.map((cell, col): LayoutCell => {
      if (cell?.kind !== 'seat') return cell;
      const spot: SeatSpot = { deck: index, row, col, key: `${index}-${row}-${col}`, seat: cell, position: seatPosition(cells, col) };
      inRow.push(spot);
      seats.push(spot);
      return spot;
    });
    rowSeats.push(inRow);
    return out;
  });
  return { deck, index, rows, rowSeats, seats };
}

const layouts = new WeakMap<SeatMap, MapLayout>();

/** The layout of a seat map, memoized per map object (a 304 keeps the object, so the layout too). */
export function layoutOf(map: SeatMap): MapLayout {
  let layout = layouts.get(map);
  if (!layout) {
    const decks = map.decks.map(layoutDeck);
    const byName = new Map<string, SeatSpot>();
    const byKey = new Map<string, SeatSpot>();
    for (const spot of decks.flatMap((deck) => deck.seats)) {
      const name = spot.seat.name;
      if (name.trim() === '' || byName.has(name)) spot.seat = { ...spot.seat, status: 'held' };
      else byName.set(name, spot);
      byKey.set(spot.key, spot);
    }
    layout = { decks, byName, byKey };
    layouts.set(map, layout);
  }
  return layout;
}

// ------------------------------------------------------------------ keyboard

/** Where a key asks to go: along the row (by column), across rows, to the ends, or to another deck. */
export type Move = 'col-previous' | 'col-next' | 'row-previous' | 'row-next' | 'row-start' | 'row-end' | 'first' | 'last';
export type DeckMove = 'deck-previous' | 'deck-next';

/**
 * The grid's keys (WAI-ARIA grid pattern): arrows, Home/End (row ends), Ctrl+Home/End (grid ends),
 * PageUp/PageDown (previous/next deck). Left and right follow the writing direction.
 */
export function moveForKey(key: string, ctrl: boolean, rtl: boolean): Move | DeckMove | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 'col-next' : 'col-previous';
    case 'ArrowRight':
      return rtl ? 'col-previous' : 'col-next';
    case 'ArrowUp':
      return 'row-previous';
    case 'ArrowDown':
      return 'row-next';
    case 'Home':
      return ctrl ? 'first' : 'row-start';
    case 'End':
      return ctrl ? 'last' : 'row-end';
    case 'PageUp':
      return 'deck-previous';
    case 'PageDown':
      return 'deck-next';
    default:
      return null;
  }
}

/** The seat nearest to `col` in a row (ties go to the lower column). */
function nearest(seats: readonly SeatSpot[], col: number): SeatSpot | undefined {
  let best: SeatSpot | undefined;
  for (const spot of seats) if (!best || Math.abs(spot.col - col) < Math.abs(best.col - col)) best = spot;
  return best;
}

/**
 * The seat a move lands on from `from`, or null when there is none that way (focus stays, as the
 * grid pattern asks at an edge). Up/down go to the nearest seat of the next row that has seats.
 */
export function moveFrom(deck: DeckLayout, from: SeatSpot, move: Move): SeatSpot | null {
  const row = deck.rowSeats[from.row] ?? [];
  switch (move) {
    case 'col-previous':
      return [...row].reverse().find((spot) => spot.col < from.col) ?? null;
    case 'col-next':
      return row.find((spot) => spot.col > from.col) ?? null;
    case 'row-start':
      return row[0] ?? null;
    case 'row-end':
      return row.at(-1) ?? null;
    case 'first':
      return deck.seats[0] ?? null;
    case 'last':
      return deck.seats.at(-1) ?? null;
    case 'row-previous':
    case 'row-next': {
      const step = move === 'row-next' ? 1 : -1;
      for (let r = from.row + step; r >= 0 && r < deck.rowSeats.length; r += step) {
        const found = nearest(deck.rowSeats[r] ?? [], from.col);
        if (found) return found;
      }
      return null;
    }
  }
}

// ------------------------------------------------------------------ decks side by side or tabs

/**
 * Whether the decks fit next to each other in `width` px with cells of `cellPx` and `gapPx`
 * between decks (and around them); a single deck always "fits" (no tabs for one deck).
 */
export function decksFitSideBySide(decks: readonly Pick<Deck, 'cols'>[], width: number, cellPx: number, gapPx: number): boolean {
  if (decks.length < 2) return true;
  const needed = decks.reduce((sum, deck) => sum + deck.cols * cellPx, 0) + gapPx * (decks.length + 1);
  return needed <= width;
}
