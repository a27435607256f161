// The proxy's cache and its protection of the site: ETag/304, coalescing, stale-while-revalidate,
// stale-if-error, timeouts, the concurrency cap, the /wbtm/ budget and 429 back-off.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, fakeClock, json, send, startCapture, startProxyFor, startStack, upstreamHits } from './proxy-helpers.js';
import { header, TOMORROW } from './helpers.js';

checkLeaksAfterAll();

const ROUTES = '/wp-json/wbtm/v1/routes';

describe('proxy cache: validators and freshness', () => {
  test('strong ETag, Cache-Control and Age on cached answers; If-None-Match → 304 without asking the site', async (t) => {
    const { ref, url } = await startStack(t, { proxy: { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 90, staleIfErrorSeconds: 500 } });
    const first = await send(url, ROUTES);
    assert.match(header(first, 'etag'), /^"[^"]+"$/, 'strong, quoted');
    // s-maxage: what is left of max-age, for shared caches that ignore Age (nginx).
    assert.equal(first.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=90, stale-if-error=500');
    assert.equal(first.headers.age, '0');
    const again = await send(url, ROUTES, { headers: { 'if-none-match': first.headers.etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, first.headers.etag);
    assert.equal(again.headers['x-cache'], 'HIT');
    const listed = await send(url, ROUTES, { headers: { 'if-none-match': `"other", W/${first.headers.etag}` } });
    assert.equal(listed.status, 304);
    const other = await send(url, ROUTES, { headers: { 'if-none-match': '"not-it"' } });
    assert.equal(other.status, 200);
    assert.equal(other.body, first.body);
    assert.equal(upstreamHits(ref, '/wbtm/v1/routes').length, 1, 'fresh entries are served without the site');
  });

  test("revalidates with the site's ETag once stale: 304 upstream refreshes the entry (X-Cache: REVALIDATED)", async (t) => {
    const clock = fakeClock();
    const { ref, url } = await startStack(t, { proxy: { now: clock.now, staleWhileRevalidateSeconds: 0 } });
    const first = await send(url, ROUTES);
    clock.advance(61_000);
    const second = await send(url, ROUTES, { headers: { 'if-none-match': first.headers.etag } });
    assert.equal(second.status, 304);
    assert.equal(second.headers['x-cache'], 'REVALIDATED');
    const hits = upstreamHits(ref, '/wbtm/v1/routes');
    assert.equal(hits.length, 2);
    assert.equal(hits[1]?.ifNoneMatch, first.headers.etag, 'the site is asked with its own ETag');
    assert.equal(hits[1]?.status, 304);
    const third = await send(url, ROUTES);
    assert.equal(third.headers['x-cache'], 'HIT', 'the refreshed entry is fresh again');
    assert.equal(third.body, first.body);
  });

  test('within stale-while-revalidate: served at once (Warning 110), refreshed once in the background', async (t) => {
    const clock = fakeClock();
    // The refresh is held until the stale answers are in (or 5 s, should the proxy wait for it):
    // "served at once" is then an order of events, not a time a loaded machine can overrun.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, 5000);
      release = () => {
        clearTimeout(fallback);
        resolve();
      };
    });
    let siteAnswered = false;
    const capture = await startCapture(t, async (req, n) => {
      if (n > 1) {
        await held;
        siteAnswered = true;
      }
      return { body: { n } };
    });
    const { url, proxy } = await startProxyFor(t, `${capture.url}/wp-json`, { now: clock.now });
    assert.deepEqual(json(await send(url, ROUTES)), { n: 1 });
    clock.advance(120_000);
    const stale = await Promise.all([send(url, ROUTES), send(url, ROUTES), send(url, ROUTES)]);
    assert.equal(siteAnswered, false, 'did not wait for the site');
    release();
    for (const res of stale) {
      assert.equal(res.headers['x-cache'], 'STALE');
      assert.equal(res.headers.warning, '110 - "Response is Stale"');
      assert.deepEqual(json(res), { n: 1 });
      assert.equal(res.headers.age, '120');
    }
    // Everything the three answers started has finished: the refresh is in the cache.
    await proxy.handler.settled();
    assert.equal(capture.seen.length, 2, 'one background refresh for three stale answers');
    const fresh = await send(url, ROUTES);
    assert.equal(fresh.headers['x-cache'], 'HIT');
    assert.deepEqual(json(fresh), { n: 2 });
  });

  test('50 concurrent identical requests → exactly 1 upstream request', async (t) => {
    const { ref, url, proxy } = await startStack(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(url, '/wp-json/wp/v2/mep_events?per_page=3&page=2')));
    assert.ok(answers.every((res) => res.status === 200));
    assert.equal(new Set(answers.map((res) => res.body)).size, 1);
    assert.equal(upstreamHits(ref, '/wp/v2/mep_events').length, 1);
    assert.equal(proxy.stats.upstreamRequests, 1);
  });
});

describe('proxy cache: when the site fails', () => {
  test('upstream killed → stale served with Warning; once the entry expires → 502 tw_upstream_unreachable', async (t) => {
    const clock = fakeClock();
    const { ref, url, logs } = await startStack(t, { proxy: { now: clock.now } });
    const fresh = await send(url, ROUTES);
    assert.equal(fresh.status, 200);
    await ref.close();
    clock.advance((60 + 300 + 10) * 1000); // past max-age + stale-while-revalidate, within stale-if-error
    const stale = await send(url, ROUTES);
    assert.equal(stale.status, 200);
    assert.equal(stale.body, fresh.body);
    assert.equal(stale.headers['x-cache'], 'STALE');
    assert.equal(stale.headers.warning, '110 - "Response is Stale", 111 - "Revalidation Failed"');
    clock.advance(300 * 1000); // now past max-age + stale-if-error (600 s)
    const gone = await send(url, ROUTES);
    assert.equal(gone.status, 502);
    assert.equal(json(gone).code, 'tw_upstream_unreachable');
    assert.equal(json(gone).data.status, 502);
    assert.equal(gone.headers['x-cache'], 'MISS');
    const never = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(never.status, 502, 'nothing cached: straight to the error');
    assert.ok(logs.notices().some((n) => n.event === 'upstream_unreachable'));
  });

  test('upstream slow → 504 tw_upstream_timeout within the timeout', async (t) => {
    const capture = await startCapture(t, () => ({ delayMs: 3000 }));
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`, { upstreamTimeoutMs: 300 });
    const started = Date.now();
    const res = await send(url, ROUTES);
    const took = Date.now() - started;
    assert.equal(res.status, 504);
    assert.equal(json(res).code, 'tw_upstream_timeout');
    // Not before the timeout; well before the site's answer, with room for a loaded machine's late timers.
    assert.ok(took >= 280 && took < 2000, `answered after ${took} ms`);
  });

  test('upstream 5xx → 502 tw_upstream_error (stale entry served instead when there is one); 5xx bodies never reach clients', async (t) => {
    const clock = fakeClock();
    let failing = false;
    const capture = await startCapture(t, () =>
      failing
        ? { status: 500, body: '<p>There has been a critical error on this website.</p> /var/www/secret-path', headers: { 'Content-Type': 'text/html' } }
        : { body: { ok: true } },
    );
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`, { now: clock.now });
    await send(url, ROUTES);
    failing = true;
    clock.advance(400_000);
    const stale = await send(url, ROUTES);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers['x-cache'], 'STALE');
    const error = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(error.status, 502);
    assert.equal(json(error).code, 'tw_upstream_error');
    assert.ok(!error.body.includes('secret-path'));
  });

  test('at most upstreamConcurrency requests in flight; the rest wait their turn', async (t) => {
    const capture = await startCapture(t, () => ({ delayMs: 100 }));
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`, { upstreamConcurrency: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(url, `/wp-json/wp/v2/mep_cat?page=${i + 1}`)));
    assert.ok(answers.every((res) => res.status === 200));
    assert.equal(capture.seen.length, 6);
    assert.equal(capture.maxActive, 2);
  });
});

describe('proxy: keeping the site under its rate limit', () => {
  test('/wbtm/ budget: 25 distinct uncached requests at 20/min → 15 reach the site (a quarter kept for refreshes), 10 get 503 with Retry-After', async (t) => {
    const { ref, url } = await startStack(t, { proxy: { upstreamRate: { requests: 20, perMs: 60_000 } } });
    const statuses = [];
    for (let page = 1; page <= 25; page++) {
      // Five visitors (loopback addresses), each within its own allowance: the shared budget decides.
      const res = await send(url, `/wp-json/wbtm/v1/buses?per_page=1&page=${page}`, { localAddress: `127.0.0.${2 + (page % 5)}` });
      statuses.push(res.status);
      if (res.status === 503) {
        assert.equal(json(res).code, 'tw_upstream_busy');
        assert.ok(Number(res.headers['retry-after']) > 0 && Number(res.headers['retry-after']) <= 60);
      }
    }
    assert.equal(upstreamHits(ref, '/wbtm/v1/buses').length, 15);
    assert.equal(statuses.filter((s) => s === 503).length, 10);
    // Interface A is not under the bus plugin's limit.
    assert.equal((await send(url, '/wp-json/wp/v2/mep_cat')).status, 200);
    // Cached /wbtm/ answers still flow.
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?per_page=1&page=1')).headers['x-cache'], 'HIT');
  });

  test('the budget window restarts with each allowed request, like the plugin’s', async (t) => {
    const clock = fakeClock();
    const capture = await startCapture(t);
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`, { now: clock.now, upstreamRate: { requests: 3, perMs: 60_000 } });
    for (let i = 1; i <= 3; i++) {
      assert.equal((await send(url, `/wp-json/wbtm/v1/buses?page=${i}`)).status, 200);
      clock.advance(50_000); // never a full minute of silence
    }
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?page=4')).status, 503);
    clock.advance(11_000); // a minute after the last allowed request
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?page=5')).status, 200);
    assert.equal(capture.seen.length, 4);
  });

  test('the budget of the other routes is a rate: a steady trickle far below it is never refused (core has no plugin rule to copy)', async (t) => {
    const clock = fakeClock();
    const capture = await startCapture(t);
    const { url } = await startProxyFor(t, `${capture.url}/wp-json`, { now: clock.now, publicRate: { requests: 4, perMs: 60_000 } });
    // One new URL every 50 s is 1.2 a minute against a budget of 4 a minute (3 for new URLs).
    for (let page = 1; page <= 8; page++) {
      const res = await send(url, `/wp-json/wp/v2/mep_cat?page=${page}`);
      assert.equal(res.status, 200, `request ${page}: ${res.body}`);
      clock.advance(50_000);
    }
    assert.equal(capture.seen.length, 8);
    // Within one minute the budget still holds: 3 new URLs, then 503.
    const burst = [];
    for (let page = 11; page <= 14; page++) burst.push((await send(url, `/wp-json/wp/v2/mep_cat?page=${page}`)).status);
    assert.deepEqual(burst, [200, 200, 200, 503]);
  });

  test('upstream 429 → 503 tw_upstream_busy and no request to the site until its Retry-After has passed', async (t) => {
    const clock = fakeClock();
    const { ref, url } = await startStack(t, {
      reference: { dialect: 'plugin', rateLimitPerMinute: 1 },
      proxy: { now: clock.now, upstreamRate: { requests: 100, perMs: 60_000 } },
    });
    assert.equal((await send(url, ROUTES)).status, 200);
    const limited = await send(url, '/wp-json/wp/v2/wbtm_bus?per_page=1');
    assert.equal(limited.status, 200, 'core routes are not limited by the plugin');
    const busy = await send(url, `/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=${TOMORROW}`);
    assert.equal(busy.status, 503);
    assert.equal(json(busy).code, 'tw_upstream_busy');
    assert.ok(Number(busy.headers['retry-after']) >= 1);
    assert.ok(!busy.body.includes('wbtm_rate_limited'));
    const asked = ref.requests.length;
    clock.advance(30_000);
    const held = await send(url, `/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Brussels&date=${TOMORROW}`);
    assert.equal(held.status, 503);
    assert.equal(ref.requests.length, asked, 'backing off: the site is not asked');
    assert.equal((await send(url, ROUTES)).headers['x-cache'], 'HIT', 'cached answers are unaffected');
    clock.advance(31_000);
    await send(url, `/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Brussels&date=${TOMORROW}`);
    assert.equal(ref.requests.length, asked + 1, 'asked again after Retry-After');
  });

  test('a 429 without Retry-After (wbtm_rate_limited) backs off for 60 s; stale answers cover the gap', async (t) => {
    const clock = fakeClock();
    let limited = false;
    const capture = await startCapture(t, () =>
      limited ? { status: 429, body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } } } : { body: { ok: 1 } },
    );
    const { url, proxy } = await startProxyFor(t, `${capture.url}/wp-json`, { now: clock.now });
    await send(url, ROUTES);
    limited = true;
    clock.advance(61_000);
    const stale = await send(url, ROUTES);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers['x-cache'], 'STALE');
    await proxy.handler.settled(); // the background refresh got its 429
    assert.equal(capture.seen.length, 2);
    clock.advance(50_000);
    const busy = await send(url, '/wp-json/wbtm/v1/buses?page=9');
    assert.equal(busy.status, 503);
    assert.equal(busy.headers['retry-after'], '10');
    assert.equal(capture.seen.length, 2);
    clock.advance(11_000);
    limited = false;
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?page=9')).status, 200);
    assert.equal(capture.seen.length, 3);
  });
});
