// A 200 that says `application/json` but is not (WordPress with display_errors on writes PHP
// warnings, server paths included, in front of its JSON) is neither stored nor served on any route;
// a good copy already cached is kept and served stale instead.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, fakeClock, json, send, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

const WARNING = '<br />\n<b>Warning</b>:  Undefined array key "bp" in <b>/var/www/site/wp-content/plugins/bus/inc/Rest.php</b> on line <b>88</b><br />\n';

const ROUTES = ['/wp-json/wbtm/v1/routes', '/wp-json/wp/v2/mep_cat', '/wp-json/wp/v2/mep_org', '/wp-json/', '/wp-json/wp/v2/mep_events'];

describe('proxy: a body that does not parse as JSON never leaves as JSON', () => {
  test('PHP warnings in front of the JSON: 502 tw_upstream_error on every route, nothing stored', async (t) => {
    let broken = true;
    const site = await startCapture(t, (req) => {
      const body = req.url.includes('mep_events') ? '[{"id":1,"status":"publish"}]' : '{"boarding_points":["Paris"]}';
      return { body: broken ? WARNING + body : body };
    });
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    for (const path of ROUTES) {
      const res = await send(url, path);
      assert.equal(res.status, 502, path);
      assert.equal(json(res).code, 'tw_upstream_error');
      assert.match(json(res).message, /answered with something that is not JSON/);
      assert.equal(res.headers['etag'], undefined);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.ok(!res.body.includes('/var/www'), 'no server path leaves');
    }
    assert.ok(logs.notices().some((entry) => entry.event === 'upstream_not_json'));
    broken = false;
    const fixed = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(fixed.status, 200, 'nothing broken was cached: the fixed site is asked again');
    assert.deepEqual(json(fixed), { boarding_points: ['Paris'] });
  });

  test('bytes that are not UTF-8 leave as UTF-8 (U+FFFD, as a browser reads them), never under a false charset', async (t) => {
    // A Latin-1 "é" (0xE9) inside the JSON, and a lone continuation byte: both invalid UTF-8.
    const body = Buffer.concat([Buffer.from('[{"id":1,"name":"Caf'), Buffer.from([0xe9]), Buffer.from('","slug":"x'), Buffer.from([0x80]), Buffer.from('"}]')]);
    const site = await startCapture(t, () => ({ body }));
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    for (const round of ['fetched', 'cached']) {
      const res = await send(url, '/wp-json/wp/v2/mep_cat');
      assert.equal(res.status, 200, round);
      assert.equal(res.headers['content-type'], 'application/json; charset=UTF-8');
      // The client decodes as UTF-8: the bytes it got are exactly what it decoded, when they were valid UTF-8.
      assert.equal(Buffer.byteLength(res.body, 'utf8'), Number(res.headers['content-length']), `${round}: the body is valid UTF-8`);
      assert.deepEqual(json(res), [{ id: 1, name: 'Caf\uFFFD', slug: 'x\uFFFD' }]);
    }
    assert.equal(logs.notices().filter((entry) => entry.event === 'upstream_invalid_utf8').length, 1, 'the operator is told once per answer fetched');
  });

  test('a byte-order mark in front of valid JSON still passes, as the data layer reads it', async (t) => {
    const site = await startCapture(t, () => ({ body: '\uFEFF[{"id":1,"name":"Concerts"}]' }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const res = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(res.status, 200);
  });

  test('a byte-order mark in front of a post route passes too, and its drafts are still withheld', async (t) => {
    const site = await startCapture(t, (req) => ({
      body: req.url.includes('/mep_events/')
        ? '\uFEFF{"id":2,"status":"draft","title":{"rendered":"Secret"}}'
        : '\uFEFF[{"id":1,"status":"publish","title":{"rendered":"Open"}},{"id":2,"status":"draft","title":{"rendered":"Secret"}}]',
    }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const list = await send(url, '/wp-json/wp/v2/mep_events');
    assert.equal(list.status, 200, 'the same rule as every other route: the BOM is no reason for a 502');
    assert.deepEqual(
      (json(list) as Array<{ id: number }>).map((item) => item.id),
      [1],
    );
    assert.ok(!list.body.includes('Secret'));
    const single = await send(url, '/wp-json/wp/v2/mep_events/2');
    assert.equal(single.status, 404, 'a draft behind a BOM is still no post');
    assert.ok(!single.body.includes('Secret'));
  });

  test('a good cached copy is kept and served stale while the site sends warnings; the fixed site replaces it', async (t) => {
    const clock = fakeClock();
    let mode: 'good' | 'broken' | 'better' = 'good';
    const site = await startCapture(t, () => ({
      body: mode === 'broken' ? `${WARNING}{"boarding_points":["Paris"]}` : { boarding_points: mode === 'good' ? ['Paris'] : ['Paris', 'Berlin'] },
    }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`, { now: clock.now });
    const first = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(first.status, 200);
    mode = 'broken';
    // Past max-age (60 s) and stale-while-revalidate (300 s), within stale-if-error (600 s).
    clock.advance(400_000);
    const stale = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(stale.status, 200);
    assert.equal(stale.headers['x-cache'], 'STALE');
    assert.match(String(stale.headers['warning']), /111/);
    assert.deepEqual(json(stale), { boarding_points: ['Paris'] });
    mode = 'better';
    const fresh = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(fresh.status, 200);
    assert.deepEqual(json(fresh), { boarding_points: ['Paris', 'Berlin'] });
  });

  test('an HTML page with 200 says so, not "failed (HTTP 200)"', async (t) => {
    const site = await startCapture(t, () => ({ headers: { 'Content-Type': 'text/html; charset=UTF-8' }, body: '<!doctype html><title>Site</title>' }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const res = await send(url, '/wp-json/wp/v2/mep_org');
    assert.equal(res.status, 502);
    assert.equal(json(res).code, 'tw_upstream_error');
    assert.match(json(res).message, /not JSON/);
    assert.doesNotMatch(json(res).message, /HTTP 200/);
  });
});
