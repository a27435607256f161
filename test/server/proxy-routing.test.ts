// The proxy's front door: which routes and parameters pass, what is refused before anything else,
// what goes upstream (auth injected, client credentials stripped), what comes back, and the logs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  BASIC,
  checkLeaksAfterAll,
  json,
  ProxyConfigError,
  SECRET,
  send,
  startCapture,
  startProxy,
  startProxyFor,
  startReference,
  startStack,
  upstreamHits,
  type CaptureAnswer,
} from './proxy-helpers.js';
import { header, TOMORROW } from './helpers.js';

checkLeaksAfterAll();

describe('proxy: allowed routes', () => {
  test('forwards an Interface B route with Basic auth injected; the reference logs authorization: true', async (t) => {
    const { ref, url } = await startStack(t);
    const res = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(json(res)) && json(res)[0].id > 0);
    assert.equal(res.headers['x-cache'], 'MISS');
    const hits = upstreamHits(ref, '/wbtm/v1/routes');
    assert.equal(hits.length, 1);
    assert.equal(hits[0]?.authorization, true);
    assert.equal(hits[0]?.status, 200);
    // Without the proxy the same route is refused: the proxy really supplied the credentials.
    assert.equal((await send(ref.url, '/wp-json/wbtm/v1/routes')).status, 401);
  });

  test('every allowed route of both interfaces and dialects answers; others are rest_no_route', async (t) => {
    const contract = await startStack(t);
    for (const path of [
      '/wp-json/',
      '/wp-json',
      '/wp-json/wp/v2/mep_events?per_page=2',
      '/wp-json/wp/v2/mep_cat',
      '/wp-json/wp/v2/mep_org',
      '/wp-json/wp/v2/mep_event_speaker',
      '/wp-json/wbtm/v1/buses?per_page=2',
      '/wp-json/wbtm/v1/routes',
    ]) {
      assert.equal((await send(contract.url, path)).status, 200, path);
    }
    const busId = json(await send(contract.url, '/wp-json/wbtm/v1/buses?per_page=1'))[0].id;
    assert.equal((await send(contract.url, `/wp-json/wbtm/v1/buses/${busId}`)).status, 200);
    const eventId = json(await send(contract.url, '/wp-json/wp/v2/mep_events?per_page=1'))[0].id;
    assert.equal((await send(contract.url, `/wp-json/wp/v2/mep_events/${eventId}`)).status, 200);
    const plugin = await startStack(t, { reference: { dialect: 'plugin', rateLimitPerMinute: 0 } });
    const stops = json(await send(plugin.url, '/wp-json/wbtm/v1/routes'));
    const search = await send(
      plugin.url,
      `/wp-json/wbtm/v1/buses/search?bp=${encodeURIComponent(stops.boarding_points[0])}&dp=${encodeURIComponent(stops.dropping_points[0])}&date=${TOMORROW}`,
    );
    assert.ok([200, 400].includes(search.status), `search answered ${search.status}`);
    const buses = json(await send(plugin.url, '/wp-json/wp/v2/wbtm_bus?per_page=1'));
    assert.equal((await send(plugin.url, `/wp-json/wbtm/v1/buses/${buses[0].id}/seats?date=${TOMORROW}`)).status, 200);
    const before = contract.ref.requests.length;
    for (const path of [
      '/wp-json/wp/v2/users',
      '/wp-json/wp/v2/posts',
      '/wp-json/wp/v2/media/5',
      '/wp-json/wp/v2',
      '/wp-json/wbtm/v1',
      '/wp-json/wp/v2/settings',
      '/wp-json/wp/v2/mep_events/abc',
      '/wp-json/WP/V2/MEP_EVENTS',
      '/',
      '/anything',
      '/wp-json/wbtm/v1/passengers',
    ]) {
      const res = await send(contract.url, path);
      assert.equal(res.status, 404, path);
      assert.equal(json(res).code, 'rest_no_route', path);
      assert.equal(json(res).data.status, 404);
    }
    assert.equal(contract.ref.requests.length, before, 'refused routes never reach the site');
  });

  test('HEAD answers headers only; any other method is 405 with Allow and a WordPress-shaped body', async (t) => {
    const { ref, url } = await startStack(t);
    const head = await send(url, '/wp-json/wp/v2/mep_cat', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.ok(Number(head.headers['content-length']) > 0);
    const before = ref.requests.length;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']) {
      const res = await send(url, '/wp-json/wp/v2/mep_events', { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.deepEqual(Object.keys(json(res)), ['code', 'message', 'data']);
      assert.equal(json(res).code, 'tw_method_not_allowed');
      assert.equal(json(res).data.status, 405);
    }
    assert.equal(ref.requests.length, before);
  });
});

describe('proxy: path tricks are refused before anything else', () => {
  const tricks: Array<[path: string, status: number]> = [
    ['/wp-json/wp/v2/../v2/users', 400],
    ['/wp-json/wp/v2/mep_events/..', 400],
    ['/wp-json/wp/v2/./mep_events', 400],
    ['/wp-json/wp/v2/%2e%2e/v2/users', 400],
    ['/wp-json/wp/v2/%2E%2e/v2/users', 400],
    ['/wp-json/wp/v2/%252e%252e/v2/users', 400],
    ['/wp-json/wp%2fv2/mep_events', 400],
    ['/wp-json/wp%2Fv2%2Fusers', 400],
    ['/wp-json/wp%5cv2/mep_events', 400],
    ['/wp-json\\wp\\v2\\mep_events', 400],
    ['/wp-json/wp/v2/mep_events\\..\\users', 400],
    ['//wp-json/wp/v2/mep_events', 400],
    ['/wp-json//wp/v2/mep_events', 400],
    ['/wp-json/wp/v2//mep_events', 400],
    ['/wp-json/wp/v2/mep_events%00', 400],
    ['/wp-json/wp/v2/mep_even%74s', 400],
    ['/wp-json/wp/v2/mep_events?rest_route=/wp/v2/users', 400],
    ['/wp-json/wp/v2/mep_events?rest.route=/wp/v2/users', 400],
    ['/wp-json/?rest_route=/wp/v2/users', 400],
    ['/?rest_route=/wp/v2/mep_events&rest_route=/wp/v2/users', 400],
    ['/?rest_route=/wp/v2/mep_events&rest_route[]=/wp/v2/users', 400],
    ['/?rest_route=/wp/v2/users', 404],
    ['/?rest_route=/wp/v2/../v2/users', 400],
    ['/?rest_route=/wp/v2/%2e%2e/v2/users', 400],
    ['/?rest_route=/wp/v2/%252e%252e/v2/users', 400],
    ['/?rest_route=/wp/v2%2fusers%2f', 404],
    ['/?rest_route=//wp/v2/mep_events', 400],
    ['/?rest_route=wp/v2/mep_events', 400],
    ['/?rest_route=/wp/v2/mep_events%0a', 400],
    ['/index.php?rest_route=/wbtm/v1/passengers', 404],
    [`/wp-json/wp/v2/mep_events?per_page=1&x=${'a'.repeat(2100)}`, 414],
  ];

  test('each trick gets 400/404/414 in WordPress shape and the site sees nothing', async (t) => {
    const { ref, url } = await startStack(t);
    for (const [path, status] of tricks) {
      const res = await send(url, path);
      assert.equal(res.status, status, `${path} → ${res.status} ${res.body}`);
      const body = json(res);
      assert.equal(typeof body.code, 'string');
      assert.equal(body.data.status, status);
    }
    assert.equal(ref.requests.length, 0, `reached the site: ${JSON.stringify(ref.requests.map((r) => r.path + r.search))}`);
    // The same route, spelled plainly, is fine, in both forms.
    assert.equal((await send(url, '/wp-json/wp/v2/mep_events?per_page=1')).status, 200);
    assert.equal((await send(url, '/?rest_route=/wp/v2/mep_events&per_page=1')).status, 200);
    assert.equal((await send(url, '/index.php?rest_route=/wp/v2/mep_events/&per_page=1')).status, 200);
  });

  test('the URL length limit is configurable (maxUrlLength)', async (t) => {
    const { url } = await startStack(t, { proxy: { maxUrlLength: 100 } });
    assert.equal((await send(url, `/wp-json/wp/v2/mep_cat?x=${'a'.repeat(100)}`)).status, 414);
    assert.equal((await send(url, `/wp-json/wp/v2/mep_cat?x=${'a'.repeat(10)}`)).status, 200);
  });
});

describe('proxy: what goes upstream and what comes back', () => {
  test("builds upstream headers from scratch: never the client's Authorization, Cookie or X-WP-Nonce", async (t) => {
    const capture = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`);
    const res = await send(url, '/wp-json/wbtm/v1/routes', {
      headers: {
        authorization: 'Basic Y2xpZW50OnNlY3JldA==',
        cookie: 'wordpress_logged_in_x=admin',
        'x-wp-nonce': 'abc123',
        'x-forwarded-for': '6.6.6.6',
        referer: 'https://evil.example/',
        'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT',
      },
    });
    assert.equal(res.status, 200);
    assert.equal(capture.seen.length, 1);
    const seen = capture.seen[0]!;
    const { headers, url: path } = seen;
    assert.equal(path, '/wp-json/wbtm/v1/routes');
    assert.equal(headers.authorization, BASIC);
    assert.deepEqual(Object.keys(headers).sort(), ['accept', 'authorization', 'connection', 'host', 'user-agent']);
    assert.equal(headers.accept, 'application/json');
    assert.match(header(seen, 'user-agent'), /ticketing-widgets-proxy/);
  });

  test('passes only safe response headers: no Set-Cookie or server details; Link rewritten, foreign links dropped', async (t) => {
    let site = '';
    const capture = await startCapture(t, () => ({
      headers: {
        'Set-Cookie': 'session=abc; HttpOnly',
        'X-Powered-By': 'PHP/8.2',
        Server: 'Apache',
        'X-WP-Total': '42',
        'X-WP-TotalPages': '5',
        'X-Custom': 'nope',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        Link: `<${site}/blog/wp-json/wp/v2/mep_events?page=2&per_page=10>; rel="next", <https://elsewhere.example/x>; rel="alternate"`,
      },
      // Published: a list that lost unpublished items carries no totals (proxy-review.test.ts).
      body: [{ id: 1, status: 'publish' }],
    }));
    site = capture.url;
    const { url } = await startProxyFor(t, `${capture.url}/blog/wp-json`, { mountPath: '/proxy' });
    const res = await send(url, '/proxy/wp-json/wp/v2/mep_events');
    assert.equal(res.status, 200);
    assert.equal(capture.seen[0]?.url, '/blog/wp-json/wp/v2/mep_events');
    for (const name of ['set-cookie', 'x-powered-by', 'server', 'x-custom', 'access-control-allow-origin', 'access-control-allow-credentials']) {
      assert.equal(res.headers[name], undefined, name);
    }
    assert.equal(res.headers['x-wp-total'], '42');
    assert.equal(res.headers['x-wp-totalpages'], '5');
    assert.equal(res.headers.link, '</proxy/wp-json/wp/v2/mep_events?page=2&per_page=10>; rel="next"', 'rewritten; links elsewhere dropped');
  });

  test('a compressed answer is decoded before it is passed on (the site’s Content-Encoding is not)', async (t) => {
    const payload = [{ id: 7, name: 'Gzipped' }];
    const capture = await startCapture(t, () => ({ body: gzipSync(JSON.stringify(payload)), headers: { 'Content-Encoding': 'gzip' } }));
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`);
    const res = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.deepEqual(json(res), payload);
  });

  test('Link headers from the site point at the proxy (mount path included)', async (t) => {
    const ref = await startReference(t);
    const { url } = await startProxyFor(t, `${ref.url}/wp-json`, { mountPath: '/proxy' });
    const res = await send(url, '/proxy/wp-json/wp/v2/mep_events?per_page=2&page=2');
    assert.equal(res.status, 200);
    const link = header(res, 'link');
    assert.match(
      link,
      /^<\/proxy\/wp-json\/wp\/v2\/mep_events\?[^>]*page=1[^>]*>; rel="prev", <\/proxy\/wp-json\/wp\/v2\/mep_events\?[^>]*page=3[^>]*>; rel="next"$/,
    );
    assert.ok(!link.includes('127.0.0.1'));
    assert.equal((await send(url, '/wp-json/wp/v2/mep_events')).status, 404, 'only under the mount path');
  });

  test("parameters the site would refuse are refused here, in core's shape, without a request", async (t) => {
    const { ref, url } = await startStack(t);
    const direct = await send(ref.url, '/wp-json/wp/v2/mep_events?per_page=101');
    for (const [path, param] of [
      ['/wp-json/wp/v2/mep_events?per_page=101', 'per_page'],
      ['/wp-json/wp/v2/mep_events?page=1x', 'page'],
      ['/wp-json/wp/v2/mep_events?mep_cat=3;DROP', 'mep_cat'],
      ['/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=tomorrow', 'date'],
      ['/wp-json/wbtm/v1/buses?route_id=-1', 'route_id'],
    ] as const) {
      const res = await send(url, path);
      assert.equal(res.status, 400, path);
      assert.equal(json(res).code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(json(res).data.params), [param], path);
      assert.equal(res.headers['cache-control'], 'no-store');
    }
    assert.equal(json(direct).code, 'rest_invalid_param', 'the site refuses per_page=101 the same way');
    assert.equal(ref.requests.length, 1, 'only the direct request reached the site');
  });

  test('WordPress 4xx errors pass through unchanged and are kept briefly, so repeating them costs the site nothing', async (t) => {
    const { ref, url } = await startStack(t);
    const direct = await send(ref.url, '/wp-json/wp/v2/mep_events/999999');
    for (let i = 0; i < 3; i++) {
      const res = await send(url, '/wp-json/wp/v2/mep_events/999999');
      assert.equal(res.status, 404);
      assert.equal(res.body, direct.body);
      assert.equal(json(res).code, 'rest_post_invalid_id');
      assert.equal(res.headers['cache-control'], 'public, max-age=30');
      assert.equal(res.headers['x-cache'], i === 0 ? 'MISS' : 'HIT');
    }
    assert.equal(upstreamHits(ref, '/wp/v2/mep_events/999999').length, 2, 'direct + one through the proxy');
  });
});

describe('proxy: query parameters', () => {
  test('allow-listed per route, sorted, de-duplicated: equivalent URLs share one cache entry', async (t) => {
    const { ref, url, proxy } = await startStack(t);
    const first = await send(url, '/wp-json/wp/v2/mep_events?per_page=2&page=1&mep_cat=3');
    const second = await send(url, '/wp-json/wp/v2/mep_events?mep_cat=3&page=1&per_page=5&per_page=2&context=edit&status=draft&utm_source=x');
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-cache'], 'MISS');
    assert.equal(second.headers['x-cache'], 'HIT');
    assert.equal(second.body, first.body);
    const hits = upstreamHits(ref, '/wp/v2/mep_events');
    assert.equal(hits.length, 1);
    assert.equal(hits[0]?.search, '?mep_cat=3&page=1&per_page=2');
    assert.equal(proxy.stats.cacheEntries, 1);
    const trimmed = await send(url, '/wp-json/wp/v2/mep_events?mep_cat%5Bterms%5D=3,4&mep_cat%5Binclude_children%5D=true&_fields=id,title&unknown=1');
    // `status` is asked as well, for the publish check, and taken out of the answer again.
    assert.equal(upstreamHits(ref, '/wp/v2/mep_events')[1]?.search, '?_fields=id,title,status&mep_cat%5Binclude_children%5D=true&mep_cat%5Bterms%5D=3,4');
    assert.ok(json(trimmed).length > 0);
    for (const item of json(trimmed)) assert.deepEqual(Object.keys(item).sort(), ['id', 'title']);
    // Parameters of one route are not accepted on another.
    await send(url, '/wp-json/wbtm/v1/routes?route_id=1&per_page=3');
    assert.equal(upstreamHits(ref, '/wbtm/v1/routes')[0]?.search, '');
  });
});

describe('proxy: upstream forms', () => {
  test('a ?rest_route= site: the proxy still serves /wp-json/ and ?rest_route=, both through one allow-list', async (t) => {
    const ref = await startReference(t);
    const { url } = await startProxyFor(t, `${ref.url}/?rest_route=`);
    assert.equal((await send(url, '/wp-json/wbtm/v1/routes')).status, 200);
    assert.equal((await send(url, '/?rest_route=/wp/v2/mep_cat&per_page=3')).status, 200);
    assert.equal((await send(url, '/?rest_route=/wp/v2/users')).status, 404);
    const seen = ref.requests.map((r) => `${r.path}${r.search}`);
    assert.deepEqual(seen, ['/?rest_route=/wbtm/v1/routes', '/?rest_route=/wp/v2/mep_cat&per_page=3']);
  });

  test('a subdirectory REST root keeps its path', async (t) => {
    const capture = await startCapture(t);
    const { url } = await startProxyFor(t, `${capture.url}/blog/wp-json/`);
    await send(url, '/wp-json/wp/v2/mep_org?per_page=3');
    await send(url, '/wp-json/');
    assert.deepEqual(
      capture.seen.map((r) => r.url),
      ['/blog/wp-json/wp/v2/mep_org?per_page=3', '/blog/wp-json/'],
    );
  });

  test('a bare site root: the REST root is discovered once from the Link header, anonymously', async (t) => {
    const ref = await startReference(t);
    const { url, proxy, logs } = await startProxyFor(t, ref.url);
    const answers = await Promise.all([send(url, '/wp-json/wbtm/v1/routes'), send(url, '/wp-json/wp/v2/mep_cat')]);
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
    );
    await send(url, '/wp-json/wp/v2/mep_org');
    const discovery = ref.requests.filter((r) => r.route === '');
    assert.equal(discovery.length, 1, 'asked once');
    assert.equal(discovery[0]?.method, 'HEAD');
    assert.equal(discovery[0]?.authorization, false, 'no credentials to pages');
    assert.equal(proxy.stats.discoveryRequests, 1);
    assert.ok(logs.notices().some((n) => n.event === 'rest_root_discovered' && n.message.includes(`${ref.url}/wp-json`)));
  });

  test('discovery follows redirects on the same origin, and is retried after a failure at start-up', async (t) => {
    let heads = 0;
    const site = await startCapture(t, (req): CaptureAnswer => {
      if (req.method === 'HEAD' && req.url === '/') {
        heads++;
        // At start-up the site is down (5xx); later it redirects to its subdirectory install.
        return heads === 1 ? { status: 503 } : { status: 301, headers: { Location: '/blog/' } };
      }
      if (req.method === 'HEAD' && req.url === '/blog/') return { headers: { Link: '</blog/wp-json/>; rel="https://api.w.org/"' } };
      if (req.url.startsWith('/blog/wp-json/wp/v2/mep_cat')) return { body: [{ id: 1, name: 'Music' }] };
      return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
    });
    const { url, logs } = await startProxyFor(t, `${site.url}/`);
    assert.ok(
      logs.notices().some((n) => n.event === 'prepare_failed'),
      'the failure at start-up is logged',
    );
    const ok = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(ok.status, 200);
    assert.equal(heads, 2);
    assert.equal(site.seen.filter((seen) => seen.url.startsWith('/blog/wp-json/wp/v2/mep_cat')).length, 1);
  });

  test('a REST root announced or redirected to on another origin is refused at start-up: credentials go to the configured origin only', async (t) => {
    const elsewhere = await startCapture(t);
    const announcing = await startCapture(t, () => ({ headers: { Link: `<${elsewhere.url}/wp-json/>; rel="https://api.w.org/"` } }));
    const redirecting = await startCapture(t, () => ({ status: 302, headers: { Location: `${elsewhere.url}/` } }));
    for (const front of [announcing, redirecting]) {
      await assert.rejects(
        startProxy({ target: `${front.url}/`, port: 0, host: '127.0.0.1', credentials: SECRET, log: () => {} }),
        (error) => error instanceof ProxyConfigError && /another origin/.test(error.message) && /--target/.test(error.message),
      );
    }
    assert.ok(
      elsewhere.seen.every((seen) => seen.headers.authorization === undefined),
      'no credentials reached the other origin',
    );
  });
});

describe('proxy: health and logs', () => {
  test('/healthz answers without touching the site, under the mount path too', async (t) => {
    const capture = await startCapture(t);
    const { url, proxy } = await startProxyFor(t, `${capture.url}/wp-json`, { mountPath: '/proxy' });
    const res = await send(url, '/proxy/healthz');
    assert.equal(res.status, 200);
    // Nothing about the site: an origin hidden behind a CDN stays hidden.
    assert.deepEqual(json(res), { status: 'ok' });
    assert.ok(!res.body.includes(capture.url.replace('http://', '')));
    assert.equal(capture.seen.length, 0);
    assert.equal(proxy.stats.upstreamRequests, 0);
    assert.equal((await send(url, '/healthz')).status, 404);
  });

  test('exactly one JSON line per request with the documented fields', async (t) => {
    const { url, logs } = await startStack(t);
    const paths = ['/wp-json/wp/v2/mep_cat', '/wp-json/wp/v2/mep_cat', '/wp-json/wp/v2/users', '/wp-json/../x', '/healthz'];
    for (const path of paths) await send(url, path);
    await send(url, '/wp-json/wp/v2/mep_cat', { method: 'DELETE' });
    const lines = logs.requests();
    assert.equal(lines.length, paths.length + 1);
    for (const line of lines) {
      assert.deepEqual(Object.keys(line), ['t', 'method', 'route', 'status', 'cache', 'upstreamMs', 'ip']);
      assert.match(line.t, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(line.ip, '127.0.0.1');
    }
    assert.deepEqual(
      lines.map((l) => [l.method, l.route, l.status, l.cache]),
      [
        ['GET', '/wp/v2/mep_cat', 200, 'miss'],
        ['GET', '/wp/v2/mep_cat', 200, 'hit'],
        ['GET', '/wp/v2/users', 404, '-'],
        ['GET', '/wp-json/../x', 400, '-'],
        ['GET', '/healthz', 200, '-'],
        ['DELETE', '/wp/v2/mep_cat', 405, '-'],
      ],
    );
    assert.equal(typeof lines[0]?.upstreamMs, 'number');
    assert.equal(lines[1]?.upstreamMs, null);
  });
});
