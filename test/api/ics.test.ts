// iCalendar export (api/export/ics.ts), read back with a strict RFC 5545 reader (test/helpers/ics.ts):
// occurrences and their instants across DST, floating times, escaping of hostile text, folding at
// 75 octets with multi-byte characters, CRLF line ends. Every time is pinned; nothing reads the clock.
import { expect } from '@open-wc/testing';
import { escapeIcsText, eventsToIcs, foldIcsLine, type IcsOptions } from '../../src/api/export/ics.js';
import type { SiteZone } from '../../src/api/site-time.js';
import { calendarEvent, parseIcs, physicalLines, prop, props, text, textList, unfold, vevents } from '../helpers/ics.js';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const BERLIN: SiteZone = { kind: 'iana', name: 'Europe/Berlin' };
const KOLKATA_OFFSET: SiteZone = { kind: 'offset', minutes: 330 };
const base: IcsOptions = { now: NOW, zone: BERLIN, siteUrl: 'https://tickets.example.org/wp-json/' };
const HOSTILE = 'Evil\r\nBEGIN:VEVENT\r\nSUMMARY:x;y,z\\';

const calendar = (events = [calendarEvent()], options: Partial<IcsOptions> = {}) => parseIcs(eventsToIcs(events, { ...base, ...options }));
const starts = (events = [calendarEvent()], options: Partial<IcsOptions> = {}) => vevents(calendar(events, options)).map((e) => prop(e, 'DTSTART').value);

describe('eventsToIcs', () => {
  it('writes a VCALENDAR 2.0 with PRODID, GREGORIAN, PUBLISH and an escaped calendar name, CRLF everywhere', () => {
    const ics = eventsToIcs([calendarEvent()], { ...base, calendarName: 'Concerts, Berlin; 2026' });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).to.equal(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).to.equal(true);
    expect(ics.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
    const cal = parseIcs(ics);
    expect(cal.name).to.equal('VCALENDAR');
    expect(prop(cal, 'VERSION').value).to.equal('2.0');
    expect(prop(cal, 'PRODID').value).to.match(/^-\/\/ticketing-widgets\/\//);
    expect(prop(cal, 'CALSCALE').value).to.equal('GREGORIAN');
    expect(prop(cal, 'METHOD').value).to.equal('PUBLISH');
    expect(text(cal, 'X-WR-CALNAME')).to.equal('Concerts, Berlin; 2026');
    expect(props(calendar(), 'X-WR-CALNAME')).to.have.length(0);
  });

  it('writes one VEVENT per occurrence with UTC instants from an IANA zone, across both DST switches', () => {
    const event = calendarEvent({
      start: '2026-03-28T19:00:00',
      end: '2026-03-28T21:30:00',
      moreDates: [
        { start: '2026-03-29T19:00:00', end: '2026-03-29T21:30:00' },
        { start: '2026-10-24T19:00:00', end: '2026-10-24T21:30:00' },
        { start: '2026-10-25T19:00:00', end: null },
      ],
    });
    const events = vevents(calendar([event]));
    expect(events.map((e) => [prop(e, 'DTSTART').value, prop(e, 'DTEND').value])).to.deep.equal([
      ['20260328T180000Z', '20260328T203000Z'], // CET, +01:00
      ['20260329T170000Z', '20260329T193000Z'], // CEST from that night, +02:00
      ['20261024T170000Z', '20261024T193000Z'],
      ['20261025T180000Z', '20261025T190000Z'], // CET again; no end: one hour
    ]);
    expect(events.map((e) => text(e, 'UID'))).to.deep.equal([
      'event-7-20260328T190000@tickets.example.org',
      'event-7-20260329T190000@tickets.example.org',
      'event-7-20261024T190000@tickets.example.org',
      'event-7-20261025T190000@tickets.example.org',
    ]);
    for (const e of events) expect(prop(e, 'DTSTAMP').value).to.equal('20260102T030405Z');
  });

  it('keeps UIDs stable across zones and downloads, and names them after ticketing-widgets without a site', () => {
    const uids = (options: Partial<IcsOptions>) => vevents(calendar([calendarEvent()], options)).map((e) => text(e, 'UID'));
    expect(uids({ zone: null, now: NOW + 86_400_000 })).to.deep.equal(uids({}));
    expect(uids({ siteUrl: undefined })).to.deep.equal(['event-7-20260328T190000@ticketing-widgets']);
    expect(uids({ siteUrl: 'not a url' })).to.deep.equal(['event-7-20260328T190000@ticketing-widgets']);
  });

  it('converts with a fixed offset zone, and an end past midnight', () => {
    const event = calendarEvent({ start: '2026-03-28T19:00:00', end: '2026-03-29T01:15:00' });
    const [e] = vevents(calendar([event], { zone: KOLKATA_OFFSET }));
    expect([prop(e!, 'DTSTART').value, prop(e!, 'DTEND').value]).to.deep.equal(['20260328T133000Z', '20260328T194500Z']);
  });

  it('writes floating local times when the zone is unknown (no Z, no TZID)', () => {
    const [e] = vevents(calendar([calendarEvent({ end: null })], { zone: null }));
    expect(prop(e!, 'DTSTART')).to.deep.equal({ name: 'DTSTART', params: {}, value: '20260328T190000' });
    expect(prop(e!, 'DTEND').value).to.equal('20260328T200000');
    expect(prop(e!, 'DTSTAMP').value).to.equal('20260102T030405Z');
  });

  it('gives an occurrence without a usable end one hour (or the asked length), never a zero-length instant', () => {
    const ends = (end: string | null, minutes?: number) =>
      prop(vevents(calendar([calendarEvent({ end })], { defaultDurationMinutes: minutes }))[0]!, 'DTEND').value;
    expect(ends(null)).to.equal('20260328T190000Z');
    expect(ends('2026-03-28T18:00:00')).to.equal('20260328T190000Z');
    expect(ends('2026-03-28T19:00:00')).to.equal('20260328T190000Z');
    expect(ends('0000-00-00T00:00:00')).to.equal('20260328T190000Z');
    expect(ends(null, 90)).to.equal('20260328T193000Z');
  });

  it('writes an "everyday" event as its daily slot on each day, not one block lasting days', () => {
    const event = calendarEvent({ start: '2026-03-27T10:00:00', end: '2026-03-30T12:00:00', recurrence: 'everyday' });
    const e = vevents(calendar([event]));
    // Berlin switches to summer time on the 29th: 10:00 is 09:00Z before, 08:00Z after.
    expect(e.map((v) => [prop(v, 'DTSTART').value, prop(v, 'DTEND').value])).to.deep.equal([
      ['20260327T090000Z', '20260327T110000Z'],
      ['20260328T090000Z', '20260328T110000Z'],
      ['20260329T080000Z', '20260329T100000Z'],
      ['20260330T080000Z', '20260330T100000Z'],
    ]);
  });

  it('an end in the hour a spring-forward skips, at or before the start in real time, gets the default length', () => {
    const [e] = vevents(calendar([calendarEvent({ start: '2026-03-29T02:30:00', end: '2026-03-29T03:00:00' })]));
    expect([prop(e!, 'DTSTART').value, prop(e!, 'DTEND').value]).to.deep.equal(['20260329T013000Z', '20260329T023000Z']);
  });

  it('skips events without a date and unreadable dates, and writes each repeated date once', () => {
    const undated = calendarEvent({ id: 1, start: null, end: null });
    const broken = calendarEvent({ id: 2, start: '2026-02-30T19:00:00', moreDates: [{ start: 'soon', end: null }] });
    const repeated = calendarEvent({
      id: 3,
      moreDates: [
        { start: '2026-03-28T19:00:00', end: null },
        { start: '2026-04-04T19:00:00', end: null },
      ],
    });
    expect(vevents(calendar([undated, broken]))).to.have.length(0);
    expect(starts([undated, broken, repeated])).to.deep.equal(['20260328T180000Z', '20260404T170000Z']);
    expect(vevents(calendar([]))).to.have.length(0);
  });

  it('keeps a hostile title one SUMMARY whose value is the title minus CR; no component or property is injected', () => {
    const event = calendarEvent({ title: HOSTILE, moreDates: [{ start: '2026-04-04T19:00:00', end: null }] });
    const ics = eventsToIcs([event], base);
    const cal = parseIcs(ics);
    const events = vevents(cal);
    expect(events).to.have.length(2);
    for (const e of events) {
      expect(text(e, 'SUMMARY')).to.equal(HOSTILE.replace(/\r/g, ''));
      expect(e.components).to.have.length(0);
    }
    expect(unfold(ics).filter((line) => line.startsWith('BEGIN:'))).to.deep.equal(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'BEGIN:VEVENT']);
    expect(unfold(ics).filter((line) => line.startsWith('SUMMARY'))).to.have.length(2);
  });

  it('escapes venue, excerpt and categories; drops control characters; refuses unsafe URLs', () => {
    const event = calendarEvent({
      title: 'Tab\there\u0000\u0007\u007f, bell',
      excerptText: 'Line one;\nline two, with \\ and <b>markup</b>\u2028=SUM(A1)',
      venue: { name: 'Hall "A"; East', street: 'Main St 1,\r\nEND:VCALENDAR', city: 'Berlin', state: '', postcode: '10115', country: 'Germany' },
      link: 'https://tickets.example.org/e/1\r\nATTACH:http://evil.example/',
      categoryIds: [1, 2, 99],
    });
    const categories = new Map([
      [1, 'Music, live'],
      [2, 'Kids; family'],
    ]);
    const [e] = vevents(calendar([event], { categories }));
    expect(text(e!, 'SUMMARY')).to.equal('Tab\there, bell');
    expect(text(e!, 'DESCRIPTION')).to.equal('Line one;\nline two, with \\ and <b>markup</b>\n=SUM(A1)');
    expect(text(e!, 'LOCATION')).to.equal('Hall "A"; East, Main St 1,\nEND:VCALENDAR, 10115 Berlin, Germany');
    expect(props(e!, 'URL')).to.have.length(0);
    expect(props(e!, 'ATTACH')).to.have.length(0);
    expect(textList(prop(e!, 'CATEGORIES').value)).to.deep.equal(['Music, live', 'Kids; family']);

    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'https://x.example/a b', '']) {
      expect(props(vevents(calendar([calendarEvent({ link })]))[0]!, 'URL'), link).to.have.length(0);
    }
    const [ok] = vevents(calendar([calendarEvent({ link: 'https://tickets.example.org/e/1?a=1,2;b' })]));
    expect(prop(ok!, 'URL').value).to.equal('https://tickets.example.org/e/1?a=1,2;b');
    expect(text(ok!, 'DESCRIPTION')).to.equal('An evening of music.\n\nhttps://tickets.example.org/e/1?a=1,2;b');
  });

  it('writes LOCATION "Online" (or the given word) for online events and none for an offline event without venue', () => {
    const online = calendarEvent({ mode: 'online', venue: null });
    expect(text(vevents(calendar([online]))[0]!, 'LOCATION')).to.equal('Online');
    expect(text(vevents(calendar([online], { online: 'Online-Veranstaltung' }))[0]!, 'LOCATION')).to.equal('Online-Veranstaltung');
    expect(text(vevents(calendar([calendarEvent({ mode: 'hybrid', venue: null })]))[0]!, 'LOCATION')).to.equal('Online');
    expect(props(vevents(calendar([calendarEvent({ venue: null })]))[0]!, 'LOCATION')).to.have.length(0);
  });

  it('folds at 75 octets without splitting a character, and multi-byte text round-trips', () => {
    const title = `${'Fête 🎉 '.repeat(12)}東京の夏祭り、花火と音楽の夕べ。${'ü'.repeat(40)}👩‍👩‍👧‍👦 e\u0301`;
    const excerpt = '𝄞'.repeat(50) + '中'.repeat(60);
    const ics = eventsToIcs([calendarEvent({ title, excerptText: excerpt, link: '' })], base);
    const lines = physicalLines(ics); // throws on a line over 75 octets or a bare CR/LF
    expect(lines.some((line) => line.startsWith(' '))).to.equal(true);
    expect(lines.every((line) => !line.startsWith('  ') || line.trim() === '')).to.equal(true);
    expect(ics).not.to.match(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    const [e] = vevents(parseIcs(ics));
    expect(text(e!, 'SUMMARY')).to.equal(title);
    expect(text(e!, 'DESCRIPTION')).to.equal(excerpt);
  });

  it('fills lines up to exactly 75 octets and starts continuations with one space', () => {
    const folded = foldIcsLine(`SUMMARY:${'日'.repeat(30)}`);
    const lines = folded.slice(0, -2).split('\r\n');
    expect(lines.map((line) => new TextEncoder().encode(line).length)).to.deep.equal([74, 25]);
    expect(lines[1]).to.equal(` ${'日'.repeat(8)}`);
    const ascii = foldIcsLine(`DESCRIPTION:${'a'.repeat(200)}`)
      .slice(0, -2)
      .split('\r\n');
    expect(ascii.map((line) => line.length)).to.deep.equal([75, 75, 1 + 212 - 75 - 74]);
    expect(foldIcsLine('A:b')).to.equal('A:b\r\n');
  });

  it('escapes TEXT per RFC 5545 and replaces lone surrogates', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf\rg\u0085h\u2029i')).to.equal('a\\\\b\\;c\\,d\\ne\\nfg\\nh\\ni');
    expect(escapeIcsText('x\ud800y\udc00z')).to.equal('x\ufffdy\ufffdz');
    expect(escapeIcsText('\u0000\u001b[31m')).to.equal('[31m');
  });
});
