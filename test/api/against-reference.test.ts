// The data layer against the real reference API over loopback HTTP: requests are counted on the server.
import { expect } from '@open-wc/testing';
import { ApiClient } from '../../src/api/client.js';
import { OriginCache } from '../../src/api/cache.js';
import { ApiError, CLIENT_ERROR_CODES as CODES } from '../../src/api/errors.js';
import { listAllCategories, listEvents } from '../../src/api/events.js';
import { listSpeakers } from '../../src/api/speakers.js';
import { getBus, getSeatMap, listRoutes, searchBuses } from '../../src/api/buses.js';
import { detectBusDialect, getSiteCapabilities } from '../../src/api/site-capabilities.js';
import { siteDate } from '../../src/shared/wall-clock.js';
import { failureOf } from '../helpers/failure.js';
import { referenceServer, type LoopbackServer } from '../helpers/servers.js';
import { runMoment } from '../helpers/test-doubles.js';

const perPageOf = (search: string) => Number(new URLSearchParams(search).get('per_page'));

describe('data layer against the reference API (contract dialect)', () => {
  let server: LoopbackServer;
  let client: ApiClient;
  beforeEach(async () => {
    server = await referenceServer();
    client = new ApiClient({ baseUrl: `${server.origin}/wp-json`, cache: new OriginCache() });
  });
  afterEach(() => server.stop());

  // GETs only: a cross-origin If-None-Match also sends a CORS preflight (OPTIONS).
  const eventRequests = async () => (await server.requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/wp/v2/mep_events'));

  it('two concurrent identical calls make one request', async () => {
    const [a, b] = await Promise.all([listEvents(client, { perPage: 5 }), listEvents(client, { perPage: 5 })]);
    expect(a.items.length).to.equal(5);
    expect(b.items).to.equal(a.items);
    expect((await eventRequests()).length).to.equal(1);
  });

  it('two clients of one origin share the cache', async () => {
    const cache = new OriginCache();
    const one = new ApiClient({ baseUrl: `${server.origin}/wp-json/`, cache });
    const two = new ApiClient({ baseUrl: `${server.origin}/?rest_route=`, cache });
    await Promise.all([listEvents(one, { perPage: 3 }), listEvents(one, { perPage: 3 })]);
    await listEvents(two, { perPage: 3 });
    // Different URL forms are different resources to HTTP; the same form is shared.
    expect((await server.requests()).filter((r) => r.method === 'GET').length).to.equal(2);
  });

  it('revalidates with the ETag: 304 on the wire, the same model back', async () => {
    const first = await listEvents(client, { perPage: 5 });
    const second = await listEvents(client, { perPage: 5 }, { maxAgeMs: 0 });
    const seen = await eventRequests();
    expect(seen.map((r) => r.status)).to.deep.equal([200, 304]);
    expect(seen[1]!.ifNoneMatch).to.be.a('string').and.not.equal('');
    expect(second.items).to.equal(first.items);
    expect(second.total).to.equal(first.total);
  });

  it('reads totals from X-WP-Total / X-WP-TotalPages', async () => {
    const page = await listEvents(client, { perPage: 7, page: 2 });
    expect(page.total).to.be.at.least(150);
    expect(page.totalPages).to.equal(Math.ceil(page.total / 7));
    expect(page.page).to.equal(2);
  });

  it('serves more than 100 per page from 100-item pages, never sending per_page > 100', async () => {
    const all = await listEvents(client, { perPage: 100, page: 1 });
    const second = await listEvents(client, { perPage: 100, page: 2 });
    const wide = await listEvents(client, { perPage: 150, page: 1 });
    expect(wide.items.length).to.equal(150);
    expect(wide.items.map((e) => e.id)).to.deep.equal([...all.items, ...second.items].slice(0, 150).map((e) => e.id));
    expect(wide.totalPages).to.equal(Math.ceil(wide.total / 150));

    const last = await listEvents(client, { perPage: 120, page: wide.totalPages > 1 ? Math.ceil(wide.total / 120) : 1 });
    expect(last.items.length).to.equal(wide.total - (last.page - 1) * 120);
    for (const request of await eventRequests()) expect(perPageOf(request.search)).to.be.at.most(100);
  });

  it('turns a page past the end into rest_post_invalid_page_number', async () => {
    const error = await failureOf(listEvents(client, { perPage: 100, page: 999 }));
    expect(error.code).to.equal('rest_post_invalid_page_number');
    expect(error.status).to.equal(400);
  });

  it('refuses arguments that cannot be sent, without a request', async () => {
    expect((await failureOf(listEvents(client, { perPage: 0 }))).code).to.equal(CODES.invalidArgument);
    expect((await failureOf(listEvents(client, { page: 1.5 }))).code).to.equal(CODES.invalidArgument);
    expect((await failureOf(listEvents(client, { category: -3 }))).code).to.equal(CODES.invalidArgument);
    expect((await failureOf(listEvents(client, { perPage: 5000 }))).code).to.equal(CODES.invalidArgument);
    expect((await server.requests()).length).to.equal(0);
  });

  it('filters by category and organizer and reads every category', async () => {
    const categories = await listAllCategories(client);
    expect(categories.length).to.be.at.least(3);
    const withEvents = categories.find((c) => c.count > 0)!;
    const filtered = await listEvents(client, { category: withEvents.id, perPage: 100 });
    expect(filtered.items.length).to.be.greaterThan(0);
    for (const event of filtered.items) expect(event.categoryIds).to.include(withEvents.id);
  });

  it('reads speakers', async () => {
    const page = await listSpeakers(client, { perPage: 3 });
    expect(page.items.length).to.equal(3);
    expect(page.total).to.be.at.least(6);
  });

  it('sees the contract dialect in the index; Interface B refuses an anonymous browser', async () => {
    const caps = await getSiteCapabilities(client);
    expect(caps.events).to.equal(true);
    expect(caps.busDialect).to.equal('contract');
    expect(caps.passengers).to.equal(true);
    const error = await failureOf(listRoutes(client));
    expect(error.status).to.equal(401);
  });
});

describe('data layer against the reference API (plugin dialect)', () => {
  let server: LoopbackServer;
  let client: ApiClient;
  beforeEach(async () => {
    server = await referenceServer({ dialect: 'plugin' });
    client = new ApiClient({ baseUrl: `${server.origin}/?rest_route=`, cache: new OriginCache() });
  });
  afterEach(() => server.stop());

  it('detects the plugin dialect and walks routes → search → bus → seats', async () => {
    expect(await detectBusDialect(client)).to.equal('plugin');
    const routes = await listRoutes(client);
    expect(routes.dialect).to.equal('plugin');
    expect(routes.boardingPoints.length).to.be.greaterThan(1);
    // The site publishes its zone, the page's; its today is the day it is seeded at (the run's moment), on
    // both sides of the comparison: two reads of the page's clock can fall either side of midnight.
    const { timeZone } = await getSiteCapabilities(client);
    expect(timeZone).to.not.equal(null);
    const today = siteDate(runMoment(), timeZone);
    expect(today).to.equal(siteDate(runMoment(), null));
    let found = null;
    for (const from of routes.boardingPoints) {
      for (const to of routes.droppingPoints) {
        if (from === to || found) continue;
        const result = await searchBuses(client, { from, to, date: today }).catch(() => null);
        if (result && result.buses.length > 0) found = result;
      }
      if (found) break;
    }
    expect(found, 'some route has buses today').to.not.equal(null);
    const bus = found!.buses[0]!;
    const detail = await getBus(client, bus.id);
    expect(detail.id).to.equal(bus.id);
    expect(detail.stops.length).to.be.at.least(2);
    const seats = await getSeatMap(client, bus.id, { date: found!.date! });
    expect(seats.busId).to.equal(bus.id);
    expect(seats.totalSeats).to.be.greaterThan(0);
  });

  it('backs off after the plugin rate limit instead of hammering the site', async () => {
    await server.stop();
    server = await referenceServer({ dialect: 'plugin', rateLimitPerMinute: 5 });
    client = new ApiClient({ baseUrl: `${server.origin}/?rest_route=`, cache: new OriginCache() });
    const errors: string[] = [];
    let served = 0;
    for (let n = 0; n < 12; n++) {
      await listRoutes(client, { maxAgeMs: 0 }).then(
        () => served++,
        (error: ApiError) => errors.push(error.code),
      );
    }
    // The limit (5) is answered, the 6th gets 429; after that the origin is left alone and the
    // cached routes keep being served.
    expect(errors).to.deep.equal(['wbtm_rate_limited']);
    expect(served).to.equal(11);
    // Any date would do (the limit answers first); the seeded day's, not the page's clock.
    const today = siteDate(runMoment(), null);
    const uncached = await failureOf(searchBuses(client, { from: 'A', to: 'B', date: today }));
    expect(uncached.code).to.equal(CODES.rateLimited);
    expect(uncached.retryAfter).to.be.within(1, 60);
    expect((await server.requests()).filter((r) => r.method === 'GET' && r.search.includes('wbtm')).length).to.equal(6);
  });
});
