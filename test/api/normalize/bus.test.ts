import { expect } from '@open-wc/testing';
import { normalizeBusDetail, normalizeContractBus, normalizeContractBuses, normalizePluginSearch } from '../../../src/api/normalize/bus.js';
import { normalizeStops } from '../../../src/api/normalize/bus-parts.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';

const stop = (place: string, type: string, time: string) => ({ place, type, time });

const CONTRACT_BUS = {
  id: 14,
  name: 'Royal &#038; <i>Sons</i> Bus',
  type: 'Non AC',
  route_id: 3,
  route_stops: [stop('Paris', 'bp', '21:00'), stop('Frankfurt', 'both', '23:30'), stop('Hamburg', 'both', '02:00'), stop('Berlin', 'dp', '06:15')],
  tickets: [
    { type: 'adult', name: 'Adult', price: '20.00 ' },
    { type: 'child', name: 'Child &amp; Teen', price: '12.50 incl. VAT' },
    { type: 'infant', name: 'Infant', price: 'free' },
  ],
  features: ['Wi&#8209;Fi', '<b>USB</b>', 5, '', null],
  total_seats: 32,
};

describe('normalizeStops', () => {
  it('rolls over midnight once per time earlier than the previous one', () => {
    const stops = normalizeStops([
      stop('A', 'bp', '20:00'),
      stop('B', 'both', '23:00'),
      stop('C', 'both', '01:00'), // +1
      stop('D', 'both', '22:00'),
      stop('E', 'both', '00:30'), // +2
      stop('F', 'both', '23:59'),
      stop('G', 'dp', '03:00'), // +3
    ]);
    expect(stops.map((s) => s.dayOffset)).to.deep.equal([0, 0, 1, 1, 2, 2, 3]);
  });

  it('gives 2 after a chain of stops past two midnights', () => {
    const stops = normalizeStops([stop('A', 'bp', '22:00'), stop('B', 'both', '02:00'), stop('C', 'both', '23:00'), stop('D', 'dp', '01:00')]);
    expect(stops[3]).to.deep.equal({ place: 'D', kind: 'dropping', time: '01:00', dayOffset: 2 });
  });

  it('treats an equal time as the same day and compares against the last readable time', () => {
    const stops = normalizeStops([stop('A', 'bp', '10:00'), stop('B', 'both', '10:00'), stop('C', 'both', 'late'), stop('D', 'dp', '09:00')]);
    expect(stops.map((s) => [s.time, s.dayOffset])).to.deep.equal([
      ['10:00', 0],
      ['10:00', 0],
      [null, 0],
      ['09:00', 1],
    ]);
  });

  it('reads kinds leniently and skips stops without a place', () => {
    const stops = normalizeStops([
      stop('A', 'BP', '9:00'),
      { place: 'B', type: 'dropping', time: '10:00' },
      { place: 'C', type: 'weird', time: 5 },
      { place: '', type: 'bp', time: '11:00' },
      { type: 'bp' },
      null,
      'D',
    ]);
    expect(stops.map((s) => [s.place, s.kind, s.time])).to.deep.equal([
      ['A', 'boarding', '09:00'],
      ['B', 'dropping', '10:00'],
      ['C', 'both', null],
    ]);
  });

  it('reads a PHP index-keyed object as a list and anything else as no stops', () => {
    expect(normalizeStops({ 1: stop('B', 'dp', '10:00'), 0: stop('A', 'bp', '09:00') }).map((s) => s.place)).to.deep.equal(['A', 'B']);
    for (const raw of [null, 'Paris', 5, { place: 'A' }]) expect(normalizeStops(raw)).to.deep.equal([]);
  });
});

describe('normalizeContractBus', () => {
  it('derives ends, times, fares and features', () => {
    expect(normalizeContractBus(CONTRACT_BUS)).to.deep.equal({
      id: 14,
      name: 'Royal & Sons Bus',
      type: 'Non AC',
      typeKey: 'non-ac',
      routeId: 3,
      from: 'Paris',
      to: 'Berlin',
      date: null,
      departureTime: '21:00',
      arrivalTime: '06:15',
      arrivalDayOffset: 1,
      fares: [
        { type: 'adult', name: 'Adult', price: 20 },
        { type: 'child', name: 'Child & Teen', price: 12.5 },
        { type: 'infant', name: 'Infant', price: null },
      ],
      lowestFare: 12.5,
      totalSeats: 32,
      seatsLeft: null,
      features: ['Wi\u2011Fi', 'USB'],
    });
  });

  it('starts at the first boarding stop and ends at the last dropping stop after it', () => {
    const bus = normalizeContractBus({
      ...CONTRACT_BUS,
      route_stops: [stop('Depot', 'dp', '05:00'), stop('Paris', 'bp', '06:00'), stop('Lyon', 'dp', '09:00'), stop('Garage', 'bp', '10:00')],
    });
    expect(bus).to.deep.include({ from: 'Paris', to: 'Lyon', departureTime: '06:00', arrivalTime: '09:00', arrivalDayOffset: 0 });
  });

  it('has no destination when no stop after the departure lets passengers off', () => {
    const bus = normalizeContractBus({
      ...CONTRACT_BUS,
      route_stops: [stop('Depot', 'dp', '05:00'), stop('Paris', 'bp', '06:00'), stop('Garage', 'bp', '07:00')],
    });
    expect(bus).to.deep.include({ from: 'Paris', to: '', departureTime: '06:00', arrivalTime: null, arrivalDayOffset: 0 });
  });

  it('measures the day offset from the departure stop, not from the first stop', () => {
    const bus = normalizeContractBus({
      ...CONTRACT_BUS,
      route_stops: [stop('Depot', 'dp', '23:00'), stop('Paris', 'bp', '01:00'), stop('Berlin', 'dp', '08:00')],
    });
    expect(bus).to.deep.include({ from: 'Paris', arrivalDayOffset: 0 });
  });

  it('copes with no stops, no fares and wrong types', () => {
    const bus = normalizeContractBus({
      id: '7',
      name: null,
      type: 5,
      route_id: 'x',
      route_stops: 'Paris',
      tickets: { type: 'adult' },
      features: 'wifi',
      total_seats: -3,
    });
    expect(bus).to.deep.include({
      id: 7,
      name: '',
      type: '5',
      typeKey: '5',
      routeId: null,
      from: '',
      to: '',
      departureTime: null,
      arrivalTime: null,
      arrivalDayOffset: 0,
      fares: [],
      lowestFare: null,
      totalSeats: null,
      features: [],
    });
  });

  it('keeps a fare with a zero price as the lowest fare', () => {
    const bus = normalizeContractBus({ ...CONTRACT_BUS, tickets: [{ type: 'adult', price: 20 }, { type: 'promo', name: '', price: '0' }, 'x', { price: 1 }] });
    expect(bus.fares).to.deep.equal([
      { type: 'adult', name: 'adult', price: 20 },
      { type: 'promo', name: 'promo', price: 0 },
    ]);
    expect(bus.lowestFare).to.equal(0);
  });

  it('requires an object with a positive integer id', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeContractBus(raw), /Expected a bus object/);
    for (const id of [0, -14, 14.5, '14.0', NaN, 2 ** 53, null]) expectInvalid(() => normalizeContractBus({ ...CONTRACT_BUS, id }), /Bus has no usable id/);
  });
});

describe('normalizeContractBuses', () => {
  it('drops a broken bus and keeps its neighbours', () => {
    expect(normalizeContractBuses([CONTRACT_BUS, { id: 'x' }, { ...CONTRACT_BUS, id: 15 }]).map((b) => b.id)).to.deep.equal([14, 15]);
  });

  it('rejects an all-broken list and a non-list', () => {
    expectInvalid(() => normalizeContractBuses([{}, null]), /None of the 2 buses could be used \(item 0: Bus has no usable id/);
    expectInvalid(() => normalizeContractBuses({ buses: [] }), /Expected a list of buses/);
  });
});

const SEARCH_BUS = {
  id: 14,
  name: 'Royal Bus',
  type: 'AC',
  boarding_point: 'Paris',
  departure_time: '2026-11-30 21:00',
  dropping_point: 'Berlin',
  arrival_time: '2026-12-02 06:15',
  prices: [{ type: 'adult', name: 'Adult', price: '20.00 ' }],
  total_seats: 32,
  seats_left: '29',
  features: ['AC'],
};

describe('normalizePluginSearch', () => {
  it('reads dated buses, counting whole days between departure and arrival', () => {
    const result = normalizePluginSearch({ boarding_point: 'Paris', dropping_point: 'Berlin', date: '2026-11-30', buses: [SEARCH_BUS] });
    expect(result).to.deep.include({ from: 'Paris', to: 'Berlin', date: '2026-11-30', returnDate: null, returnBuses: [] });
    expect(result.buses[0]).to.deep.equal({
      id: 14,
      name: 'Royal Bus',
      type: 'AC',
      typeKey: 'ac',
      routeId: null,
      from: 'Paris',
      to: 'Berlin',
      date: '2026-11-30',
      departureTime: '21:00',
      arrivalTime: '06:15',
      arrivalDayOffset: 2,
      fares: [{ type: 'adult', name: 'Adult', price: 20 }],
      lowestFare: 20,
      totalSeats: 32,
      seatsLeft: 29,
      features: ['AC'],
    });
  });

  it('counts days across month and year ends', () => {
    const bus = (dep: string, arr: string) =>
      normalizePluginSearch({ date: dep.slice(0, 10), buses: [{ ...SEARCH_BUS, departure_time: dep, arrival_time: arr }] }).buses[0]!;
    expect(bus('2026-12-31 22:00', '2027-01-01 04:00').arrivalDayOffset).to.equal(1);
    expect(bus('2028-02-28 22:00', '2028-03-01 04:00').arrivalDayOffset).to.equal(2);
    expect(bus('2026-11-30 08:00', '2026-11-29 04:00').arrivalDayOffset).to.equal(0);
  });

  it('falls back to bare times, the search date and the search stops', () => {
    const result = normalizePluginSearch({
      boarding_point: 'Paris',
      dropping_point: 'Berlin',
      date: '2026-11-30',
      buses: [
        { id: 3, departure_time: '22:00', arrival_time: '01:30' },
        { id: 4, departure_time: 'soon', arrival_time: '2026-02-30 10:00' },
      ],
    });
    expect(result.buses[0]).to.deep.include({
      from: 'Paris',
      to: 'Berlin',
      date: '2026-11-30',
      departureTime: '22:00',
      arrivalTime: '01:30',
      arrivalDayOffset: 1,
    });
    expect(result.buses[1]).to.deep.include({ date: '2026-11-30', departureTime: null, arrivalTime: null, arrivalDayOffset: 0 });
  });

  it('reads return buses against the return date, with the stops swapped', () => {
    const result = normalizePluginSearch({
      boarding_point: 'Paris',
      dropping_point: 'Berlin',
      date: '2026-11-30',
      buses: [],
      return_date: '2026-12-03',
      return_buses: { 2: { id: 9, departure_time: '08:00', arrival_time: '22:30' } },
    });
    expect(result.buses).to.deep.equal([]);
    expect(result.returnDate).to.equal('2026-12-03');
    expect(result.returnBuses[0]).to.deep.include({ id: 9, from: 'Berlin', to: 'Paris', date: '2026-12-03', arrivalDayOffset: 0 });
  });

  it('drops a broken bus and keeps the rest', () => {
    const result = normalizePluginSearch({ date: '2026-11-30', buses: [SEARCH_BUS, { id: -1 }, 'bus', { ...SEARCH_BUS, id: 16 }] });
    expect(result.buses.map((b) => b.id)).to.deep.equal([14, 16]);
  });

  it('rejects an answer without a bus list, or with only broken buses', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizePluginSearch(raw), /Expected a bus search result/);
    expectInvalid(() => normalizePluginSearch({ code: 'wbtm_invalid_date', message: 'x', data: { status: 400 } }), /Expected a list of buses, got nothing/);
    expectInvalid(() => normalizePluginSearch({ date: '2026-11-30', buses: 'none' }), /Expected a list of buses/);
    expectInvalid(() => normalizePluginSearch({ buses: [{ id: 0 }] }), /None of the 1 buses could be used/);
    expectInvalid(() => normalizePluginSearch({ buses: [], return_buses: [null] }), /None of the 1 return buses could be used/);
  });
});

describe('normalizeBusDetail', () => {
  const DECK = { deck: 'lower', rows: 1, cols: 3, seats: [[{ name: 'A1', type: 'seat', status: 'booked' }, null, { name: 'A2', type: 'seat' }]] };

  it('reads the plugin detail: stops, points, whole-route tickets, gallery', () => {
    const detail = normalizeBusDetail({
      ...CONTRACT_BUS,
      route_id: undefined,
      gallery: ['https://example.org/a.jpg', 'javascript:alert(1)', 5, 'relative/b.jpg', 'http://example.org/c.jpg'],
    });
    expect(detail).to.deep.include({ id: 14, name: 'Royal & Sons Bus', typeKey: 'non-ac', routeId: null, seatMap: null });
    expect(detail.stops.map((s) => [s.place, s.dayOffset])).to.deep.equal([
      ['Paris', 0],
      ['Frankfurt', 0],
      ['Hamburg', 1],
      ['Berlin', 1],
    ]);
    expect(detail.boardingPoints.map((s) => s.place)).to.deep.equal(['Paris', 'Frankfurt', 'Hamburg']);
    expect(detail.droppingPoints.map((s) => s.place)).to.deep.equal(['Frankfurt', 'Hamburg', 'Berlin']);
    expect(detail.fares.map((f) => f.price)).to.deep.equal([20, 12.5, null]);
    expect(detail.gallery).to.deep.equal(['https://example.org/a.jpg', 'http://example.org/c.jpg']);
    expect(detail.features).to.deep.equal(['Wi\u2011Fi', 'USB']);
  });

  it('prefers the contract per-segment prices over tickets, keeping the segment', () => {
    const detail = normalizeBusDetail({
      ...CONTRACT_BUS,
      prices: [
        { type: 'adult', name: 'Adult', price: 8, boarding_point: 'Paris', dropping_point: 'Frankfurt &amp; Main' },
        { type: 'adult', name: 'Adult', price: '20', boarding_point: 'Paris', dropping_point: 'Berlin' },
      ],
    });
    expect(detail.routeId).to.equal(3);
    expect(detail.fares).to.deep.equal([
      { type: 'adult', name: 'Adult', price: 8, from: 'Paris', to: 'Frankfurt &amp; Main' },
      { type: 'adult', name: 'Adult', price: 20, from: 'Paris', to: 'Berlin' },
    ]);
    expect(normalizeBusDetail({ ...CONTRACT_BUS, prices: [] }).fares).to.have.length(3);
  });

  it('builds the seat map from contract decks', () => {
    const detail = normalizeBusDetail({ ...CONTRACT_BUS, seat_type: 'wbtm_seat_plan', decks: [DECK] });
    expect(detail.seatMap).to.deep.include({
      busId: 14,
      date: null,
      from: null,
      to: null,
      seatType: 'wbtm_seat_plan',
      totalSeats: 2,
      bookedSeats: 1,
      availableSeats: 1,
    });
    expect(detail.seatMap!.decks[0]!.cells[0]).to.deep.equal([
      { kind: 'seat', name: 'A1', status: 'booked', row: 0, col: 0 },
      null,
      { kind: 'seat', name: 'A2', status: 'available', row: 0, col: 2 },
    ]);
  });

  it('takes capacity from total_seats, else from the layout, else null', () => {
    expect(normalizeBusDetail({ ...CONTRACT_BUS, total_seats: 40, decks: [DECK] }).totalSeats).to.equal(40);
    expect(normalizeBusDetail({ ...CONTRACT_BUS, total_seats: undefined, decks: [DECK] }).totalSeats).to.equal(2);
    expect(normalizeBusDetail({ ...CONTRACT_BUS, total_seats: 'many' }).totalSeats).to.equal(null);
  });

  it('drops an unusable or oversized layout but keeps the rest of the detail', () => {
    const huge = { seats: Array.from({ length: 500 }, () => [{ name: 'X', type: 'seat' }]) };
    for (const decks of [[huge], 'decks', [{ seats: [[null]] }], []]) {
      const detail = normalizeBusDetail({ ...CONTRACT_BUS, decks });
      expect(detail.seatMap).to.equal(null);
      expect(detail.stops).to.have.length(4);
    }
  });

  it('requires an object with a positive integer id', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeBusDetail(raw), /Expected a bus object/);
    expectInvalid(() => normalizeBusDetail({ code: 'wbtm_invalid_bus', message: 'Bus not found.', data: { status: 400 } }), /Bus has no usable id/);
  });
});
