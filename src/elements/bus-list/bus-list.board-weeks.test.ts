// A departure board left running for weeks (from an adversarial review). Every test runs on a FakeScheduler (and, where
// a module reads Date.now() itself, on a Date.now tied to that fake clock); no expected value comes
// from the wall clock. The "site" is a scripted fetch behind the board's own OriginCache.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { clean, part, shadow } from '../../../test/helpers/element.js';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { OriginCache } from '../../api/cache.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { contractBus, pluginBus, pluginSearch } from './bus-list.test-support.js';

type SiteReply = { status?: number; headers?: Record<string, string>; body?: unknown } | 'down';

/** A WordPress site answering from `handle`; `down` makes every request fail as offline. */
class FakeSite {
  down = false;
  readonly requests: URL[] = [];
  constructor(private readonly handle: (url: URL) => SiteReply) {}
  readonly fetch = async (input: string): Promise<Response> => {
    const url = new URL(input);
    this.requests.push(url);
    await Promise.resolve();
    if (this.down) throw new TypeError('Failed to fetch');
    const reply = this.handle(url);
    if (reply === 'down') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return new Response(status === 304 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
}

const CONTRACT_INDEX = { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {} } };
const isIndex = (url: URL) => url.pathname === '/wp-json/' || url.pathname === '/wp-json';
const isBuses = (url: URL) => url.pathname === '/wp-json/wbtm/v1/buses';
const contractReply = (buses: unknown[], extra: Record<string, string> = {}) => ({
  body: buses,
  headers: { 'X-WP-Total': String(buses.length), 'X-WP-TotalPages': buses.length ? '1' : '0', ...extra },
});
const daily = (id: number, name: string, departs: string, arrives: string, more: Parameters<typeof contractBus>[0] = {}) =>
  contractBus({
    id,
    name,
    stops: [
      ['Lyon', departs],
      ['Nice', arrives],
    ],
    ...more,
  });

let origins = 0;
/** A board on `site`, on `fake` and `signals`, with `attributes`; not yet settled. Each board gets its own origin. */
function mount(site: FakeSite, attributes: Record<string, string>, fake: FakeScheduler, signals = new FakePageSignals()): BusList {
  const el = document.createElement('bus-list') as BusList;
  el.scheduler = fake;
  el.pageSignals = signals;
  el.cache = new OriginCache({ now: () => fake.now(), fetch: site.fetch });
  el.baseUrl = `https://weeks-${++origins}.site.test/wp-json`;
  el.setAttribute('board', '');
  el.setAttribute('lang', 'en');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  fixtureSync(html`<div></div>`).append(el);
  return el;
}

async function settled(el: BusList): Promise<void> {
  await waitUntil(() => !el.boardStatus.loading && (part(el, 'table') || part(el, 'empty') || part(el, 'error') || part(el, 'prompt')), 'the board settles', {
    timeout: 8000,
    interval: 5,
  });
  await el.updateComplete;
}

/** Moves the fake clock a minute at a time, letting each refresh finish and the board render. */
async function run(el: BusList, fake: FakeScheduler, ms: number): Promise<void> {
  const end = fake.now() + ms;
  while (fake.now() < end) {
    fake.advance(Math.min(60_000, end - fake.now()));
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    await waitUntil(() => !el.boardStatus.loading, 'the refresh finishes', { timeout: 8000, interval: 2 });
    await el.updateComplete;
  }
}

const rowNames = (el: Element) =>
  [...shadow(el).querySelectorAll('tbody tr[data-bus]')].map((row) => clean(row.querySelector('[part~="select"]')?.textContent));
const clockReading = (el: Element) => part(el, 'clock')?.querySelector('time')?.getAttribute('datetime');
const MINUTE = 60_000;

describe('<bus-list board> running for weeks', () => {
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it('an outage across the site midnight keeps the last good departures (not an error box), with the stale note and the age', async () => {
    // Site in Berlin, kiosk in the viewer zone (UTC in this run, but nothing depends on it).
    const site = new FakeSite((url) =>
      isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Morning', '07:30', '12:30'), daily(2, 'Evening', '19:45', '23:50')]),
    );
    // 30 Nov 2026 23:50 in Berlin (UTC+1).
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 22, 50));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'Europe/Berlin', refresh: '60' }, fake);
    await settled(el);
    expect(rowNames(el).slice(0, 2)).to.deep.equal(['Morning', 'Evening']); // tomorrow's, under "Tomorrow"
    expect(clockReading(el)).to.equal('23:50');
    // The site goes down at 23:55 Berlin and stays down (nightly maintenance) for 20 minutes.
    await run(el, fake, 5 * MINUTE);
    site.down = true;
    await run(el, fake, 15 * MINUTE); // now 00:10 Berlin
    expect(clockReading(el)).to.equal('00:10');
    const state = `error box: ${clean(part(el, 'error')?.textContent) || '-'} | updated: ${clean(part(el, 'updated')?.textContent) || '-'} | banner: ${clean(part(el, 'stale-banner')?.textContent) || '-'}`;
    // Expected: the same departures stay up (now today's), with "Last updated 23:54" and the stale banner.
    expect(part(el, 'error'), state).to.equal(null);
    expect(rowNames(el).slice(0, 2), state).to.deep.equal(['Morning', 'Evening']);
    expect(el.boardStatus.updatedAt, state).to.not.equal(null);
    expect(part(el, 'stale-banner'), state).to.not.equal(null);
    // On the day after, a bare "23:54" would name this evening: both stamps carry their date.
    const updated = part(el, 'updated')?.querySelector('time');
    expect(updated?.getAttribute('datetime'), state).to.match(/^2026-11-30T23:5\d:\d\d$/);
    expect(clean(updated?.textContent), state).to.match(/Nov 30, 2026.*11:5\d/);
    expect(clean(part(el, 'stale-banner')?.textContent), state).to.match(/since Nov 30, 2026.*11:5\d/);
  });

  it("a failed read of the site index while the network is down does not replace the site's zone with the kiosk's", async () => {
    // Auckland (UTC+13 in November); the index publishes the zone, no time-zone attribute.
    const tick = { start: 0, fake: undefined as FakeScheduler | undefined };
    const site = new FakeSite((url) => {
      if (isIndex(url))
        return { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses/search': {} }, timezone_string: 'Pacific/Auckland', gmt_offset: 13 } };
      const date = url.searchParams.get('date')!;
      return {
        body: pluginSearch(
          [
            pluginBus({ id: 1, name: `Early ${date}`, departure_time: `${date} 06:00`, arrival_time: `${date} 09:00` }),
            pluginBus({ id: 2, name: `Late ${date}`, departure_time: `${date} 21:00`, arrival_time: `${date} 23:00` }),
          ],
          date,
        ),
      };
    });
    // 30 Nov 2026 20:00 UTC = 1 Dec 2026 09:00 in Auckland.
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 20, 0));
    tick.fake = fake;
    // siteZoneOf() forgets what it learned by Date.now(), not by the board's scheduler: tie the two.
    const realStart = realNow();
    Date.now = () => realStart + (fake.now() - Date.UTC(2026, 10, 30, 20, 0));
    const signals = new FakePageSignals();
    const el = mount(site, { from: 'Paris', to: 'Berlin', lookahead: '0', refresh: '60' }, fake, signals);
    await settled(el);
    expect(clockReading(el)).to.equal('09:00');
    expect(rowNames(el)).to.deep.equal(['Late 2026-12-01']);
    // 20 minutes without a network (the board retries at +1, +3, +7 and +15 min).
    site.down = true;
    signals.setOnline(false);
    await run(el, fake, 20 * MINUTE);
    const during = `clock ${clockReading(el)}`;
    // The network is back (the device says so): the board retries at once.
    site.down = false;
    signals.setOnline(true);
    await run(el, fake, 1 * MINUTE);
    const after = `clock ${clockReading(el)}, rows ${rowNames(el).join(', ')}`;
    expect([during, after]).to.deep.equal(['clock 09:20', 'clock 09:21, rows Late 2026-12-01']);
  });

  it('a contract timetable of more than 100 buses: departures on page 2 are shown', async () => {
    // 100 early buses (05:00 … 06:39, gone by noon) on page 1, 50 afternoon buses on page 2.
    const early = Array.from({ length: 100 }, (_, i) =>
      daily(1000 + i, `Early ${i}`, `0${5 + Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}`, '12:00'),
    );
    const late = Array.from({ length: 50 }, (_, i) =>
      daily(2000 + i, `Afternoon ${i}`, `${14 + Math.floor(i / 10)}:${String((i % 10) * 5).padStart(2, '0')}`, '23:00'),
    );
    const site = new FakeSite((url) => {
      if (isIndex(url)) return { body: CONTRACT_INDEX };
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '10');
      const all = [...early, ...late];
      const items = all.slice((page - 1) * perPage, page * perPage);
      return { body: items, headers: { 'X-WP-Total': String(all.length), 'X-WP-TotalPages': String(Math.ceil(all.length / perPage)) } };
    });
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 12, 0));
    const el = mount(site, { 'time-zone': 'UTC', lookahead: '0', 'per-page': '3' }, fake);
    await settled(el);
    const pages = site.requests.filter(isBuses).map((url) => url.searchParams.get('page'));
    expect(rowNames(el), `pages read: ${pages.join(',')}; empty: ${clean(part(el, 'empty')?.textContent)}`).to.deep.equal([
      'Afternoon 0',
      'Afternoon 1',
      'Afternoon 2',
    ]);
  });

  it('countdown across the spring-forward night counts real minutes (01:50 CET → 03:10 CEST is 20 min)', async () => {
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Night', '03:10', '08:00')])));
    // 29 Mar 2026 00:50 UTC = 01:50 CET; the clocks go to 03:00 CEST at 01:00 UTC. 03:10 CEST = 01:10 UTC.
    const fake = new FakeScheduler(Date.UTC(2026, 2, 29, 0, 50));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'Europe/Berlin', lookahead: '0', 'time-format': 'countdown' }, fake);
    await settled(el);
    expect(clockReading(el)).to.equal('01:50');
    expect(clean(part(el, 'countdown')?.textContent)).to.equal('in 20 min');
  });

  it('a departure in the skipped hour (02:30 on the spring-forward night) stays up until the 03:30 CEST its countdown counts to', async () => {
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Gap', '02:30', '08:00')])));
    // 29 Mar 2026 00:59 UTC = 01:59 CET; a minute later it is 03:00 CEST. 02:30 is read as PHP reads it: 03:30 CEST.
    const fake = new FakeScheduler(Date.UTC(2026, 2, 29, 0, 59));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'Europe/Berlin', lookahead: '0', 'time-format': 'countdown' }, fake);
    await settled(el);
    const seen = [`${clockReading(el)} ${rowNames(el).join()} ${clean(part(el, 'countdown')?.textContent)}`];
    for (const minutes of [1, 30, 1]) {
      await run(el, fake, minutes * MINUTE);
      seen.push(`${clockReading(el)} ${rowNames(el).join()} ${clean(part(el, 'countdown')?.textContent)}`);
    }
    expect(seen).to.deep.equal(['01:59 Gap in 31 min', '03:00 Gap in 30 min', '03:30 Gap Now', '03:31  ']);
  });

  it('a departure in the repeated hour (02:30 on the fall-back night) is gone in the second 02:00 … 02:59', async () => {
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Twice', '02:30', '08:00')])));
    // 25 Oct 2026 00:20 UTC = 02:20 CEST; 02:30 CEST (00:30 UTC) is when it leaves, as the countdown and PHP read it.
    const fake = new FakeScheduler(Date.UTC(2026, 9, 25, 0, 20));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'Europe/Berlin', lookahead: '0', 'time-format': 'countdown' }, fake);
    await settled(el);
    const seen = [`${clockReading(el)} ${rowNames(el).join()} ${clean(part(el, 'countdown')?.textContent)}`];
    for (const minutes of [10, 1, 49]) {
      await run(el, fake, minutes * MINUTE);
      seen.push(`${clockReading(el)} ${rowNames(el).join()} ${clean(part(el, 'countdown')?.textContent)}`);
    }
    // 01:20 UTC is 02:20 CET, the second time the clock reads 02:20: the bus left 50 minutes ago.
    expect(seen).to.deep.equal(['02:20 Twice in 10 min', '02:30 Twice Now', '02:31  ', '02:20  ']);
  });

  it('a Retry-After beyond 24.8 days (2³¹ ms, where browsers run a timer at once) waits instead of retrying in a loop', async () => {
    let limited = false;
    const site = new FakeSite((url) => {
      if (isIndex(url)) return { body: CONTRACT_INDEX };
      if (limited)
        return {
          status: 429,
          headers: { 'Retry-After': String(30 * 86_400) },
          body: { code: 'rest_rate_limited', message: 'Slow down', data: { status: 429 } },
        };
      return contractReply([daily(1, 'Evening', '19:45', '23:50')]);
    });
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 8, 0));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'UTC', lookahead: '0' }, fake);
    await settled(el);
    limited = true;
    await run(el, fake, 10 * MINUTE);
    expect([el.boardStatus.failures, site.requests.filter(isBuses).length, rowNames(el).join()]).to.deep.equal([1, 2, 'Evening']);
  });

  it('does not announce changes to departures the board does not show', async () => {
    let seats = 30;
    const timetable = () =>
      Array.from({ length: 6 }, (_, i) => daily(i + 1, `Bus ${i + 1}`, `${10 + i}:00`, `${15 + i}:00`, { seats_left: i === 5 ? seats : 30 }));
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply(timetable())));
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 9, 0));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'UTC', lookahead: '0', 'per-page': '2', refresh: '60' }, fake);
    await settled(el);
    expect(rowNames(el)).to.deep.equal(['Bus 1', 'Bus 2']);
    const announced: string[] = [];
    const announcer = part(el, 'announcer')!;
    new MutationObserver(() => announced.push(clean(announcer.textContent))).observe(announcer, { childList: true, characterData: true, subtree: true });
    // Someone books seats on the 15:00 bus, which is not on the board; an hour of refreshes.
    for (let i = 0; i < 60; i++) {
      seats--;
      await run(el, fake, MINUTE);
    }
    expect(rowNames(el)).to.deep.equal(['Bus 1', 'Bus 2']);
    expect(announced.filter(Boolean), `announced ${announced.filter(Boolean).length}×: ${announced[0]}`).to.deep.equal([]);
  });

  it('after the clock is corrected backwards (NTP), refreshes still ask the site and an outage is not reported as live', async () => {
    /** Wall clock (now) that can be stepped; timers run on the monotonic clock underneath, as browsers do. */
    class SteppedClock extends FakeScheduler {
      step = 0;
      override now(): number {
        return super.now() + this.step;
      }
    }
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Evening', '19:45', '23:50')])));
    // The kiosk's clock ran an hour fast: it reads 11:00 UTC while it is 10:00.
    const fake = new SteppedClock(Date.UTC(2026, 10, 30, 11, 0));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'UTC', lookahead: '0', refresh: '60' }, fake);
    await settled(el);
    fake.step = -60 * MINUTE; // NTP steps the clock back to 10:00
    site.down = true;
    const before = site.requests.filter(isBuses).length;
    await run(el, fake, 30 * MINUTE); // 30 minutes, the site down throughout
    expect(clockReading(el)).to.equal('10:30');
    const state = {
      requestsDuringOutage: site.requests.filter(isBuses).length - before,
      updated: clean(part(el, 'updated')?.textContent),
      banner: clean(part(el, 'stale-banner')?.textContent) || null,
      failures: el.boardStatus.failures,
    };
    // Expected: ~5 attempts (1, 3, 7, 15 min …), all failing; "Last updated" still the 11:00 (pre-step) success; a stale banner.
    expect(state.requestsDuringOutage, JSON.stringify(state)).to.be.greaterThan(0);
    expect(state.updated, JSON.stringify(state)).to.not.equal('Last updated 10:30 AM');
  });
});

// What the review found sound, kept so it stays so.
describe('<bus-list board> running for weeks: what held already', () => {
  it('26 simulated hours: timers, listeners and DOM nodes do not grow; removal clears all timers and listeners', async function () {
    this.timeout(240_000);
    const site = new FakeSite((url) =>
      isIndex(url)
        ? { body: CONTRACT_INDEX }
        : contractReply(
            Array.from({ length: 8 }, (_, i) => daily(i + 1, `Bus ${i + 1}`, `${String(6 + i * 2).padStart(2, '0')}:00`, '23:00')),
            { ETag: '"v1"' },
          ),
    );
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 6, 0));
    const signals = new FakePageSignals();
    let reloads = 0;
    const el = document.createElement('bus-list') as BusList;
    el.kioskPlatform = { wakeLock: () => null, fetch: () => Promise.reject(new Error('no')), reload: () => reloads++ };
    const parent = fixtureSync(html`<div></div>`);
    Object.assign(el, {
      scheduler: fake,
      pageSignals: signals,
      cache: new OriginCache({ now: () => fake.now(), fetch: site.fetch }),
      baseUrl: 'https://soak.site.test/wp-json',
    });
    for (const [n, v] of Object.entries({ board: '', 'route-id': '3', 'time-zone': 'Europe/Berlin', 'burn-in': '', rotate: '10', 'per-page': '2', lang: 'en' }))
      el.setAttribute(n, v);
    parent.append(el);
    await settled(el);
    await run(el, fake, 60 * MINUTE);
    const first = { timers: fake.pending, subs: signals.subscribers, nodes: shadow(el).querySelectorAll('*').length };
    await run(el, fake, 25 * 60 * MINUTE);
    const last = { timers: fake.pending, subs: signals.subscribers, nodes: shadow(el).querySelectorAll('*').length };
    expect(last.timers).to.be.at.most(first.timers);
    expect(last.subs).to.equal(first.subs);
    expect(last.nodes).to.be.at.most(first.nodes + 10);
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([fake.pending, signals.subscribers]).to.deep.equal([0, 0]);
    parent.append(el);
    await el.updateComplete;
    expect(fake.pending).to.be.greaterThan(0);
  });

  it('a 429 with Retry-After (plugin dialect) waits it out, keeps the departures and recovers by itself', async () => {
    let limited = false;
    const site = new FakeSite((url) => {
      if (isIndex(url)) return { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses/search': {} } } };
      if (limited) return { status: 429, headers: { 'Retry-After': '300' }, body: { code: 'wbtm_rate_limited', message: 'Too many', data: { status: 429 } } };
      const date = url.searchParams.get('date')!;
      return { body: pluginSearch([pluginBus({ id: 1, name: 'Flix', departure_time: `${date} 23:00`, arrival_time: `${date} 23:50` })], date) };
    });
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 8, 0));
    const el = mount(site, { from: 'Paris', to: 'Berlin', 'time-zone': 'UTC', lookahead: '0' }, fake);
    await settled(el);
    limited = true;
    await run(el, fake, MINUTE);
    expect(el.boardStatus.failures).to.equal(1);
    const before = site.requests.length;
    await run(el, fake, 4 * MINUTE);
    expect(site.requests.length).to.equal(before);
    expect(rowNames(el)).to.deep.equal(['Flix']);
    limited = false;
    await run(el, fake, 2 * MINUTE);
    expect(el.boardStatus.failures).to.equal(0);
    expect(part(el, 'notice')).to.equal(null);
  });

  it('hostile bus and stop names render as text', async () => {
    const evil = '<img src=x onerror="window.__weeks=1">&lt;script&gt;window.__weeks=2&lt;/script&gt;\u202Eevil';
    const site = new FakeSite((url) =>
      isIndex(url)
        ? { body: CONTRACT_INDEX }
        : contractReply([
            contractBus({
              id: 1,
              name: evil,
              stops: [
                [evil, '10:00'],
                [evil, '12:00'],
              ],
            }),
          ]),
    );
    const fake = new FakeScheduler(Date.UTC(2026, 10, 30, 8, 0));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'UTC', lookahead: '0' }, fake);
    await settled(el);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shadow(el).querySelector('img, script')).to.equal(null);
    expect((window as { __weeks?: number }).__weeks).to.equal(undefined);
  });

  it('lang switch to de re-renders the board in German; empty day; Santiago midnight (skipped 00:00) rolls over', async () => {
    const site = new FakeSite((url) => (isIndex(url) ? { body: CONTRACT_INDEX } : contractReply([daily(1, 'Morning', '07:30', '12:30')])));
    // 5 Sep 2026 23:58 in Santiago (UTC-4); at 6 Sep 00:00 the clocks go to 01:00 (UTC-3).
    const fake = new FakeScheduler(Date.UTC(2026, 8, 6, 3, 58));
    const el = mount(site, { 'route-id': '3', 'time-zone': 'America/Santiago', lookahead: '0' }, fake);
    await settled(el);
    expect(clean(part(el, 'empty')?.textContent)).to.equal('No more departures.');
    await run(el, fake, 3 * MINUTE);
    expect(clockReading(el)).to.equal('01:01');
    expect(rowNames(el)).to.deep.equal(['Morning']);
    el.setAttribute('lang', 'de');
    await el.updateComplete;
    await el.updateComplete;
    expect(clean(part(el, 'updated')?.textContent)).to.match(/^Zuletzt|aktualisiert/i);
  });
});
