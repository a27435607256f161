import { expect, fixture, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './event-list.js';
import type { EventList, SearchChangeDetail } from './event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { NO_SITE_ZONE, pagingHeaders, serializeRecords, wireEvent } from '../../../test/helpers/wire-events.js';
import { part, parts, settled as settledOn, shadow, stopServerAfterEach, textOf, useReferenceServer } from '../../../test/helpers/element.js';
import { addDays, siteDate } from '../../shared/wall-clock.js';
import { instantOfLocalDateTime, offsetMinutesAt, zoneText } from '../../api/site-time.js';
import { visitorTime } from './event-time.js';
import { parseIcs, prop, text as icsText, vevents } from '../../../test/helpers/ics.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';

const settled = (el: EventList) => settledOn(el, ['list', 'empty', 'error'], 'the list settles');
const datetimes = (el: EventList) => parts(el, 'date').map((node) => node.querySelector('time')?.getAttribute('datetime') ?? '');
const titles = (el: EventList) => parts(el, 'title').map((node) => node.textContent?.trim() ?? '');
/**
 * A whole-hour site offset that differs from the visitor's at `local` (a wall-clock reading in the
 * visitor's zone): +14, or −12 for a visitor at +14 (Pacific/Kiritimati). Any zone runs the suite.
 */
const farHours = (local: string) => (new Date(local.replace(' ', 'T')).getTimezoneOffset() === -14 * 60 ? -12 : 14);
/** `+14:00` for 14, `-12:00` for −12, written out here rather than by the code under test. */
const hourText = (hours: number) => `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
/**
 * Today in the viewer's zone at the run's moment, where the page's clock started: one day for a whole
 * test, though the clock may pass midnight between the events it builds and what it expects of them.
 */
const today = () => siteDate(runMoment(), null);
/** `YYYY-MM-DD HH:MM:SS`, the plugin's meta format, `days` from today. */
const metaTime = (days: number, time = '10:00:00') => `${addDays(today(), days)} ${time}`;

describe('<event-list> discovery', () => {
  describe('against the reference API', () => {
    let server: LoopbackServer;
    let base: string;
    useReferenceServer((s, b) => ((server = s), (base = b)));
    const eventRequests = async () => (await server.requests()).filter((r) => r.path.endsWith('/mep_events'));

    it('search sends WordPress search and shows only matching events', async () => {
      const all = await fixture<EventList>(html`<event-list base-url=${base} per-page="100"></event-list>`);
      await settled(all);
      // A word from one title: the search must find that event and fewer than all.
      const title = titles(all).find((text) => /\b[A-Za-z]{6,}\b/.test(text))!;
      const word = /\b([A-Za-z]{6,})\b/.exec(title)![1]!;
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="100" search=${` ${word} `}></event-list>`);
      await settled(el);
      expect(new URLSearchParams((await eventRequests()).at(-1)!.search).get('search')).to.equal(word);
      expect(titles(el)).to.include(title);
      expect(titles(el).length).to.be.below(titles(all).length);
    });

    it('a visible search box: Enter searches, fires search-change, resets the page and announces the count', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="3" page="2" searchable></event-list>`);
      await settled(el);
      await expect(el).to.be.accessible();
      const input = part(el, 'search-input') as HTMLInputElement;
      expect(input.labels?.[0]?.textContent).to.equal('Search events');
      input.focus();
      await sendKeys({ type: 'zzzznothing' });
      const changed = oneEvent(el, 'search-change') as Promise<CustomEvent<SearchChangeDetail>>;
      await sendKeys({ press: 'Enter' });
      expect((await changed).detail).to.deep.equal({ search: 'zzzznothing' });
      expect(el.getAttribute('search')).to.equal('zzzznothing');
      expect(el.page).to.equal(1);
      await waitUntil(() => part(el, 'empty'), 'no results', { timeout: 8000 });
      // Said once, by the empty state's status region, not by the announcer as well.
      expect(textOf(el, 'empty')).to.equal('No events match your search.');
      expect(part(el, 'empty')!.getAttribute('role')).to.equal('status');
      expect(textOf(el, 'announcer')).to.equal('');
      // Clearing the field (its clear button fires `search`) shows everything again.
      input.value = '';
      input.dispatchEvent(new Event('search'));
      await waitUntil(() => parts(el, 'item').length === 3, 'all events again', { timeout: 8000 });
      await waitUntil(() => /^\d+ events found\.$/.test(textOf(el, 'announcer')), 'the count is announced');
    });

    it('a cancelled search-change keeps the search', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="3" searchable></event-list>`);
      await settled(el);
      el.addEventListener('search-change', (event) => event.preventDefault(), { once: true });
      (part(el, 'search-input') as HTMLInputElement).value = 'music';
      (part(el, 'search-button') as HTMLButtonElement).click();
      await el.updateComplete;
      expect(el.search).to.equal('');
    });

    it('from-date / to-date keep events starting in the range, in date order', async () => {
      const from = today();
      const to = addDays(from, 60);
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="100" from-date=${from} to-date=${to}></event-list>`);
      await settled(el);
      const times = datetimes(el);
      expect(times.length).to.be.above(0);
      for (const time of times) expect(time.slice(0, 10) >= from && time.slice(0, 10) <= to, time).to.equal(true);
      expect(times).to.deep.equal([...times].sort());
      for (const request of await eventRequests()) expect(Number(new URLSearchParams(request.search).get('per_page'))).to.be.at.most(100);
    });
  });

  describe('with scripted answers', () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { reset: () => (server = undefined) });
    async function listWith(
      events: Array<Record<string, unknown>>,
      attributes: Record<string, string> = {},
      routes: Record<string, Reply[]> = NO_SITE_ZONE,
      scheduler?: FakeScheduler,
    ): Promise<EventList> {
      server = await scriptedServer([{ body: events, headers: pagingHeaders(events.length, 1) }], { mep_cat: [{ body: [] }], ...routes });
      const el = document.createElement('event-list') as EventList;
      el.baseUrl = `${server.origin}/wp-json`;
      if (scheduler) el.scheduler = scheduler;
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      fixtureSync(html`<div style="width: 48rem"></div>`).append(el);
      await settled(el);
      // The site's zone is read beside the events without holding them (or `pending`): wait for it.
      await waitUntil(() => (el as unknown as { zone: { value: unknown } }).zone.value !== undefined, "the site's zone is known", { timeout: 8000 });
      return el;
    }

    it('a date range places a multi-date event at its first date in the range', async () => {
      const more = serializeRecords([
        { event_more_start_date: addDays(today(), 20), event_more_start_time: '09:30', event_more_end_date: '', event_more_end_time: '' },
        { event_more_start_date: addDays(today(), 40), event_more_start_time: '09:30', event_more_end_date: '', event_more_end_time: '' },
      ]);
      const series = wireEvent({
        id: 1,
        title: 'Series',
        meta: { event_start_datetime: metaTime(2), event_end_datetime: metaTime(2, '12:00:00'), mep_event_more_date: more },
      });
      const later = wireEvent({ id: 2, title: 'Later', meta: { event_start_datetime: metaTime(30), event_end_datetime: metaTime(30, '12:00:00') } });
      const el = await listWith([later, series], { 'from-date': addDays(today(), 10), 'to-date': addDays(today(), 35) });
      expect(titles(el)).to.deep.equal(['Series', 'Later']);
      expect(datetimes(el)[0]).to.equal(`${addDays(today(), 20)}T09:30`);
    });

    it('a mistyped date is a clear error naming the attribute', async () => {
      const el = await listWith([wireEvent()], { 'from-date': '2026-13-01' });
      expect(textOf(el, 'error-message')).to.include('from-date must be a date like');
    });

    it('badges: sold out, few left, registration closed, past, online, hybrid; a seat count of 0 is not "sold out"', async () => {
      const tickets = (qty: string, rsv = '0') => serializeRecords([{ option_name_t: 'GA', option_price_t: '10', option_qty_t: qty, option_rsv_t: rsv }]);
      const soon = { event_start_datetime: metaTime(5), event_end_datetime: metaTime(5, '12:00:00') };
      const el = await listWith(
        [
          wireEvent({ id: 1, title: 'Gone', meta: { ...soon, mep_event_ticket_type: tickets('20', '20') } }),
          wireEvent({ id: 2, title: 'Nearly', meta: { ...soon, mep_event_ticket_type: tickets('100'), mep_total_seat_left: '3' } }),
          wireEvent({ id: 3, title: 'Uncounted', meta: { ...soon, mep_event_ticket_type: tickets('100'), mep_total_seat_left: '0' } }),
          wireEvent({ id: 4, title: 'Closed', meta: { ...soon, mep_reg_status: 'off', mep_event_type: 'online' } }),
          wireEvent({
            id: 5,
            title: 'Over',
            meta: { event_start_datetime: metaTime(-3), event_end_datetime: metaTime(-3, '12:00:00'), mep_event_type: 'hybrid' },
          }),
        ],
        { 'few-left': '10' },
      );
      const badges = parts(el, 'item').map((item) => [...item.querySelectorAll('[part~="badge"]')].map((badge) => badge.textContent));
      expect(badges).to.deep.equal([['Sold out'], ['Few seats left'], [], ['Registration closed', 'Online'], ['Past event', 'On site and online']]);
      expect(part(el, 'badge-sold-out')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });

    it("names the site's zone beside a time where it differs from the visitor's, and shows the visitor's time on request", async () => {
      const start = metaTime(5, '16:00:00');
      const event = wireEvent({ meta: { event_start_datetime: start, event_end_datetime: '' } });
      const hours = farHours(start);
      const far = await listWith([event], { 'time-zone': hourText(hours), 'show-local-time': '' });
      expect(textOf(far, 'zone')).to.equal(`UTC${hourText(hours)}`);
      const instant = instantOfLocalDateTime(start.replace(' ', 'T'), { kind: 'offset', minutes: hours * 60 });
      expect(textOf(far, 'local-time')).to.equal(`(${visitorTime(instant, 'en')} your time)`);
      await server!.stop();
      // The same offset as the visitor's at that instant: nothing to add.
      const here = zoneText({ kind: 'offset', minutes: offsetMinutesAt(instantOfLocalDateTime(start.replace(' ', 'T'), null), null) });
      const near = await listWith([event], { 'time-zone': here, 'show-local-time': '' });
      expect(part(near, 'zone')).to.equal(null);
      expect(part(near, 'local-time')).to.equal(null);
    });

    it("learns the zone from the site's index with a trimmed read (_fields), without delaying the events", async () => {
      const start = metaTime(5, '16:00:00');
      const events = [wireEvent({ meta: { event_start_datetime: start, event_end_datetime: '' } })];
      server = await scriptedServer([{ body: events, headers: pagingHeaders(1, 1) }], {
        mep_cat: [{ body: [] }],
        // Slow enough that the events, drawn without it, are in first even on a loaded machine.
        timezone_string: [{ delayMs: 4000, body: { timezone_string: '', gmt_offset: farHours(start) } }],
      });
      const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`}></event-list>`);
      // Events that waited for the zone would show it at once: the `zone` part proves the order, not this timeout.
      await waitUntil(() => part(el, 'list') && !el.hasAttribute('pending'), 'the events render first, and the list is not busy', { timeout: 3500 });
      expect(part(el, 'zone')).to.equal(null);
      expect(el.hasAttribute('aria-busy')).to.equal(false);
      await waitUntil(() => part(el, 'zone'), 'the zone arrives later', { timeout: 8000 });
      expect(textOf(el, 'zone')).to.equal(`UTC${hourText(farHours(start))}`);
      const read = (await server.requests()).find((request) => request.search.includes('_fields'))!;
      expect(read.path).to.equal('/wp-json/');
      expect(new URLSearchParams(read.search).get('_fields')).to.equal('timezone_string,gmt_offset');
    });

    /** Holds the page's idle callbacks (scheduled jobs by handle) until the test runs them; `restore` gives the page its own back. */
    function holdIdleCallbacks(): { held: Map<number, IdleRequestCallback>; restore: () => void } {
      const held = new Map<number, IdleRequestCallback>();
      let next = 1;
      const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
      window.requestIdleCallback = (job) => {
        held.set(next, job);
        return next++;
      };
      window.cancelIdleCallback = (handle) => void held.delete(handle);
      return {
        held,
        restore: () => {
          window.requestIdleCallback = request;
          window.cancelIdleCallback = cancel;
        },
      };
    }

    it('writes its JSON-LD after being moved while the job waited for an idle moment', async () => {
      // Idle callbacks held here, so the move certainly comes between scheduling and running.
      const { held, restore } = holdIdleCallbacks();
      try {
        const el = await listWith([wireEvent({ meta: { event_start_datetime: metaTime(5), event_end_datetime: '' } })], { 'time-zone': '+02:00' });
        await waitUntil(() => held.size > 0, 'the structured data job is scheduled');
        fixtureSync(html`<section></section>`).append(el);
        // The job cancelled on the way out is scheduled again on the way in.
        expect(held.size).to.equal(1);
        for (const job of held.values()) job({ didTimeout: false, timeRemaining: () => 50 });
        const script = () => el.querySelector('script[type="application/ld+json"]');
        await waitUntil(script, 'the structured data is written', { timeout: 3000 });
        expect((JSON.parse(script()!.textContent!) as unknown[]).length).to.equal(1);
      } finally {
        restore();
      }
    });

    it('a list removed from the page schedules no JSON-LD work when it updates there, and does once put back', async () => {
      const { held, restore } = holdIdleCallbacks();
      try {
        const el = await listWith([wireEvent({ meta: { event_start_datetime: metaTime(5), event_end_datetime: '' } })], { 'time-zone': '+02:00' });
        await waitUntil(() => held.size > 0, 'the structured data job is scheduled', { timeout: 8000 });
        const home = el.parentElement!;
        el.remove();
        expect(held.size, 'cancelled on the way out').to.equal(0);
        el.currency = 'CHF'; // an app setting a property on the removed list: Lit updates it all the same
        await el.updateComplete;
        expect(held.size, 'nothing scheduled for a list out of the page').to.equal(0);
        home.append(el);
        expect(held.size, 'scheduled once back').to.equal(1);
      } finally {
        restore();
      }
    });

    it('badges and search in German', async () => {
      const el = await listWith(
        [wireEvent({ meta: { event_start_datetime: metaTime(5), event_end_datetime: metaTime(5, '12:00:00'), mep_reg_status: 'off' } })],
        { lang: 'de', searchable: '' },
      );
      // German strings are a chunk of their own: under load they can take longer than waitUntil's default second.
      await waitUntil(() => textOf(el, 'badge') === 'Anmeldung geschlossen', 'German badge', { timeout: 5000 });
      expect(textOf(el, 'search-button')).to.equal('Suchen');
    });

    it('keeps schema.org JSON-LD of the events shown in its light DOM, hostile titles inert; no-structured-data removes it', async () => {
      const hostile = '</script><script>window.__twJsonLd = 1</script><!--';
      const el = await listWith(
        [wireEvent({ id: 7, title: hostile.replace(/</g, '&lt;').replace(/>/g, '&gt;'), meta: { event_start_datetime: metaTime(5), event_end_datetime: '' } })],
        { 'time-zone': '+02:00' },
      );
      const scripts = () => el.querySelectorAll('script[type="application/ld+json"]');
      await waitUntil(() => scripts().length === 1, 'the structured data is written (when the browser is idle)', { timeout: 3000 });
      const script = scripts()[0]!;
      expect(script.textContent).to.not.include('<');
      const data = JSON.parse(script.textContent!) as Array<Record<string, unknown>>;
      expect(data[0]).to.include({ '@type': 'Event', name: hostile, startDate: `${addDays(today(), 5)}T10:00:00+02:00` });
      expect((window as unknown as Record<string, unknown>)['__twJsonLd']).to.equal(undefined);
      expect(el.querySelector('script:not([type="application/ld+json"])')).to.equal(null);
      el.noStructuredData = true;
      await waitUntil(() => scripts().length === 0, 'opting out removes it', { timeout: 3000 });
    });

    it('add to calendar: the .ics of a hostile multi-date event has every date in UTC and the title as one SUMMARY; links open new tabs', async () => {
      const title = 'Evil\nBEGIN:VEVENT\nSUMMARY:x;y,z\\ <img src=x onerror=alert(1)>';
      const day = (days: number) => addDays(today(), days);
      const more = serializeRecords([
        { event_more_start_date: day(8), event_more_start_time: '18:00', event_more_end_date: day(8), event_more_end_time: '20:00' },
      ]);
      const el = await listWith(
        [
          wireEvent({
            id: 9,
            title: title.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
            meta: { event_start_datetime: metaTime(5, '18:00:00'), event_end_datetime: metaTime(5, '20:00:00'), mep_event_more_date: more },
          }),
        ],
        { 'time-zone': '+05:30' },
      );
      const saved: Blob[] = [];
      const { createObjectURL } = URL;
      URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:test');
      try {
        const toggle = part(el, 'calendar-toggle')!;
        toggle.focus();
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => toggle.getAttribute('aria-expanded') === 'true', 'Enter opens the disclosure');
        // The items (and their link builders) load when a disclosure is first opened.
        await waitUntil(() => part(el, 'calendar-google'), 'the items arrive', { timeout: 8000 });
        await expect(el).to.be.accessible();
        expect(part(el, 'calendar-google')!.getAttribute('target')).to.equal('_blank');
        part(el, 'calendar-ics')!.click();
        await waitUntil(() => saved.length === 1, 'the file is made on click');
      } finally {
        URL.createObjectURL = createObjectURL;
      }
      const events = vevents(parseIcs(await saved[0]!.text()));
      expect(events.length).to.equal(2);
      // 18:00 at +05:30 is 12:30 UTC.
      expect(events.map((event) => prop(event, 'DTSTART').value)).to.deep.equal([day(5), day(8)].map((d) => `${d.replaceAll('-', '')}T123000Z`));
      for (const event of events) expect(icsText(event, 'SUMMARY')).to.equal(title.replace(/\s+/g, ' ').trim());
    });

    it('a calendar menu that does not download is announced and closed again; the next click loads it', async () => {
      const el = await listWith([wireEvent({ meta: { event_start_datetime: metaTime(5, '18:00:00'), event_end_datetime: metaTime(5, '20:00:00') } })]);
      const real = el.importCalendarMenu;
      el.importCalendarMenu = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /chunks/calendar-menu-x.js'));
      const toggle = part(el, 'calendar-toggle')!;
      toggle.click();
      await waitUntil(() => textOf(el, 'announcer').startsWith('Part of this widget could not be downloaded.'), 'the failure is announced');
      await el.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(part(el, 'calendar-google')).to.equal(null);

      el.importCalendarMenu = real;
      toggle.click();
      await waitUntil(() => part(el, 'calendar-google'), 'the items arrive', { timeout: 8000 });
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      await expect(el).to.be.accessible();
    });

    it('a calendar menu that arrived but failed is announced as a failure, not as a download problem', async () => {
      const el = await listWith([wireEvent({ meta: { event_start_datetime: metaTime(5, '18:00:00'), event_end_datetime: metaTime(5, '20:00:00') } })]);
      el.importCalendarMenu = () => Promise.reject(new RangeError('Invalid time value'));
      const toggle = part(el, 'calendar-toggle')!;
      toggle.click();
      await waitUntil(() => textOf(el, 'announcer') === 'Something went wrong (calendar).', 'the failure is announced');
      await el.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    });

    it('few-left is off by default: plugin 5.5 stores seats sold where the interface says seats left', async () => {
      const el = await listWith([
        wireEvent({ meta: { event_start_datetime: metaTime(5), event_end_datetime: metaTime(5, '12:00:00'), mep_total_seat_left: '3' } }),
      ]);
      expect(part(el, 'badge-few-left')).to.equal(null);
    });

    it('an everyday event is a daily slot: placed on each day in a range, past by the date shown', async () => {
      const everyday = wireEvent({
        id: 3,
        title: 'Daily tour',
        meta: { event_start_datetime: metaTime(-10, '10:00:00'), event_end_datetime: metaTime(10, '12:00:00'), mep_enable_recurring: 'everyday' },
      });
      const day = (days: number) => addDays(today(), days);
      const ranged = await listWith([everyday], { 'from-date': day(3), 'to-date': day(4) });
      expect(datetimes(ranged)).to.deep.equal([`${day(3)}T10:00`]);
      expect(part(ranged, 'badge-past')).to.equal(null);
      await server!.stop();
      const earlier = await listWith([everyday], { 'from-date': day(-5), 'to-date': day(-4) });
      expect(datetimes(earlier)).to.deep.equal([`${day(-5)}T10:00`]);
      await waitUntil(() => part(earlier, 'badge-past'), 'the date shown has passed, though the event goes on');
    });

    it('an everyday event running for years is on today in the upcoming list and in this month, not over after its first year', async () => {
      // The list's clock pinned at noon UTC on 15 June 2031, never the wall clock: a run that passes
      // midnight between the test's "today" and the list's would expect yesterday.
      const today = '2031-06-15';
      const everyday = wireEvent({
        id: 7,
        title: 'Standing exhibition',
        meta: {
          event_start_datetime: `${addDays(today, -800)} 00:00:00`,
          event_end_datetime: `${addDays(today, 400)} 23:59:00`,
          mep_enable_recurring: 'everyday',
        },
      });
      const upcoming = await listWith([everyday], { order: 'upcoming', 'time-zone': 'UTC' }, NO_SITE_ZONE, new FakeScheduler(Date.UTC(2031, 5, 15, 12)));
      expect(titles(upcoming)).to.deep.equal(['Standing exhibition']);
      expect(datetimes(upcoming)).to.deep.equal([`${today}T00:00`]);
      expect(part(upcoming, 'badge-past')).to.equal(null);
      await server!.stop();
      server = await scriptedServer([{ body: [everyday], headers: pagingHeaders(1, 1) }], { mep_cat: [{ body: [] }], ...NO_SITE_ZONE });
      const month = await fixture<EventList>(
        html`<event-list base-url=${`${server.origin}/wp-json`} view="month" month="2031-06" time-zone="UTC"></event-list>`,
      );
      await waitUntil(() => shadow(month).querySelector(`[data-date="${today}"] [part~="day-event"]`), "the day's slot in its month", { timeout: 5000 });
    });

    it('a search that fails announces nothing (the alert speaks); from-date after to-date is an error', async () => {
      server = await scriptedServer(
        [
          { body: [wireEvent()], headers: pagingHeaders(1, 1) },
          { status: 500, body: { code: 'x', message: 'boom', data: { status: 500 } } },
        ],
        {
          mep_cat: [{ body: [] }],
          ...NO_SITE_ZONE,
        },
      );
      const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} searchable></event-list>`);
      await settled(el);
      (part(el, 'search-input') as HTMLInputElement).value = 'jazz';
      (part(el, 'search-button') as HTMLButtonElement).click();
      await waitUntil(() => part(el, 'error'), 'the error shows', { timeout: 8000 });
      await el.updateComplete;
      expect(textOf(el, 'announcer')).to.equal('');
      const reversed = await listWith([wireEvent()], { 'from-date': '2026-12-10', 'to-date': '2026-12-01' });
      expect(textOf(reversed, 'error-message')).to.include('from-date (2026-12-10) is after to-date (2026-12-01)');
    });

    it('a page past the end of a list paged here shows its last page, with the pager', async () => {
      const events = [1, 2, 3].map((id) =>
        wireEvent({ id, title: `E${id}`, meta: { event_start_datetime: metaTime(id), event_end_datetime: metaTime(id, '12:00:00') } }),
      );
      const el = await listWith(events, { order: 'upcoming', 'per-page': '2', page: '5' });
      expect(titles(el)).to.deep.equal(['E3']);
      expect(textOf(el, 'page-status')).to.equal('Page 2 of 2');
    });

    it('back from the month view, the list shows its skeleton, never a false "No events"', async () => {
      const events = [wireEvent({ meta: { event_start_datetime: metaTime(5), event_end_datetime: metaTime(5, '12:00:00') } })];
      server = await scriptedServer([{ delayMs: 300, body: events, headers: pagingHeaders(1, 1) }], { mep_cat: [{ body: [] }], ...NO_SITE_ZONE });
      const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} view="month"></event-list>`);
      await settledOn(el, ['grid', 'agenda'], 'the month view settles');
      const seen: string[] = [];
      const observer = new MutationObserver(() => {
        if (part(el, 'empty')) seen.push(textOf(el, 'empty'));
      });
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
      el.view = 'list';
      await waitUntil(() => parts(el, 'item').length === 1, 'the list arrives', { timeout: 5000 });
      observer.disconnect();
      expect(seen).to.deep.equal([]);
    });

    for (const [name, style] of [
      ['a flex row', 'display: flex; width: 60rem'],
      ['an auto grid column', 'display: grid; grid-template-columns: auto 1fr; width: 60rem'],
    ] as const) {
      it(`keeps its width in ${name} (the narrow layout follows the element's width, it does not contain it)`, async () => {
        server = await scriptedServer([{ body: [wireEvent({ excerpt: '<p>Some words in an excerpt.</p>' })], headers: pagingHeaders(1, 1) }], {
          mep_cat: [{ body: [] }],
          ...NO_SITE_ZONE,
        });
        const wrapper = await fixture<HTMLElement>(
          html`<div style=${style}>
            <event-list base-url=${`${server.origin}/wp-json`}></event-list>
            <aside>Sidebar</aside>
          </div>`,
        );
        const el = wrapper.querySelector('event-list') as EventList;
        await settled(el);
        expect(el.getBoundingClientRect().width).to.be.above(150);
      });
    }

    it("the month view describes the month's events in JSON-LD, each with its dates in that month", async () => {
      const day = (days: number) => addDays(today(), days);
      const month = day(0).slice(0, 7);
      const more = serializeRecords([
        { event_more_start_date: `${month}-20`, event_more_start_time: '18:00', event_more_end_date: '', event_more_end_time: '' },
      ]);
      const events = [
        wireEvent({ id: 4, title: 'In the month', meta: { event_start_datetime: `${month}-10 18:00:00`, event_end_datetime: '', mep_event_more_date: more } }),
      ];
      server = await scriptedServer([{ body: events, headers: pagingHeaders(1, 1) }], { mep_cat: [{ body: [] }], ...NO_SITE_ZONE });
      const el = await fixture<EventList>(
        html`<event-list base-url=${`${server.origin}/wp-json`} view="month" month=${month} time-zone="+01:00"></event-list>`,
      );
      const script = () => el.querySelector('script[type="application/ld+json"]');
      await waitUntil(script, 'the month is described', { timeout: 5000 });
      const data = JSON.parse(script()!.textContent!) as Array<Record<string, unknown>>;
      expect(data.map((node) => [node['name'], node['startDate']])).to.deep.equal([
        ['In the month', `${month}-10T18:00:00+01:00`],
        ['In the month', `${month}-20T18:00:00+01:00`],
      ]);
      // Another month without events: nothing to describe.
      (part(el, 'next-month') as HTMLButtonElement).click();
      await waitUntil(() => !script(), 'an empty month removes it', { timeout: 5000 });
    });

    it('the recorded page from real WordPress: list, calendar file, JSON-LD and month view agree on every date', async () => {
      const response = await fetch('/test/fixtures/recorded/mep-events-page-1-per-page-5.json');
      const { body } = (await response.json()) as { body: Array<Record<string, unknown>> };
      // Event 48 has its start and four more dates; 46 is "everyday" from 2026-11-21 to 2026-12-01 (11 days).
      const el = await listWith(body, { 'time-zone': 'Europe/Berlin' });
      expect(titles(el)).to.have.length(5);
      const saved: Blob[] = [];
      const { createObjectURL } = URL;
      URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:test');
      try {
        part(el, 'calendar-download-all')!.click();
        await waitUntil(() => saved.length === 1, 'the list file is made');
      } finally {
        URL.createObjectURL = createObjectURL;
      }
      const starts = vevents(parseIcs(await saved[0]!.text())).map((event) => prop(event, 'DTSTART').value);
      expect(starts.length).to.equal(3 + 5 + 11);
      // 09:00 in Berlin in November is 08:00 UTC: the everyday event's slots, one per day.
      for (let day = 21; day <= 30; day++) expect(starts).to.include(`202611${day}T080000Z`);
      const script = () => el.querySelector('script[type="application/ld+json"]');
      await waitUntil(script, 'the structured data is written', { timeout: 3000 });
      // At most 10 dates per event go into the JSON-LD: the everyday event's first ten.
      expect((JSON.parse(script()!.textContent!) as unknown[]).length).to.equal(3 + 5 + 10);
      el.setAttribute('view', 'month');
      el.setAttribute('month', '2026-11');
      await waitUntil(() => part(el, 'grid') || part(el, 'agenda'), 'the month is drawn', { timeout: 5000 });
      const dayTitles = (date: string) =>
        [...(shadow(el).querySelector(`[data-date="${date}"]`)?.querySelectorAll('[part~="day-event"] a, [part~="event-title"]') ?? [])].map((node) =>
          node.textContent?.trim(),
        );
      expect(dayTitles('2026-11-25')).to.include('Live Music & Cannabis Industry Expo');
      expect(dayTitles('2026-11-21')).to.include('Global Economic Leadership Summit');
    });

    it('in a narrow container the image goes above the text and the excerpt is clamped', async () => {
      const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(60)}</p>`;
      const el = await listWith([wireEvent({ image: 'https://example.org/i.jpg', excerpt: long })]);
      const card = () => shadow(el).querySelector('.card')!;
      expect(getComputedStyle(card()).flexDirection).to.equal('row');
      el.style.width = '300px';
      await waitUntil(() => getComputedStyle(card()).flexDirection === 'column', 'the card stacks');
      const excerpt = part(el, 'excerpt')!;
      expect(excerpt.scrollHeight).to.be.above(excerpt.clientHeight);
      expect(excerpt.clientHeight).to.be.below(parseFloat(getComputedStyle(excerpt).lineHeight) * 5);
      // Measured on the container, not the viewport: the page is wide all along.
      expect(window.innerWidth).to.be.above(600);
    });

    it('moved into a narrow sidebar, it stacks its cards there; moved back, it lays them out wide again', async () => {
      const el = await listWith([wireEvent({ image: 'https://example.org/i.jpg' })]);
      const direction = () => getComputedStyle(shadow(el).querySelector('.card')!).flexDirection;
      expect(direction()).to.equal('row');
      const wide = el.parentElement!;
      fixtureSync(html`<aside style="width: 18rem"></aside>`).append(el);
      await waitUntil(() => direction() === 'column', 'the card stacks in the sidebar');
      wide.append(el);
      await waitUntil(() => direction() === 'row', 'the card is wide again');
    });
  });
});
