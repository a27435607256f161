// The route map's pure rules: cutting a bus to a segment, the travel order of several buses' stops,
// and the live state at a moment.
import { expect } from '@open-wc/testing';
import type { Stop, StopKind } from '../../api/models.js';
import { liveState } from './progress.js';
import { mapOf, segmentOf, travelOrder, type RouteMap } from './route-stops.js';

const stop = (place: string, time: string | null, kind: StopKind = 'both', dayOffset = 0): Stop => ({ place, kind, time, dayOffset });

describe('route map rules', () => {
  describe('segmentOf', () => {
    const stops = [stop('A', '22:00', 'boarding'), stop('B', '23:30'), stop('C', '01:00', 'dropping', 1), stop('D', '02:00', 'both', 1)];

    it('cuts from boarding at `from` to alighting at `to`, day offsets counted from `from`', () => {
      expect(segmentOf(stops, 'B', 'D')).to.deep.equal([stop('B', '23:30'), stop('C', '01:00', 'dropping', 1), stop('D', '02:00', 'both', 1)]);
      expect(segmentOf(stops, 'C', 'D'), 'no boarding at C').to.equal(null);
      expect(segmentOf(stops, 'A', 'A'), 'no boarding at A').to.equal(null);
      expect(segmentOf(stops, 'D', 'A'), 'backwards').to.equal(null);
      expect(segmentOf(stops, 'C', 'A'), 'unknown order').to.equal(null);
      expect(segmentOf([stop('A', '22:00'), stop('B', '01:00', 'both', 1), stop('C', '02:00', 'both', 1)], 'B', 'C')![0]!.dayOffset).to.equal(0);
    });
  });

  describe('travelOrder', () => {
    it('merges sequences keeping each one’s order, ties to the place seen first', () => {
      expect(
        travelOrder([
          ['Paris', 'Köln', 'Berlin'],
          ['Paris', 'Brussels', 'Köln', 'Berlin'],
          ['Köln', 'Hannover', 'Berlin'],
        ]),
      ).to.deep.equal(['Paris', 'Brussels', 'Köln', 'Hannover', 'Berlin']);
      expect(travelOrder([['A', 'C'], ['B', 'C'], []])).to.deep.equal(['A', 'B', 'C']);
      expect(travelOrder([])).to.deep.equal([]);
    });

    it('buses that disagree still give every place once', () => {
      expect(
        travelOrder([
          ['A', 'B', 'C'],
          ['C', 'B', 'D'],
        ]),
      ).to.deep.equal(['A', 'B', 'C', 'D']);
    });
  });

  describe('mapOf', () => {
    it('one stop per place, the kinds of the buses together, calls in bus order', () => {
      const map = mapOf(
        [
          { trip: { id: 1, name: 'One' }, stops: [stop('A', '08:00', 'boarding'), stop('B', '09:00', 'dropping')] },
          { trip: { id: 2, name: 'Two' }, stops: [stop('A', '10:00', 'boarding'), stop('B', '11:00', 'boarding'), stop('C', '12:00', 'dropping')] },
        ],
        { mode: 'route', from: 'A', to: 'C', date: null, total: 2 },
      );
      expect(map.stops.map((s) => [s.place, s.kind, s.calls.map((c) => `${c.trip}@${c.time}`)])).to.deep.equal([
        ['A', 'boarding', ['0@08:00', '1@10:00']],
        ['B', 'both', ['0@09:00', '1@11:00']],
        ['C', 'dropping', ['1@12:00']],
      ]);
    });
  });

  describe('liveState', () => {
    const map: RouteMap = mapOf(
      [
        { trip: { id: 1, name: 'Early' }, stops: [stop('A', '06:00'), stop('B', null), stop('C', '07:00')] },
        { trip: { id: 2, name: 'Night' }, stops: [stop('A', '23:00'), stop('B', '00:30', 'both', 1), stop('C', '01:00', 'both', 1)] },
      ],
      { mode: 'route', from: 'A', to: 'C', date: null, total: 2 },
    );
    const state = (now: string, dates = ['2026-05-01']) => {
      const s = liveState(map, now, dates);
      return [s.trip, s.next, [...s.passed]];
    };

    it('follows the earliest departure not yet arrived; a stop without a time is neither next nor passed', () => {
      expect(state('2026-05-01T05:00')).to.deep.equal([0, 0, []]);
      expect(state('2026-05-01T06:01')).to.deep.equal([0, 2, [0]]);
      expect(state('2026-05-01T07:00')).to.deep.equal([0, 2, [0]]);
      expect(state('2026-05-01T07:01')).to.deep.equal([1, 0, []]);
      expect(state('2026-05-02T00:45')).to.deep.equal([1, 2, [0, 1]]);
      expect(state('2026-05-02T01:01')).to.deep.equal([null, null, []]);
    });

    it('with yesterday among the dates, a trip that left yesterday is followed until it arrives', () => {
      expect(state('2026-05-02T00:45', ['2026-05-01', '2026-05-02'])).to.deep.equal([1, 2, [0, 1]]);
      expect(state('2026-05-02T01:30', ['2026-05-01', '2026-05-02'])).to.deep.equal([0, 0, []]);
      expect(state('2026-05-02T00:45:59', ['2026-05-02'])).to.deep.equal([0, 0, []]);
    });
  });
});
