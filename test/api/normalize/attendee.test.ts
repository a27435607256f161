import { expect } from '@open-wc/testing';
import { normalizeAttendee, normalizeAttendees } from '../../../src/api/normalize/attendee.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';

const ATTENDEE = {
  id: 301,
  date: '2026-11-22T10:15:00',
  title: { rendered: 'Ana &amp; Bo' },
  attendee_informations: {
    ea_name: ['Ana Souza'],
    ea_email: [' ana@example.org '],
    ea_phone: ['+55 11 5555'],
    ea_event_id: ['54'],
    ea_event_name: ['Jazz Night &#038; Sessions'],
    ea_ticket_type: ['VIP'],
    ea_event_date: ['2026-12-19 19:00:00'],
    ea_order_id: ['880'],
    mep_checkin: ['yes'],
  },
};

describe('normalizeAttendee', () => {
  it('reads the attendee meta', () => {
    expect(normalizeAttendee(ATTENDEE)).to.deep.equal({
      id: 301,
      name: 'Ana Souza',
      email: 'ana@example.org',
      phone: '+55 11 5555',
      eventId: 54,
      eventTitle: 'Jazz Night & Sessions',
      ticketType: 'VIP',
      eventDate: '2026-12-19T19:00:00',
      orderId: 880,
      checkedIn: true,
      registered: '2026-11-22T10:15:00',
    });
  });

  it('falls back to the title for the name, and copes without meta', () => {
    for (const meta of [undefined, null, [], 'x', { ea_name: [''] }]) {
      const attendee = normalizeAttendee({ ...ATTENDEE, attendee_informations: meta });
      expect(attendee.name).to.equal('Ana & Bo');
    }
    const bare = normalizeAttendee({ id: 5 });
    expect(bare).to.deep.equal({
      id: 5,
      name: '',
      email: '',
      phone: '',
      eventId: null,
      eventTitle: '',
      ticketType: '',
      eventDate: null,
      orderId: null,
      checkedIn: false,
      registered: null,
    });
  });

  it('reads a date-only event date as midnight and refuses bad ids and dates', () => {
    const info = { ...ATTENDEE.attendee_informations, ea_event_date: ['2026-12-19'], ea_event_id: ['-4'], ea_order_id: ['x'], mep_checkin: ['no'] };
    expect(normalizeAttendee({ ...ATTENDEE, attendee_informations: info })).to.deep.include({
      eventDate: '2026-12-19T00:00:00',
      eventId: null,
      orderId: null,
      checkedIn: false,
    });
    const bad = { ...info, ea_event_date: ['2026-02-30'] };
    expect(normalizeAttendee({ ...ATTENDEE, attendee_informations: bad }).eventDate).to.equal(null);
  });

  it('requires an id', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeAttendee(raw), /Expected an attendee object/);
    expectInvalid(() => normalizeAttendee({ ...ATTENDEE, id: '3.5' }), /Attendee has no usable id/);
  });
});

describe('normalizeAttendees', () => {
  it('drops broken attendees and rejects an all-broken list', () => {
    expect(normalizeAttendees([ATTENDEE, 7, { ...ATTENDEE, id: 302 }]).map((a) => a.id)).to.deep.equal([301, 302]);
    expectInvalid(() => normalizeAttendees([7]), /None of the 1 attendees could be used \(item 0: Expected an attendee object, got a number/);
  });
});
