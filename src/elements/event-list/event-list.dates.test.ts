// Dates that cross days, months and validity: events over several days in the month view, a dated
// card's later dates, days a calendar does not have. Dates are literals or relative to the pinned clock.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import './event-list.js';
import type { EventList } from './event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { NO_SITE_ZONE, pagingHeaders, serializeRecords, wireEvent } from '../../../test/helpers/wire-events.js';
import { part, settled as settledOn, shadow, stopServerAfterEach, textOf } from '../../../test/helpers/element.js';
import { checkDate } from '../../api/paging.js';
import { addDays, siteDate } from '../../shared/wall-clock.js';
import type { EventItem } from '../../api/models.js';
import { eventOccurrences } from '../../api/occurrences.js';
import { placeByDay } from './month-grid.js';
import { laterDates } from './event-dates.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';

describe('<event-list> dates across days and months', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  async function element(
    events: Array<Record<string, unknown>>,
    attributes: Record<string, string>,
    routes: Record<string, Reply[]> = NO_SITE_ZONE,
    names = ['list', 'empty', 'error'],
  ) {
    server = await scriptedServer([{ body: events, headers: pagingHeaders(events.length, 1) }], {
      mep_cat: [{ body: [] }],
      mep_events: [{ body: events, headers: pagingHeaders(events.length, 1) }],
      ...routes,
    });
    const el = document.createElement('event-list') as EventList;
    el.baseUrl = `${server.origin}/wp-json`;
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    fixtureSync(html`<div style="width: 48rem"></div>`).append(el);
    await settledOn(el, names, 'settles', 8000);
    return el;
  }

  it('month view: an event running across the month boundary (Mar 30 – Apr 2) is on April 1 and 2, marked continued', async () => {
    const festival = wireEvent({
      id: 11,
      title: 'Spring festival',
      meta: { event_start_datetime: '2031-03-30 18:00:00', event_end_datetime: '2031-04-02 23:00:00' },
    });
    const el = await element([festival], { view: 'month', month: '2031-04', 'time-zone': 'Europe/Berlin' }, NO_SITE_ZONE, ['grid', 'agenda', 'error']);
    const titles = [...shadow(el).querySelectorAll('[part~="day"] [part~="link"]')].map((a) => a.textContent?.trim());
    expect(part(el, 'empty'), `empty note: "${textOf(el, 'empty')}"`).to.equal(null);
    expect(titles).to.deep.equal(['Spring festival', 'Spring festival']);
    const times = (d: string) => [...(shadow(el).querySelector(`[data-date="${d}"]`)?.querySelectorAll('[part~="event-time"]') ?? [])];
    for (const d of ['2031-04-01', '2031-04-02']) {
      const [time] = times(d);
      expect(time?.getAttribute('part'), d).to.equal('event-time continued');
      expect(time?.textContent?.trim(), d).to.equal('continued');
    }
    expect(times('2031-04-03'), 'the day after its end').to.have.length(0);
  });

  it('month view: an event over three days is on each of them; one ending at midnight is not on the next day', async () => {
    const conf = wireEvent({ id: 12, title: 'Conference', meta: { event_start_datetime: '2031-05-10 09:00:00', event_end_datetime: '2031-05-12 17:00:00' } });
    const party = wireEvent({ id: 14, title: 'Party', meta: { event_start_datetime: '2031-05-20 20:00:00', event_end_datetime: '2031-05-21 00:00:00' } });
    const el = await element([conf, party], { view: 'month', month: '2031-05', 'time-zone': 'Europe/Berlin' }, NO_SITE_ZONE, ['grid', 'agenda', 'error']);
    const on = (d: string) => [...(shadow(el).querySelector(`[data-date="${d}"]`)?.querySelectorAll('[part~="link"]') ?? [])].map((a) => a.textContent?.trim());
    expect(on('2031-05-10')).to.include('Conference');
    expect(on('2031-05-11'), 'second day').to.deep.equal(['Conference']);
    expect(on('2031-05-12'), 'last day').to.deep.equal(['Conference']);
    expect(on('2031-05-13'), 'after it').to.deep.equal([]);
    expect(on('2031-05-20')).to.deep.equal(['Party']);
    expect(on('2031-05-21'), 'until midnight only').to.deep.equal([]);
    const start = shadow(el).querySelector('[data-date="2031-05-10"] [part~="event-time"]');
    expect(start?.getAttribute('part')).to.equal('event-time');
    expect(start?.getAttribute('datetime')).to.equal('2031-05-10T09:00');
  });

  it('from-date="2031-02-30" (no such day) is an error naming the attribute', async () => {
    const ev = wireEvent({ id: 13, meta: { event_start_datetime: '2031-03-01 10:00:00', event_end_datetime: '' } });
    const el = await element([ev], { 'from-date': '2031-02-30' });
    expect(part(el, 'error'), 'an error box').to.not.equal(null);
    expect(() => checkDate('2031-02-30', 'from-date'), 'checkDate').to.throw();
  });
});

describe('<event-list> dated cards', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  it('an upcoming card showing the last date of a series claims no more dates; one before two later dates claims two', async () => {
    // Dates relative to the run's moment, in a fixed site zone; the element's clock is pinned there too. Not
    // the page's clock, which may pass midnight (UTC) between the events built and what is expected of them.
    const clock = new FakeScheduler(runMoment());
    const day = (n: number) => addDays(siteDate(clock.now(), { kind: 'offset', minutes: 0 }), n);
    const series = wireEvent({
      id: 21,
      title: 'Series',
      meta: {
        event_start_datetime: `${day(-20)} 10:00:00`,
        event_end_datetime: `${day(-20)} 12:00:00`,
        mep_event_more_date: serializeRecords([
          { event_more_start_date: day(-10), event_more_start_time: '10:00', event_more_end_date: day(-10), event_more_end_time: '12:00' },
          { event_more_start_date: day(10), event_more_start_time: '10:00', event_more_end_date: day(10), event_more_end_time: '12:00' },
        ]),
      },
    });
    const dates = (...days: number[]) =>
      serializeRecords(
        days.map((n) => ({ event_more_start_date: day(n), event_more_start_time: '18:00', event_more_end_date: day(n), event_more_end_time: '20:00' })),
      );
    const tour = wireEvent({
      id: 22,
      title: 'Tour',
      meta: { event_start_datetime: `${day(-5)} 18:00:00`, event_end_datetime: `${day(-5)} 20:00:00`, mep_event_more_date: dates(5, 15, 25) },
    });
    const body = [series, tour];
    server = await scriptedServer([{ body, headers: pagingHeaders(2, 1) }], { mep_cat: [{ body: [] }], ...NO_SITE_ZONE });
    const el = document.createElement('event-list') as EventList;
    el.baseUrl = `${server.origin}/wp-json`;
    el.scheduler = clock;
    el.setAttribute('order', 'upcoming');
    el.setAttribute('time-zone', 'UTC');
    fixtureSync(html`<div style="width: 48rem"></div>`).append(el);
    await settledOn(el, ['list', 'empty', 'error']);
    // No card while a reload shows the skeleton: `more` then reads null rather than throwing, which would end waitUntil at once.
    const card = (title: string) =>
      [...shadow(el).querySelectorAll('[part~="item"]')].find((item) => item.querySelector('[part~="title"]')?.textContent?.trim() === title);
    const more = (title: string) => card(title)?.querySelector('[part~="more-dates"]')?.textContent?.trim() ?? null;
    expect(card('Series')!.querySelector('[part~="date"] time')!.getAttribute('datetime')).to.equal(`${day(10)}T10:00`);
    expect(more('Series'), 'both other dates are past').to.equal(null);
    expect(card('Tour')!.querySelector('[part~="date"] time')!.getAttribute('datetime')).to.equal(`${day(5)}T18:00`);
    expect(more('Tour')).to.equal('+2 more dates');
    // With a range, only the later dates inside it count.
    el.toDate = day(20);
    await el.updateComplete;
    await waitUntil(() => !el.hasAttribute('pending') && more('Tour') === '+1 more date', `"+1 more date", got ${more('Tour')}`, { timeout: 8000 });
  });
});

describe('month placement and later dates', () => {
  const event = (id: number, start: string, end: string | null, recurrence = 'no', moreDates: Array<{ start: string; end: string | null }> = []) =>
    ({ id, title: `E${id}`, start, end, moreDates, recurrence }) as unknown as EventItem;

  it('an everyday 20:00-02:00 event is on each day once, not also as the night before continued', () => {
    const night = event(1, '2031-05-01T20:00:00', '2031-05-31T02:00:00', 'everyday');
    const days = placeByDay([night], (e) => eventOccurrences(e, '2031-05-01'), '2031-05');
    const entries = days.get('2031-05-10')!.map((d) => `${d.date.start}${d.continued ? ' continued' : ''}`);
    expect(entries).to.deep.equal(['2031-05-10T20:00:00']);
  });

  it("places only the month's days, however far the events' ends reach", () => {
    const many = Array.from({ length: 1000 }, (_, i) => event(i + 1, '2031-04-20T10:00:00', '2034-05-01T10:00:00'));
    const days = placeByDay(many, (e) => eventOccurrences(e, '2031-05-01'), '2031-05');
    expect([...days.keys()].every((day) => day.startsWith('2031-05-'))).to.equal(true);
    expect(days.size).to.equal(31);
    expect(days.get('2031-05-01')!.every((d) => d.continued)).to.equal(true);
  });

  it('"+N more dates" counts each later date once', () => {
    const card = {
      ...event(2, '2031-05-05T18:00:00', '2031-05-05T20:00:00', 'no', [
        { start: '2031-05-15T18:00:00', end: '2031-05-15T20:00:00' },
        { start: '2031-05-25T18:00:00', end: '2031-05-25T20:00:00' },
        { start: '2031-05-25T18:00:00', end: '2031-05-25T20:00:00' },
      ]),
      occurrence: { start: '2031-05-15T18:00:00', end: '2031-05-15T20:00:00' },
    };
    expect(laterDates(card, { from: null, to: null })).to.equal(1);
  });
});
