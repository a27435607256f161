// Interface B over real HTTP: the contract dialect (authenticated) and the bus plugin's dialect.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { AUTH, basic, DEMO_APP_PASSWORD, DEMO_USER, dist, getAll, getJson, header, ROOT, siteDay, startFor, TODAY, TOMORROW, type Parsed } from './helpers.js';

const recorded = (name: string): Parsed => JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/recorded', name), 'utf8'));
const auth = { authorization: AUTH };

describe('contract dialect: authentication', () => {
  test('no credentials → 401 rest_forbidden on every /wbtm/v1 route', async (t) => {
    const api = await startFor(t);
    for (const route of ['/wbtm/v1/routes', '/wbtm/v1/buses', '/wbtm/v1/buses/40', `/wbtm/v1/passengers?date=${TODAY}`]) {
      const res = await getJson(api.url, `/wp-json${route}`);
      assert.equal(res.status, 401, route);
      assert.deepEqual(res.data, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    }
  });

  test('wrong password → incorrect_password, unknown user → invalid_username', async (t) => {
    const api = await startFor(t);
    const password = await getJson(api.url, '/wp-json/wbtm/v1/routes', { authorization: basic(DEMO_USER, 'abcd EFGH 1234 ijkl MNOP 0000') });
    assert.equal(password.status, 401);
    assert.equal(password.data.code, 'incorrect_password');
    assert.equal(password.data.message, 'The provided password is an invalid application password.');
    const user = await getJson(api.url, '/wp-json/wbtm/v1/routes', { authorization: basic('nobody', DEMO_APP_PASSWORD) });
    assert.equal(user.status, 401);
    assert.equal(user.data.code, 'invalid_username');
  });

  test('the application password works with and without its spaces', async (t) => {
    const api = await startFor(t);
    for (const password of [DEMO_APP_PASSWORD, DEMO_APP_PASSWORD.replace(/ /g, '')]) {
      const res = await getJson(api.url, '/wp-json/wbtm/v1/routes', { authorization: basic(DEMO_USER, password) });
      assert.equal(res.status, 200);
      assert.ok(res.data.length >= 6);
    }
  });

  test('custom credentials replace the demo ones', async (t) => {
    const api = await startFor(t, { user: 'ops', appPassword: 'AAAA BBBB CCCC DDDD EEEE FFFF' });
    assert.equal((await getJson(api.url, '/wp-json/wbtm/v1/routes', auth)).status, 401);
    assert.equal((await getJson(api.url, '/wp-json/wbtm/v1/routes', { authorization: basic('ops', 'AAAABBBBCCCCDDDDEEEEFFFF') })).status, 200);
  });
});

describe('contract dialect: routes and buses', () => {
  test('routes carry id, start, end and the stops in order', async (t) => {
    const api = await startFor(t);
    const { data } = await getJson(api.url, '/wp-json/wbtm/v1/routes', auth);
    assert.ok(data.length >= 6);
    for (const route of data) {
      assert.deepEqual(Object.keys(route), ['id', 'start', 'end', 'stops']);
      assert.equal(route.start, route.stops[0]);
      assert.equal(route.end, route.stops.at(-1));
    }
    assert.ok(data.filter((route: Parsed) => route.stops.length > 2).length >= 6, 'routes with intermediate stops');
  });

  test('the bus list is paged and filters by route_id and type', async (t) => {
    const api = await startFor(t);
    const all = await getAll(api.url, '/wbtm/v1/buses', '', auth);
    assert.ok(all.length >= 12);
    const page = await getJson(api.url, '/wp-json/wbtm/v1/buses?per_page=5', auth);
    assert.equal(page.headers['x-wp-total'], String(all.length));
    assert.equal(page.headers['x-wp-totalpages'], String(Math.ceil(all.length / 5)));
    assert.match(header(page, 'link'), /rel="next"/);
    assert.deepEqual(Object.keys(page.data[0]), ['id', 'name', 'type', 'route_id', 'route_stops', 'tickets', 'features', 'total_seats']);
    const ac = await getAll(api.url, '/wbtm/v1/buses', '&type=ac', auth);
    const nonAc = await getAll(api.url, '/wbtm/v1/buses', '&type=non-ac', auth);
    assert.ok(ac.length > 0 && ac.every((bus) => bus.type === 'AC'));
    assert.ok(nonAc.length > 0 && nonAc.every((bus) => bus.type === 'Non AC'));
    assert.equal(ac.length + nonAc.length, all.length);
    assert.equal((await getAll(api.url, '/wbtm/v1/buses', '&type=NON%20AC', auth)).length, nonAc.length);
    const route70 = await getAll(api.url, '/wbtm/v1/buses', '&route_id=70', auth);
    assert.ok(route70.length >= 2 && route70.every((bus) => bus.route_id === 70));
    for (const bad of ['abc', '0', '-3']) {
      const res = await getJson(api.url, `/wp-json/wbtm/v1/buses?route_id=${bad}`, auth);
      assert.equal(res.status, 400, bad);
      assert.equal(res.data.code, 'rest_invalid_param');
      assert.ok('route_id' in res.data.data.params);
    }
    const none = await getJson(api.url, '/wp-json/wbtm/v1/buses?route_id=9999', auth);
    assert.deepEqual(none.data, []);
    assert.equal(none.headers['x-wp-totalpages'], '0');
  });

  test('the bus detail has gallery, per-segment prices, seat type and decks; drafts are invalid ids', async (t) => {
    const api = await startFor(t);
    const bus = (await getJson(api.url, '/wp-json/wbtm/v1/buses/41', auth)).data;
    assert.equal(bus.route_id, 70);
    assert.equal(bus.seat_type, 'wbtm_seat_plan');
    assert.equal(bus.decks.length, 2);
    assert.ok(bus.gallery.every((url: Parsed) => url.startsWith(`${api.url}/wp-content/uploads/`)));
    for (const price of bus.prices) {
      assert.ok(bus.route_stops.some((stop: Parsed) => stop.place === price.boarding_point));
      assert.ok(bus.route_stops.some((stop: Parsed) => stop.place === price.dropping_point));
    }
    assert.ok(new Set(bus.prices.map((p: Parsed) => `${p.boarding_point}>${p.dropping_point}`)).size > 1);
    const shuttle = (await getJson(api.url, '/wp-json/wbtm/v1/buses/45', auth)).data;
    assert.equal(shuttle.seat_type, 'wbtm_without_seat_plan');
    assert.equal(shuttle.decks, undefined);
    assert.equal(shuttle.total_seats, 30);
    for (const id of [52, 999999]) {
      const res = await getJson(api.url, `/wp-json/wbtm/v1/buses/${id}`, auth);
      assert.equal(res.status, 404);
      assert.deepEqual(res.data, { code: 'rest_post_invalid_id', message: 'Invalid bus ID.', data: { status: 404 } });
    }
  });
});

describe('contract dialect: passengers', () => {
  test('only confirmed bookings, matching the seats the plugin dialect shows as booked', async (t) => {
    const contract = await startFor(t);
    const plugin = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const res = await getJson(contract.url, `/wp-json/wbtm/v1/passengers?bus_id=40&date=${TODAY}&per_page=100`, auth);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-store, private');
    assert.ok(res.data.length > 0);
    assert.deepEqual(Object.keys(res.data[0]), [
      'booking_id',
      'name',
      'email',
      'phone',
      'bus_id',
      'bus_name',
      'date',
      'boarding_point',
      'dropping_point',
      'seat',
      'ticket_type',
      'price',
      'status',
    ]);
    assert.ok(res.data.every((p: Parsed) => p.status === 'confirmed' && p.bus_id === 40 && p.date === TODAY));
    const seats = (await getJson(plugin.url, `/wp-json/wbtm/v1/buses/40/seats?date=${TODAY}`)).data;
    const cells = seats.decks.flatMap((deck: Parsed) => deck.seats.flat()).filter((cell: Parsed) => cell?.type === 'seat');
    const booked = cells
      .filter((cell: Parsed) => cell.status === 'booked')
      .map((cell: Parsed) => cell.name)
      .sort();
    const held = cells.filter((cell: Parsed) => cell.status === 'held').map((cell: Parsed) => cell.name);
    assert.ok(held.length > 0, 'bus 40 has unconfirmed bookings today');
    assert.deepEqual(res.data.map((p: Parsed) => p.seat).sort(), booked);
    assert.ok(res.data.every((p: Parsed) => !held.includes(p.seat)));
  });

  test('filters, paging and validation; tomorrow has bookings too', async (t) => {
    const api = await startFor(t);
    const all = await getAll(api.url, '/wbtm/v1/passengers', '', auth);
    assert.ok(all.some((p) => p.date === TODAY) && all.some((p) => p.date === TOMORROW));
    const tomorrow = await getAll(api.url, '/wbtm/v1/passengers', `&date=${TOMORROW}`, auth);
    assert.ok(tomorrow.length > 0 && tomorrow.every((p) => p.date === TOMORROW));
    const page = await getJson(api.url, '/wp-json/wbtm/v1/passengers?per_page=2&page=2', auth);
    assert.equal(page.headers['x-wp-total'], String(all.length));
    assert.equal(page.data.length, 2);
    for (const bad of ['21-11-2026', '2026-13-01', '2026-02-30', 'today']) {
      const res = await getJson(api.url, `/wp-json/wbtm/v1/passengers?date=${bad}`, auth);
      assert.equal(res.status, 400, bad);
      assert.equal(res.data.code, 'rest_invalid_param');
      assert.ok('date' in res.data.data.params);
    }
    const bus = await getJson(api.url, '/wp-json/wbtm/v1/passengers?bus_id=x', auth);
    assert.equal(bus.status, 400);
    const past = await getJson(api.url, '/wp-json/wbtm/v1/passengers?date=2020-01-01', auth);
    assert.deepEqual(past.data, []);
  });
});

describe('plugin dialect', () => {
  test('the contract routes do not exist (even with credentials)', async (t) => {
    const api = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    for (const route of ['/wbtm/v1/buses', `/wbtm/v1/passengers?date=${TODAY}`]) {
      const res = await getJson(api.url, `/wp-json${route}`, auth);
      assert.equal(res.status, 404);
      assert.equal(res.data.code, 'rest_no_route');
    }
  });

  test('routes, search (with return), bus and seats answer anonymously in the recorded shapes', async (t) => {
    const api = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const routes = (await getJson(api.url, '/wp-json/wbtm/v1/routes')).data;
    assert.deepEqual(Object.keys(routes), Object.keys(recorded('wbtm-routes.json').body));
    assert.ok(routes.boarding_points.includes('Paris') && routes.dropping_points.includes('Berlin'));
    const search = (await getJson(api.url, `/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=${TOMORROW}&return_date=${siteDay(4)}`)).data;
    const shape = recorded('wbtm-buses-search-paris-berlin-with-return.json').body;
    assert.deepEqual(Object.keys(search), Object.keys(shape));
    assert.deepEqual(Object.keys(search.buses[0]), Object.keys(shape.buses[0]));
    assert.ok(search.buses.length > 0 && search.return_buses.length > 0);
    assert.ok(search.buses.every((bus: Parsed) => bus.departure_time.startsWith(`${TOMORROW} `)));
    const night = search.buses.find((bus: Parsed) => bus.id === 41);
    assert.equal(night.arrival_time, `${siteDay(2)} 09:45`, 'overnight arrival is the next day');
    assert.ok(search.return_buses.every((bus: Parsed) => bus.boarding_point === 'Berlin' && bus.dropping_point === 'Paris'));
    const nothing = (await getJson(api.url, `/wp-json/wbtm/v1/buses/search?bp=Wien&dp=M%C3%BCnchen&date=${TOMORROW}`)).data;
    assert.deepEqual(nothing.buses, [], 'no bus runs that way: an empty list, not an error');
    const bus = (await getJson(api.url, '/wp-json/wbtm/v1/buses/42')).data;
    assert.deepEqual(Object.keys(bus), Object.keys(recorded('wbtm-bus-royal-bus.json').body));
    assert.equal(bus.name, 'Rhein &#038; Ruhr Express');
    assert.match(bus.tickets[0].price, /^\d+\.\d\d $/);
    assert.match((await getJson(api.url, '/wp-json/wbtm/v1/buses/43')).data.tickets[0].price, /^\d+\.\d\d incl\. VAT$/);
  });

  test('seat maps: ragged rows, non-seats, a switched-off upper deck, and the bus without a plan', async (t) => {
    const api = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const ragged = (await getJson(api.url, `/wp-json/wbtm/v1/buses/42/seats?date=${TODAY}`)).data;
    assert.deepEqual(Object.keys(ragged), ['id', 'date', 'boarding_point', 'dropping_point', 'seat_type', 'decks']);
    const [lower] = ragged.decks;
    assert.deepEqual(Object.keys(lower), ['rows', 'cols', 'seats', 'deck']);
    assert.equal(lower.cols, lower.seats[0].length);
    assert.ok(new Set(lower.seats.map((row: Parsed) => row.length)).size > 1, 'rows of different widths');
    const names = new Set();
    for (const id of [40, 41, 42, 43, 44, 46, 49]) {
      const seats = (await getJson(api.url, `/wp-json/wbtm/v1/buses/${id}/seats?date=${TODAY}`)).data;
      for (const cell of seats.decks.flatMap((deck: Parsed) => deck.seats.flat())) if (cell?.type === 'non_seat') names.add(cell.name);
    }
    for (const name of ['driver', 'door', 'aisle', 'toilet', 'stairs']) assert.ok(names.has(name), name);
    const switchedOff = (await getJson(api.url, `/wp-json/wbtm/v1/buses/43/seats?date=${TODAY}`)).data;
    const upper = switchedOff.decks.find((deck: Parsed) => deck.deck === 'upper');
    assert.ok(upper && upper.seats.flat().every((cell: Parsed) => cell === null));
    // 44's upper deck was filled in, then switched off: sent with its seats (the plugin reads
    // show_upper_desk=no as true), but neither sold nor counted by the search.
    const hidden = (await getJson(api.url, `/wp-json/wbtm/v1/buses/44/seats?date=${TODAY}`)).data;
    const seatsOf = (deck: Parsed) => deck.seats.flat().filter((cell: Parsed) => cell?.type === 'seat').length;
    const [hiddenLower, hiddenUpper] = hidden.decks;
    assert.deepEqual([hiddenLower.deck, hiddenUpper.deck], ['lower', 'upper']);
    assert.ok(seatsOf(hiddenUpper) > 0);
    const bus44 = (await getJson(api.url, '/wp-json/wbtm/v1/buses/44')).data;
    const ends = [bus44.route_stops[0].place, bus44.route_stops.at(-1).place];
    const search = (await getJson(api.url, `/wp-json/wbtm/v1/buses/search?bp=${encodeURIComponent(ends[0])}&dp=${encodeURIComponent(ends[1])}&date=${TODAY}`))
      .data;
    assert.equal(search.buses.find((bus: Parsed) => bus.id === 44).total_seats, seatsOf(hiddenLower));
    const double = (await getJson(api.url, `/wp-json/wbtm/v1/buses/41/seats?date=${TODAY}&bp=Paris&dp=Brussels`)).data;
    assert.ok(
      double.decks
        .find((deck: Parsed) => deck.deck === 'upper')
        .seats.flat()
        .some((cell: Parsed) => cell?.type === 'seat'),
    );
    assert.equal(double.dropping_point, 'Brussels');
    const free = (await getJson(api.url, `/wp-json/wbtm/v1/buses/45/seats?date=${TODAY}`)).data;
    assert.deepEqual(Object.keys(free), Object.keys(recorded('wbtm-bus-seats-regio-shuttle.json').body));
    assert.equal(free.total_seats, free.booked + free.available);
    assert.ok(free.booked > 0);
  });

  test('every plugin error code, all 400, with the plugin messages', async (t) => {
    const api = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const cases = [
      ['/wbtm/v1/buses/search?dp=Berlin&date=2026-11-30', 'wbtm_missing_param'],
      ['/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=30/11/2026', 'wbtm_invalid_date'],
      ['/wbtm/v1/buses/search?bp=Paris&dp=Berlin', 'wbtm_invalid_date'],
      ['/wbtm/v1/buses/search?bp=paris&dp=Berlin&date=2026-11-30', 'wbtm_unknown_stop'],
      ['/wbtm/v1/buses/search?bp=Paris&dp=Atlantis&date=2026-11-30', 'wbtm_unknown_stop'],
      ['/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=2026-11-30&return_date=soon', 'wbtm_invalid_date'],
      ['/wbtm/v1/buses/999999', 'wbtm_invalid_bus'],
      ['/wbtm/v1/buses/52', 'wbtm_invalid_bus'],
      ['/wbtm/v1/buses/40/seats?date=tomorrow', 'wbtm_invalid_date'],
      ['/wbtm/v1/buses/999999/seats?date=2026-11-30', 'wbtm_invalid_bus'],
      [`/wbtm/v1/buses/53/seats?date=${TODAY}`, 'wbtm_no_route'],
    ];
    for (const [route, code] of cases) {
      const res = await getJson(api.url, `/wp-json${route}`);
      assert.equal(res.status, 400, route);
      assert.equal(res.data.code, code, route);
      assert.deepEqual(res.data.data, { status: 400 });
    }
    assert.deepEqual(
      (await getJson(api.url, '/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=30/11/2026')).data,
      recorded('wbtm-buses-search-bad-date.json').body,
    );
    assert.deepEqual((await getJson(api.url, '/wp-json/wbtm/v1/buses/999999')).data, recorded('wbtm-bus-not-found.json').body);
    const returnDate = await getJson(api.url, '/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=2026-11-30&return_date=soon');
    assert.equal(returnDate.data.message, 'Invalid or missing "return_date" parameter. Expected format: YYYY-MM-DD.');
  });

  test('/wp/v2/wbtm_bus lists published buses as posts', async (t) => {
    const api = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const page = await getJson(api.url, '/wp-json/wp/v2/wbtm_bus');
    assert.equal(page.headers['x-wp-total'], '13');
    assert.equal(page.headers['x-wp-totalpages'], '2');
    assert.equal(page.headers['link'], `<${api.url}/wp-json/wp/v2/wbtm_bus?page=2>; rel="next"`);
    assert.deepEqual(Object.keys(page.data[0]), Object.keys(recorded('wp-v2-wbtm-bus-list.json').body[0]));
    assert.ok(!page.data.some((bus: Parsed) => bus.id === 52));
    const draft = await getJson(api.url, '/wp-json/wp/v2/wbtm_bus/52');
    assert.equal(draft.status, 401);
    assert.equal(draft.data.code, 'rest_forbidden');
  });
});

describe('plugin dialect: rate limit', () => {
  test('the 31st /wbtm/ request within a minute is 429 wbtm_rate_limited; other routes are not counted', async (t) => {
    const api = await startFor(t, { dialect: 'plugin' });
    for (let i = 0; i < 30; i++) {
      const route = i % 2 ? '/wbtm/v1/routes' : '/wbtm/v1/buses/search?bp=Paris';
      const res = await getJson(api.url, `/wp-json${route}`);
      assert.notEqual(res.status, 429, `request ${i + 1}`);
    }
    assert.equal((await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=1')).status, 200);
    assert.equal((await getJson(api.url, '/wp-json/wp/v2/wbtm_bus?per_page=1')).status, 200);
    const limited = await getJson(api.url, '/wp-json/wbtm/v1/routes');
    assert.equal(limited.status, 429);
    assert.deepEqual(limited.data, recorded('wbtm-rate-limited.json').body);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.match(header(limited, 'access-control-expose-headers'), /Retry-After/);
  });

  test('configurable, and off with 0; the contract dialect has no limit', async (t) => {
    const three = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await getJson(three.url, '/wp-json/wbtm/v1/buses/40')).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const off = await startFor(t, { dialect: 'plugin', rateLimitPerMinute: 0 });
    const contract = await startFor(t);
    for (let i = 0; i < 35; i++) {
      assert.equal((await getJson(off.url, '/wp-json/wbtm/v1/routes')).status, 200);
      assert.equal((await getJson(contract.url, '/wp-json/wbtm/v1/routes', auth)).status, 200);
    }
  });

  test('the window restarts with every allowed request, refused ones do not extend it', async () => {
    const { RateLimiter } = await dist('server/reference/http/rate-limit.js');
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    assert.equal(limiter.hit('a'), null); // t=0
    now = 50_000;
    assert.equal(limiter.hit('a'), null);
    now = 100_000;
    assert.equal(limiter.hit('a'), null); // a fixed window would have reset at 60 s
    now = 120_000;
    assert.equal(limiter.hit('a'), 40, 'blocked until 60 s after the last allowed request');
    assert.equal(limiter.hit('b'), null, 'per visitor');
    now = 159_999;
    assert.notEqual(limiter.hit('a'), null);
    now = 160_000;
    assert.equal(limiter.hit('a'), null);
  });
});
