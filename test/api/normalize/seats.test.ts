import { expect } from '@open-wc/testing';
import type { Deck, SeatCell } from '../../../src/api/models.js';
import { fixtureKind, MAX_COLS, MAX_DECKS, MAX_ROWS, normalizeDecks, normalizeSeatMap } from '../../../src/api/normalize/seats.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';

const seat = (name: string, status?: string) => (status === undefined ? { name, type: 'seat' } : { name, type: 'seat', status });
const fixture = (name: string) => ({ name, type: 'non_seat' });

const seatsOf = (deck: Deck): SeatCell[] => deck.cells.flat().filter((c): c is SeatCell => c?.kind === 'seat');

describe('normalizeDecks', () => {
  it('pads ragged rows to the widest row, trusting the arrays over rows/cols', () => {
    const [deck] = normalizeDecks([{ deck: 'lower', rows: 1, cols: 2, seats: [[fixture('Driver'), null], [seat('A1'), null, seat('A2')], [seat('B1')]] }]);
    expect(deck).to.deep.include({ level: 'lower', rows: 3, cols: 3 });
    expect(deck!.cells).to.deep.equal([
      [{ kind: 'fixture', name: 'Driver', fixture: 'driver', row: 0, col: 0 }, null, null],
      [{ kind: 'seat', name: 'A1', status: 'available', row: 1, col: 0 }, null, { kind: 'seat', name: 'A2', status: 'available', row: 1, col: 2 }],
      [{ kind: 'seat', name: 'B1', status: 'available', row: 2, col: 0 }, null, null],
    ]);
  });

  it('maps seat statuses: a missing one to available, one nobody knows to held (never offered on a guess)', () => {
    const statuses = ['available', 'booked', 'sold', 'held', 'reserved', 'blocked', 'BOOKED ', 'weird', undefined, '', 'free'];
    const [deck] = normalizeDecks([{ seats: [statuses.map((s, i) => ({ name: `S${i}`, type: 'seat', status: s }))] }]);
    expect(seatsOf(deck!).map((c) => c.status)).to.deep.equal([
      'available',
      'booked',
      'booked',
      'held',
      'held',
      'held',
      'booked',
      'held',
      'available',
      'available',
      'available',
    ]);
  });

  it('guesses fixture kinds from their labels', () => {
    const names = ['Driver', 'Steering', 'Door', 'Entry', 'Exit', 'Aisle', 'Path', 'Corridor', 'Toilet', 'WC', 'Restroom', 'Stairs', 'Stair', 'Luggage', ''];
    expect(names.map(fixtureKind)).to.deep.equal([
      'driver',
      'driver',
      'door',
      'door',
      'door',
      'aisle',
      'aisle',
      'aisle',
      'toilet',
      'toilet',
      'toilet',
      'stairs',
      'stairs',
      'other',
      'other',
    ]);
  });

  it('reads gaps, odd cells and unknown types without crashing', () => {
    const [deck] = normalizeDecks([
      { seats: [[null, undefined, 'A1', 7, [], { name: 'TV', type: 'screen' }, { type: 'seat' }, seat('A1'), seat('A1', 'booked')]] },
    ]);
    expect(deck!.cells[0]!.slice(0, 5)).to.deep.equal([null, null, null, null, null]);
    expect(deck!.cells[0]![5]).to.deep.equal({ kind: 'fixture', name: 'TV', fixture: 'other', row: 0, col: 5 });
    // Duplicate seat names are kept, each in its own cell.
    expect(seatsOf(deck!).map((c) => [c.name, c.col])).to.deep.equal([
      ['', 6],
      ['A1', 7],
      ['A1', 8],
    ]);
  });

  it('drops decks without seats, and numbers levels by position when not declared', () => {
    const decks = normalizeDecks([{ seats: [[seat('L1')]] }, { seats: [[null, fixture('Stairs')]] }, { rows: 0, cols: 0, seats: [] }]);
    expect(decks.map((d) => d.level)).to.deep.equal(['lower']);
    expect(normalizeDecks([null, { seats: 'none' }, { seats: [[seat('U1')]] }]).map((d) => d.level)).to.deep.equal(['upper']);
    expect(normalizeDecks([{ seats: [[seat('L1')]] }, { seats: [[seat('U1')]] }]).map((d) => d.level)).to.deep.equal(['lower', 'upper']);
    expect(normalizeDecks([{ deck: 'UPPER', seats: [[seat('U1')]] }]).map((d) => d.level)).to.deep.equal(['upper']);
  });

  it('drops the switched-off upper deck the plugin still sends', () => {
    const decks = normalizeDecks([
      { deck: 'lower', seats: [[seat('A1')]] },
      { deck: 'upper', rows: 4, cols: 4, seats: [[null, null], [null]] },
    ]);
    expect(decks).to.have.length(1);
  });

  it('reads PHP index-keyed objects as lists', () => {
    const [deck] = normalizeDecks({ 1: { seats: { 0: { 1: seat('B'), 0: seat('A') } } } });
    expect(seatsOf(deck!).map((c) => c.name)).to.deep.equal(['A', 'B']);
  });

  it('refuses oversized layouts instead of allocating them', () => {
    const row = [seat('A')];
    expectInvalid(() => normalizeDecks([{ seats: Array.from({ length: MAX_ROWS + 1 }, () => row) }]), /101 rows \(at most 100\)/);
    expectInvalid(() => normalizeDecks([{ seats: [row, Array.from({ length: MAX_COLS + 1 }, () => null)] }]), /row of 31 cells \(at most 30\)/);
    expectInvalid(() => normalizeDecks(Array.from({ length: MAX_DECKS + 1 }, () => ({ seats: [row] }))), /5 decks/);
    // Declared sizes are hints only: huge numbers there allocate nothing.
    expect(normalizeDecks([{ rows: 1e9, cols: 1e9, seats: [row] }])[0]).to.deep.include({ rows: 1, cols: 1 });
    // The limits themselves are accepted.
    const [big] = normalizeDecks([{ seats: Array.from({ length: MAX_ROWS }, () => Array.from({ length: MAX_COLS }, () => seat('S'))) }]);
    expect(seatsOf(big!)).to.have.length(MAX_ROWS * MAX_COLS);
  });

  it('rejects a decks value that is not a list', () => {
    for (const raw of [null, 'decks', 5, { deck: 'lower' }]) expectInvalid(() => normalizeDecks(raw), /Expected a list of decks/);
  });
});

describe('normalizeSeatMap', () => {
  const ANSWER = {
    id: 14,
    date: '2026-11-30',
    boarding_point: 'Paris',
    dropping_point: 'Frankfurt &amp; Main',
    seat_type: 'wbtm_seat_plan',
    decks: [
      {
        deck: 'lower',
        seats: [
          [seat('A1', 'booked'), null, seat('A2')],
          [seat('B1', 'held'), fixture('Door'), seat('B2', 'sold')],
        ],
      },
      { deck: 'upper', seats: [[seat('U1')]] },
    ],
  };

  it('derives counts from the cells; held seats are neither booked nor available', () => {
    const map = normalizeSeatMap(ANSWER);
    expect(map).to.deep.include({
      busId: 14,
      date: '2026-11-30',
      from: 'Paris',
      to: 'Frankfurt &amp; Main',
      seatType: 'wbtm_seat_plan',
      totalSeats: 5,
      bookedSeats: 2,
      availableSeats: 2,
    });
    expect(map.decks.map((d) => d.level)).to.deep.equal(['lower', 'upper']);
  });

  it('uses the sent numbers for a bus without a seat plan, deriving a missing one', () => {
    const base = { id: 114, date: '2026-11-30', seat_type: 'wbtm_without_seat_plan' };
    expect(normalizeSeatMap({ ...base, total_seats: 30, booked: 2, available: 28 })).to.deep.include({
      decks: [],
      totalSeats: 30,
      bookedSeats: 2,
      availableSeats: 28,
    });
    expect(normalizeSeatMap({ ...base, total_seats: '30', booked: '2' })).to.deep.include({ totalSeats: 30, bookedSeats: 2, availableSeats: 28 });
    expect(normalizeSeatMap({ ...base, total_seats: 30, available: 25 })).to.deep.include({ bookedSeats: 5, availableSeats: 25 });
    expect(normalizeSeatMap({ ...base, booked: 2, available: 28 })).to.deep.include({ totalSeats: 30 });
    expect(normalizeSeatMap({ ...base, total_seats: 30 })).to.deep.include({ bookedSeats: 0, availableSeats: 30 });
  });

  it('falls back to the sent numbers when every deck is empty, else reports zero seats', () => {
    expect(normalizeSeatMap({ id: 3, decks: [{ seats: [[null]] }], total_seats: 10, booked: 1 })).to.deep.include({
      decks: [],
      totalSeats: 10,
      bookedSeats: 1,
      availableSeats: 9,
    });
    expect(normalizeSeatMap({ id: 3, decks: [] })).to.deep.include({ decks: [], totalSeats: 0, bookedSeats: 0, availableSeats: 0 });
  });

  it('takes the bus id from the caller when the body has none', () => {
    const { id: _, ...withoutId } = ANSWER;
    expect(normalizeSeatMap(withoutId, 14).busId).to.equal(14);
    expect(normalizeSeatMap(ANSWER, 99).busId).to.equal(14);
    expectInvalid(() => normalizeSeatMap(withoutId), /no usable bus id/);
    expectInvalid(() => normalizeSeatMap({ ...withoutId, id: -14 }, 0), /no usable bus id/);
  });

  it('reads odd field types leniently', () => {
    const map = normalizeSeatMap({ ...ANSWER, date: '30/11/2026', boarding_point: '', dropping_point: 5, seat_type: null });
    expect(map).to.deep.include({ date: null, from: null, to: null, seatType: '' });
  });

  it('rejects what it cannot use', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeSeatMap(raw, 14), /Expected a seat map object/);
    expectInvalid(() => normalizeSeatMap({ id: 14, date: '2026-11-30' }), /neither decks nor seat counts/);
    expectInvalid(() => normalizeSeatMap({ code: 'wbtm_invalid_bus', message: 'Bus not found.', data: { status: 400 } }, 14), /neither decks nor seat counts/);
    expectInvalid(() => normalizeSeatMap({ ...ANSWER, decks: 'lower' }), /Expected a list of decks/);
    expectInvalid(() => normalizeSeatMap({ ...ANSWER, decks: [{ seats: Array.from({ length: 1000 }, () => [seat('X')]) }] }), /at most 100/);
  });
});
