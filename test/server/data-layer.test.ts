// The built data layer in Node (it is framework-free) against the reference API with Basic auth:
// the way a server-side integration or our proxy reads the authenticated contract dialect.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningReference } from '../../src/server/reference/index.js';
import { dist } from './helpers.js';

const { startReferenceApi, DEMO_USER, DEMO_APP_PASSWORD } = await dist('server/reference/index.js');
const { ApiClient, ApiError, OriginCache, listRoutes, listBuses, getBus, listPassengers, listAttendees, detectBusDialect } = await dist('api/index.js');

let reference: RunningReference;
let client: InstanceType<typeof ApiClient>;
before(async () => {
  reference = await startReferenceApi({ port: 0, host: '127.0.0.1' });
  const authorization = `Basic ${Buffer.from(`${DEMO_USER}:${DEMO_APP_PASSWORD}`).toString('base64')}`;
  client = new ApiClient({ baseUrl: `${reference.url}/wp-json`, headers: { Authorization: authorization }, cache: new OriginCache() });
});
after(() => reference.close());

test('contract dialect: routes with ids drive the bus list', async () => {
  assert.equal(await detectBusDialect(client), 'contract');
  const routes = await listRoutes(client);
  assert.equal(routes.dialect, 'contract');
  assert.ok(routes.routes.length >= 6);
  const route = routes.routes[0];
  assert.ok(route);
  assert.ok(typeof route.id === 'number');
  const buses = await listBuses(client, { routeId: route.id, perPage: 100 });
  assert.ok(buses.items.length > 0);
  for (const bus of buses.items) assert.equal(bus.routeId, route.id);
});

test('contract dialect: type filter, detail with stops, fares and seats', async () => {
  const ac = await listBuses(client, { type: 'ac', perPage: 100 });
  assert.ok(ac.items.length > 0);
  for (const bus of ac.items) assert.equal(bus.typeKey, 'ac');
  const all = await listBuses(client, { perPage: 100 });
  assert.ok(all.total >= 12);
  const [first] = all.items;
  assert.ok(first);
  const detail = await getBus(client, first.id);
  assert.ok(detail.stops.length >= 2);
  assert.ok(detail.fares.length >= 1);
});

test('personal data: passengers and attendees are never kept in the cache', async () => {
  const first = await listPassengers(client, {});
  await listPassengers(client, {});
  assert.ok(first.items.length > 0);
  const attendees = await listAttendees(client, { perPage: 5 });
  assert.ok(attendees.items.length > 0);
  const passengerRequests = reference.requests.filter((r) => r.route === '/wbtm/v1/passengers');
  assert.equal(passengerRequests.length, 2);
  assert.ok(passengerRequests.every((r) => r.status === 200 && r.ifNoneMatch === null));
});

test('a wrong application password is a typed 401', async () => {
  const wrong = new ApiClient({
    baseUrl: `${reference.url}/wp-json`,
    headers: { Authorization: `Basic ${Buffer.from(`${DEMO_USER}:wrong wrong wrong wrong`).toString('base64')}` },
    cache: new OriginCache(),
  });
  await assert.rejects(
    listRoutes(wrong),
    (error) => error instanceof ApiError && error.name === 'ApiError' && error.status === 401 && typeof error.code === 'string',
  );
});
