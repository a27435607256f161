// Who may use the proxy and how: CORS for allowed origins only, personal-data routes behind a
// token and/or an IP allow-list, rejected credentials, OAuth 1.0a signing, refused configurations.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dist, header, TODAY } from './helpers.js';
import {
  checkLeaksAfterAll,
  createProxyHandler,
  json,
  ProxyConfigError,
  SECRET,
  send,
  startCapture,
  startProxyFor,
  startStack,
  upstreamHits,
} from './proxy-helpers.js';

checkLeaksAfterAll();

const SHOP = 'https://shop.example';
const EVIL = 'https://evil.example';
const TOKEN = 'tok_3f9a1c7e5b2d8046aa11';
const { parseCidr } = await dist('server/proxy/cidr.js');
const { signatureBaseString, hmacSha1Signature } = await dist('server/proxy/oauth1.js');
const { wordpressSignatureBaseString } = await dist('server/proxy/oauth1-wordpress.js');

describe('proxy: CORS', () => {
  test('an allowed origin gets Allow-Origin, Vary and the exposed headers; a refused one gets no CORS headers', async (t) => {
    const { url } = await startStack(t, { proxy: { allowOrigins: [SHOP, 'http://localhost:3000'] } });
    const allowed = await send(url, '/wp-json/wp/v2/mep_events?per_page=2', { headers: { origin: SHOP } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers['access-control-allow-origin'], SHOP);
    assert.equal(allowed.headers['access-control-expose-headers'], 'X-WP-Total, X-WP-TotalPages, Link, ETag');
    assert.equal(allowed.headers.vary, 'Origin');
    assert.equal(allowed.headers['access-control-allow-credentials'], undefined);
    const local = await send(url, '/wp-json/wp/v2/mep_cat', { headers: { origin: 'http://localhost:3000' } });
    assert.equal(local.headers['access-control-allow-origin'], 'http://localhost:3000');
    for (const origin of [EVIL, 'https://shop.example.evil.example', 'http://shop.example', 'https://shop.example:8443', 'null']) {
      const refused = await send(url, '/wp-json/wp/v2/mep_events?per_page=2', { headers: { origin } });
      assert.equal(refused.status, 200, 'the answer itself is the same; the browser withholds it');
      assert.equal(refused.headers['access-control-allow-origin'], undefined, origin);
      assert.equal(refused.headers['access-control-expose-headers'], undefined, origin);
      assert.equal(refused.headers.vary, 'Origin');
    }
    const error = await send(url, '/wp-json/wp/v2/users', { headers: { origin: SHOP } });
    assert.equal(error.status, 404);
    assert.equal(error.headers['access-control-allow-origin'], SHOP, 'errors are readable by allowed origins');
  });

  test('preflight: 204 with methods, headers and max-age for an allowed origin; 403 without CORS headers otherwise', async (t) => {
    const { ref, url } = await startStack(t, { proxy: { allowOrigins: [SHOP] } });
    const preflight = (origin: string, method = 'GET', headers = 'if-none-match') =>
      send(url, '/wp-json/wbtm/v1/routes', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
      });
    const ok = await preflight(SHOP);
    assert.equal(ok.status, 204);
    assert.equal(ok.headers['access-control-allow-origin'], SHOP);
    assert.equal(ok.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
    assert.equal(ok.headers['access-control-allow-headers'], 'If-None-Match, Content-Type');
    assert.equal(ok.headers['access-control-max-age'], '600');
    assert.equal(ok.headers['access-control-allow-credentials'], undefined);
    const refused = await preflight(EVIL);
    assert.equal(refused.status, 403);
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    assert.equal(refused.headers['access-control-allow-methods'], undefined);
    assert.equal(json(refused).code, 'tw_cors_origin_refused');
    const wrongMethod = await preflight(SHOP, 'DELETE');
    assert.equal(wrongMethod.status, 403);
    assert.equal(wrongMethod.headers['access-control-allow-origin'], undefined, 'a refused preflight carries no CORS headers, whatever its origin');
    assert.equal(wrongMethod.headers['vary'], 'Origin');
    assert.equal(ref.requests.length, 0, 'preflights never reach the site');
  });

  test('Authorization is an allowed request header only when private routes use a token', async (t) => {
    const { url } = await startStack(t, { proxy: { allowOrigins: [SHOP], allowPrivate: true, token: TOKEN } });
    const res = await send(url, '/wp-json/wbtm/v1/passengers', { method: 'OPTIONS', headers: { origin: SHOP, 'access-control-request-method': 'GET' } });
    assert.equal(res.headers['access-control-allow-headers'], 'If-None-Match, Content-Type, Authorization');
  });
});

describe('proxy: personal data', () => {
  test('passengers and attendees are 404 rest_no_route unless allowPrivate', async (t) => {
    const { ref, url } = await startStack(t);
    for (const path of ['/wp-json/wbtm/v1/passengers', '/wp-json/wp/v2/mep_event_attendee', '/?rest_route=/wbtm/v1/passengers']) {
      const res = await send(url, path, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 404, path);
      assert.equal(json(res).code, 'rest_no_route');
    }
    assert.equal(ref.requests.length, 0);
  });

  test('with a token: refused without or with a wrong one (401), allowed with it, private and never cached', async (t) => {
    const { ref, url, proxy } = await startStack(t, { proxy: { allowPrivate: true, token: TOKEN } });
    const path = `/wp-json/wbtm/v1/passengers?date=${TODAY}`;
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await send(url, path, { headers: authorization ? { authorization } : {} });
      assert.equal(res.status, 401, String(authorization));
      assert.equal(json(res).code, 'rest_forbidden');
      assert.match(header(res, 'www-authenticate'), /^Bearer /);
    }
    assert.equal(upstreamHits(ref, '/wbtm/v1/passengers').length, 0);
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await send(url, path, { headers: { authorization: `Bearer ${TOKEN}` } }));
    for (const res of answers) {
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(json(res)) && json(res).length > 0);
      assert.equal(res.headers['cache-control'], 'private, no-store');
      assert.equal(res.headers.etag, undefined);
      assert.equal(res.headers['x-cache'], 'MISS');
    }
    const hits = upstreamHits(ref, '/wbtm/v1/passengers');
    assert.equal(hits.length, 2, 'two requests → two upstream requests');
    assert.ok(hits.every((hit) => hit.authorization));
    assert.equal(proxy.stats.cacheEntries, 0);
    const attendees = await send(url, '/wp-json/wp/v2/mep_event_attendee?per_page=2', { headers: { authorization: `bearer ${TOKEN}` } });
    assert.equal(attendees.status, 200);
    assert.equal(attendees.headers['cache-control'], 'private, no-store');
  });

  test('with an IP allow-list: other addresses get 403; listed ones get in (with the token too when both are set)', async (t) => {
    const outside = await startStack(t, { proxy: { allowPrivate: true, allowPrivateWithoutToken: true, allowIps: [parseCidr('10.0.0.0/8')] } });
    const refused = await send(outside.url, '/wp-json/wbtm/v1/passengers');
    assert.equal(refused.status, 403);
    assert.equal(json(refused).code, 'rest_forbidden');
    const inside = await startStack(t, { proxy: { allowPrivate: true, allowIps: [parseCidr('127.0.0.0/8')], token: TOKEN } });
    assert.equal((await send(inside.url, '/wp-json/wbtm/v1/passengers')).status, 401);
    assert.equal((await send(inside.url, '/wp-json/wbtm/v1/passengers', { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200);
  });

  test('allowPrivate without a token or an IP list refuses to start; an IP list alone needs an explicit opt-out', () => {
    assert.throws(
      () => createProxyHandler({ target: 'https://example.org', allowPrivate: true }),
      (error) => error instanceof ProxyConfigError && /TICKETING_PROXY_TOKEN/.test(error.message) && /--allow-ip/.test(error.message),
    );
    assert.throws(
      () => createProxyHandler({ target: 'https://example.org', allowPrivate: true, allowIps: [parseCidr('10.0.0.0/8')] }),
      (error) => error instanceof ProxyConfigError && /load balancer/.test(error.message) && /--private-without-token/.test(error.message),
    );
    assert.throws(() => createProxyHandler({ target: 'https://demo:pw@example.org' }), ProxyConfigError);
    assert.throws(() => createProxyHandler({ target: 'https://example.org', allowOrigins: ['*'] }), ProxyConfigError);
    assert.throws(() => createProxyHandler({ target: 'https://example.org', allowOrigins: ['https://shop.example/path'] }), ProxyConfigError);
  });
});

describe('proxy: upstream authentication', () => {
  test("a 401 on an authenticated route → 502 tw_upstream_credentials_rejected, upstream's code not leaked, logged", async (t) => {
    const { ref, url, logs } = await startStack(t, { reference: { appPassword: 'Wrng Pass Word 0000 1111 2222' } });
    // Public Interface A goes anonymously, so the wrong password does not matter there.
    assert.equal((await send(url, '/wp-json/wp/v2/mep_cat')).status, 200);
    assert.equal(upstreamHits(ref, '/wp/v2/mep_cat')[0]?.authorization, false);
    for (const path of ['/wp-json/wbtm/v1/routes', '/wp-json/wbtm/v1/buses/40']) {
      const res = await send(url, path);
      assert.equal(res.status, 502);
      assert.equal(json(res).code, 'tw_upstream_credentials_rejected');
      assert.equal(json(res).message, "The proxy's credentials were rejected by the site.");
      assert.ok(!/incorrect_password|invalid_username/.test(res.body));
    }
    const warning = logs.notices().find((n) => n.event === 'upstream_credentials_rejected');
    assert.ok(warning, 'logged');
    assert.match(warning.message, /incorrect_password/);
  });

  test('without credentials, requests go out anonymously and a 401 passes through as WordPress wrote it', async (t) => {
    const { ref, url } = await startStack(t, { proxy: { credentials: null } });
    const res = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(res.status, 401);
    assert.equal(json(res).code, 'rest_forbidden');
    assert.equal(upstreamHits(ref, '/wbtm/v1/routes')[0]?.authorization, false);
  });

  test('OAuth 1.0a: each request is signed (HMAC-SHA1) over the exact upstream URL instead of Basic', async (t) => {
    const oauth1 = { consumerKey: 'ck_test', consumerSecret: 'cs_9d8f7a6b5c4e', token: 'tk_test', tokenSecret: 'ts_1a2b3c4d5e' };
    const capture = await startCapture(t);
    const { url, logs } = await startProxyFor(t, `${capture.url}/?rest_route=`, { oauth1 });
    await send(url, '/wp-json/wp/v2/mep_events?per_page=2&mep_cat=3,4&page=1');
    await send(url, '/wp-json/wbtm/v1/routes');
    await send(url, '/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=2026-11-30');
    // The index (read once, anonymously, for the site's home URL: this capture publishes none) and
    // public Interface A carry no credentials; the /wbtm/ routes are signed.
    const index = capture.seen.filter((seen) => seen.url.startsWith('/?rest_route=/&'));
    assert.equal(index.length, 1);
    assert.equal(index[0]!.headers.authorization, undefined);
    const events = capture.seen.find((seen) => seen.url.includes('mep_events'));
    assert.ok(events);
    assert.equal(events.headers.authorization, undefined);
    const signedRequests = capture.seen.filter((seen) => seen.url.includes('/wbtm/'));
    assert.equal(signedRequests.length, 2);
    const nonces = new Set();
    for (const seen of signedRequests) {
      const authorization = header(seen, 'authorization');
      assert.match(authorization, /^OAuth /);
      const params = Object.fromEntries([...authorization.slice(6).matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, decodeURIComponent(v!)]));
      assert.equal(params.oauth_consumer_key, 'ck_test');
      assert.equal(params.oauth_token, 'tk_test');
      assert.equal(params.oauth_signature_method, 'HMAC-SHA1');
      nonces.add(params.oauth_nonce);
      const { oauth_signature: signature, ...signed } = params;
      const base = signatureBaseString('GET', `${capture.url}${seen.url}`, signed);
      assert.equal(signature, hmacSha1Signature(base, oauth1.consumerSecret, oauth1.tokenSecret), seen.url);
    }
    assert.equal(nonces.size, 2, 'a fresh nonce per request');
    assert.equal(events.url, '/?rest_route=/wp/v2/mep_events&mep_cat=3,4&page=1&per_page=2');
    for (const line of logs.lines) assert.ok(!line.includes(oauth1.consumerSecret) && !line.includes(oauth1.tokenSecret));
    assert.ok(!SECRET.appPassword.includes('cs_'));
  });

  test('OAuth 1.0a: a site in maintenance at start-up (503 for its index) is asked for its home URL again, not signed without it for good', async (t) => {
    const oauth1 = { consumerKey: 'ck_test', consumerSecret: 'cs_9d8f7a6b5c4e', token: 'tk_test', tokenSecret: 'ts_1a2b3c4d5e' };
    let maintenance = true;
    const capture = await startCapture(t, (seen) => {
      if (maintenance)
        return { status: 503, headers: { 'Content-Type': 'text/html', 'Retry-After': '600' }, body: '<h1>Briefly unavailable for scheduled maintenance.</h1>' };
      return seen.url.startsWith('/?rest_route=/&') ? { body: { home: 'https://public.example', url: 'https://public.example' } } : { body: [] };
    });
    const { url, logs } = await startProxyFor(t, `${capture.url}/?rest_route=`, { oauth1 });
    maintenance = false;
    assert.equal((await send(url, '/wp-json/wbtm/v1/routes')).status, 200);
    const index = capture.seen.filter((seen) => seen.url.startsWith('/?rest_route=/&'));
    assert.equal(index.length, 2, 'the index is asked again once the site is back');
    assert.ok(logs.notices().some((notice) => notice.event === 'oauth1_home'));
    const signed = capture.seen.find((seen) => seen.url.includes('/wbtm/'));
    assert.ok(signed);
    const params = Object.fromEntries(
      [
        ...header(signed, 'authorization')
          .slice(6)
          .matchAll(/(\w+)="([^"]*)"/g),
      ].map(([, k, v]) => [k, decodeURIComponent(v!)]),
    );
    const { oauth_signature: signature, ...rest } = params;
    const base = wordpressSignatureBaseString('GET', new URL(`${capture.url}${signed.url}`), 'https://public.example', rest);
    assert.equal(signature, hmacSha1Signature(base, oauth1.consumerSecret, oauth1.tokenSecret), 'signed against the home URL, as the plugin verifies');
  });
});
