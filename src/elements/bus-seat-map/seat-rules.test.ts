// The seat map's pure rules: positions, keyboard moves, deck fitting, segments, fares, selection, form value.
import { expect } from '@open-wc/testing';
import type { Deck, Fare, SeatMap, Stop } from '../../api/models.js';
import { normalizeDecks } from '../../api/normalize/seats.js';
import { EN } from '../../shared/localize/en/index.js';
import { DE } from '../../shared/localize/de.js';
import { coach, deck } from './bus-seat-map.test-support.js';
import { formValue, pickOf, picksFromState } from './form-value.js';
import { decksFitSideBySide, layoutOf, moveForKey, moveFrom, seatPosition, type DeckLayout, type Move } from './layout.js';
import { deckNames, seatLabel, stopOption } from './seat-label.js';
import { boardingChoices, defaultType, droppingChoices, faresFor, maxSeats, reconcile, resolveSegment, toggle, totalOf } from './selection.js';

function mapOf(...decks: Deck[]): SeatMap {
  return { busId: 1, date: null, from: null, to: null, seatType: 'wbtm_seat_plan', decks, totalSeats: 0, bookedSeats: 0, availableSeats: 0 };
}
const decksOf = (...rows: string[][][]) => normalizeDecks(rows.map((r, i) => deck(r, i === 0 ? 'lower' : 'upper')));

/** Follows `moves` from seat `start` and names each seat landed on ('-' where focus stays). */
function walk(layout: DeckLayout, start: string, moves: Move[]): string[] {
  let at = layout.seats.find((s) => s.seat.name === start)!;
  return moves.map((move) => {
    const next = moveFrom(layout, at, move);
    if (!next) return '-';
    at = next;
    return next.seat.name;
  });
}

const stop = (place: string, kind: Stop['kind'], dayOffset = 0): Stop => ({ place, kind, time: '10:00', dayOffset });

describe('seat map rules', () => {
  it('positions: window at an edge (a ragged row’s padding counts as gap), aisle beside a gap or aisle cell, else middle', () => {
    const r1 = decksOf([['A1', 'A2', '', 'A3', 'A4', 'A5']])[0]!.cells[0]!;
    expect(r1.map((_, c) => (r1[c] ? seatPosition(r1, c) : '.'))).to.deep.equal(['window', 'aisle', '.', 'aisle', '', 'window']);
    // A toilet at the wall: the seat beside it is no window seat; padding after I2 is.
    const [ragged] = decksOf([
      ['#driver', '', '', '', ''],
      ['#toilet', '', 'I1', 'I2'],
    ]);
    const last = ragged!.cells[1]!;
    expect([seatPosition(last, 2), seatPosition(last, 3)]).to.deep.equal(['aisle', 'window']);
    // An explicit aisle cell makes an aisle seat; a back bench's middle seats are middle seats.
    const [aisle] = decksOf([
      ['A1', 'A2', '#aisle', 'A3'],
      ['K1', 'K2', 'K3', 'K4', 'K5'],
    ]);
    expect(seatPosition(aisle!.cells[0]!, 1)).to.equal('aisle');
    expect([0, 1, 2, 3, 4].map((c) => seatPosition(aisle!.cells[1]!, c))).to.deep.equal(['window', '', '', '', 'window']);
  });

  it('layout: seats by name and key, rows padded, first name wins, memoized per map', () => {
    const map = mapOf(
      ...decksOf(coach(2), [
        ['', ''],
        ['UA1', 'UA2'],
        ['A1', ''],
      ]),
    );
    const layout = layoutOf(map);
    expect(layoutOf(map)).to.equal(layout);
    expect(layout.decks.map((d) => d.seats.length)).to.deep.equal([8, 3]);
    expect(layout.byName.get('A1')!.deck).to.equal(0);
    expect(layout.byKey.get('1-1-1')!.seat.name).to.equal('UA2');
    expect(layout.decks[0]!.rowSeats[0]).to.deep.equal([]);
  });

  it('keys: arrows, Home/End, Ctrl+Home/End, PageUp/PageDown; left and right follow the writing direction', () => {
    expect(moveForKey('ArrowLeft', false, false)).to.equal('col-previous');
    expect(moveForKey('ArrowLeft', false, true)).to.equal('col-next');
    expect(moveForKey('ArrowRight', false, true)).to.equal('col-previous');
    expect([moveForKey('ArrowUp', false, false), moveForKey('ArrowDown', false, false)]).to.deep.equal(['row-previous', 'row-next']);
    expect([moveForKey('Home', false, false), moveForKey('End', false, false)]).to.deep.equal(['row-start', 'row-end']);
    expect([moveForKey('Home', true, false), moveForKey('End', true, false)]).to.deep.equal(['first', 'last']);
    expect([moveForKey('PageUp', false, false), moveForKey('PageDown', false, false)]).to.deep.equal(['deck-previous', 'deck-next']);
    expect(moveForKey('Enter', false, false)).to.equal(null);
  });

  it('moves skip gaps, fixtures and seatless rows; stop at edges; up/down land on the nearest seat', () => {
    const [lower] = layoutOf(
      mapOf(
        ...decksOf([
          ['#driver', '', '', '', '#door'],
          ['A1', 'A2', '', 'A3', 'A4'],
          ['#toilet', '', '', '', ''],
          ['B1', '', '', '', 'B4'],
          ['C1', 'C2', 'C3', 'C4', 'C5'],
        ]),
      ),
    ).decks;
    const d = lower!;
    expect(walk(d, 'A2', ['col-next', 'col-next', 'col-next', 'col-previous'])).to.deep.equal(['A3', 'A4', '-', 'A3']);
    expect(walk(d, 'A2', ['row-next', 'row-next', 'row-next', 'row-previous'])).to.deep.equal(['B1', 'C1', '-', 'B1']);
    expect(walk(d, 'A3', ['row-next', 'row-next', 'row-previous', 'row-previous', 'row-previous'])).to.deep.equal(['B4', 'C5', 'B4', 'A4', '-']);
    expect(walk(d, 'C3', ['row-previous'])).to.deep.equal(['B1']);
    expect(walk(d, 'C3', ['row-start', 'row-end', 'first', 'last'])).to.deep.equal(['C1', 'C5', 'A1', 'C5']);
  });

  it('decks fit side by side by their widths; one deck always fits', () => {
    expect(decksFitSideBySide([{ cols: 5 }, { cols: 5 }], 506, 44, 22)).to.equal(true);
    expect(decksFitSideBySide([{ cols: 5 }, { cols: 5 }], 505, 44, 22)).to.equal(false);
    expect(decksFitSideBySide([{ cols: 30 }], 100, 44, 22)).to.equal(true);
  });

  it('labels: "Seat A3, window, available, €25", localized; deck names; stops with next-day marks', () => {
    expect(seatLabel('A3', 'window', 'available', '€25', EN)).to.equal('Seat A3, window, available, €25');
    expect(seatLabel('B2', '', 'booked', '', EN)).to.equal('Seat B2, booked');
    expect(seatLabel('A3', 'aisle', 'selected', '25 €', DE)).to.equal('Platz A3, Gang, ausgewählt, 25 €');
    expect(seatLabel('A3', 'aisle', null, '', EN)).to.equal('Seat A3, aisle');
    expect(deckNames([{ level: 'lower' }, { level: 'upper' }], EN)).to.deep.equal(['Lower deck', 'Upper deck']);
    expect(deckNames([{ level: 'upper' }, { level: 'upper' }], EN)).to.deep.equal(['Upper deck 1', 'Upper deck 2']);
    expect(stopOption({ place: 'K&#246;ln', kind: 'both', time: '03:15', dayOffset: 1 }, EN, 'en-GB')).to.equal('Köln, 03:15 (+1, next day)');
    expect(stopOption({ place: 'Wien', kind: 'dropping', time: '03:15', dayOffset: 2 }, EN, 'en-GB')).to.equal('Wien, 03:15 (+2 days)');
    expect(stopOption({ place: 'Wien', kind: 'dropping', time: null, dayOffset: 0 }, EN, 'en-GB')).to.equal('Wien');
  });

  it('segment: attribute stops when valid, else first boarding and last dropping; dropping after boarding', () => {
    const bus = { stops: [stop('P', 'boarding'), stop('F', 'both'), stop('H', 'dropping'), stop('B', 'dropping')] };
    const names = (s: ReturnType<typeof resolveSegment>) => [s.from?.place, s.to?.place, s.fromIndex, s.toIndex];
    expect(names(resolveSegment(bus, '', ''))).to.deep.equal(['P', 'B', 0, 3]);
    expect(names(resolveSegment(bus, 'F', 'H'))).to.deep.equal(['F', 'H', 1, 2]);
    expect(names(resolveSegment(bus, 'H', 'P'))).to.deep.equal(['P', 'B', 0, 3]); // H is no boarding stop, P no dropping stop
    expect(names(resolveSegment(bus, 'f', ''))).to.deep.equal(['P', 'B', 0, 3]); // byte-exact
    expect(boardingChoices(bus.stops).map((c) => c.stop.place)).to.deep.equal(['P', 'F']);
    expect(droppingChoices(bus.stops, 1).map((c) => c.stop.place)).to.deep.equal(['H', 'B']);
    expect(names(resolveSegment({ stops: [] }, '', ''))).to.deep.equal([undefined, undefined, -1, -1]);
  });

  it('fares: the segment’s tiers, else whole-route ones; default type; total', () => {
    const fares: Fare[] = [
      { type: 'adult', name: 'Adult', price: 30, from: 'P', to: 'B' },
      { type: 'child', name: 'Child', price: 15, from: 'P', to: 'B' },
      { type: 'adult', name: 'Adult', price: 10, from: 'F', to: 'H' },
    ];
    expect(faresFor(fares, 'F', 'H').map((f) => f.price)).to.deep.equal([10]);
    expect(faresFor(fares, 'P', 'H')).to.deep.equal([]);
    const whole: Fare[] = [
      { type: 'adult', name: 'Adult', price: 20 },
      { type: 'infant', name: 'Infant', price: 0 },
    ];
    expect(faresFor(whole, 'P', 'H')).to.deep.equal(whole);
    expect([defaultType(whole, 'infant'), defaultType(whole, 'senior'), defaultType([], ''), defaultType([], 'child')]).to.deep.equal([
      'infant',
      'adult',
      'adult',
      'child',
    ]);
    expect(
      totalOf(
        [
          { name: 'A1', type: 'adult' },
          { name: 'A2', type: 'infant' },
          { name: 'A3', type: 'adult' },
        ],
        whole,
      ),
    ).to.equal(40);
    expect(totalOf([], whole)).to.equal(null);
    expect(totalOf([{ name: 'A1', type: 'senior' }], whole)).to.equal(null);
    expect(
      totalOf(
        [
          { name: 'A1', type: 'a' },
          { name: 'A2', type: 'a' },
          { name: 'A3', type: 'a' },
        ],
        [{ type: 'a', name: 'A', price: 0.1 }],
      ),
    ).to.equal(0.3);
  });

  it('selection: toggles under the limit, refuses booked and held seats, max-seats defaults to 4', () => {
    expect([maxSeats(2), maxSeats('3'), maxSeats(0), maxSeats(Number.NaN), maxSeats(2.7)]).to.deep.equal([2, 3, 4, 4, 2]);
    const one = [{ name: 'A1', type: 'adult' }];
    expect(toggle(one, 'A2', 'available', 2, 'child')).to.deep.equal({ kind: 'selected', picks: [...one, { name: 'A2', type: 'child' }] });
    expect(toggle(one, 'A1', 'available', 2, 'adult')).to.deep.equal({ kind: 'deselected', picks: [] });
    expect(toggle(one, 'A2', 'available', 1, 'adult')).to.deep.equal({ kind: 'limit' });
    expect(toggle(one, 'A2', 'booked', 2, 'adult')).to.deep.equal({ kind: 'unavailable', status: 'booked' });
    expect(toggle(one, 'A2', 'held', 2, 'adult')).to.deep.equal({ kind: 'unavailable', status: 'held' });
    // A chosen seat that became booked can still be unchosen.
    expect(toggle(one, 'A1', 'booked', 2, 'adult').kind).to.equal('deselected');
  });

  it('reconcile: drops seats no longer available or unknown, trims to the limit, fixes passenger types', () => {
    const layout = layoutOf(mapOf(...decksOf([['A1', 'A2!', 'A3?', 'A4', 'A5']])));
    const tiers: Fare[] = [
      { type: 'adult', name: 'Adult', price: 1 },
      { type: 'child', name: 'Child', price: 1 },
    ];
    const picks = [
      { name: 'A1', type: 'child' },
      { name: 'A2', type: 'adult' },
      { name: 'X9', type: 'adult' },
      { name: 'A3', type: 'adult' },
      { name: 'A4', type: 'senior' },
      { name: 'A1', type: 'adult' },
      { name: 'A5', type: 'adult' },
    ];
    const result = reconcile(picks, layout, tiers, 'adult', 2);
    expect(result.picks).to.deep.equal([
      { name: 'A1', type: 'child' },
      { name: 'A4', type: 'adult' },
    ]);
    expect(result.removed).to.deep.equal(['A2', 'X9', 'A3']);
    expect(result.changed).to.equal(true);
    const steady = reconcile([{ name: 'A1', type: 'adult' }], layout, tiers, 'adult', 4);
    expect([steady.changed, steady.removed]).to.deep.equal([false, []]);
  });

  it('form value: one `seats=SEAT:TYPE` entry per seat in order; parsing keeps colons in seat names', () => {
    const data = formValue('seats', [
      { name: 'A3', type: 'adult' },
      { name: 'U:1', type: 'child' },
    ])!;
    expect([...data.entries()]).to.deep.equal([
      ['seats', 'A3:adult'],
      ['seats', 'U:1:child'],
    ]);
    expect(formValue('seats', [])).to.equal(null);
    expect([...formValue('', [{ name: 'A1', type: 'adult' }])!.keys()]).to.deep.equal(['seats']);
    expect(pickOf('U:1:child', 'adult')).to.deep.equal({ name: 'U:1', type: 'child' });
    expect(pickOf('A3', 'adult')).to.deep.equal({ name: 'A3', type: 'adult' });
    expect(pickOf('U:1', 'adult', (name) => name === 'U:1')).to.deep.equal({ name: 'U:1', type: 'adult' });
    expect(pickOf(':x', 'adult')).to.deep.equal({ name: ':x', type: 'adult' });
    expect(picksFromState(data, 'adult')).to.deep.equal([
      { name: 'A3', type: 'adult' },
      { name: 'U:1', type: 'child' },
    ]);
    expect(picksFromState('A3', 'adult')).to.deep.equal([]);
  });
});
