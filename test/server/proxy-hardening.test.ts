// The findings of the adversarial review, each against a hostile or misconfigured upstream (or a
// hostile client) over real HTTP on loopback: unpublished content, fair budgets, the Host check,
// Retry-After, headers on every answer, the connection cap.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { describe, test, type TestContext } from 'node:test';
import { dist, type Parsed, type RawResponse } from './helpers.js';
import { checkLeaksAfterAll, type Capture, fakeClock, json, send, startCapture, startProxy, startProxyFor, startStack, upstreamHits } from './proxy-helpers.js';

const { ClientLimiter } = await dist('server/proxy/limits.js');

checkLeaksAfterAll();

const post = (id: number, status: string, extra = {}) => ({ id, status, title: { rendered: `${status} ${id}` }, ...extra });

/** An upstream that answers every post route with drafts, private and scheduled posts mixed in. */
async function leakySite(t: TestContext): Promise<Capture> {
  return startCapture(t, (req) => {
    const url = new URL(req.url, 'http://x');
    if (/\/mep_events\/\d+$/.test(url.pathname) || /\/mep_event_speaker\/\d+$/.test(url.pathname)) return { body: post(7, 'draft') };
    if (url.pathname.endsWith('/mep_events') || url.pathname.endsWith('/mep_event_speaker')) {
      return {
        body: [post(1, 'publish'), post(2, 'draft'), post(3, 'private'), post(4, 'future'), post(5, 'publish'), { id: 6 }],
        headers: { 'X-WP-Total': '6', 'X-WP-TotalPages': '1' },
      };
    }
    return { body: [] };
  });
}

describe('proxy hardening: nothing unpublished leaves the proxy', () => {
  test('public Interface A goes upstream without credentials; drafts, private and scheduled posts are withheld anyway', async (t) => {
    const site = await leakySite(t);
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    const list = await send(url, '/wp-json/wp/v2/mep_events?per_page=10');
    assert.equal(list.status, 200);
    assert.deepEqual(
      json(list).map((item: Parsed) => item.id),
      [1, 5],
      'only published items (an item without a status is not known to be published)',
    );
    assert.ok(!/draft|private|future/.test(list.body));
    const speakers = await send(url, '/wp-json/wp/v2/mep_event_speaker');
    assert.deepEqual(
      json(speakers).map((item: Parsed) => item.id),
      [1, 5],
    );
    for (const path of ['/wp-json/wp/v2/mep_events/7', '/wp-json/wp/v2/mep_event_speaker/7']) {
      const single = await send(url, path);
      assert.equal(single.status, 404, path);
      assert.equal(json(single).code, 'rest_post_invalid_id');
      assert.ok(!single.body.includes('draft'));
    }
    assert.ok(site.seen.length >= 4);
    for (const seen of site.seen) assert.equal(seen.headers.authorization, undefined, `${seen.url} went anonymously`);
    assert.ok(
      logs.notices().some((n) => n.event === 'unpublished_withheld'),
      'the operator hears about it',
    );
  });

  test("a client's _fields without status still gets the check, and gets exactly its fields back", async (t) => {
    const site = await leakySite(t);
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const trimmed = await send(url, '/wp-json/wp/v2/mep_events?_fields=id,title');
    assert.match(site.seen.at(-1)!.url, /_fields=id,title,status/);
    assert.deepEqual(json(trimmed), [
      { id: 1, title: { rendered: 'publish 1' } },
      { id: 5, title: { rendered: 'publish 5' } },
    ]);
    const withStatus = await send(url, '/wp-json/wp/v2/mep_events?_fields=id,status');
    assert.deepEqual(
      json(withStatus).map((item: Parsed) => item.status),
      ['publish', 'publish'],
    );
  });

  test('_embed only ever asks for featured images and terms', async (t) => {
    const site = await leakySite(t);
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const sent = async (query: string) => {
      await send(url, `/wp-json/wp/v2/mep_events?page=${site.seen.length + 1}&${query}`);
      return new URL(site.seen.at(-1)!.url, 'http://x').searchParams.get('_embed');
    };
    assert.equal(await sent('_embed'), 'wp:featuredmedia,wp:term');
    assert.equal(await sent('_embed=1'), 'wp:featuredmedia,wp:term');
    assert.equal(await sent('_embed=author,wp:term,replies'), 'wp:term');
    assert.equal(await sent('_embed=author,replies,up'), null);
  });
});

describe('proxy hardening: fair budgets', () => {
  test("one client busting the cache on /wbtm/ uses its own allowance, not everyone's", async (t) => {
    const { ref, url } = await startStack(t);
    const flood: RawResponse[] = [];
    for (let day = 1; day <= 25; day++) {
      flood.push(await send(url, `/wp-json/wbtm/v1/buses?route_id=70&page=${day}&per_page=1`, { localAddress: '127.0.0.9' }));
    }
    const limited = flood.filter((res) => res.status === 429);
    assert.equal(flood.length - limited.length, 8, 'eight uncached requests a minute per client on /wbtm/');
    const [firstLimited] = limited;
    assert.ok(firstLimited);
    assert.equal(json(firstLimited).code, 'tw_client_rate_limited');
    assert.ok(Number(firstLimited.headers['retry-after']) >= 1 && Number(firstLimited.headers['retry-after']) <= 60);
    // Everyone else's uncached bus request still goes through, and cached answers still flow for the flooder.
    const other = await send(url, '/wp-json/wbtm/v1/routes', { localAddress: '127.0.0.10' });
    assert.equal(other.status, 200);
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?route_id=70&page=1&per_page=1', { localAddress: '127.0.0.9' })).headers['x-cache'], 'HIT');
    assert.equal(upstreamHits(ref, '/wbtm/v1/buses').length, 8);
  });

  test("one client cannot spend the whole /wbtm/ budget by straddling its own minute: the budget's window outlasts it", async (t) => {
    const clock = fakeClock();
    const site = await startCapture(t);
    const { url } = await startProxyFor(t, `${site.url}/wp-json`, { now: clock.now });
    const flooder = { localAddress: '127.0.0.9' };
    let page = 0;
    const statuses: number[] = [];
    const ask = async () => statuses.push((await send(url, `/wp-json/wbtm/v1/buses?page=${++page}`, flooder)).status);
    await ask();
    clock.advance(30_000);
    for (let i = 0; i < 7; i++) await ask();
    // The flooder's own minute is over, but the budget's window (restarted by its last requests) is not.
    clock.advance(31_000);
    for (let i = 0; i < 7; i++) await ask();
    assert.deepEqual(
      statuses,
      [...Array<number>(8).fill(200), ...Array<number>(7).fill(429)],
      'eight of the fifteen new URLs of one budget window, and no more',
    );
    assert.equal(site.seen.length, 8);
    const other = await send(url, '/wp-json/wbtm/v1/buses?page=999', { localAddress: '127.0.0.10' });
    assert.equal(other.status, 200, `another client's new URL still goes through: ${other.body}`);
  });

  test('part of the budget is kept for refreshing what is cached: new URLs cannot starve it', async (t) => {
    const clock = fakeClock();
    const { ref, url, proxy } = await startStack(t, { proxy: { now: clock.now, upstreamRate: { requests: 4, perMs: 60_000 }, maxAgeSeconds: 10 } });
    const from = (n: number) => ({ localAddress: `127.0.0.${20 + n}` });
    for (let page = 1; page <= 3; page++) assert.equal((await send(url, `/wp-json/wbtm/v1/buses?per_page=1&page=${page}`, from(page))).status, 200);
    const fourth = await send(url, '/wp-json/wbtm/v1/buses?per_page=1&page=4', from(4));
    assert.equal(fourth.status, 503, 'new URLs have used their three of four');
    clock.advance(11_000); // page 1 is now stale: refreshed in the background with the reserved request
    assert.equal((await send(url, '/wp-json/wbtm/v1/buses?per_page=1&page=1', from(5))).headers['x-cache'], 'STALE');
    await proxy.handler.settled(); // the background refresh has been answered
    assert.equal(upstreamHits(ref, '/wbtm/v1/buses').filter((r) => /[?&]page=1(&|$)/.test(r.search)).length, 2);
  });

  test('public routes have a budget of their own, with a per-client allowance', async (t) => {
    const { ref, url } = await startStack(t, { proxy: { publicRate: { requests: 8, perMs: 60_000 }, clientRate: { requests: 3, perMs: 60_000 } } });
    const answers = [];
    for (let page = 1; page <= 10; page++)
      answers.push(await send(url, `/wp-json/wp/v2/mep_events?per_page=1&page=${page}`, { localAddress: `127.0.0.${30 + (page % 4)}` }));
    const statuses = answers.map((res) => res.status);
    assert.equal(statuses.filter((s) => s === 200).length, 6, 'six of eight go to new URLs');
    assert.ok(statuses.includes(503) || statuses.includes(429));
    assert.equal(upstreamHits(ref, '/wp/v2/mep_events').length, 6);
  });

  test('the per-client table is bounded: a flood of addresses forgets the oldest', () => {
    let now = 0;
    const limiter = new ClientLimiter({ requests: 1, perMs: 60_000 }, () => now, 3);
    for (const ip of ['a', 'b', 'c']) assert.equal(limiter.take(ip), null);
    assert.ok((limiter.take('a') ?? 0) > 0);
    assert.equal(limiter.take('d'), null); // 'a' (oldest) is forgotten to make room
    assert.equal(limiter.take('a'), null);
    now = 60_000;
    assert.equal(limiter.take('b'), null);
  });
});

describe('proxy hardening: the cache is bounded in bytes', () => {
  test('cached answers never hold more than the byte budget; an answer over a quarter of it is served but not kept', async (t) => {
    const { url, proxy } = await startStack(t, { proxy: { maxCacheBytes: 400_000 } });
    for (let page = 1; page <= 12; page++) assert.equal((await send(url, `/wp-json/wp/v2/mep_events?per_page=20&page=${(page % 8) + 1}`)).status, 200);
    assert.ok(proxy.stats.cacheBytes <= 400_000, `${proxy.stats.cacheBytes} bytes`);
    assert.ok(proxy.stats.cacheEntries >= 3 && proxy.stats.cacheEntries < 8, `${proxy.stats.cacheEntries} entries`);
    const big = '/wp-json/wp/v2/mep_events?per_page=100';
    assert.equal((await send(url, big)).headers['x-cache'], 'MISS');
    assert.equal((await send(url, big)).headers['x-cache'], 'MISS', 'too big to keep');
  });
});

describe('proxy hardening: Host, private routes, health', () => {
  test('a foreign Host (DNS rebinding) gets 421 on every route; the configured names are answered', async (t) => {
    const token = 'tok_0123456789abcdef';
    const { url } = await startStack(t, { proxy: { allowPrivate: true, token, publicHosts: ['proxy.example', '127.0.0.1'] } });
    for (const path of ['/wp-json/wbtm/v1/passengers', '/wp-json/wp/v2/mep_cat', '/healthz']) {
      const res = await send(url, path, { headers: { host: 'rebind.attacker.example', authorization: `Bearer ${token}` } });
      assert.equal(res.status, 421, path);
      assert.equal(json(res).code, 'tw_host_not_allowed');
    }
    assert.equal((await send(url, '/wp-json/wp/v2/mep_cat', { headers: { host: 'Proxy.Example:8443' } })).status, 200);
    assert.equal((await send(url, '/wp-json/wbtm/v1/passengers', { headers: { authorization: `Bearer ${token}` } })).status, 200);
  });

  test('by default the proxy answers for its listen address and localhost only', async (t) => {
    const { url } = await startStack(t);
    const port = new URL(url).port;
    assert.equal((await send(url, '/healthz', { headers: { host: `localhost:${port}` } })).status, 200);
    assert.equal((await send(url, '/healthz', { headers: { host: `127.0.0.1:${port}` } })).status, 200);
    assert.equal((await send(url, '/healthz', { headers: { host: 'example.org' } })).status, 421);
  });

  test('/healthz says ok and nothing else', async (t) => {
    const { url } = await startStack(t);
    const res = await send(url, '/healthz');
    assert.equal(res.body, '{"status":"ok"}');
  });
});

describe('proxy hardening: a hostile upstream', () => {
  test('a Retry-After of 999999999 is believed for ten minutes at most', async (t) => {
    const clock = fakeClock();
    const site = await startCapture(t, () => ({
      status: 429,
      headers: { 'Retry-After': '999999999' },
      body: { code: 'wbtm_rate_limited', message: 'slow', data: { status: 429 } },
    }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`, { now: clock.now });
    const first = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(first.status, 503);
    assert.ok(Number(first.headers['retry-after']) <= 600, first.headers['retry-after']);
    const held = await send(url, '/wp-json/wbtm/v1/buses?page=2');
    assert.equal(held.status, 503);
    assert.ok(Number(held.headers['retry-after']) <= 600);
    const asked = site.seen.length;
    clock.advance(10 * 60_000 + 1000);
    await send(url, '/wp-json/wbtm/v1/buses?page=3');
    assert.equal(site.seen.length, asked + 1, 'asked again after ten minutes');
  });

  test('a site that sends back the credentials it was given (a debugging plugin, a WAF) is withheld, in the body or in a header', async (t) => {
    const site = await startCapture(t, (req) => {
      const given = req.headers.authorization ?? '';
      if (req.url.includes('/routes')) return { status: 400, body: { code: 'rest_invalid_param', message: `Bad header: ${given}`, data: { status: 400 } } };
      if (req.url.includes('/buses'))
        return {
          headers: {
            'X-WP-Total': '0',
            'X-WP-TotalPages': '1',
            Link: `<http://${req.headers.host}/wp-json/wbtm/v1/buses?page=2&auth=${given.slice(6)}>; rel="next"`,
          },
          body: [],
        };
      return { body: { seen: given.slice(6) } };
    });
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    for (const path of ['/wp-json/wbtm/v1/routes', '/wp-json/wbtm/v1/buses', '/wp-json/wbtm/v1/buses/7']) {
      const res = await send(url, path);
      assert.equal(res.status, 502, path);
      assert.equal(json(res).code, 'tw_upstream_error', path);
    }
    assert.ok(site.seen.length >= 3 && site.seen.every((seen) => seen.headers.authorization?.startsWith('Basic ')), 'the site was given the credentials');
    assert.equal(logs.notices().filter((n) => n.event === 'upstream_echoed_credentials').length, 3, 'the operator hears about each');
    // The file's leak check (checkLeaksAfterAll) proves no form of the secret reached a client or a log.
  });

  test('every answer is JSON with a CSP that forbids everything, CORP and nosniff, whatever the site sent', async (t) => {
    const site = await startCapture(t, (req) =>
      req.url.includes('mep_cat')
        ? { headers: { 'Content-Type': 'application/vnd.odd+json; charset=ISO-8859-1' }, body: [{ id: 1, name: '<script>x</script>' }] }
        : { status: 404, body: { code: 'rest_no_route', message: 'x', data: { status: 404 } } },
    );
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const first = await send(url, '/wp-json/wp/v2/mep_cat');
    const etag = first.headers.etag;
    const answers = [
      first,
      await send(url, '/wp-json/wp/v2/mep_cat', { headers: { 'if-none-match': etag } }),
      await send(url, '/wp-json/wp/v2/mep_org'),
      await send(url, '/wp-json/wp/v2/users'),
      await send(url, '/healthz'),
      await send(url, '/wp-json/wp/v2/mep_cat', { method: 'POST' }),
    ];
    assert.deepEqual(
      answers.map((res) => res.status),
      [200, 304, 404, 404, 200, 405],
    );
    for (const res of answers) {
      assert.equal(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
      assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      if (res.status !== 304) assert.equal(res.headers['content-type'], 'application/json; charset=UTF-8');
    }
  });

  test('connections beyond the cap are closed at once', async (t) => {
    const site = await startCapture(t);
    const proxy = await startProxy({ target: `${site.url}/wp-json`, port: 0, host: '127.0.0.1', maxConnections: 2, log: () => {} });
    t.after(() => proxy.close());
    const { port } = new URL(proxy.url);
    const open = (): Promise<net.Socket> =>
      new Promise((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
        socket.on('error', () => {});
      });
    /** A connection the proxy has taken on: it has answered a request on it, and keeps it alive. */
    const taken = async (): Promise<net.Socket> => {
      const socket = await open();
      const answered = once(socket, 'data');
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await answered;
      return socket;
    };
    const sockets = [await taken(), await taken()];
    const third = await open();
    const closed = await new Promise<boolean>((resolve) => {
      third.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 2000);
    });
    assert.equal(closed, true, 'the third connection was closed');
    assert.ok(
      sockets.every((socket) => !socket.destroyed),
      'the first two are open',
    );
    for (const socket of sockets) socket.destroy();
  });

  test("a Link header full of '<' costs no noticeable time, and the link after them still comes through", async (t) => {
    // 15 000 `<` fit Node's 16 KiB header limit. Read from every `<` to the header's end, they kept
    // the event loop (every client's answers) busy for a second per answer, on every miss and on
    // every private request.
    let siteUrl = '';
    const site = await startCapture(t, (req) => {
      const junk = (n: number): string => (req.url.includes('mep_cat') ? '<'.repeat(n) : '');
      return { headers: { Link: `${junk(1000)}<${siteUrl}/wp-json/wp/v2/mep_cat?page=2>; rel="next", ${junk(14_000)}` }, body: [] };
    });
    siteUrl = site.url;
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    // One ordinary answer first, so the time below is the junk's alone, not the first request's warm-up.
    assert.equal((await send(url, '/wp-json/wp/v2/mep_org')).status, 200);
    const started = performance.now();
    const res = await send(url, '/wp-json/wp/v2/mep_cat');
    const ms = performance.now() - started;
    assert.ok(ms < 400, `answered in ${Math.round(ms)} ms`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['link'], '</wp-json/wp/v2/mep_cat?page=2>; rel="next"');
  });
});
