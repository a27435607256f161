import { expect } from '@open-wc/testing';
import { normalizePassenger, normalizePassengers } from '../../../src/api/normalize/passenger.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';
import { PASSENGER_COLUMNS, recordsOf, tableOf } from '../../../src/api/export/columns.js';

const PASSENGER = {
  booking_id: 1201,
  name: 'Jean &amp; <b>Luc</b>',
  email: 'jean@example.org',
  phone: '+33 1 23',
  bus_id: 14,
  bus_name: 'Royal &#038; Bus',
  date: '2026-11-30',
  boarding_point: 'Paris',
  dropping_point: 'Frankfurt &amp; Main',
  seat: 'A1',
  ticket_type: 'adult',
  price: '20.00 ',
  status: 'confirmed',
};

describe('normalizePassenger', () => {
  it('reads a passenger', () => {
    expect(normalizePassenger(PASSENGER)).to.deep.equal({
      bookingId: 1201,
      name: 'Jean & Luc',
      email: 'jean@example.org',
      phone: '+33 1 23',
      busId: 14,
      busName: 'Royal & Bus',
      date: '2026-11-30',
      from: 'Paris',
      to: 'Frankfurt &amp; Main',
      seat: 'A1',
      fareType: 'adult',
      price: 20,
      status: 'confirmed',
    });
  });

  it('decodes the entities a site sends in every text field it shows, keeping the stops as sent for queries', () => {
    const raw = { ...PASSENGER, name: 'O&#8217;Brien', seat: 'A&amp;1', ticket_type: 'Caf&eacute; &#8211; Bar', status: 'Confirm&eacute;' };
    expect(normalizePassenger(raw)).to.deep.include({ name: 'O’Brien', seat: 'A&1', fareType: 'Café – Bar', status: 'Confirmé', to: 'Frankfurt &amp; Main' });
    // Markup in them stays the text it is, encoded or not: `&lt;b&gt;` reads as the characters `<b>`.
    expect(normalizePassenger({ ...raw, seat: '&lt;b&gt;A1', ticket_type: '<img src=x onerror=alert(1)>adult' })).to.deep.include({
      seat: '<b>A1',
      fareType: '<img src=x onerror=alert(1)>adult',
    });
  });

  it('tolerates wrong types field by field', () => {
    const p = normalizePassenger({ booking_id: '1201', name: 5, bus_id: -1, date: '2026-11-30 08:00', price: 'free', seat: ['A1'], status: null });
    expect(p).to.deep.include({ bookingId: 1201, name: '5', busId: null, date: '2026-11-30', price: null, seat: '', status: '' });
    expect(normalizePassenger({ ...PASSENGER, date: '2026-02-30' }).date).to.equal(null);
  });

  it('keeps a negative price as the site recorded it (an adjustment is data to report, not a fare to sell); CSV and JSON write it', () => {
    for (const [raw, price] of [
      ['-5.00 ', -5],
      [-12.5, -12.5],
      ['-0', 0],
    ] as const)
      expect(normalizePassenger({ ...PASSENGER, price: raw }).price, String(raw)).to.equal(price);
    const row = normalizePassenger({ ...PASSENGER, price: '-5.00' });
    const columns = PASSENGER_COLUMNS.filter((column) => column.key === 'price');
    expect(tableOf(columns, [row]).cells).to.deep.equal([[-5]]);
    expect(recordsOf(columns, [row])).to.deep.equal([{ price: -5 }]);
  });

  it('needs a booking id or a name', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizePassenger(raw), /Expected a passenger object/);
    expectInvalid(() => normalizePassenger({ booking_id: 0, name: ' <br> ' }), /neither a booking id nor a name/);
    expect(normalizePassenger({ name: 'Ana' }).bookingId).to.equal(null);
    expect(normalizePassenger({ booking_id: 3 }).name).to.equal('');
  });
});

describe('normalizePassengers', () => {
  it('drops broken rows and rejects an all-broken list', () => {
    expect(normalizePassengers([PASSENGER, {}, { ...PASSENGER, booking_id: 1202 }]).map((p) => p.bookingId)).to.deep.equal([1201, 1202]);
    expectInvalid(() => normalizePassengers([{}, {}]), /None of the 2 passengers could be used/);
    expectInvalid(() => normalizePassengers({ passengers: [] }), /Expected a list of passengers/);
  });
});
