// The reference API over real HTTP: WordPress core conventions (index, paging, errors, routing, caching, CORS).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { RunningReference } from '../../src/server/reference/index.js';
import { AUTH, getAll, getJson, header, NOW, request, ROOT, startFor, type Parsed } from './helpers.js';

const recorded = (name: string): Parsed => JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/recorded', name), 'utf8'));

describe('index', () => {
  test('contract dialect lists its routes as a WordPress routes object', async (t) => {
    const api = await startFor(t);
    const res = await getJson(api.url, '/wp-json/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=UTF-8');
    assert.equal(res.headers['link'], `<${api.url}/wp-json/>; rel="https://api.w.org/"`);
    assert.equal(res.headers['allow'], 'GET');
    assert.equal(res.headers['access-control-expose-headers'], 'X-WP-Total, X-WP-TotalPages, Link, ETag');
    assert.equal(typeof res.data.name, 'string');
    assert.deepEqual([...res.data.namespaces].sort(), ['wbtm/v1', 'wp/v2']);
    const routes = Object.keys(res.data.routes);
    for (const route of [
      '/wbtm/v1/routes',
      '/wbtm/v1/buses',
      '/wbtm/v1/buses/(?P<id>\\d+)',
      '/wbtm/v1/passengers',
      '/wp/v2/mep_events',
      '/wp/v2/mep_events/(?P<id>[\\d]+)',
      '/wp/v2/mep_cat',
      '/wp/v2/mep_org',
      '/wp/v2/mep_event_speaker',
    ]) {
      assert.ok(routes.includes(route), `missing ${route}`);
    }
    assert.ok(!routes.includes('/wbtm/v1/buses/search'));
    assert.ok(!routes.includes('/wp/v2/wbtm_bus'));
    assert.deepEqual(res.data.routes['/wp/v2/mep_events'].methods, ['GET']);
  });

  test('plugin dialect lists the plugin routes and not the contract ones', async (t) => {
    const api = await startFor(t, { dialect: 'plugin' });
    const routes = Object.keys((await getJson(api.url, '/wp-json/')).data.routes);
    for (const route of [
      '/wbtm/v1/routes',
      '/wbtm/v1/buses/search',
      '/wbtm/v1/buses/(?P<id>\\d+)',
      '/wbtm/v1/buses/(?P<id>\\d+)/seats',
      '/wp/v2/wbtm_bus',
      '/wp/v2/mep_events',
    ]) {
      assert.ok(routes.includes(route), `missing ${route}`);
    }
    assert.ok(!routes.includes('/wbtm/v1/buses'));
    assert.ok(!routes.includes('/wbtm/v1/passengers'));
  });

  test('/wp-json, /wp-json/, /?rest_route=/ and /index.php?rest_route=/ are the same index', async (t) => {
    const api = await startFor(t);
    const bodies = await Promise.all(['/wp-json/', '/wp-json', '/?rest_route=/', '/index.php?rest_route=/'].map(async (p) => (await request(api.url, p)).body));
    for (const body of bodies) assert.equal(body, bodies[0]);
  });
});

describe('collections and paging', () => {
  test('X-WP-Total, X-WP-TotalPages and next/prev links that keep the other params', async (t) => {
    const api = await startFor(t);
    const first = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=5');
    assert.equal(first.data.length, 5);
    assert.equal(first.headers['x-wp-total'], '160');
    assert.equal(first.headers['x-wp-totalpages'], '32');
    assert.equal(first.headers['link'], `<${api.url}/wp-json/wp/v2/mep_events?per_page=5&page=2>; rel="next"`);
    const middle = await getJson(api.url, '/wp-json/wp/v2/mep_events?mep_org=11,12&per_page=5&page=2&_fields=id');
    const base = `${api.url}/wp-json/wp/v2/mep_events?mep_org=11%2C12&per_page=5`;
    assert.equal(middle.headers['link'], `<${base}&page=1&_fields=id>; rel="prev", <${base}&page=3&_fields=id>; rel="next"`);
    const last = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=5&page=32');
    assert.equal(last.headers['link'], `<${api.url}/wp-json/wp/v2/mep_events?per_page=5&page=31>; rel="prev"`);
    const defaults = await getJson(api.url, '/wp-json/wp/v2/mep_events');
    assert.equal(defaults.data.length, 10);
    assert.equal(defaults.headers['x-wp-totalpages'], '16');
  });

  test('per_page=101 is rest_invalid_param exactly as recorded', async (t) => {
    const api = await startFor(t);
    const res = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=101');
    const fixture = recorded('mep-events-per-page-101.json');
    assert.equal(res.status, fixture.status);
    assert.deepEqual(res.data, fixture.body);
    assert.equal(res.headers['allow'], fixture.headers.Allow);
    assert.equal(res.headers['content-type'], fixture.headers['Content-Type']);
    assert.equal(res.headers['x-wp-total'], undefined);
  });

  test('non-integer and too-small paging values are rejected with core messages', async (t) => {
    const api = await startFor(t);
    const abc = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=abc');
    assert.equal(abc.status, 400);
    assert.equal(abc.data.code, 'rest_invalid_param');
    assert.deepEqual(abc.data.data.params, { per_page: 'per_page is not of type integer.' });
    assert.equal(abc.data.data.details.per_page.code, 'rest_invalid_type');
    const both = await getJson(api.url, '/wp-json/wp/v2/mep_cat?per_page=0&page=0');
    assert.equal(both.status, 400);
    assert.equal(both.data.message, 'Invalid parameter(s): page, per_page');
    assert.equal(both.data.data.params.page, 'page must be greater than or equal to 1');
  });

  test('posts past the last page: rest_post_invalid_page_number as recorded; zero results: [] with 0 pages', async (t) => {
    const api = await startFor(t);
    const past = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=5&page=33');
    assert.equal(past.status, 400);
    assert.deepEqual(past.data, recorded('mep-events-page-out-of-range.json').body);
    for (const page of [1, 2]) {
      const none = await getJson(api.url, `/wp-json/wp/v2/mep_events?mep_org=15&page=${page}`);
      assert.equal(none.status, 200);
      assert.deepEqual(none.data, []);
      assert.equal(none.headers['x-wp-total'], '0');
      assert.equal(none.headers['x-wp-totalpages'], '0');
    }
  });

  test('terms past the end are [] and terms come sorted by name', async (t) => {
    const api = await startFor(t);
    const past = await getJson(api.url, '/wp-json/wp/v2/mep_cat?per_page=5&page=3');
    assert.equal(past.status, 200);
    assert.deepEqual(past.data, []);
    const cats = (await getJson(api.url, '/wp-json/wp/v2/mep_cat')).data;
    const names = cats.map((term: Parsed) => term.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    assert.deepEqual(Object.keys(cats[0]), ['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'parent', 'meta', '_links']);
  });

  test('posts are ordered by publish date, newest first, which is not the event date order', async (t) => {
    const api = await startFor(t);
    const events = await getAll(api.url, '/wp/v2/mep_events');
    assert.equal(events.length, 160);
    for (let i = 1; i < events.length; i++) assert.ok(events[i - 1].date > events[i].date, `order at ${i}`);
    const starts = events.map((event) => event.event_informations.event_start_datetime[0]);
    const sortedByStart = [...starts].sort().reverse();
    assert.notDeepEqual(starts, sortedByStart);
    assert.ok(
      events.every((event) => !starts.includes(event.date.replace('T', ' '))),
      'publish dates equal event dates',
    );
  });
});

describe('routing', () => {
  test('?rest_route= answers byte for byte what /wp-json/ answers, and both are logged with the route', async (t) => {
    const api = await startFor(t);
    const pretty = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=3&page=2');
    const plain = await request(api.url, '/?rest_route=/wp/v2/mep_events&per_page=3&page=2');
    assert.equal(plain.status, 200);
    assert.equal(plain.body, pretty.body);
    assert.equal(plain.headers['link'], pretty.headers['link']);
    const routes = api.requests.slice(-2).map((record) => record.route);
    assert.deepEqual(routes, ['/wp/v2/mep_events', '/wp/v2/mep_events']);
  });

  test('unknown routes and unregistered methods are rest_no_route', async (t) => {
    const api = await startFor(t);
    const expected = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };
    const unknown = await getJson(api.url, '/wp-json/wp/v2/nothing-here');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.data, expected);
    const post = await request(api.url, '/wp-json/wp/v2/mep_events', { method: 'POST' });
    assert.equal(post.status, 404);
    assert.deepEqual(JSON.parse(post.body), expected);
    const viaQuery = await getJson(api.url, '/?rest_route=/wp/v2/nothing-here');
    assert.deepEqual(viaQuery.data, expected);
  });

  test('HEAD answers like GET without a body', async (t) => {
    const api = await startFor(t);
    const get = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=2');
    const head = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=2', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    for (const name of ['etag', 'x-wp-total', 'x-wp-totalpages', 'link', 'content-type', 'content-length']) {
      assert.equal(head.headers[name], get.headers[name], name);
    }
  });
});

describe('caching and CORS', () => {
  test('strong ETag on 200s; If-None-Match (exact, W/, list, *) gives 304 without a body', async (t) => {
    const api = await startFor(t);
    const first = await request(api.url, '/wp-json/wp/v2/mep_cat');
    const etag = header(first, 'etag');
    assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const again = await request(api.url, '/wp-json/wp/v2/mep_cat', { headers: { 'if-none-match': inm, origin: 'https://shop.example' } });
      assert.equal(again.status, 304, inm);
      assert.equal(again.body, '');
      assert.equal(again.headers['etag'], etag);
      assert.equal(again.headers['access-control-allow-origin'], 'https://shop.example');
    }
    const changed = await request(api.url, '/wp-json/wp/v2/mep_cat', { headers: { 'if-none-match': '"something-else"' } });
    assert.equal(changed.status, 200);
    const record = api.requests.at(-2);
    assert.ok(record);
    assert.equal(record.status, 304);
    assert.equal(record.ifNoneMatch, '*');
    const error = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=101');
    assert.equal(error.headers['etag'], undefined);
  });

  test('reflects any Origin with credentials; preflight allows our headers and is cacheable', async (t) => {
    const api = await startFor(t);
    const get = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=1', { headers: { origin: 'https://any.example' } });
    assert.equal(get.headers['access-control-allow-origin'], 'https://any.example');
    assert.equal(get.headers['access-control-allow-credentials'], 'true');
    assert.match(header(get, 'vary'), /Origin/);
    const preflight = await request(api.url, '/wp-json/wbtm/v1/passengers', {
      method: 'OPTIONS',
      headers: { origin: 'https://any.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, if-none-match' },
    });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://any.example');
    assert.equal(preflight.headers['access-control-allow-headers'], 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, If-None-Match');
    assert.equal(preflight.headers['access-control-allow-methods'], 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
    assert.equal(preflight.headers['access-control-max-age'], '600');
    const noOrigin = await request(api.url, '/wp-json/wp/v2/mep_events?per_page=1');
    assert.equal(noOrigin.headers['access-control-allow-origin'], undefined);
  });
});

describe('determinism and the request log', () => {
  test('two servers with the same day give byte-identical bodies; another day differs', async (t) => {
    const a = await startFor(t, { now: NOW });
    // The site day's first instant and the next day's, from the site's calendar, not by adding hours:
    // a DST day lasts 23 or 25 hours, and where the clocks skip midnight (America/Santiago) it begins at 01:00.
    const today = new Date(NOW);
    const dayStart = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
    const nextDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime();
    // Another moment of the same site day: halfway through the longer side of NOW.
    const b = await startFor(t, { now: NOW - dayStart > nextDay - NOW ? dayStart + Math.floor((NOW - dayStart) / 2) : NOW + Math.floor((nextDay - NOW) / 2) });
    const c = await startFor(t, { now: nextDay });
    const host = { host: 'example.org', authorization: AUTH };
    for (const p of [
      '/wp-json/wp/v2/mep_events?per_page=100',
      '/wp-json/wp/v2/mep_event_speaker',
      '/wp-json/wbtm/v1/buses/41',
      `/wp-json/wbtm/v1/passengers?per_page=100`,
      '/wp-json/',
    ]) {
      const get = (api: RunningReference) => request(api.url, p, { headers: host });
      const [ra, rb, rc] = await Promise.all([get(a), get(b), get(c)]);
      assert.equal(ra.status, 200, p);
      assert.equal(ra.body, rb.body, p);
      assert.equal(ra.headers['etag'], rb.headers['etag']);
      if (p.includes('mep_events') || p.includes('passengers')) assert.notEqual(ra.body, rc.body, p);
    }
    assert.match((await request(a.url, '/wp-json/', { headers: host })).body, /"url":"http:\\\/\\\/example\.org"/);
  });

  test('every request is recorded once its status is known, and logged', async (t) => {
    const lines: string[] = [];
    const api = await startFor(t, { log: (line) => lines.push(line) });
    await request(api.url, '/?rest_route=/wbtm/v1/routes&x=1', { headers: { authorization: AUTH, 'if-none-match': '"a"' } });
    await request(api.url, '/no-such-file.txt');
    const [rest, file] = api.requests;
    assert.ok(rest && file);
    assert.equal(rest.method, 'GET');
    assert.equal(rest.path, '/');
    assert.equal(rest.search, '?rest_route=/wbtm/v1/routes&x=1');
    assert.equal(rest.route, '/wbtm/v1/routes');
    assert.equal(rest.status, 200);
    assert.equal(rest.authorization, true);
    assert.equal(rest.ifNoneMatch, '"a"');
    assert.ok(Math.abs(rest.at - Date.now()) < 10_000);
    assert.equal(file.route, '');
    assert.equal(file.status, 404);
    assert.equal(file.authorization, false);
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /GET \/\?rest_route=\/wbtm\/v1\/routes&x=1 200/);
  });
});
