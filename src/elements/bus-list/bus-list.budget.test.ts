// The request budget, against the reference API in the plugin dialect (its real limit:
// 30 requests a minute per visitor, the window restarting with every allowed request).
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { referenceServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { listRoutes } from '../../api/buses.js';
import { OriginCache } from '../../api/cache.js';
import { ApiClient } from '../../api/client.js';
import { FakePageSignals, FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';

describe('<bus-list> request budget', () => {
  let server: LoopbackServer;
  before(async () => {
    server = await referenceServer({ dialect: 'plugin' });
  });
  after(() => server.stop());

  it('a route select, a list and a board refreshing every 60 s, looking ahead up to 7 days, make at most 6 requests in any minute', async () => {
    const base = `${server.origin}/wp-json`;
    // Noon on the day the reference API is seeded at (the run's moment), not on whichever day the page's clock has reached.
    const noon = new Date(runMoment());
    noon.setHours(12, 0, 0, 0);
    const fake = new FakeScheduler(noon.getTime());
    const signals = new FakePageSignals();
    // The page-wide cache every widget of the page shares, on the simulated clock.
    const cache = new OriginCache({ now: () => fake.now() });

    // The route select's one request (the select itself is another element).
    const routes = await listRoutes(new ApiClient({ baseUrl: base, cache }));
    expect(routes.boardingPoints).to.include('Paris');

    const make = (board: boolean) => {
      const el = document.createElement('bus-list') as BusList;
      el.scheduler = fake;
      el.pageSignals = signals;
      el.cache = cache;
      el.baseUrl = base;
      el.from = 'Paris';
      el.to = 'Berlin';
      if (board) {
        el.board = true;
        el.setAttribute('refresh', '60');
      }
      return el;
    };
    const list = make(false);
    const board = make(true);
    fixtureSync(html`<div></div>`).append(list, board);
    await waitUntil(
      () => list.shadowRoot!.querySelector('[part~="list"]') && board.shadowRoot!.querySelector('[part~="table"]') && !board.boardStatus.loading,
      'both show the route',
      { timeout: 8000 },
    );

    const all = async () => server.requests();
    const wbtmGets = (requests: Awaited<ReturnType<typeof all>>) => requests.filter((r) => r.method === 'GET' && r.path.includes('/wbtm/'));
    const start = await all();
    // Page load: the routes, one search for today shared by list and board, at most 2 later days
    // (the board looks ahead when today's departures do not fill it), and the site index once.
    const searches = (requests: Awaited<ReturnType<typeof all>>) => wbtmGets(requests).filter((r) => r.path === '/wp-json/wbtm/v1/buses/search');
    expect(wbtmGets(start)[0]!.path).to.equal('/wp-json/wbtm/v1/routes');
    expect(searches(start).length).to.be.within(1, 3);
    expect(start.length, 'page load').to.be.at.most(6);
    const searchedDates = new Set(searches(start).map((r) => new URLSearchParams(r.search).get('date')));
    expect(searchedDates.size, 'one search per day').to.equal(searches(start).length);

    const perMinute: Array<{ site: number; wbtm: number }> = [];
    let seen = start;
    // Minute by minute, then a jump to the 29th minute (the reference API's own limiter runs on the
    // real clock, so the simulated half hour must not become 35 requests in a few real seconds),
    // then minute by minute past the 30th, when the later days' answers (kept 30 minutes) are re-read.
    const steps = [1, 1, 1, 1, 1, 24, 1, 1, 1, 1, 1, 1];
    for (const [index, minutes] of steps.entries()) {
      const minute = index + 1;
      fake.advance(minutes * 60_000);
      await waitUntil(() => !board.boardStatus.loading && board.boardStatus.updatedAt === fake.now(), `step ${minute} refreshed`, { timeout: 8000 });
      const now = await all();
      const fresh = now.slice(seen.length);
      perMinute.push({ site: fresh.length, wbtm: wbtmGets(fresh).length });
      seen = now;
    }
    expect(
      perMinute.every(({ site }) => site <= 6),
      JSON.stringify(perMinute),
    ).to.equal(true);
    // Every request counts, CORS preflights included. The board did refresh each minute (today's
    // search at least), it did look ahead, and the site never had to refuse.
    const dates = new Set(searches(seen).map((r) => new URLSearchParams(r.search).get('date')));
    expect(dates.size, 'later days were read').to.be.greaterThan(1);
    expect(
      perMinute.every(({ wbtm }) => wbtm >= 1),
      JSON.stringify(perMinute),
    ).to.equal(true);
    expect(seen.some((r) => r.status === 429)).to.equal(false);
    expect(list.shadowRoot!.querySelectorAll('[part~="item"]').length).to.be.greaterThan(0);
  });
});
