import { expect } from '@open-wc/testing';
import { normalizeRouteList } from '../../../src/api/normalize/route.js';
import { expectInvalid } from './expect-invalid.js';

describe('normalizeRouteList: plugin dialect', () => {
  it('dedupes and sorts stop names, keeping them byte-exact', () => {
    const list = normalizeRouteList({
      boarding_points: ['Paris', 'Frankfurt &amp; Main', 'Berlin', 'Paris', ' Köln ', '', '   ', 5, null],
      dropping_points: ['Hamburg', 'Berlin'],
    });
    expect(list).to.deep.equal({
      dialect: 'plugin',
      routes: [],
      boardingPoints: [' Köln ', 'Berlin', 'Frankfurt &amp; Main', 'Paris'].sort((a, b) => a.localeCompare(b)),
      droppingPoints: ['Berlin', 'Hamburg'],
    });
    expect(list.boardingPoints).to.include('Frankfurt &amp; Main');
  });

  it('accepts one list alone, and empty lists', () => {
    expect(normalizeRouteList({ boarding_points: ['A'] })).to.deep.include({ boardingPoints: ['A'], droppingPoints: [] });
    expect(normalizeRouteList({ boarding_points: [], dropping_points: [] })).to.deep.include({ dialect: 'plugin', boardingPoints: [] });
  });

  it('refuses objects that are not a route list', () => {
    for (const raw of [
      {},
      { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } },
      { boarding_points: 'Paris', dropping_points: ['Berlin'] },
      { boarding_points: ['Paris'], dropping_points: { 0: 'Berlin' } },
      null,
      'Paris',
      7,
    ]) {
      expectInvalid(() => normalizeRouteList(raw), /Expected routes/);
    }
  });
});

describe('normalizeRouteList: contract dialect', () => {
  const ROUTES = [
    { id: 3, start: 'Paris', end: 'Berlin', stops: ['Paris', 'Frankfurt', 'Hamburg', 'Berlin'] },
    { id: 1, start: 'Berlin', end: 'Paris', stops: ['Berlin', 'Paris'] },
    { id: 2, start: 'Berlin', end: 'Hamburg' },
  ];

  it('sorts routes by from then to and derives the stop lists', () => {
    const list = normalizeRouteList(ROUTES);
    expect(list.dialect).to.equal('contract');
    expect(list.routes).to.deep.equal([
      { id: 2, from: 'Berlin', to: 'Hamburg', via: [] },
      { id: 1, from: 'Berlin', to: 'Paris', via: [] },
      { id: 3, from: 'Paris', to: 'Berlin', via: ['Frankfurt', 'Hamburg'] },
    ]);
    expect(list.boardingPoints).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
    expect(list.droppingPoints).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
  });

  it('keeps only the real ends as boarding and dropping points when no route has stops', () => {
    const list = normalizeRouteList([
      { id: 1, start: 'A', end: 'B' },
      { id: 2, start: 'A', end: 'C' },
    ]);
    expect(list.boardingPoints).to.deep.equal(['A']);
    expect(list.droppingPoints).to.deep.equal(['B', 'C']);
  });

  it('drops a broken route and keeps the others', () => {
    const list = normalizeRouteList([...ROUTES, { id: -1, start: 'X', end: 'Y' }, { id: 9, start: '', end: 'Y' }, { id: 10, start: 'X' }, 'route']);
    expect(list.routes.map((r) => r.id)).to.deep.equal([2, 1, 3]);
    expect(list.boardingPoints).to.not.include('X');
  });

  it('rejects a list whose every route is broken', () => {
    expectInvalid(() => normalizeRouteList([{ id: 1.5, start: 'A', end: 'B' }]), /None of the 1 routes could be used \(item 0: Route has no usable id/);
    expectInvalid(() => normalizeRouteList([{ id: 1, start: null, end: 'B' }]), /Route 1 has no start or end/);
  });

  it('accepts an empty list as a contract site without routes', () => {
    expect(normalizeRouteList([])).to.deep.equal({ dialect: 'contract', routes: [], boardingPoints: [], droppingPoints: [] });
  });
});
