// The departure board, driven by a fake clock: no test waits for real minutes.
import { expect, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { clean, langOf, part, shadow, textOf } from '../../../test/helpers/element.js';
import './bus-list.js';
import type { BusList, BusSelectDetail } from './bus-list.js';
import { referenceServer, scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { listRoutes } from '../../api/buses.js';
import { OriginCache } from '../../api/cache.js';
import { ApiClient } from '../../api/client.js';
import type { ApiError } from '../../api/errors.js';
import { FakePageSignals, FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';
import { boardLoaded, contractBus, contractPage, mountBoard, notModified, referenceParisBerlin } from './bus-list.test-support.js';
import { siteDate } from '../../shared/wall-clock.js';
import { DEFAULT_FEW_SEATS, DEFAULT_LOOKAHEAD_DAYS } from './board/board-defaults.js';

const rows = (el: Element) => [...shadow(el).querySelectorAll('tbody tr')];
const names = (el: Element) => rows(el).map((row) => clean(row.querySelector('[part~="select"]')?.textContent));
/** 30 November 2026 at a wall-clock time in the viewer's zone. */
const at = (hours: number, minutes: number, seconds = 0) => new Date(2026, 10, 30, hours, minutes, seconds).getTime();
const MINUTE = 60_000;

const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {} } } };
const TIMETABLE = [
  contractBus({
    id: 3,
    name: 'Late',
    stops: [
      ['Paris', '11:30'],
      ['Berlin', '00:15'],
    ],
  }),
  contractBus({
    id: 1,
    name: 'Early',
    stops: [
      ['Paris', '09:00'],
      ['Berlin', '21:30'],
    ],
    seats_left: 12,
  }),
  contractBus({
    id: 0 + 4,
    name: 'Gone',
    stops: [
      ['Paris', '07:00'],
      ['Berlin', '19:00'],
    ],
  }),
  contractBus({
    id: 2,
    name: 'Mid',
    stops: [
      ['Paris', '10:00'],
      ['Berlin', '22:00'],
    ],
    seats_left: 0,
  }),
];
/** Refused by the browser (CORS): `fetch` rejects as it does offline, and nothing retries it. */
const UNREACHABLE: Reply = { headers: { 'Access-Control-Allow-Origin': 'https://elsewhere.example' }, body: [] };
const RATE_LIMITED: Reply = {
  status: 429,
  headers: { 'Retry-After': '600' },
  body: { code: 'wbtm_rate_limited', message: 'Too many requests. Please try again in a minute.', data: { status: 429 } },
};

describe('<bus-list board>', () => {
  let server: LoopbackServer | undefined;
  let fake: FakeScheduler;
  let signals: FakePageSignals;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const busRequests = async () => (await server!.requests()).filter((r) => r.method === 'GET' && r.path.includes('/wbtm/v1/buses'));

  /** A board on a scripted contract site, on a fake clock and fake page signals, settled. */
  async function boardWith(buses: Reply[], attributes: Record<string, string> = {}, start = at(8, 0)): Promise<BusList> {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': buses, 'wbtm/v1/routes': [{ ...RATE_LIMITED, headers: { 'Retry-After': '300' } }] });
    fake = new FakeScheduler(start);
    signals = new FakePageSignals();
    // Today's board: the following days (lookahead) have their own suite.
    const el = mountBoard(fixtureSync(html`<div></div>`), server.origin, { 'route-id': '3', lookahead: '0', ...attributes }, fake, signals);
    await boardSettled(el);
    return el;
  }

  async function boardSettled(el: BusList): Promise<void> {
    await waitUntil(() => !el.boardStatus.loading && (part(el, 'table') || part(el, 'empty') || part(el, 'error') || part(el, 'prompt')), 'the board settles', {
      timeout: 8000,
    });
    await el.updateComplete;
  }

  /** Moves the fake clock; waits for any request that started to finish and the board to render. */
  async function advance(el: BusList, ms: number): Promise<void> {
    fake.advance(ms);
    await waitUntil(() => !el.boardStatus.loading, 'the refresh finishes', { timeout: 8000 });
    await el.updateComplete;
  }

  it('defaults lookahead and few-seats to the values the board falls back to (written as literals for the manifest)', () => {
    const el = document.createElement('bus-list') as BusList;
    expect([el.lookahead, el.fewSeats]).to.deep.equal([DEFAULT_LOOKAHEAD_DAYS, DEFAULT_FEW_SEATS]);
  });

  it('shows a large table of upcoming departures in time order, a clock and the last-updated stamp; accessible', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { currency: 'EUR' });
    const table = part(el, 'table') as HTMLTableElement;
    expect(table.localName).to.equal('table');
    expect(clean(table.caption!.textContent)).to.equal('Departures from Paris');
    const headers = [...table.querySelectorAll('thead th')];
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).to.equal(true);
    expect(headers.map((th) => clean(th.textContent))).to.deep.equal(['Departs', 'To', 'Bus', 'Type', 'Arrives', 'Seats left']);
    // 07:00 has left; the rest by departure time.
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    const [early, mid, late] = rows(el);
    expect(clean(early!.querySelector('th[scope="row"]')!.textContent)).to.match(/^9:00\s?AM$/);
    expect(clean(early!.querySelector('[part~="seats"]')!.textContent)).to.equal('12');
    expect(clean(mid!.querySelector('[part~="seats"]')!.textContent)).to.equal('Full'); // the signage badge (issue 14);
    expect(mid!.getAttribute('part')).to.include('sold-out');
    expect(late!.querySelector('[part~="next-day"] [aria-hidden="true"]')!.textContent).to.equal('+1');
    expect(late!.querySelector('[part~="next-day"] .visually-hidden')!.textContent).to.equal('arrives the next day');
    expect(textOf(el, 'clock')).to.match(/8:00\s?AM$/);
    expect(part(el, 'clock')!.querySelector('time')!.getAttribute('datetime')).to.equal('08:00');
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:00\s?AM$/);
    expect(part(el, 'notice')).to.equal(null);
    // One polite, atomic, visually hidden region speaks for the board; the table itself is not live.
    const announcer = part(el, 'announcer')!;
    expect([announcer.getAttribute('aria-live'), announcer.getAttribute('role'), announcer.className]).to.deep.equal(['polite', 'status', 'visually-hidden']);
    expect(clean(announcer.textContent)).to.equal('');
    expect(shadow(el).querySelectorAll('[aria-live]').length).to.equal(1);
    expect(table.closest('[aria-live], [role="status"], [role="log"]')).to.equal(null);
    const query = new URLSearchParams((await busRequests())[0]!.search);
    expect([query.get('route_id'), query.get('per_page'), query.get('page')]).to.deep.equal(['3', '100', '1']);
    expect(el.hasAttribute('pending')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('shows a skeleton with pending while the first answer loads; accessible', async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(TIMETABLE, { etag: '"v1"', delayMs: 300 })] });
    fake = new FakeScheduler(at(8, 0));
    signals = new FakePageSignals();
    const el = document.createElement('bus-list') as BusList;
    Object.assign(el, {
      scheduler: fake,
      pageSignals: signals,
      cache: new OriginCache({ now: () => fake.now() }),
      baseUrl: `${server.origin}/wp-json`,
      board: true,
      lookahead: 0,
    });
    fixtureSync(html`<div></div>`).append(el);
    // First the board's code loads, under the list's skeleton.
    await el.updateComplete;
    expect([part(el, 'loading'), part(el, 'board')].map(Boolean)).to.deep.equal([true, false]);
    expect(el.hasAttribute('pending')).to.equal(true);
    await boardLoaded(el);
    expect(part(el, 'board')!.contains(part(el, 'loading'))).to.equal(true);
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(el.getAttribute('aria-busy')).to.equal('true');
    expect(part(el, 'announcer')).to.exist; // present before anything is announced
    await expect(el).to.be.accessible();
    await boardSettled(el);
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
  });

  it('speaks German on the board', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { lang: 'de' });
    const table = part(el, 'table') as HTMLTableElement;
    expect(clean(table.caption!.textContent)).to.equal('Abfahrten ab Paris');
    expect([...table.querySelectorAll('thead th')].map((th) => clean(th.textContent))).to.deep.equal([
      'Abfahrt',
      'Nach',
      'Bus',
      'Typ',
      'Ankunft',
      'Freie Plätze',
    ]);
    expect(textOf(el, 'updated')).to.equal('Zuletzt aktualisiert 08:00');
    expect(clean(rows(el)[1]!.querySelector('[part~="seats"]')!.textContent)).to.equal('Voll');
  });

  it('on a French page, the board\'s English sits in lang="en" and the site\'s stops, buses, types and the times stay French; German and English add no lang', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { lang: 'fr' });
    expect(textOf(el, 'header')).to.equal('Departs');
    for (const ui of ['caption', 'header', 'seats', 'updated']) expect(langOf(part(el, ui)), ui).to.equal('en');
    for (const site of ['destination', 'select', 'type']) expect(langOf(part(el, site)), site).to.equal('fr');
    for (const time of ['clock', 'departure', 'arrival', 'updated']) expect(langOf(part(el, time)!.querySelector('time')), `${time} time`).to.equal('fr');
    for (const lang of ['de', 'en']) {
      await server!.stop();
      const other = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { lang });
      const langs = [...shadow(other).querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
      expect(langs, lang).to.deep.equal([lang]);
    }
  });

  it('revalidates every 60 s; an unchanged answer (304) re-renders nothing and announces nothing', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')]);
    const renders = el.tableRenders;
    const before = rows(el);
    await advance(el, 59_999);
    expect((await busRequests()).length).to.equal(1);
    await advance(el, 1);
    const requests = await busRequests();
    expect(requests.length).to.equal(2);
    expect(requests[1]!.ifNoneMatch).to.equal('"v1"');
    expect(el.tableRenders).to.equal(renders);
    expect(rows(el).every((row, i) => row === before[i])).to.equal(true);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:01\s?AM$/);
    expect(textOf(el, 'clock')).to.match(/8:01\s?AM$/);
    expect(textOf(el, 'announcer')).to.equal('');
    expect(el.hasAttribute('pending')).to.equal(false);
  });

  it('re-renders changed departures and announces a short summary politely', async () => {
    const changed = [
      contractBus({
        id: 1,
        name: 'Early',
        stops: [
          ['Paris', '09:05'],
          ['Berlin', '21:30'],
        ],
        seats_left: 12,
      }),
      TIMETABLE[3]!,
      TIMETABLE[0]!,
      contractBus({
        id: 7,
        name: 'Extra',
        stops: [
          ['Paris', '12:00'],
          ['Berlin', '23:00'],
        ],
      }),
    ];
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), contractPage(changed, { etag: '"v2"' })]);
    const renders = el.tableRenders;
    await advance(el, MINUTE);
    expect(el.tableRenders).to.equal(renders + 1);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late', 'Extra']);
    expect(clean(rows(el)[0]!.querySelector('th')!.textContent)).to.match(/^9:05\s?AM$/);
    expect(textOf(el, 'announcer')).to.equal('Departures updated: 1 changed, 1 added.');
    await expect(el).to.be.accessible();
  });

  it('refreshes every 60 s by default, honours a longer refresh, and raises one below 30 s to 30 s', async () => {
    let el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')], { refresh: '5' });
    await advance(el, 29_999);
    expect((await busRequests()).length).to.equal(1);
    await advance(el, 1);
    expect((await busRequests()).length).to.equal(2);
    await advance(el, 30_000);
    expect((await busRequests()).length).to.equal(3);
    el.remove();
    await server!.stop();

    el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')], { refresh: '90' });
    await advance(el, 89_999);
    expect((await busRequests()).length).to.equal(1);
    await advance(el, 1);
    expect((await busRequests()).length).to.equal(2);
  });

  it('on 429 waits out Retry-After, keeps the departures and says why', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), RATE_LIMITED, notModified('"v1"')]);
    await advance(el, MINUTE); // 08:01: the site refuses, asking for 600 s
    expect((await busRequests()).length).to.equal(2);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:00\s?AM$/);
    expect(textOf(el, 'notice')).to.match(/out of date\. The site asked us to slow down\. Try again in 600 s\. Next try at 8:11\s?AM\.$/);
    expect(textOf(el, 'announcer')).to.equal('The departures could not be updated; the board shows the last ones received.');
    await expect(el).to.be.accessible();
    await advance(el, 600_000 - 1);
    expect((await busRequests()).length).to.equal(2);
    await advance(el, 1);
    expect((await busRequests()).length).to.equal(3);
    expect(part(el, 'notice')).to.equal(null);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:11\s?AM$/);
    expect(textOf(el, 'announcer')).to.equal('The departures are up to date again.');
  });

  it('dates the next try of a day-long Retry-After, in English and German', async () => {
    const dayLong = { ...RATE_LIMITED, headers: { 'Retry-After': '86400' } };
    let el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), dayLong]);
    await advance(el, MINUTE); // 08:01: the site asks for a day's pause
    expect(textOf(el, 'notice')).to.match(/slow down\. Try again in 86400 s\. Next try at Dec 1, 2026, 8:01\s?AM\.$/);
    await server!.stop();
    el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), dayLong], { lang: 'de' });
    await advance(el, MINUTE);
    expect(textOf(el, 'notice')).to.match(/Pause\. Erneut versuchen in 86400 s\. Nächster Versuch um 01\.12\.2026, 08:01\.$/);
    await advance(el, 24 * 60 * MINUTE - 1);
    expect((await busRequests()).length).to.equal(2);
  });

  it('waits out a rate limit another widget ran into, instead of calling cached data fresh', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')]);
    // A neighbour on the same page (sharing the cache) is refused for 300 s.
    const neighbour = new ApiClient({ baseUrl: el.baseUrl!, cache: el.cache! });
    const refused = await listRoutes(neighbour).catch((error: unknown) => error);
    expect((refused as ApiError).status).to.equal(429);
    await advance(el, MINUTE); // 08:01: the board asks nobody
    expect((await busRequests()).length).to.equal(1);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:00\s?AM$/);
    expect(textOf(el, 'notice')).to.match(/slow down\. Try again in 240 s\. Next try at 8:05\s?AM\.$/);
    await advance(el, 4 * MINUTE - 1);
    expect((await busRequests()).length).to.equal(1);
    await advance(el, 1); // 08:05: the site is open again
    expect((await busRequests()).length).to.equal(2);
    expect(part(el, 'notice')).to.equal(null);
  });

  it('follows a new route: the old board stays up (pending) until the new one arrives, with nothing announced', async () => {
    const other = [
      contractBus({
        id: 9,
        name: 'Elsewhere',
        route_id: 7,
        stops: [
          ['Lyon', '12:00'],
          ['Nice', '18:00'],
        ],
      }),
    ];
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), contractPage(other, { etag: '"v9"', delayMs: 300 })]);
    el.routeId = '7';
    await el.updateComplete;
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    await boardSettled(el);
    await waitUntil(() => names(el)[0] === 'Elsewhere', 'the new route shows', { timeout: 8000 });
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(new URLSearchParams((await busRequests()).at(-1)!.search).get('route_id')).to.equal('7');
    expect(clean((part(el, 'table') as HTMLTableElement).caption!.textContent)).to.equal('Departures from Lyon');
    expect(textOf(el, 'announcer')).to.equal('');
  });

  it('backs off exponentially on errors (× 2, × 4, × 8) and keeps the last good departures with their stamp', async () => {
    const failure: Reply = { status: 503, body: '' };
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), failure, failure, failure, notModified('"v1"')]);
    const renders = el.tableRenders;
    const expectRequests = async (count: number) => expect((await busRequests()).length).to.equal(count);
    await advance(el, MINUTE); // 08:01 fails → next at 08:03
    await expectRequests(2);
    expect(textOf(el, 'notice')).to.match(/out of date\. The site had a problem \(HTTP 503\)\. Next try at 8:03\s?AM\.$/);
    await advance(el, 2 * MINUTE - 1);
    await expectRequests(2);
    await advance(el, 1); // 08:03 fails → next at 08:07
    await expectRequests(3);
    expect(textOf(el, 'notice')).to.match(/Next try at 8:07\s?AM\.$/);
    await advance(el, 4 * MINUTE - 1);
    await expectRequests(3);
    await advance(el, 1); // 08:07 fails → next at 08:15
    await expectRequests(4);
    await advance(el, 8 * MINUTE - 1);
    await expectRequests(4);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:00\s?AM$/);
    expect(el.boardStatus.failures).to.equal(3);
    await advance(el, 1); // 08:15 succeeds
    await expectRequests(5);
    expect(part(el, 'notice')).to.equal(null);
    expect(el.boardStatus.failures).to.equal(0);
    expect(el.tableRenders).to.equal(renders);
    // Back to the normal interval.
    await advance(el, MINUTE);
    await expectRequests(6);
  });

  it('treats a network failure as offline, shows the device going offline, and retries as soon as it is back', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), UNREACHABLE, notModified('"v1"')]);
    signals.setOnline(false);
    await el.updateComplete;
    expect(textOf(el, 'notice')).to.equal('Offline: the departures shown may be out of date.');
    signals.setOnline(true);
    await el.updateComplete;
    expect(part(el, 'notice')).to.equal(null);

    await advance(el, MINUTE); // the connection drops
    expect((await busRequests()).length).to.equal(2);
    expect(textOf(el, 'notice')).to.match(/^Offline: the departures shown may be out of date\. Next try at 8:03\s?AM\.$/);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:00\s?AM$/);
    await expect(el).to.be.accessible();

    signals.setOnline(true); // back: no need to sit out the back-off
    await waitUntil(() => !el.boardStatus.loading && el.boardStatus.failures === 0, 'the retry succeeds', { timeout: 8000 });
    await el.updateComplete;
    expect((await busRequests()).length).to.equal(3);
    expect(part(el, 'notice')).to.equal(null);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:01\s?AM$/);
  });

  it('recovers when the connection flaps back twice at once: the second retry overtakes the first and counts', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), UNREACHABLE, notModified('"v1"'), notModified('"v1"')]);
    await advance(el, MINUTE); // the connection drops
    expect(el.boardStatus.failures).to.equal(1);
    for (let flap = 0; flap < 2; flap++) {
      signals.setOnline(false);
      signals.setOnline(true);
    }
    await waitUntil(() => !el.boardStatus.loading && el.boardStatus.failures === 0, 'the second retry succeeds', { timeout: 8000 });
    await el.updateComplete;
    expect(part(el, 'notice')).to.equal(null);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:01\s?AM$/);
    expect(el.boardStatus.nextAt, 'one interval later').to.equal(at(8, 2));
  });

  it('makes no request while the page is hidden, and one as soon as it is visible again', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')]);
    signals.setHidden(true);
    for (let minute = 0; minute < 5; minute++) await advance(el, MINUTE);
    expect((await busRequests()).length).to.equal(1);
    signals.setHidden(false);
    await waitUntil(() => !el.boardStatus.loading, 'the refresh finishes', { timeout: 8000 });
    expect((await busRequests()).length).to.equal(2);
    expect(textOf(el, 'updated')).to.match(/^Last updated 8:05\s?AM$/);
    await advance(el, MINUTE - 1);
    expect((await busRequests()).length).to.equal(2);
    await advance(el, 1);
    expect((await busRequests()).length).to.equal(3);
  });

  it('drops departures that have left at the next minute, without a request', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { refresh: '86400' }, at(8, 59, 30));
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    const renders = el.tableRenders;
    await advance(el, 30_000); // 09:00: Early leaves this minute and still shows
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    expect(el.tableRenders).to.equal(renders);
    await advance(el, MINUTE); // 09:01
    expect(names(el)).to.deep.equal(['Mid', 'Late']);
    expect(el.tableRenders).to.equal(renders + 1);
    await advance(el, 150 * MINUTE); // 11:31
    expect(part(el, 'table')).to.equal(null);
    expect(textOf(el, 'empty')).to.equal('No more departures.');
    expect((await busRequests()).length).to.equal(1);
    await expect(el).to.be.accessible();
  });

  // WCAG 2.4.3: a keyboard user's bus stays focused while earlier departures leave, and when the
  // focused one leaves, focus goes to the next departure rather than to the page.
  it('keeps keyboard focus on its bus as departures leave, and on the next one when the focused bus leaves', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })], { refresh: '86400' }, at(8, 59, 30));
    const button = (name: string) =>
      rows(el)
        .find((row) => clean(row.textContent).includes(name))!
        .querySelector<HTMLButtonElement>('[part~="select"]')!;
    const focused = () => clean(shadow(el).activeElement?.textContent);
    button('Mid').focus();
    await advance(el, 90_000); // 09:01: Early has left
    expect(names(el)).to.deep.equal(['Mid', 'Late']);
    expect(focused(), 'still on Mid, not on the bus now in its row').to.equal('Mid');
    await advance(el, 90 * MINUTE); // 10:31: the focused bus, Mid, has left
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['Late']);
    expect(focused(), 'on the next departure').to.equal('Late');
    await advance(el, 60 * MINUTE); // 11:31: the focused bus has left, and no departure is left
    await el.updateComplete;
    expect(document.activeElement, 'not the page').to.equal(el);
    expect(shadow(el).activeElement, 'the empty message').to.equal(part(el, 'empty'));
  });

  it("in an iframe's document, moves focus to the empty message when the last focused bus leaves, as in the page", async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(TIMETABLE.slice(0, 1), { etag: '"v1"' })] });
    fake = new FakeScheduler(at(11, 29));
    signals = new FakePageSignals();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      const el = mountBoard(frame.contentDocument!.body, server.origin, { 'route-id': '3', lookahead: '0', refresh: '86400' }, fake, signals);
      await boardSettled(el);
      shadow(el).querySelector<HTMLButtonElement>('[part~="select"]')!.focus();
      // The page's own document has the iframe as its active element the whole time, never its body.
      expect(document.activeElement).to.equal(frame);
      await advance(el, 2 * MINUTE); // 11:31: Late, the only and focused bus, has left
      await el.updateComplete;
      expect(shadow(el).activeElement, 'the empty message').to.equal(part(el, 'empty'));
    } finally {
      frame.remove();
    }
  });

  it('shows the first failure as an error with Retry, and tries again by itself', async () => {
    const el = await boardWith([{ status: 503, body: '' }, { status: 503, body: '' }, contractPage(TIMETABLE, { etag: '"v1"' })]);
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(textOf(el, 'error-message')).to.match(/HTTP 503/);
    await expect(el).to.be.accessible();
    (part(el, 'retry') as HTMLButtonElement).click();
    await boardSettled(el);
    expect((await busRequests()).length).to.equal(2);
    expect(part(el, 'error')).to.exist;
    // Two failures in a row: the board tries again after 60 s × 4 on its own.
    await advance(el, 4 * MINUTE - 1);
    expect((await busRequests()).length).to.equal(2);
    await advance(el, 1);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
  });

  it('a Retry with focus as the board tries again by itself keeps it while that fails, and gives it to the departures once it works', async () => {
    const el = await boardWith([{ status: 503, body: '' }, { status: 503, body: '' }, contractPage(TIMETABLE, { etag: '"v1"' })]);
    part(el, 'retry')!.focus();
    await advance(el, 2 * MINUTE);
    expect((await busRequests()).length).to.equal(2);
    expect(el.shadowRoot!.activeElement, 'Retry').to.equal(part(el, 'retry'));
    await advance(el, 4 * MINUTE);
    expect(names(el)).to.deep.equal(['Early', 'Mid', 'Late']);
    expect(el.shadowRoot!.activeElement, 'the departures').to.equal(part(el, 'content'));
  });

  it('stops its timers and listeners when removed, and picks up again when put back', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')]);
    const parent = el.parentElement!;
    expect(fake.pending).to.equal(2); // the clock and the next refresh
    el.remove(); // disconnectedCallback stops both timers and unsubscribes there and then
    expect(fake.pending).to.equal(0);
    expect(signals.subscribers).to.equal(0);
    await advance(el, 5 * MINUTE);
    expect((await busRequests()).length).to.equal(1);
    parent.append(el); // the refresh is overdue: it runs at once
    await waitUntil(() => el.boardStatus.updatedAt === fake.now(), 'refreshed on return', { timeout: 8000 });
    expect((await busRequests()).length).to.equal(2);
    expect(signals.subscribers).to.equal(2); // the refresh and the screen wake lock
  });

  it('put back after the clock was set back (NTP correcting a kiosk), refreshes within its interval, not the hours the clock went back', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')]);
    const parent = el.parentElement!;
    el.remove();
    fake.stepClock(-2 * 60 * MINUTE);
    parent.append(el);
    await el.updateComplete;
    expect(el.boardStatus.nextAt, 'the refresh planned').to.be.at.most(fake.now() + MINUTE);
    await advance(el, MINUTE);
    await waitUntil(async () => (await busRequests()).length === 2, 'the refresh', { timeout: 4000 });
  });

  it('offers bus-select from a board row', async () => {
    const el = await boardWith([contractPage(TIMETABLE, { etag: '"v1"' })]);
    const selected = oneEvent(el, 'bus-select') as Promise<CustomEvent<BusSelectDetail>>;
    (rows(el)[1]!.querySelector('[part~="select"]') as HTMLButtonElement).click();
    expect((await selected).detail.bus.name).to.equal('Mid');
    await el.updateComplete;
    expect(rows(el)[1]!.querySelector('[part~="select"]')!.getAttribute('aria-pressed')).to.equal('true');
  });

  it("follows the page's own visibility and connectivity (document.visibilityState, navigator.onLine)", async () => {
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const setOnline = (online: boolean) => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    setVisibility('visible');
    try {
      server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(TIMETABLE, { etag: '"v1"' }), notModified('"v1"')] });
      fake = new FakeScheduler(at(8, 0));
      const el = document.createElement('bus-list') as BusList;
      el.scheduler = fake;
      el.cache = new OriginCache({ now: () => fake.now() });
      el.baseUrl = `${server.origin}/wp-json`;
      el.board = true;
      fixtureSync(html`<div></div>`).append(el);
      await boardSettled(el);
      setVisibility('hidden');
      await advance(el, 3 * MINUTE);
      expect((await busRequests()).length).to.equal(1);
      setVisibility('visible');
      await waitUntil(() => el.boardStatus.updatedAt === fake.now(), 'refreshed once visible', { timeout: 8000 });
      expect((await busRequests()).length).to.equal(2);
      setOnline(false);
      await el.updateComplete;
      expect(textOf(el, 'notice')).to.equal('Offline: the departures shown may be out of date.');
      setOnline(true);
      await el.updateComplete;
      expect(part(el, 'notice')).to.equal(null);
    } finally {
      delete (document as unknown as Record<string, unknown>)['visibilityState'];
      delete (navigator as unknown as Record<string, unknown>)['onLine'];
    }
  });

  describe('plugin dialect (the reference API)', () => {
    let reference: LoopbackServer;
    before(async () => {
      reference = await referenceServer({ dialect: 'plugin' });
    });
    after(() => reference.stop());
    const wbtm = async () => (await reference.requests()).filter((r) => r.method === 'GET' && r.path.includes('/wbtm/'));

    async function pluginBoard(attributes: Record<string, string>): Promise<BusList> {
      // 06:00 on the day the reference API is seeded at (the run's moment), not on whichever day the page's clock has reached.
      const morning = new Date(runMoment());
      morning.setHours(6, 0, 0, 0);
      fake = new FakeScheduler(morning.getTime());
      signals = new FakePageSignals();
      const el = document.createElement('bus-list') as BusList;
      el.scheduler = fake;
      el.pageSignals = signals;
      el.cache = new OriginCache({ now: () => fake.now() });
      el.baseUrl = `${reference.origin}/wp-json`;
      el.board = true;
      el.lookahead = 0; // today's search: the following days have their own suite
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      fixtureSync(html`<div></div>`).append(el);
      await boardSettled(el);
      return el;
    }

    it("shows today's search as a board and revalidates it with the site's ETag", async () => {
      const el = await pluginBoard({ from: 'Paris', to: 'Berlin' });
      expect(clean((part(el, 'table') as HTMLTableElement).caption!.textContent)).to.equal('Departures from Paris');
      const expected = referenceParisBerlin(siteDate(fake.now(), null)).board;
      expect(names(el)).to.deep.equal(expected);
      expect(rows(el)[expected.indexOf('Nachtfalter Night Coach')]!.querySelector('[part~="next-day"]')).to.exist;
      expect(rows(el)[0]!.querySelector('th time')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T07:00$/);
      const renders = el.tableRenders;
      const before = (await wbtm()).length;
      await advance(el, MINUTE);
      const after = await wbtm();
      expect(after.length).to.equal(before + 1);
      expect(after.at(-1)!.ifNoneMatch).to.match(/^".+"$/);
      expect(after.at(-1)!.status).to.equal(304);
      expect(el.tableRenders).to.equal(renders);
      await expect(el).to.be.accessible();
    });

    it('asks for a route without from/to, and neither requests nor schedules refreshes', async () => {
      const before = (await reference.requests()).length;
      const el = await pluginBoard({ dialect: 'plugin' });
      expect(textOf(el, 'prompt')).to.equal('Choose a route to see its buses.');
      expect(fake.pending).to.equal(1); // only the clock
      await advance(el, 5 * MINUTE);
      expect((await reference.requests()).length).to.equal(before);
      await expect(el).to.be.accessible();
    });
  });
});
