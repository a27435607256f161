// Answers the proxy must still write, or refuse cleanly, when what the site sent cannot be passed on
// as it is: a Link header that decodes to characters no header may carry, and a write that throws.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, createProxyHandler, json, logSink, SECRET, send, serveHandler, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

describe('proxy replies: nothing the site sends can stop the process', () => {
  test('a Link whose rest_route decodes to a euro sign or CR LF is re-encoded, on the miss and on the cache hit', async (t) => {
    const routes = ['/wp/v2/mep_cat%E2%82%AC', '/wp/v2/mep_cat%0D%0AX-Injected:%201', '/wp/v2/mep_cat%3Ex%3E'];
    let n = 0;
    let siteUrl = '';
    const site = await startCapture(t, () => ({
      headers: { Link: `<${siteUrl}/?rest_route=${routes[n++ % routes.length]}&page=2>; rel="next"` },
      body: [{ id: 1, name: 'Concerts' }],
    }));
    siteUrl = site.url;
    const { url } = await startProxyFor(t, `${site.url}/?rest_route=`);
    const expected = ['/wp-json/wp/v2/mep_cat%E2%82%AC?page=2', '/wp-json/wp/v2/mep_cat%0D%0AX-Injected%3A%201?page=2', '/wp-json/wp/v2/mep_cat%3Ex%3E?page=2'];
    for (const [i, want] of expected.entries()) {
      for (const round of ['miss', 'hit']) {
        const res = await send(url, `/wp-json/wp/v2/mep_cat?page=${i + 1}`);
        assert.equal(res.status, 200, `${want} (${round})`);
        assert.equal(res.headers['link'], `<${want}>; rel="next"`, round);
        assert.equal(res.headers['x-injected'], undefined);
        assert.deepEqual(json(res), [{ id: 1, name: 'Concerts' }]);
      }
    }
    const health = await send(url, '/healthz');
    assert.equal(health.status, 200, 'still running');
  });

  test('a reply Node refuses to write becomes a logged 502 tw_upstream_error, and the next request is answered', async (t) => {
    const site = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const sink = logSink();
    const handler = createProxyHandler({ target: `${site.url}/wp-json`, credentials: SECRET, log: sink.log });
    let broken = 0;
    const url = await serveHandler(t, handler, (req, res) => {
      // Stands in for any header value Node rejects: the first writeHead of a marked request throws.
      if (req.url?.includes('broken')) {
        const original = res.writeHead.bind(res);
        res.writeHead = (() => {
          res.writeHead = original;
          broken++;
          throw new TypeError('Invalid character in header content ["Link"]');
        }) as typeof res.writeHead;
      }
    });
    // A miss (written from a promise callback) and a cache hit (written in the same turn).
    for (const path of ['/wp-json/wp/v2/mep_cat?broken=1', '/wp-json/wp/v2/mep_cat', '/wp-json/wp/v2/mep_cat?broken=1']) {
      const res = await send(url, path.replace('?broken=1', '?per_page=10&broken=1'));
      if (path.includes('broken')) {
        assert.equal(res.status, 502, path);
        assert.equal(json(res).code, 'tw_upstream_error');
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
      } else {
        assert.equal(res.status, 200, path);
      }
    }
    assert.equal(broken, 2);
    assert.equal(sink.notices().filter((entry) => entry.event === 'proxy_bug').length, 2, 'logged');
    assert.deepEqual(
      sink.requests().map((entry) => entry.status),
      [502, 200, 502],
    );
  });
});
