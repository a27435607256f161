import type { Bus, SeatRows } from './types.js';

/**
 * Seat plans as the bus plugin stores them, one string per cell: '' is a gap, a keyword such as
 * `driver`/`door`/`aisle`/`toilet`/`stairs` is a non-seat, anything else is a seat name.
 * Rows are deliberately ragged in places: real plans are.
 */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function letter(index: number): string {
  return LETTERS[index] ?? `R${index}`;
}

/** `rows` rows of left+right seats split by a gap cell ('' or 'aisle'). */
function seatRows(rows: number, left: number, right: number, gap: '' | 'aisle', prefix = '', from = 0): SeatRows {
  return Array.from({ length: rows }, (_, r) => {
    const name = (n: number) => `${prefix}${letter(from + r)}${n}`;
    const leftSeats = Array.from({ length: left }, (_, s) => name(s + 1));
    const rightSeats = Array.from({ length: right }, (_, s) => name(left + s + 1));
    return [...leftSeats, gap, ...rightSeats];
  });
}

/** 2+2 coach: driver and door up front, ten rows, a five-seat back bench. 45 seats. */
export function standardCoach(): SeatRows {
  return [['driver', '', '', '', 'door'], ...seatRows(10, 2, 2, ''), ['K1', 'K2', 'K3', 'K4', 'K5']];
}

/** Ragged: a three-cell first row (so `cols` is 3), 2+2 rows, a short last row with the toilet. 34 seats. */
export function raggedCoach(): SeatRows {
  return [['driver', '', 'door'], ...seatRows(8, 2, 2, ''), ['toilet', '', 'I1', 'I2']];
}

/** Explicit aisle cells, a mid-coach door and toilet, an emergency exit. 38 seats. */
export function aisleCoach(): SeatRows {
  return [
    ['driver', 'aisle', 'door'],
    ...seatRows(5, 2, 2, 'aisle'),
    ['door', '', 'aisle', 'toilet', ''],
    ...seatRows(4, 2, 2, 'aisle', '', 5),
    ['emergency_exit', 'aisle', 'J1', 'J2'],
  ];
}

/** 1+2 comfort layout. 30 seats. */
export function comfortCoach(): SeatRows {
  return [['driver', '', '', 'door'], ...seatRows(10, 1, 2, '')];
}

/** Double-decker: a small lower deck with stairs and toilet, a full upper deck. 10 + 40 seats. */
export function doubleDecker(): { lower: SeatRows; upper: SeatRows } {
  return {
    lower: [['driver', '', '', 'door'], ...seatRows(3, 2, 1, ''), ['toilet', '', 'stairs', 'luggage'], ['D1', '', '']],
    upper: [['stairs', '', '', '', ''], ...seatRows(10, 2, 2, '', 'U')],
  };
}

/** An upper deck that was filled in and then switched off: the plugin still sends its seats. */
export function hiddenUpperDeck(): SeatRows {
  return [['stairs', '', '', '', ''], ...seatRows(4, 2, 2, '', 'H')];
}

/** An upper deck that was switched off in the editor but still saved: rows of gaps, no seats. */
export function switchedOffDeck(): SeatRows {
  return Array.from({ length: 3 }, () => ['', '', '', '', '']);
}

const NON_SEATS = new Set(['door', 'toilet', 'wc', 'driver', 'window', 'food_stall', 'luggage', 'stairs', 'aisle', 'emergency_exit']);

/** The plugin's own classification of a stored cell. */
export function cellKind(cell: string): 'gap' | 'non_seat' | 'seat' {
  const value = cell.trim();
  if (value === '') return 'gap';
  return NON_SEATS.has(value.toLowerCase()) ? 'non_seat' : 'seat';
}

export function seatNames(rows: SeatRows | null | undefined): string[] {
  return (rows ?? []).flat().filter((cell) => cellKind(cell) === 'seat');
}

/** The rows of the decks the site sells from: a hidden upper deck's seats are never sold. */
export function soldRows(plan: NonNullable<Bus['seatPlan']>): SeatRows {
  return [...plan.lower, ...(plan.upper && !plan.upperHidden ? plan.upper : [])];
}
