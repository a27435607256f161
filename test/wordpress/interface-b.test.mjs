/**
 * Interface B in the bus plugin's own dialect, through the proxy, against the plugin's demo buses:
 * each route answers 200, and the data layer's normalizers accept what comes back.
 */
import assert from 'node:assert/strict';
import { after, before, describe as suite, test } from 'node:test';
import { describe, get, loadApi, loadStack, NOT_STARTED, startTestProxy } from './helpers.mjs';

const stack = loadStack();

suite('Interface B (bus plugin dialect) through the proxy, real WordPress', { skip: stack ? false : NOT_STARTED }, () => {
  let entry;
  let api;

  before(async () => {
    api = await loadApi();
    entry = await startTestProxy(stack, { credentials: { user: stack.admin.user, appPassword: stack.admin.appPassword } });
  });
  after(() => entry?.proxy.close());

  const client = (baseUrl) => new api.ApiClient({ baseUrl, cache: new api.OriginCache() });

  test('the plugin routes answer 200 JSON through the proxy', async () => {
    const { from, to, date, busId } = stack.bus;
    const query = new URLSearchParams({ bp: from, dp: to, date }).toString();
    const routes = [
      ['/wbtm/v1/routes', ''],
      ['/wbtm/v1/buses/search', query],
      [`/wbtm/v1/buses/${busId}`, ''],
      [`/wbtm/v1/buses/${busId}/seats`, `date=${date}`],
    ];
    for (const [route, search] of routes) {
      for (const url of [`${entry.url}/wp-json${route}${search ? `?${search}` : ''}`, `${entry.url}/?rest_route=${route}${search ? `&${search}` : ''}`]) {
        const response = await get(url);
        assert.equal(response.status, 200, `${url}: ${describe(response, entry.lines)}`);
        assert.equal(typeof response.json, 'object', `${url}: not JSON`);
      }
    }
  });

  for (const [name, base] of [
    ['/wp-json', (url) => `${url}/wp-json`],
    ['?rest_route=', (url) => `${url}/?rest_route=`],
  ]) {
    test(`the data layer reads the demo buses through the proxy (client base ${name})`, async () => {
      const c = client(base(entry.url));
      const { from, to, date, busId } = stack.bus;

      assert.equal(await api.detectBusDialect(c), 'plugin');

      const routes = await api.listRoutes(c);
      assert.equal(routes.dialect, 'plugin');
      assert.ok(routes.boardingPoints.includes(from), `boarding points ${routes.boardingPoints} include ${from}`);
      assert.ok(routes.droppingPoints.includes(to), `dropping points ${routes.droppingPoints} include ${to}`);

      const search = await api.searchBuses(c, { from, to, date });
      assert.equal(search.date, date);
      assert.ok(search.buses.length >= 1, 'at least one bus');
      assert.ok(
        search.buses.some((bus) => bus.id === busId),
        `bus ${busId} among ${search.buses.map((bus) => bus.id)}`,
      );
      for (const bus of search.buses) assert.ok(bus.name, 'every bus has a name');

      const bus = await api.getBus(c, busId);
      assert.equal(bus.id, busId);
      assert.ok(bus.name.length > 0);
      assert.ok(bus.stops.length >= 2, `stops: ${JSON.stringify(bus.stops)}`);

      const seats = await api.getSeatMap(c, busId, { date });
      assert.equal(seats.busId, busId);
      assert.ok(seats.totalSeats > 0, `total seats ${seats.totalSeats}`);
      assert.ok(seats.seatType.length > 0);
      if (seats.seatType === 'wbtm_seat_plan') assert.ok(seats.decks.length >= 1, 'a seat plan has decks');
    });
  }
});
