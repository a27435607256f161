// demo/deploy/nginx.conf, run for real: the reference API (the site), two proxy copies, and nginx
// with the shipped config rendered for a temp prefix (only the literals its header lists as
// site-specific are replaced: test/deploy/nginx-harness.mjs). Asserts what the config promises:
// one request per URL reaches the site however many clients ask at once, 304s for known ETags,
// private answers never come from or go into the shared cache, CORS variants are kept apart,
// per-client limits answer 429, unknown hosts are refused. Skips with one line without nginx.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { testMoment } from '../tools/test-moment.mjs';
import { findExecutable, freePort, makeCertificate, PUBLIC_HOST, renderShippedConfig, ROOT, startNginx } from './nginx-harness.mjs';

const nginx = findExecutable('nginx');
const openssl = findExecutable('openssl');
const skip = !nginx
  ? 'nginx not installed: apt-get install nginx'
  : !openssl
    ? 'openssl not installed (needed for the test certificate): apt-get install openssl'
    : false;

const TOKEN = 'nginx-test-token';
const ALLOWED_ORIGIN = 'https://shop.example';
const CAT = '/wp-json/wp/v2/mep_cat';
const ROUTES = '/wp-json/wbtm/v1/routes';
const PASSENGERS = '/wp-json/wbtm/v1/passengers';

if (skip) {
  test('nginx in front of two proxy copies (demo/deploy/nginx.conf)', { skip }, () => {});
} else {
  describe('nginx in front of two proxy copies (demo/deploy/nginx.conf)', () => {
    const cleanups = [];
    let ref;
    let httpsPort;
    let httpPort;
    let agent;
    let ca;

    /** One HTTPS request to nginx as a browser would send it (SNI and Host = the public name). */
    const get = (rawPath, { headers = {}, via = agent, localAddress } = {}) =>
      new Promise((resolve, reject) => {
        const req = https.request(
          {
            host: '127.0.0.1',
            port: httpsPort,
            servername: PUBLIC_HOST,
            path: rawPath,
            agent: via,
            ca,
            localAddress,
            headers: { Host: PUBLIC_HOST, ...headers },
          },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        req.on('error', reject);
        req.end();
      });

    /** `total` requests, `concurrency` at a time; `headersFor(i)` per request. */
    async function fire(rawPath, { total, concurrency, headersFor = () => ({}), ...options }) {
      const results = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            const i = next++;
            results[i] = await get(rawPath, { headers: headersFor(i), ...options });
          }
        }),
      );
      return results;
    }

    const siteSaw = (pathname, search = '') => ref.requests.filter((r) => r.path === pathname && r.search === search).length;
    let copies;
    const tally = (results, pick) => results.reduce((counts, r) => ((counts[pick(r)] = (counts[pick(r)] ?? 0) + 1), counts), {});

    before(async () => {
      const dist = (relative) => import(pathToFileURL(path.join(ROOT, 'dist/server', relative)).href);
      const { startReferenceApi, DEMO_USER, DEMO_APP_PASSWORD } = await dist('reference/index.js');
      const { startProxy } = await dist('proxy/index.js');

      ref = await startReferenceApi({ port: 0, host: '127.0.0.1', now: testMoment() });
      cleanups.push(() => ref.close());
      copies = [];
      for (let i = 0; i < 2; i++) {
        // As demo/deploy/README.md starts them: `--public-host proxy.example`, the name nginx sends.
        const copy = await startProxy({
          publicHosts: [PUBLIC_HOST],
          target: `${ref.url}/wp-json`,
          port: 0,
          host: '127.0.0.1',
          credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
          allowOrigins: [ALLOWED_ORIGIN],
          allowPrivate: true,
          token: TOKEN,
          maxConnectionsPerClient: 1024,
        });
        cleanups.push(() => copy.close());
        copies.push(copy);
      }

      const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-nginx-scale-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      ca = await makeCertificate(openssl, path.join(dir, 'tls'));
      [httpsPort, httpPort] = [await freePort(), await freePort()];
      const config = renderShippedConfig({ dir, httpPort, httpsPort, proxyPorts: copies.map((copy) => copy.port) });
      const running = await startNginx({ nginx, dir, config, port: httpsPort });
      cleanups.push(() => running.stop());
      agent = new https.Agent({ keepAlive: true, maxSockets: 50, ca });
      cleanups.push(() => agent.destroy());
    });

    after(async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`cleanup failed: ${error}`);
        }
      }
    });

    test('1,000 requests for one cold URL, 50 at once, reach the site once (mep_cat); then 1,000 revalidations get 304', async () => {
      const results = await fire(CAT, { total: 1000, concurrency: 50 });
      // The copies only answer Host: proxy.example (publicHosts), so every 200 also shows nginx
      // forwarded the public name.
      assert.deepEqual(
        tally(results, (r) => r.status),
        { 200: 1000 },
      );
      const cache = tally(results, (r) => r.headers['x-cache-status']);
      assert.equal(cache.MISS, 1, `cache statuses: ${JSON.stringify(cache)}`);
      assert.equal(cache.HIT, 999);
      assert.ok(results.every((r) => JSON.parse(r.body).length > 0));
      assert.equal(siteSaw(CAT), 1, 'the site sees one request per URL per max-age');

      const etag = results[0].headers.etag;
      assert.match(etag, /^"/, 'a strong ETag from the proxy');
      const revalidations = await fire(CAT, { total: 1000, concurrency: 50, headersFor: () => ({ 'If-None-Match': etag }) });
      assert.deepEqual(
        tally(revalidations, (r) => r.status),
        { 304: 1000 },
      );
      assert.deepEqual(
        tally(revalidations, (r) => r.headers['x-cache-status']),
        { HIT: 1000 },
      );
      assert.equal(siteSaw(CAT), 1);
    });

    test('a cold /wbtm/ URL under 1,000 requests, 50 at once: one miss, the site asked once', async () => {
      const results = await fire(ROUTES, { total: 1000, concurrency: 50 });
      assert.deepEqual(
        tally(results, (r) => r.status),
        { 200: 1000 },
      );
      const cache = tally(results, (r) => r.headers['x-cache-status']);
      assert.equal(cache.MISS, 1, `cache statuses: ${JSON.stringify(cache)}`);
      assert.equal(cache.HIT, 999);
      assert.equal(siteSaw(ROUTES), 1, 'the site sees one request per URL per max-age');
      assert.match(results[0].headers['cache-control'], /^public, max-age=60/);
    });

    test('private answers: with Authorization never from the cache, never stored, whatever the spelling', async () => {
      const passengerRequests = () => ref.requests.filter((r) => r.route === '/wbtm/v1/passengers').length;
      const before = passengerRequests();
      const authorized = { Authorization: `Bearer ${TOKEN}` };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await get(PASSENGERS, { headers: authorized }));
      answers.push(await get('/?rest_route=/wbtm/v1/passengers', { headers: authorized }));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.body.slice(0, 200));
        assert.equal(answer.headers['x-cache-status'], 'BYPASS');
        assert.equal(answer.headers['cache-control'], 'private, no-store');
      }
      assert.equal(passengerRequests() - before, 4, 'every authorized request went through to the site');
      // Without the token: the proxy's 401, not stored either (and no earlier answer is replayed).
      for (let i = 0; i < 2; i++) {
        const anonymous = await get(PASSENGERS);
        assert.equal(anonymous.status, 401);
        assert.notEqual(anonymous.headers['x-cache-status'], 'HIT');
        assert.ok(!anonymous.body.includes('"name"'), 'no passenger data without the token');
      }
      // A public URL asked with Authorization is not served from the cache either.
      const publicWithAuth = await get(CAT, { headers: authorized });
      assert.equal(publicWithAuth.headers['x-cache-status'], 'BYPASS');
    });

    test("the copies' CORS headers survive the cache: one variant per Origin, nothing added by nginx", async () => {
      const allowed = await get(CAT, { headers: { Origin: ALLOWED_ORIGIN } });
      const other = await get(CAT, { headers: { Origin: 'https://evil.example' } });
      const none = await get(CAT);
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers['access-control-allow-origin'], ALLOWED_ORIGIN);
      assert.equal(other.headers['access-control-allow-origin'], undefined);
      assert.equal(none.headers['access-control-allow-origin'], undefined);
      assert.equal(none.headers['x-cache-status'], 'HIT');
      // Both variants are cached now.
      assert.equal((await get(CAT, { headers: { Origin: ALLOWED_ORIGIN } })).headers['x-cache-status'], 'HIT');
      assert.equal((await get(CAT, { headers: { Origin: 'https://evil.example' } })).headers['access-control-allow-origin'], undefined);
      assert.equal(siteSaw(CAT), 1, 'variants come from the copies, not the site');
    });

    test('per-client limits answer 429 in JSON; loopback is exempt', async (t) => {
      // 127.0.0.2 is another loopback address on Linux, so it is limited like a visitor.
      const probe = await get(CAT, { localAddress: '127.0.0.2', via: false }).catch((error) => error);
      if (probe instanceof Error) {
        t.skip(`cannot send from 127.0.0.2 here (${probe.code ?? probe.message})`);
        return;
      }
      const visitor = new https.Agent({ keepAlive: true, maxSockets: 20, ca, localAddress: '127.0.0.2' });
      try {
        const results = await fire(CAT, { total: 150, concurrency: 20, via: visitor });
        const statuses = tally(results, (r) => r.status);
        assert.ok(statuses[429] > 0, `expected some 429s past the burst, got ${JSON.stringify(statuses)}`);
        assert.equal((statuses[200] ?? 0) + statuses[429], 150, JSON.stringify(statuses));
        const limited = results.find((r) => r.status === 429);
        assert.equal(JSON.parse(limited.body).code, 'tw_rate_limited');
        assert.equal(limited.headers['retry-after'], '1');
        assert.equal(limited.headers['content-type'], 'application/json');
      } finally {
        visitor.destroy();
      }
    });

    test('unknown host names get 421; plain HTTP redirects to the public name', async () => {
      const wrongHost = await get(CAT, { headers: { Host: 'other.example' } });
      assert.equal(wrongHost.status, 421);
      const redirect = await new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: httpPort, path: CAT, headers: { Host: PUBLIC_HOST } }, (res) => {
            res.resume();
            resolve(res);
          })
          .on('error', reject);
      });
      assert.equal(redirect.statusCode, 301);
      assert.equal(redirect.headers.location, `https://${PUBLIC_HOST}${CAT}`);
    });

    // Last: stops the copies.
    test('with every copy down: cached URLs are still served, others get JSON 502 from nginx', async () => {
      await Promise.all(copies.map((copy) => copy.close()));
      const cached = await get(CAT);
      assert.equal(cached.status, 200);
      assert.equal(cached.headers['x-cache-status'], 'HIT');
      const uncached = await get('/wp-json/wp/v2/mep_org');
      assert.equal(uncached.status, 502);
      assert.equal(JSON.parse(uncached.body).code, 'tw_upstream_unreachable');
      assert.equal(uncached.headers['cache-control'], 'no-store');
    });
  });
}
