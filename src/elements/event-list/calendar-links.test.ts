// Google Calendar and Outlook "add event" links (calendar-links.ts), parsed back with `new URL`:
// instants per zone kind, floating readings without a zone, and hostile text kept in its parameter.
import { expect } from '@open-wc/testing';
import type { SiteZone } from '../../api/site-time.js';
import { calendarEvent } from '../../../test/helpers/ics.js';
import { googleCalendarUrl, LINK_DESCRIPTION_MAX, outlookCalendarUrl } from './calendar-links.js';

const BERLIN: SiteZone = { kind: 'iana', name: 'Europe/Berlin' };
const KOLKATA: SiteZone = { kind: 'offset', minutes: 330 };
const WINTER = { start: '2026-03-28T19:00:00', end: '2026-03-28T21:30:00' };
const SUMMER = { start: '2026-03-29T19:00:00', end: null };
const HOSTILE = 'Evil&dates=19700101T000000Z/19700101T010000Z&location=x#frag\r\nSUMMARY:x;y,z\\ <script>alert(1)</script> ?a=b';

const parse = (url: string | null) => {
  expect(url).to.be.a('string');
  return new URL(url!);
};
const params = (url: URL) => [...url.searchParams.keys()];

describe('googleCalendarUrl', () => {
  it('opens the event template with UTC dates from an IANA zone, either side of DST', () => {
    const event = calendarEvent({ moreDates: [SUMMER] });
    const url = parse(googleCalendarUrl(event, WINTER, BERLIN));
    expect(url.origin + url.pathname).to.equal('https://calendar.google.com/calendar/render');
    expect(params(url)).to.deep.equal(['action', 'text', 'dates', 'details', 'location']);
    expect(url.searchParams.get('action')).to.equal('TEMPLATE');
    expect(url.searchParams.get('text')).to.equal('Summer concert');
    expect(url.searchParams.get('dates')).to.equal('20260328T180000Z/20260328T203000Z');
    expect(url.searchParams.get('details')).to.equal('An evening of music.\n\nhttps://tickets.example.org/events/summer-concert/');
    expect(url.searchParams.get('location')).to.equal('Town hall, Main St 1, 10115 Berlin, Germany');
    // No end: one hour, and the summer offset.
    expect(parse(googleCalendarUrl(event, SUMMER, BERLIN)).searchParams.get('dates')).to.equal('20260329T170000Z/20260329T180000Z');
  });

  it('converts a fixed offset to UTC, and writes the bare reading (the visitor’s zone) when the zone is unknown', () => {
    const event = calendarEvent();
    expect(parse(googleCalendarUrl(event, WINTER, KOLKATA)).searchParams.get('dates')).to.equal('20260328T133000Z/20260328T160000Z');
    const floating = parse(googleCalendarUrl(event, WINTER, null));
    expect(floating.searchParams.get('dates')).to.equal('20260328T190000/20260328T213000');
    expect(floating.searchParams.has('ctz')).to.equal(false);
  });

  it('keeps hostile text inside its parameter and leaves out empty ones', () => {
    const event = calendarEvent({ title: HOSTILE, excerptText: HOSTILE, link: '', venue: null, mode: 'online' });
    const url = parse(googleCalendarUrl(event, WINTER, BERLIN, { online: 'Online-Veranstaltung' }));
    expect(url.hash).to.equal('');
    expect(params(url)).to.deep.equal(['action', 'text', 'dates', 'details', 'location']);
    expect(url.searchParams.getAll('text')).to.deep.equal([HOSTILE]);
    expect(url.searchParams.getAll('details')).to.deep.equal([HOSTILE]);
    expect(url.searchParams.getAll('dates')).to.deep.equal(['20260328T180000Z/20260328T203000Z']);
    expect(url.searchParams.getAll('location')).to.deep.equal(['Online-Veranstaltung']);
    const bare = parse(googleCalendarUrl(calendarEvent({ excerptText: '', link: '', venue: null }), WINTER, BERLIN));
    expect(params(bare)).to.deep.equal(['action', 'text', 'dates']);
  });

  it('cuts long excerpts, and gives no link for an unreadable date', () => {
    const details = parse(googleCalendarUrl(calendarEvent({ excerptText: 'x'.repeat(5000), link: '' }), WINTER, BERLIN)).searchParams.get('details')!;
    expect(details).to.equal(`${'x'.repeat(LINK_DESCRIPTION_MAX)}…`);
    expect(googleCalendarUrl(calendarEvent(), { start: 'soon', end: null }, BERLIN)).to.equal(null);
  });
});

describe('outlookCalendarUrl', () => {
  it('opens the compose form with ISO times carrying the site’s offset at each moment', () => {
    const event = calendarEvent();
    const url = parse(outlookCalendarUrl(event, WINTER, BERLIN));
    expect(url.origin + url.pathname).to.equal('https://outlook.live.com/calendar/0/action/compose');
    expect(params(url)).to.deep.equal(['subject', 'startdt', 'enddt', 'body', 'location']);
    expect(url.searchParams.get('subject')).to.equal('Summer concert');
    expect(url.searchParams.get('startdt')).to.equal('2026-03-28T19:00:00+01:00');
    expect(url.searchParams.get('enddt')).to.equal('2026-03-28T21:30:00+01:00');
    expect(Date.parse(url.searchParams.get('startdt')!)).to.equal(Date.UTC(2026, 2, 28, 18));
    const summer = parse(outlookCalendarUrl(event, SUMMER, BERLIN));
    expect([summer.searchParams.get('startdt'), summer.searchParams.get('enddt')]).to.deep.equal(['2026-03-29T19:00:00+02:00', '2026-03-29T20:00:00+02:00']);
  });

  it('writes +05:30 for a fixed offset and the bare reading without a zone', () => {
    const event = calendarEvent();
    expect(parse(outlookCalendarUrl(event, WINTER, KOLKATA)).searchParams.get('startdt')).to.equal('2026-03-28T19:00:00+05:30');
    expect(parse(outlookCalendarUrl(event, WINTER, null)).searchParams.get('startdt')).to.equal('2026-03-28T19:00:00');
  });

  it('keeps hostile text inside its parameter', () => {
    const event = calendarEvent({ title: HOSTILE, excerptText: HOSTILE, link: '', venue: { ...calendarEvent().venue!, name: HOSTILE } });
    const url = parse(outlookCalendarUrl(event, WINTER, BERLIN));
    expect(url.hash).to.equal('');
    expect(params(url)).to.deep.equal(['subject', 'startdt', 'enddt', 'body', 'location']);
    expect(url.searchParams.getAll('subject')).to.deep.equal([HOSTILE]);
    expect(url.searchParams.getAll('body')).to.deep.equal([HOSTILE]);
    expect(url.searchParams.get('location')!.startsWith(HOSTILE.trim())).to.equal(true);
    expect(url.searchParams.getAll('startdt')).to.deep.equal(['2026-03-28T19:00:00+01:00']);
  });
});
