// The board as signage: it never goes blank at night (after today's last departure it continues with
// the next days under a "Tomorrow" or date heading, and at midnight tomorrow becomes today without a
// reload), counts down, marks few and no seats, and says when its data stops being live. On a fake
// clock against a scripted contract site and the reference API (plugin dialect).
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { clean, part, shadow } from '../../../test/helpers/element.js';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { referenceServer, scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { FakePageSignals, FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';
import { addDays, contractBus, mountBoard, contractPage, pluginBus, pluginSearch, referenceParisBerlin } from './bus-list.test-support.js';
import { siteDate } from '../../shared/wall-clock.js';

/** 30 November 2026 (a Monday) at a wall-clock time in the viewer's zone. */
const at = (hours: number, minutes: number) => new Date(2026, 10, 30, hours, minutes).getTime();
/** How the board heads Wednesday 2 December in English (Intl decides the order of day and month). */
const WEDNESDAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 2));
const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {} } } };
const TIMETABLE = [
  contractBus({
    id: 1,
    name: 'Morning',
    stops: [
      ['Lyon', '07:30'],
      ['Nice', '12:30'],
    ],
  }),
  contractBus({
    id: 2,
    name: 'Noon',
    stops: [
      ['Lyon', '12:00'],
      ['Nice', '17:00'],
    ],
  }),
  contractBus({
    id: 3,
    name: 'Evening',
    stops: [
      ['Lyon', '19:45'],
      ['Nice', '23:59'],
    ],
  }),
];

/** Each body row: a day heading ("day: Tomorrow") or a departure by its machine-readable time ("2026-12-01T07:30 Morning", "07:30 Morning" today). */
function lines(el: Element): string[] {
  return [...shadow(el).querySelectorAll('tbody tr')].map((row) =>
    row.getAttribute('part') === 'day-row'
      ? `day: ${clean(row.textContent)}`
      : `${row.querySelector('[part~="departure"] time')?.getAttribute('datetime')} ${clean(row.querySelector('[part~="select"]')?.textContent)}`,
  );
}

describe('<bus-list board> looking ahead', () => {
  let server: LoopbackServer | undefined;
  let fake: FakeScheduler;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function board(origin: string, attributes: Record<string, string>, start: number): Promise<BusList> {
    fake = new FakeScheduler(start);
    const el = mountBoard(fixtureSync(html`<div></div>`), origin, { lang: 'en', ...attributes }, fake, new FakePageSignals());
    await settled(el);
    return el;
  }
  async function settled(el: BusList): Promise<void> {
    await waitUntil(() => !el.boardStatus.loading && (part(el, 'table') || part(el, 'empty') || part(el, 'error')), 'the board settles', { timeout: 8000 });
    await el.updateComplete;
  }
  async function contractBoard(attributes: Record<string, string>, start: number): Promise<BusList> {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(TIMETABLE)] });
    return board(server.origin, { 'route-id': '3', 'per-page': '4', ...attributes }, start);
  }

  it('at 21:51, after the last departure, shows tomorrow under a "Tomorrow" heading; accessible', async () => {
    const el = await contractBoard({}, at(21, 51));
    expect(lines(el)).to.deep.equal([
      'day: Tomorrow',
      '2026-12-01T07:30 Morning',
      '2026-12-01T12:00 Noon',
      '2026-12-01T19:45 Evening',
      `day: ${WEDNESDAY}`,
      '2026-12-02T07:30 Morning',
    ]);
    expect(shadow(el).querySelector('[part~="day"]')!.getAttribute('scope')).to.equal('colgroup');
    expect(part(el, 'empty')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('on a French page, "Tomorrow" stays in the English interface and a later day\'s date, formatted for the page, is marked French', async () => {
    const el = await contractBoard({ lang: 'fr' }, at(21, 51));
    const days = [...shadow(el).querySelectorAll('[part~="day"]')].map((day) => [clean(day.textContent), day.closest('[lang]')!.getAttribute('lang')]);
    expect(days).to.have.length(2);
    expect(days[0]).to.deep.equal(['Tomorrow', 'en']);
    expect(days[1]![1], days[1]![0]!).to.equal('fr');
  });

  it('with fewer than per-page departures left today, continues with tomorrow after them', async () => {
    const el = await contractBoard({}, at(11, 0));
    // Every row carries its day, today's too: an answer held across midnight keeps meaning its own day.
    expect(lines(el)).to.deep.equal([
      '2026-11-30T12:00 Noon',
      '2026-11-30T19:45 Evening',
      'day: Tomorrow',
      '2026-12-01T07:30 Morning',
      '2026-12-01T12:00 Noon',
    ]);
  });

  it('rolls over at midnight without a reload: tomorrow becomes today, the next day gets the heading', async () => {
    const el = await contractBoard({}, at(23, 58));
    expect(lines(el)[0]).to.equal('day: Tomorrow');
    fake.advance(3 * 60_000);
    await waitUntil(() => lines(el)[0] === '2026-12-01T07:30 Morning', `the new day: ${lines(el).join(' | ')}`, { timeout: 8000 });
    await settled(el);
    expect(lines(el)).to.deep.equal([
      '2026-12-01T07:30 Morning',
      '2026-12-01T12:00 Noon',
      '2026-12-01T19:45 Evening',
      'day: Tomorrow',
      '2026-12-02T07:30 Morning',
    ]);
  });

  it('lookahead="0" and an explicit date show that day only', async () => {
    const off = await contractBoard({ lookahead: '0' }, at(21, 51));
    expect(clean(part(off, 'empty')!.textContent)).to.equal('No more departures.');
    await server!.stop();
    const dated = await contractBoard({ date: '2026-11-30' }, at(21, 51));
    expect(clean(part(dated, 'empty')!.textContent)).to.equal('No more departures.');
  });

  it('says how far it looked when no day has a departure', async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage([])] });
    const el = await board(server.origin, { 'route-id': '3', lookahead: '3' }, at(9, 0));
    expect(clean(part(el, 'empty')!.textContent)).to.equal('No departures in the next 3 days.');
    await expect(el).to.be.accessible();
  });

  it('plugin dialect (the reference API): late at night the next days are searched, one request each', async () => {
    server = await referenceServer({ dialect: 'plugin' });
    // The day the reference API is seeded at (the run's moment), not whichever day the page's clock has reached.
    const today = siteDate(runMoment(), null);
    const late = new Date(`${today}T23:50:00`).getTime();
    const el = await board(server.origin, { from: 'Paris', to: 'Berlin', 'per-page': '3' }, late);
    const searches = (await server.requests()).filter((r) => r.path.endsWith('/buses/search')).map((r) => new URLSearchParams(r.search).get('date'));
    expect(searches[0]).to.equal(today);
    expect(new Set(searches).size).to.equal(searches.length);
    expect(searches.slice(1)).to.deep.equal(searches.slice(1).map((_, index) => addDays(today, index + 1)));
    // Tomorrow's Paris → Berlin departures, in time order, under "Tomorrow".
    const tomorrow = referenceParisBerlin(addDays(today, 1)).board;
    expect(
      lines(el)
        .slice(0, 1 + Math.min(3, tomorrow.length))
        .map((line) => line.replace(/^\S+ /, '')),
    ).to.deep.equal(['Tomorrow', ...tomorrow.slice(0, 3)]);
    await expect(el).to.be.accessible();
  });

  it('time-format="countdown": "in N min", "Due", "Now", updated every minute; the clock time stays for screen readers', async () => {
    const el = await contractBoard({ 'time-format': 'countdown', lookahead: '0' }, at(11, 57));
    const first = () => clean(shadow(el).querySelector('tbody [part~="departure"]')!.textContent);
    const noon = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 1, 12));
    expect(first()).to.equal(`in 3 min (${noon})`);
    expect(clean(shadow(el).querySelector('tbody [part~="countdown"]')!.textContent)).to.equal('in 3 min');
    for (const [minutes, text] of [
      [1, 'in 2 min'],
      [1, 'Due'],
      [1, 'Now'],
    ] as const) {
      fake.advance(minutes * 60_000);
      await waitUntil(() => clean(shadow(el).querySelector('tbody [part~="countdown"]')?.textContent) === text, `countdown ${text}`, { timeout: 8000 });
    }
    await expect(el).to.be.accessible();
  });

  it('time-format="auto": a countdown within the hour, the clock beyond', async () => {
    const el = await contractBoard({ 'time-format': 'auto', lookahead: '0' }, at(11, 20));
    const cells = [...shadow(el).querySelectorAll('tbody [part~="departure"]')];
    expect(
      cells.map((cell) => (cell.querySelector('[part~="countdown"]') ? clean(cell.querySelector('[part~="countdown"]')!.textContent) : 'clock')),
    ).to.deep.equal(['in 40 min', 'clock']);
  });

  it('marks few seats and full buses for signage; an implausible negative count is not shown as live', async () => {
    server = await scriptedServer([CONTRACT_INDEX], {
      'wbtm/v1/buses': [
        contractPage([
          contractBus({
            id: 1,
            name: 'Plenty',
            stops: [
              ['Lyon', '09:00'],
              ['Nice', '13:00'],
            ],
            seats_left: 30,
          }),
          contractBus({
            id: 2,
            name: 'Few',
            stops: [
              ['Lyon', '10:00'],
              ['Nice', '14:00'],
            ],
            seats_left: 3,
          }),
          contractBus({
            id: 3,
            name: 'Full',
            stops: [
              ['Lyon', '11:00'],
              ['Nice', '15:00'],
            ],
            seats_left: 0,
          }),
          contractBus({
            id: 4,
            name: 'Broken',
            stops: [
              ['Lyon', '12:00'],
              ['Nice', '16:00'],
            ],
            seats_left: -4,
          }),
        ]),
      ],
    });
    const el = await board(server.origin, { 'route-id': '3', lookahead: '0', 'few-seats': '3' }, at(8, 0));
    const seats = [...shadow(el).querySelectorAll('tbody [part~="seats"]')].map((cell) => clean(cell.textContent));
    expect(seats).to.deep.equal(['30', '3 Few seats', 'Full', '']);
    expect(shadow(el).querySelector('[part~="badge"][part~="full"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('after three failed refreshes the board says since when its data is not live, and announces it once', async () => {
    server = await scriptedServer([CONTRACT_INDEX], {
      'wbtm/v1/buses': [contractPage(TIMETABLE), { status: 500, body: { code: 'internal_server_error', message: 'Boom', data: { status: 500 } } }],
    });
    const el = await board(server.origin, { 'route-id': '3', lookahead: '0', refresh: '60' }, at(8, 0));
    expect(part(el, 'stale-banner')).to.equal(null);
    const since = clean(shadow(el).querySelector('[part~="updated"] time')!.textContent);
    const announcements: string[] = [];
    const announcer = part(el, 'announcer')!;
    new MutationObserver(() => announcements.push(clean(announcer.textContent))).observe(announcer, { childList: true, characterData: true, subtree: true });
    for (let failures = 1; failures <= 3; failures++) {
      fake.advanceTo(el.boardStatus.nextAt!);
      await waitUntil(() => !el.boardStatus.loading && el.boardStatus.failures === failures, `failure ${failures}`, { timeout: 8000 });
      await el.updateComplete;
    }
    const banner = `Live updates unavailable since ${since}.`;
    expect(clean(part(el, 'stale-banner')?.textContent)).to.equal(banner);
    expect(announcements.filter((text) => text === banner)).to.have.length(1);
    // The departures stay up, not shown as fresh.
    expect(lines(el).length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('does not show as live a "today" departure dated more than 36 hours away', async () => {
    server = await scriptedServer([CONTRACT_INDEX], {
      'buses/search': [
        {
          body: pluginSearch([
            pluginBus({ id: 1, name: 'Today', departure_time: '2026-11-30 09:00', arrival_time: '2026-11-30 18:00' }),
            pluginBus({ id: 2, name: 'Stale date', departure_time: '2026-12-03 09:30', arrival_time: '2026-12-03 18:00' }),
          ]),
        },
      ],
    });
    const el = await board(server.origin, { dialect: 'plugin', from: 'Paris', to: 'Berlin', lookahead: '0' }, at(8, 0));
    expect(lines(el)).to.deep.equal(['2026-11-30T09:00 Today']);
  });
});
