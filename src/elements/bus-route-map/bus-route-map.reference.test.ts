// <bus-route-map> against the reference API in both dialects: every bus it lists, and routes across
// their buses. Expectations come from the raw wire JSON the test reads itself, never from the element.
import { expect } from '@open-wc/testing';
import { proxiedServer, referenceServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, parts } from '../../../test/helpers/element.js';
import { cacheForOrigin } from '../../api/cache.js';
import { decodeEntities } from '../../api/text.js';
import type { ContractBusWire, ContractRouteWire, PluginBusWire, PluginSearchWire } from '../../api/wire/shapes.js';
import { siteDate } from '../../shared/wall-clock.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';
import { expectedRoute, expectedStops, rawJson, routeMap, settled, shiftDate, shownRoute, shownStops, textOf } from './bus-route-map.test-support.js';

const TOKEN = 'route-map-token-0123456789abcdefghij';
// The day the reference API is seeded at, not the page's clock now: that may pass midnight between
// the test's read of the search and the element's, and Eco Move runs on weekdays only.
const today = () => siteDate(runMoment(), null);

/** Requests this page made to `origin` since the last `performance.clearResourceTimings()`. */
const requestsTo = (origin: string) =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname);

describe('<bus-route-map> against the reference API', () => {
  describe('plugin dialect', () => {
    let server: LoopbackServer;
    let base: string;
    before(async () => {
      server = await referenceServer({ dialect: 'plugin', rateLimitPerMinute: 0 });
      base = `${server.origin}/wp-json`;
    });
    after(() => server.stop());
    afterEach(() => cacheForOrigin(server.origin).clear());

    it('draws every bus the site lists, stops in order with times, kinds and next-day marks as its raw record says', async () => {
      const listed = await rawJson<Array<{ id: number }>>(`${base}/wp/v2/wbtm_bus?per_page=100`);
      expect(listed.length).to.be.greaterThan(10);
      for (const { id } of listed) {
        const raw = await rawJson<PluginBusWire>(`${base}/wbtm/v1/buses/${id}`);
        const el = routeMap({ 'base-url': base, 'bus-id': String(id), dialect: 'plugin' });
        await settled(el);
        if (raw.route_stops.length === 0) {
          expect(textOf(el, 'empty'), `bus ${id}`).to.equal('This bus has no stops to show.');
        } else {
          expect(shownStops(el), `bus ${id}`).to.deep.equal(expectedStops(raw.route_stops));
          expect(textOf(el, 'title'), `bus ${id}`).to.equal(decodeEntities(raw.name));
        }
        await expect(el).to.be.accessible();
        el.remove();
      }
    });

    it("draws today's Paris → Berlin across its buses: the union of their stops, each bus's dated time at each", async () => {
      const search = await rawJson<PluginSearchWire>(`${base}/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=${today()}`);
      const sorted = [...search.buses].sort((a, b) => a.departure_time.localeCompare(b.departure_time) || a.id - b.id).slice(0, 3);
      const details = await Promise.all(sorted.map((bus) => rawJson<PluginBusWire>(`${base}/wbtm/v1/buses/${bus.id}`)));
      cacheForOrigin(server.origin).clear();
      performance.clearResourceTimings();

      // Without a date, the element's today: pinned to the same moment.
      const el = routeMap({ 'base-url': base, from: 'Paris', to: 'Berlin' }, { scheduler: new FakeScheduler(runMoment()) });
      await settled(el);
      expect(textOf(el, 'title')).to.equal('Paris → Berlin');
      expect(shownRoute(el)).to.deep.equal(
        expectedRoute(
          details.map((bus) => ({ stops: bus.route_stops })),
          'Paris',
          'Berlin',
          search.date,
        ),
      );
      expect(parts(el, 'call-bus').length).to.equal(shownRoute(el).flatMap(([, times]) => times).length);
      // The index, one search, one detail per bus: bounded.
      const requests = requestsTo(server.origin);
      expect(requests.filter((path) => path.endsWith('/buses/search'))).to.have.length(1);
      expect(requests.length).to.be.at.most(2 + sorted.length);
      await expect(el).to.be.accessible();
    });

    it('cuts each bus to the part it serves: Brussels → Berlin on a later date', async () => {
      const date = shiftDate(today(), 3);
      const search = await rawJson<PluginSearchWire>(`${base}/wbtm/v1/buses/search?bp=Brussels&dp=Berlin&date=${date}`);
      const sorted = [...search.buses].sort((a, b) => a.departure_time.localeCompare(b.departure_time) || a.id - b.id).slice(0, 3);
      const details = await Promise.all(sorted.map((bus) => rawJson<PluginBusWire>(`${base}/wbtm/v1/buses/${bus.id}`)));
      const el = routeMap({ 'base-url': base, from: 'Brussels', to: 'Berlin', date, dialect: 'plugin' });
      await settled(el);
      const expected = expectedRoute(
        details.map((bus) => ({ stops: bus.route_stops })),
        'Brussels',
        'Berlin',
        search.date,
      );
      expect(expected[0]![0]).to.equal('Brussels');
      expect(shownRoute(el)).to.deep.equal(expected);
    });

    it('says when the site does not know a stop, in an alert without Retry', async () => {
      const el = routeMap({ 'base-url': base, from: 'Atlantis', to: 'Berlin' });
      await settled(el);
      expect(textOf(el, 'error-message')).to.equal('The site does not know one of these stops; please choose the route again.');
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('says when a bus does not exist', async () => {
      const el = routeMap({ 'base-url': base, 'bus-id': '999' });
      await settled(el);
      expect(textOf(el, 'error-message')).to.equal('This bus was not found on the site.');
      await expect(el).to.be.accessible();
    });
  });

  describe('contract dialect (through the real proxy, which holds the login)', () => {
    let server: LoopbackServer;
    let base: string;
    before(async () => {
      server = await proxiedServer({ token: TOKEN, dialect: 'contract', clientBusRate: 600 });
      base = `${server.origin}/wp-json`;
    });
    after(() => server.stop());
    afterEach(() => cacheForOrigin(server.origin).clear());

    it('draws every bus the contract lists, as its raw detail record says', async () => {
      const listed = await rawJson<ContractBusWire[]>(`${base}/wbtm/v1/buses?per_page=100`);
      expect(listed.length).to.be.greaterThan(10);
      for (const { id } of listed) {
        const raw = await rawJson<ContractBusWire>(`${base}/wbtm/v1/buses/${id}`);
        const el = routeMap({ 'base-url': base, 'bus-id': String(id) });
        await settled(el);
        expect(shownStops(el), `bus ${id}`).to.deep.equal(expectedStops(raw.route_stops));
        await expect(el).to.be.accessible();
        el.remove();
      }
    });

    it('draws a route from the routes list, the route’s buses and their records (a timetable: times without a date)', async () => {
      const routes = await rawJson<ContractRouteWire[]>(`${base}/wbtm/v1/routes`);
      const route = routes.find((r) => r.stops.indexOf('Brussels') >= 0 && r.stops.indexOf('Köln') > r.stops.indexOf('Brussels'))!;
      const buses = await rawJson<ContractBusWire[]>(`${base}/wbtm/v1/buses?route_id=${route.id}&per_page=100`);
      const first = [...buses].sort((a, b) => a.route_stops[0]!.time.localeCompare(b.route_stops[0]!.time) || a.id - b.id).slice(0, 3);
      const details = await Promise.all(first.map((bus) => rawJson<ContractBusWire>(`${base}/wbtm/v1/buses/${bus.id}`)));
      cacheForOrigin(server.origin).clear();
      performance.clearResourceTimings();

      const el = routeMap({ 'base-url': base, from: 'Brussels', to: 'Köln' });
      await settled(el);
      expect(shownRoute(el)).to.deep.equal(
        expectedRoute(
          details.map((bus) => ({ stops: bus.route_stops })),
          'Brussels',
          'Köln',
          null,
        ),
      );
      // The index, the routes, the route's buses, one record per bus.
      const paths = requestsTo(server.origin);
      expect(paths.filter((path) => path.endsWith('/wbtm/v1/routes'))).to.have.length(1);
      expect(paths.length).to.be.at.most(3 + first.length);
      await expect(el).to.be.accessible();
    });
  });
});
