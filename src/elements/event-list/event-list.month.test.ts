// <event-list view="month">: the grid, its keys, month changes, the agenda, states and hostile titles.
import { expect, fixture, fixtureCleanup, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import './event-list.js';
import type { EventList, EventSelectDetail, MonthChangeDetail } from './event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { pagingHeaders, serializeRecords, wireEvent } from '../../../test/helpers/wire-events.js';
import {
  clean,
  expectInert,
  expectLoadingSkeleton,
  part,
  parts,
  settled as settledOn,
  shadow,
  stopServerAfterEach,
  text,
  textOf,
  useReferenceServer,
  xssControlRan,
} from '../../../test/helpers/element.js';
import { holdRequests } from '../../../test/helpers/fetches.js';
import { ApiClient } from '../../api/client.js';
import { listEvents } from '../../api/events.js';
import { siteZoneFromIndex } from '../../api/site-time.js';
import { addDays, siteDate } from '../../shared/wall-clock.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';

const settled = (el: EventList) => settledOn(el, ['month', 'error'], 'the month settles');

/** `YYYY-MM` plus `n` months, written out here so the test does not lean on the code it checks. */
function plusMonths(month: string, n: number): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}
const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const label = (month: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
/** ISO weekday, 1 Monday … 7 Sunday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

const cell = (el: EventList, date: string) => shadow(el).querySelector<HTMLElement>(`[part~="day"][data-date="${date}"]`);
const focusedDate = (el: EventList) => (shadow(el).activeElement as HTMLElement | null)?.dataset['date'];
const tabStops = (el: EventList) => [...shadow(el).querySelectorAll<HTMLElement>('[role="gridcell"][tabindex="0"]')].map((c) => c.dataset['date']);
const titlesOn = (el: EventList, date: string) => [...(cell(el, date)?.querySelectorAll('[part~="link"]') ?? [])].map((a) => text(a));

async function press(el: EventList, key: string): Promise<void> {
  await sendKeys({ press: key });
  await el.updateComplete;
}

describe('<event-list view="month">', () => {
  describe('against the reference API', () => {
    let server: LoopbackServer;
    let base: string;
    useReferenceServer((s, b) => ((server = s), (base = b)));

    const eventRequests = async () => (await server.requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/mep_events'));

    it("shows the pinned clock's month in site time, today marked, with a skeleton first; accessible", async () => {
      const index = (await (await fetch(`${base}/`)).json()) as { timezone_string?: unknown; gmt_offset?: unknown };
      // The reference API seeds its site's today at the run's moment; the element's clock is pinned there too.
      const today = siteDate(runMoment(), siteZoneFromIndex(index.timezone_string, index.gmt_offset));
      const el = await fixture<EventList>(html`<event-list base-url=${base} view="month" .scheduler=${new FakeScheduler(runMoment())}></event-list>`);
      await expectLoadingSkeleton(el);
      await settled(el);
      expect(el.month).to.equal('');
      expect(textOf(el, 'caption')).to.equal(label(today.slice(0, 7)));
      const marked = shadow(el).querySelectorAll('[aria-current="date"]');
      expect(marked.length).to.equal(1);
      expect((marked[0] as HTMLElement).dataset['date']).to.equal(today);
      expect(part(el, 'today')).to.equal(marked[0]);
      // The seed puts an event on the site's today.
      expect(titlesOn(el, today).length).to.be.at.least(1);
      expect(part(el, 'grid')!.getAttribute('role')).to.equal('grid');
      expect(parts(el, 'day').length).to.equal(Number(lastDay(today.slice(0, 7)).slice(8)));
      expect(tabStops(el)).to.deep.equal([today]);
      await expect(el).to.be.accessible();
    });

    it('honours the month attribute, reads only 100-event pages, and never refetches when paging months', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} view="month" month="2027-02" lang="en"></event-list>`);
      await settled(el);
      expect(textOf(el, 'caption')).to.equal('February 2027');
      expect(parts(el, 'day').length).to.equal(28);
      const requests = await eventRequests();
      expect(requests.length).to.be.at.least(1);
      // No list page (per_page=10) and no category names are read for the month.
      for (const request of requests) expect(new URLSearchParams(request.search).get('per_page')).to.equal('100');
      expect((await server.requests()).some((r) => r.path.endsWith('/mep_cat'))).to.equal(false);
      const count = (await eventRequests()).length;
      const before = (await server.requests()).length;
      for (let n = 0; n < 3; n++) {
        (part(el, 'next-month') as HTMLButtonElement).click();
        await el.updateComplete;
      }
      expect(el.getAttribute('month')).to.equal('2027-05');
      (part(el, 'previous-month') as HTMLButtonElement).click();
      await el.updateComplete;
      cell(el, '2027-04-01')!.focus();
      await press(el, 'PageDown');
      expect(el.month).to.equal('2027-05');
      expect(el.hasAttribute('pending')).to.equal(false);
      expect((await eventRequests()).length).to.equal(count);
      // The structured data may read organizer and speaker names for a month that names them: once.
      const reads = (await server.requests())
        .slice(before)
        .filter((r) => r.method === 'GET')
        .map((r) => r.path + r.search);
      expect(reads.length).to.equal(new Set(reads).size);
    });

    it('places a seeded multi-date event on every one of its dates', async () => {
      const { items } = await listEvents(new ApiClient({ baseUrl: base }), { page: 1, perPage: 100 });
      const multi = items.find((event) => event.moreDates.length > 0 && event.start);
      expect(multi, 'the seed has multi-date events').to.exist;
      const dates = [multi!.start!, ...multi!.moreDates.map((date) => date.start)].map((start) => start.slice(0, 10)).slice(0, 3);
      const el = await fixture<EventList>(html`<event-list base-url=${base} view="month" month=${dates[0]!.slice(0, 7)}></event-list>`);
      await settled(el);
      for (const date of dates) {
        el.month = date.slice(0, 7);
        await el.updateComplete;
        expect(titlesOn(el, date), date).to.include(multi!.title);
      }
    });
  });

  describe('with scripted answers', () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

    // A month that is never the current one (March of the year after the run's moment), laid out by the code; 31 days.
    const month = `${Number(siteDate(runMoment(), null).slice(0, 4)) + 1}-03`;
    const day = (n: number, m = month) => `${m}-${String(n).padStart(2, '0')}`;
    const wire = (date: string, time = '18:00') => `${date} ${time}:00`;
    const INDEX: Reply = { body: { namespaces: ['wp/v2'], routes: {} } };

    const multiDate = wireEvent({
      id: 3,
      title: 'Three dates',
      meta: {
        event_start_datetime: wire(day(5), '10:00'),
        event_end_datetime: wire(day(5), '12:00'),
        mep_event_more_date: serializeRecords(
          [12, 20].map((n) => ({
            event_more_start_date: day(n),
            event_more_start_time: '19:30',
            event_more_end_date: day(n),
            event_more_end_time: '21:00',
          })),
        ),
      },
    });
    const EVENTS = [
      multiDate,
      wireEvent({ id: 4, title: 'Early on the 12th', meta: { event_start_datetime: wire(day(12), '09:00'), event_end_datetime: wire(day(12), '10:00') } }),
      wireEvent({
        id: 5,
        title: 'Next month',
        meta: { event_start_datetime: wire(day(2, plusMonths(month, 1))), event_end_datetime: wire(day(2, plusMonths(month, 1))) },
      }),
    ];

    async function monthWith(events: Reply[], attributes: Record<string, string> = {}, wrapperStyle = ''): Promise<EventList> {
      server = await scriptedServer([INDEX], { mep_events: events });
      const el = document.createElement('event-list') as EventList;
      el.baseUrl = `${server.origin}/wp-json`;
      el.setAttribute('view', 'month');
      el.setAttribute('month', month);
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      const wrapper = fixtureSync(html`<div style=${wrapperStyle}></div>`);
      wrapper.append(el);
      await settled(el);
      // The grid, or the agenda in a narrow container, is there at once, never the other first.
      expect(Boolean(part(el, wrapperStyle ? 'grid' : 'agenda')), 'the layout for the width').to.equal(false);
      return el;
    }
    const eventsReply: Reply = { body: EVENTS, headers: pagingHeaders(EVENTS.length, 1) };

    it("defaults to the month of the site's today on the element's clock, in the zone its REST index publishes", async () => {
      // The last half hour of January in UTC on the element's clock (its `scheduler`), years from the run's moment.
      const clock = new FakeScheduler(Date.UTC(2031, 0, 31, 23, 30));
      // A whole-hour zone whose date differs from the viewer's at that instant (26 h of offsets cover any instant).
      const viewerToday = siteDate(clock.now(), null);
      const hours = Array.from({ length: 27 }, (_, n) => n - 12).find((h) => siteDate(clock.now(), { kind: 'offset', minutes: h * 60 }) !== viewerToday)!;
      const siteToday = siteDate(clock.now(), { kind: 'offset', minutes: hours * 60 });
      server = await scriptedServer([{ body: { namespaces: ['wp/v2'], routes: {}, timezone_string: '', gmt_offset: hours } }], { mep_events: [eventsReply] });
      const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} view="month" .scheduler=${clock}></event-list>`);
      await settledOn(el, ['grid', 'agenda']);
      expect(textOf(el, 'caption')).to.equal(label(siteToday.slice(0, 7)));
      expect(part(el, 'today')!.dataset['date']).to.equal(siteToday);
      expect(tabStops(el)).to.deep.equal([siteToday]);
    });

    it('shows an event with more dates on each date, in time order per day', async () => {
      const el = await monthWith([eventsReply]);
      expect(titlesOn(el, day(5))).to.deep.equal(['Three dates']);
      expect(titlesOn(el, day(12))).to.deep.equal(['Early on the 12th', 'Three dates']);
      expect(titlesOn(el, day(20))).to.deep.equal(['Three dates']);
      expect(parts(el, 'day-event').length).to.equal(4);
      const times = [...cell(el, day(12))!.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
      expect(times).to.deep.equal([`${day(12)}T09:00`, `${day(12)}T19:30`]);
      expect(part(el, 'empty')).to.equal(null);
      expect(part(el, 'limit-note')).to.equal(null);
    });

    // WCAG 2.5.8 (target size, minimum): links under 24 px tall need 24 px between their centres.
    it("spaces a day's stacked event links at least 24 px apart, in the grid and the agenda, at the page's line height", async () => {
      for (const width of ['', 'width: 20rem']) {
        // The grid as wide as a desktop page, where a time and a short title share one line.
        const el = await monthWith([eventsReply], { style: `line-height: normal; font-size: 16px${width ? '' : '; width: 90rem'}` }, width);
        // The 12th has two events: in the grid its cell, in the agenda the only day with two.
        const links = width ? parts(el, 'agenda-day').find((li) => li.querySelectorAll('a').length === 2)! : cell(el, day(12))!;
        const [first, second] = [...links.querySelectorAll('[part~="link"]')].map((a) => a.getBoundingClientRect());
        expect(second!.top + second!.height / 2 - (first!.top + first!.height / 2), width || 'grid').to.be.at.least(24);
        fixtureCleanup();
        await server!.stop();
      }
    });

    it('lays out weeks by the language: Sunday first in en-US, Monday first in en-GB, localized in German', async () => {
      const us = await monthWith([eventsReply], { lang: 'en-US' });
      const headers = parts(us, 'weekday');
      expect(headers.map((th) => th.getAttribute('abbr'))).to.deep.equal(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
      expect(text(headers[0])).to.equal('Sun');
      const firstRow = shadow(us).querySelector('tbody tr')!;
      expect(firstRow.children[weekday(day(1)) % 7]!.getAttribute('data-date')).to.equal(day(1));
      await server!.stop();
      const gb = await monthWith([eventsReply], { lang: 'en-GB' });
      expect(parts(gb, 'weekday')[0]!.getAttribute('abbr')).to.equal('Monday');
      expect(shadow(gb).querySelector('tbody tr')!.children[weekday(day(1)) - 1]!.getAttribute('data-date')).to.equal(day(1));
      await server!.stop();
      const de = await monthWith([eventsReply], { lang: 'de' });
      expect(textOf(de, 'caption')).to.equal(label(month, 'de'));
      expect(parts(de, 'weekday')[0]!.getAttribute('abbr')).to.equal('Montag');
      expect(part(de, 'previous-month')!.getAttribute('aria-label')).to.equal(`Voriger Monat, ${label(plusMonths(month, -1), 'de')}`);
    });

    it('marks the untitled fallback as the interface’s language inside the page-language grid and agenda', async () => {
      const untitled = wireEvent({ id: 9, title: '', meta: { event_start_datetime: wire(day(12), '09:00'), event_end_datetime: wire(day(12), '10:00') } });
      for (const width of ['', 'width: 20rem']) {
        const el = await monthWith([{ body: [untitled], headers: pagingHeaders(1, 1) }], { lang: 'fr' }, width);
        await settledOn(el, [width ? 'agenda' : 'grid']);
        const link = part(el, 'link')!;
        expect(text(link)).to.equal('Untitled event');
        expect(link.closest('[lang]')!.getAttribute('lang'), width || 'grid').to.equal('en');
        expect(part(el, 'day-heading') ?? part(el, 'grid'), 'the dates stay the page’s').to.satisfy(
          (node: Element) => node.closest('[lang]')!.getAttribute('lang') === 'fr',
        );
        fixtureCleanup();
        await server!.stop();
      }
      const de = await monthWith([{ body: [untitled], headers: pagingHeaders(1, 1) }], { lang: 'de' });
      await settledOn(de, ['grid']);
      expect(text(part(de, 'link'))).to.equal('Veranstaltung ohne Titel');
    });

    it('moves focus with every key of the grid, one tab stop, across month edges', async () => {
      const el = await monthWith([eventsReply], { lang: 'en-GB' });
      expect(tabStops(el)).to.deep.equal([day(1)]);
      (part(el, 'next-month') as HTMLButtonElement).focus();
      await press(el, 'Tab');
      expect(focusedDate(el)).to.equal(day(1));
      const steps: Array<[string, string]> = [
        ['ArrowRight', day(2)],
        ['ArrowDown', day(9)],
        ['ArrowLeft', day(8)],
        ['ArrowUp', day(1)],
      ];
      for (const [key, expected] of steps) {
        await press(el, key);
        expect(focusedDate(el), key).to.equal(expected);
        expect(tabStops(el), key).to.deep.equal([expected]);
      }
      // Home and End: the first and last day of the week row (Monday first), within the month.
      await press(el, 'ArrowDown');
      const eighth = day(8);
      const monday = addDays(eighth, 1 - weekday(eighth));
      await press(el, 'Home');
      expect(focusedDate(el)).to.equal(monday);
      await press(el, 'End');
      expect(focusedDate(el)).to.equal(addDays(monday, 6));
      // In the first and last rows they stop at the month's first and last day.
      cell(el, day(1))!.focus();
      await press(el, 'Home');
      expect(focusedDate(el)).to.equal(day(1));
      cell(el, day(31))!.focus();
      await press(el, 'End');
      expect(focusedDate(el)).to.equal(day(31));
      // Past the month's last day: the next month, focus on its 1st.
      cell(el, day(31))!.focus();
      const changed = oneEvent(el, 'month-change') as Promise<CustomEvent<MonthChangeDetail>>;
      await press(el, 'ArrowRight');
      expect((await changed).detail).to.deep.equal({ month: plusMonths(month, 1), previousMonth: month });
      expect(el.getAttribute('month')).to.equal(plusMonths(month, 1));
      expect(focusedDate(el)).to.equal(day(1, plusMonths(month, 1)));
      // And back before its 1st.
      await press(el, 'ArrowLeft');
      expect(el.month).to.equal(month);
      expect(focusedDate(el)).to.equal(day(31));
      // PageDown from the 31st: the same day number, clamped to April's 30 days; PageUp back keeps the 30th.
      await press(el, 'PageDown');
      expect(el.month).to.equal(plusMonths(month, 1));
      expect(focusedDate(el)).to.equal(lastDay(plusMonths(month, 1)));
      expect(textOf(el, 'caption')).to.equal(label(plusMonths(month, 1)));
      await press(el, 'PageUp');
      expect(el.month).to.equal(month);
      expect(focusedDate(el)).to.equal(day(30));
      // ArrowUp across the first week: the previous month.
      cell(el, day(3))!.focus();
      await press(el, 'ArrowUp');
      expect(el.month).to.equal(plusMonths(month, -1));
      expect(focusedDate(el)).to.equal(addDays(day(3), -7));
      expect(tabStops(el).length).to.equal(1);
    });

    it('keeps the links of the focused day reachable with Tab, and only those', async () => {
      const el = await monthWith([eventsReply]);
      cell(el, day(12))!.focus();
      await el.updateComplete;
      const links = [...cell(el, day(12))!.querySelectorAll('a')];
      expect(links.every((a) => a.getAttribute('tabindex') === null)).to.equal(true);
      expect(cell(el, day(5))!.querySelector('a')!.getAttribute('tabindex')).to.equal('-1');
      await press(el, 'Tab');
      expect(shadow(el).activeElement).to.equal(links[0]);
      await press(el, 'Tab');
      expect(shadow(el).activeElement).to.equal(links[1]);
      // The grid's keys still work from a link: it moves between days.
      await press(el, 'ArrowRight');
      expect(focusedDate(el)).to.equal(day(13));
    });

    it('keeps a day with sixty events usable: its week stays a row, the events scroll in the cell, every link reachable; accessible', async () => {
      const crowd = Array.from({ length: 60 }, (_, n) =>
        wireEvent({ id: 100 + n, title: `Crowd ${n}`, meta: { event_start_datetime: wire(day(9), '10:00'), event_end_datetime: wire(day(9), '11:00') } }),
      );
      const el = await monthWith([{ body: crowd, headers: pagingHeaders(60, 1) }]);
      const crowded = cell(el, day(9))!;
      // The week row is as tall as a few events, not sixty (about 40 px each).
      expect(crowded.getBoundingClientRect().height).to.be.below(400);
      expect(titlesOn(el, day(9))).to.have.length(60);
      crowded.focus();
      await el.updateComplete;
      const last = [...crowded.querySelectorAll('a')].at(-1)!;
      for (let n = 0; n < 60; n++) await press(el, 'Tab');
      expect(shadow(el).activeElement).to.equal(last);
      // Focused, the last link is scrolled into the cell and is what a click there hits.
      const box = last.getBoundingClientRect();
      expect(shadow(el).elementFromPoint(box.left + 2, box.top + box.height / 2)).to.equal(last);
      // From another day, Tab leaves the grid: the crowded cell's scroller is no tab stop of its own.
      await press(el, 'ArrowLeft');
      expect(focusedDate(el)).to.equal(day(8));
      await press(el, 'Tab');
      expect(crowded.contains(shadow(el).activeElement)).to.equal(false);
      await expect(el).to.be.accessible();
      // Printed, nothing is scrolled out of sight: every event is on the sheet.
      await emulateMedia({ media: 'print' });
      try {
        const list = crowded.querySelector('ul')!;
        expect(list.scrollHeight).to.be.at.most(list.clientHeight);
      } finally {
        await emulateMedia({ media: 'screen' });
      }
    });

    it('swaps ArrowLeft and ArrowRight right-to-left', async () => {
      const el = await monthWith([eventsReply], { dir: 'rtl' });
      cell(el, day(10))!.focus();
      await press(el, 'ArrowLeft');
      expect(focusedDate(el)).to.equal(day(11));
      await press(el, 'ArrowRight');
      await press(el, 'ArrowRight');
      expect(focusedDate(el)).to.equal(day(9));
    });

    it('announces the new month politely, and says when it has no events', async () => {
      const el = await monthWith([eventsReply]);
      const region = part(el, 'announcer')!;
      expect(region.getAttribute('aria-live')).to.equal('polite');
      expect(text(region)).to.equal('');
      (part(el, 'next-month') as HTMLButtonElement).click();
      await el.updateComplete;
      expect(text(region)).to.equal(label(plusMonths(month, 1)));
      expect(part(el, 'next-month')!.getAttribute('aria-label')).to.equal(`Next month, ${label(plusMonths(month, 2))}`);
      cell(el, day(2, plusMonths(month, 1)))!.focus();
      await press(el, 'PageDown');
      expect(clean(region.textContent)).to.equal(`No events in ${label(plusMonths(month, 2))}.`);
    });

    it('keeps the month when month-change is cancelled, from a button or a key', async () => {
      const el = await monthWith([eventsReply]);
      el.addEventListener('month-change', (event) => event.preventDefault());
      const changed = oneEvent(el, 'month-change') as Promise<CustomEvent<MonthChangeDetail>>;
      (part(el, 'previous-month') as HTMLButtonElement).click();
      const event = await changed;
      expect(event.detail).to.deep.equal({ month: plusMonths(month, -1), previousMonth: month });
      expect(event.bubbles && event.composed && event.cancelable).to.equal(true);
      await el.updateComplete;
      expect(el.month).to.equal(month);
      expect(textOf(el, 'caption')).to.equal(label(month));
      expect(textOf(el, 'announcer')).to.equal('');
      cell(el, day(1))!.focus();
      await press(el, 'ArrowLeft');
      expect(el.month).to.equal(month);
      expect(focusedDate(el)).to.equal(day(1));
    });

    it('shows an empty month with its message, the grid still there to page on', async () => {
      const el = await monthWith([eventsReply], { month: plusMonths(month, 3) });
      expect(textOf(el, 'empty')).to.equal(`No events in ${label(plusMonths(month, 3))}.`);
      expect(part(el, 'grid')).to.exist;
      expect(part(el, 'next-month')).to.exist;
      await expect(el).to.be.accessible();
    });

    it('offers event-select with the day’s occurrence; cancelling it stops the link', async () => {
      const el = await monthWith([eventsReply]);
      el.addEventListener('event-select', (event) => event.preventDefault(), { once: true });
      const selected = oneEvent(el, 'event-select') as Promise<CustomEvent<EventSelectDetail>>;
      let defaultPrevented: boolean | undefined;
      window.addEventListener(
        'click',
        (click) => {
          defaultPrevented = click.defaultPrevented;
          click.preventDefault();
        },
        { once: true },
      );
      cell(el, day(20))!.querySelector('a')!.click();
      const { detail } = await selected;
      expect(detail.event.id).to.equal(3);
      expect((detail.event as { occurrence?: { start: string } }).occurrence?.start).to.equal(`${day(20)}T19:30:00`);
      expect(defaultPrevented).to.equal(true);
    });

    it('is an agenda of the days with events in a narrow container, with the month controls; accessible', async () => {
      const el = await monthWith([eventsReply], {}, 'width: 300px');
      await waitUntil(() => part(el, 'agenda'), 'the agenda replaces the grid');
      expect(part(el, 'grid')).to.equal(null);
      expect(textOf(el, 'caption')).to.equal(label(month));
      const days = parts(el, 'agenda-day');
      expect(days.map((li) => li.querySelector('time')!.getAttribute('datetime'))).to.deep.equal([day(5), day(12), day(20)]);
      expect([...days[1]!.querySelectorAll('a')].map((a) => text(a))).to.deep.equal(['Early on the 12th', 'Three dates']);
      await expect(el).to.be.accessible();
      const changed = oneEvent(el, 'month-change') as Promise<CustomEvent<MonthChangeDetail>>;
      (part(el, 'next-month') as HTMLButtonElement).click();
      expect((await changed).detail.month).to.equal(plusMonths(month, 1));
      await el.updateComplete;
      expect(parts(el, 'agenda-day').map((li) => text(li.querySelector('a')))).to.deep.equal(['Next month']);
      // Wide again: the grid.
      el.parentElement!.style.width = '900px';
      await waitUntil(() => part(el, 'grid'), 'the grid returns');
    });

    it('keeps the focused day when the layout changes under it (a zoom, a narrower window): grid to agenda and back', async () => {
      const el = await monthWith([eventsReply]);
      const wrapper = el.parentElement!;
      wrapper.style.width = '900px';
      await el.updateComplete;
      // A day with events: in the agenda, focus goes to its first event.
      cell(el, day(12))!.focus();
      wrapper.style.width = '300px';
      await waitUntil(() => part(el, 'agenda'), 'the agenda replaces the grid');
      await el.updateComplete;
      expect(text(shadow(el).activeElement), 'the 12th’s first event').to.equal('Early on the 12th');
      // Back to the grid: the day itself, now the grid's tab stop.
      wrapper.style.width = '900px';
      await waitUntil(() => part(el, 'grid'), 'the grid returns');
      await el.updateComplete;
      expect(focusedDate(el)).to.equal(day(12));
      expect(tabStops(el)).to.deep.equal([day(12)]);
      // A day without events is not in the agenda: the next day that is takes the focus.
      cell(el, day(13))!.focus();
      wrapper.style.width = '300px';
      await waitUntil(() => part(el, 'agenda'), 'the agenda again');
      await el.updateComplete;
      expect(text(shadow(el).activeElement), 'the 20th’s event').to.equal('Three dates');
      expect(shadow(el).activeElement!.closest('[part~="agenda-day"]')!.querySelector('time')!.getAttribute('datetime')).to.equal(day(20));
    });

    it('explains a failure with Retry, and recovers', async () => {
      const el = await monthWith([{ status: 503, body: '' }, eventsReply]);
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      await expect(el).to.be.accessible();
      (part(el, 'retry') as HTMLButtonElement).click();
      await waitUntil(() => part(el, 'grid'), 'recovered', { timeout: 8000 });
      expect(titlesOn(el, day(5))).to.deep.equal(['Three dates']);
    });

    it('hands the focus of a day whose month fails to reload to Retry, and to the month once Retry works', async () => {
      const el = await monthWith([eventsReply, { status: 503, body: '' }, eventsReply]);
      cell(el, day(5))!.focus();
      // A filter the page changes under the visitor (its own search box, a timer).
      el.search = 'three';
      await waitUntil(() => part(el, 'error'), 'the reload fails', { timeout: 8000 });
      await el.updateComplete;
      expect(shadow(el).activeElement, 'focus on Retry').to.equal(part(el, 'retry'));
      (part(el, 'retry') as HTMLButtonElement).click();
      await waitUntil(() => part(el, 'grid') && !el.hasAttribute('pending'), 'recovered', { timeout: 8000 });
      expect(shadow(el).activeElement, 'focus on the month').to.equal(part(el, 'content'));
    });

    it('never takes focus back after a key moved it to another month while a reload ran, and the visitor then clicked away', async () => {
      // March 2027 starts on a Monday: in en-GB weeks its 29th opens a fifth row, which February 2027
      // (28 days from a Monday, four rows) does not have, so PageUp takes the focused cell away.
      const el = await monthWith([eventsReply, eventsReply], { month: '2027-03', lang: 'en-GB' });
      const held = holdRequests('search=three');
      try {
        const from = cell(el, '2027-03-29')!;
        from.focus();
        // A filter the page changes under the visitor: the month stays up, pending, while it reloads.
        el.search = 'three';
        await el.updateComplete;
        expect(el.hasAttribute('pending'), 'the reload runs').to.equal(true);
        await press(el, 'PageUp');
        expect(from.isConnected, 'the cell that had focus is gone').to.equal(false);
        expect(focusedDate(el)).to.equal('2027-02-28');
        // The visitor clicks an empty part of the page while the month reloads.
        cell(el, '2027-02-28')!.blur();
        expect(document.activeElement).to.equal(document.body);
        held.release();
        await waitUntil(() => !el.hasAttribute('pending'), 'the reload lands', { timeout: 8000 });
        await el.updateComplete;
        expect(document.activeElement, 'focus stays on the page').to.equal(document.body);
      } finally {
        held.release();
        held.restore();
      }
    });

    it('names a malformed month in an error, without asking the site', async () => {
      const el = await monthWith([eventsReply], { month: '2026-13' });
      expect(textOf(el, 'error-message')).to.include('month must be a month like');
      expect(part(el, 'retry')).to.equal(null);
      expect((await server!.requests()).filter((r) => r.path.endsWith('/mep_events')).length).to.equal(0);
      el.month = month;
      await waitUntil(() => part(el, 'grid'), 'a good month shows', { timeout: 8000 });
    });

    it('says when only the first 1 000 events are placed', async () => {
      const el = await monthWith([{ body: EVENTS, headers: pagingHeaders(1200, 12) }]);
      expect(textOf(el, 'limit-note')).to.equal('Only the first 1,000 events are placed in the calendar.');
      expect((await server!.requests()).filter((r) => r.path.endsWith('/mep_events')).length).to.equal(10);
    });

    it('shows an event once when the site sends it on two pages (a post published while the pages were read)', async () => {
      // Page 1 ends with event 2; a new post pushes it to the top of page 2 as well.
      const on5th = (id: number) =>
        wireEvent({ id, title: `Event ${id}`, meta: { event_start_datetime: wire(day(5), `1${id}:00`), event_end_datetime: wire(day(5), '20:00') } });
      const el = await monthWith([
        { body: [on5th(1), on5th(2)], headers: pagingHeaders(4, 2) },
        { body: [on5th(2), on5th(3)], headers: pagingHeaders(4, 2) },
      ]);
      expect(titlesOn(el, day(5))).to.deep.equal(['Event 1', 'Event 2', 'Event 3']);
      // The upcoming list reads the same pages: one card each.
      el.setAttribute('order', 'upcoming');
      el.view = 'list';
      await settledOn(el, ['list']);
      expect(parts(el, 'title').map((title) => text(title))).to.deep.equal(['Event 1', 'Event 2', 'Event 3']);
    });

    it('renders hostile titles as inert text', async () => {
      const FLAG = '__twMonthXss';
      const hostile = `<img src=x onerror="window.${FLAG}=1">`;
      const on7th = { event_start_datetime: wire(day(7)), event_end_datetime: wire(day(7)) };
      const el = await monthWith([
        {
          body: [
            // Escaped, the site means the text; raw, the normalizer drops the tag.
            wireEvent({ id: 9, title: `Escaped ${hostile.replace('<', '&lt;').replace('>', '&gt;')}`, meta: on7th }),
            wireEvent({ id: 10, title: `Raw ${hostile}`, meta: { ...on7th, event_start_datetime: wire(day(7), '19:00') } }),
          ],
          headers: pagingHeaders(2, 1),
        },
      ]);
      await xssControlRan();
      expect(titlesOn(el, day(7))).to.deep.equal([`Escaped ${hostile}`, 'Raw']);
      expectInert(el, FLAG);
    });

    it('switches between the list and the month', async () => {
      const el = await monthWith([eventsReply]);
      el.view = 'list';
      await settledOn(el, ['list']);
      expect(part(el, 'grid')).to.equal(null);
      el.view = 'month';
      await waitUntil(() => part(el, 'grid'), 'the month again', { timeout: 8000 });
    });
  });
});
