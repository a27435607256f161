// Who counts as one client for the per-client allowance: an IPv4 address (also when a dual-stack
// socket reports it IPv4-mapped), and an IPv6 /64, since one host may use any address of its /64;
// never the address a client claims in a header. The /64s of one IPv6 /48 also share a wider
// allowance, since one subscriber is often delegated a whole /48.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { dist } from './helpers.js';
import { checkLeaksAfterAll, createProxyHandler, fakeClock, json, logSink, SECRET, send, serveHandler, startCapture } from './proxy-helpers.js';

const { parseCidr } = await dist('server/proxy/cidr.js');
const { ClientLimiter, NETWORK_ALLOWANCE_FACTOR } = await dist('server/proxy/limits.js');

checkLeaksAfterAll();

/**
 * The real handler on a loopback server that reports each request as coming from the address in
 * its `X-Test-From` header: loopback has one IPv6 address, and a /64 needs several.
 */
async function proxyFromAnywhere(t: TestContext, target: string, now?: () => number): Promise<string> {
  const handler = createProxyHandler({ target, credentials: SECRET, log: logSink().log, clientRate: { requests: 2, perMs: 60_000 }, now });
  return serveHandler(t, handler, (req) => {
    const from = req.headers['x-test-from'];
    if (typeof from === 'string') Object.defineProperty(req.socket, 'remoteAddress', { value: from, configurable: true });
  });
}

describe('proxy clients: one allowance per IPv4 address or IPv6 /64', () => {
  test('addresses of one IPv6 /64 share an allowance; another /64 has its own', async (t) => {
    const site = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const url = await proxyFromAnywhere(t, `${site.url}/wp-json`);
    let page = 0;
    const from = async (address: string): Promise<number> => {
      const res = await send(url, `/wp-json/wp/v2/mep_cat?page=${++page}`, { headers: { 'X-Test-From': address } });
      if (res.status === 429) assert.equal(json(res).code, 'tw_client_rate_limited');
      return res.status;
    };
    assert.equal(await from('2001:db8:0:1::a'), 200);
    assert.equal(await from('2001:db8:0:1:ffff:ffff:ffff:ffff'), 200);
    assert.equal(await from('2001:db8:0:1::1:b'), 429, 'a third address of the same /64 is the same client');
    assert.equal(await from('2001:DB8:0:1:0:0:0:c%eth0'), 429, 'whatever the spelling');
    assert.equal(await from('2001:db8:0:2::a'), 200, 'the next /64 is another client');
  });

  test('IPv4 stays per address, and an IPv4-mapped IPv6 address is that IPv4 address', async (t) => {
    const site = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const url = await proxyFromAnywhere(t, `${site.url}/wp-json`);
    let page = 0;
    const from = async (address: string): Promise<number> =>
      (await send(url, `/wp-json/wp/v2/mep_cat?page=${++page}`, { headers: { 'X-Test-From': address } })).status;
    assert.equal(await from('192.0.2.10'), 200);
    assert.equal(await from('::ffff:192.0.2.10'), 200);
    assert.equal(await from('192.0.2.10'), 429, 'both spellings spent one allowance');
    assert.equal(await from('192.0.2.11'), 200, 'the neighbouring IPv4 address is another client');
  });

  test('what a client says about its address (X-Forwarded-For, X-Real-IP, Forwarded) changes neither its allowance nor its access', async (t) => {
    const site = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const url = await proxyFromAnywhere(t, `${site.url}/wp-json`);
    const claims = (n: number): Record<string, string> => ({
      'X-Forwarded-For': `198.51.100.${n}`,
      'X-Real-IP': `198.51.100.${n}`,
      Forwarded: `for=198.51.100.${n}`,
      'X-Test-From': '192.0.2.20',
    });
    const statuses: number[] = [];
    for (let n = 1; n <= 3; n++) statuses.push((await send(url, `/wp-json/wp/v2/mep_cat?page=${n}`, { headers: claims(n) })).status);
    assert.deepEqual(statuses, [200, 200, 429], 'three claimed addresses, one allowance');
    // Private routes listed for 10.0.0.0/8 only: claiming such an address from outside gets nothing.
    const guarded = createProxyHandler({
      target: `${site.url}/wp-json`,
      credentials: SECRET,
      log: logSink().log,
      allowPrivate: true,
      allowPrivateWithoutToken: true,
      allowIps: [parseCidr('10.0.0.0/8')],
    });
    const guardedUrl = await serveHandler(t, guarded, () => {});
    const refused = await send(guardedUrl, '/wp-json/wbtm/v1/passengers', {
      headers: { 'X-Forwarded-For': '10.0.0.5', 'X-Real-IP': '10.0.0.5', Forwarded: 'for=10.0.0.5' },
    });
    assert.equal(refused.status, 403);
    assert.equal(site.seen.filter((seen) => seen.url.includes('passengers')).length, 0);
  });
});

describe('proxy clients: the /64s of one IPv6 /48 share a wider allowance', () => {
  test('many /64s of one /48 are refused after the /48 allowance; another /48 and IPv4 addresses are not', async (t) => {
    const site = await startCapture(t, () => ({ body: [{ id: 1 }] }));
    const clock = fakeClock();
    const url = await proxyFromAnywhere(t, `${site.url}/wp-json`, clock.now);
    let page = 0;
    const from = (address: string) => send(url, `/wp-json/wp/v2/mep_cat?page=${++page}`, { headers: { 'X-Test-From': address } });
    const statuses: number[] = [];
    // 16 /64s of 2001:db8:5::/48, each spending its own allowance of 2 in full: 32 in all.
    for (let subnet = 0; subnet < 16; subnet++) for (const host of ['a', 'b']) statuses.push((await from(`2001:db8:5:${subnet.toString(16)}::${host}`)).status);
    assert.deepEqual(statuses, new Array<number>(32).fill(200), 'each /64 has its own allowance until the /48 has spent 16 of them');
    clock.advance(15_000);
    const refused = await from('2001:db8:5:ff::1');
    assert.equal(refused.status, 429, 'a fresh /64 of the same /48 is refused');
    assert.equal(json(refused).code, 'tw_client_rate_limited');
    assert.equal(refused.headers['retry-after'], '45', "the /48's window ends 60 s after its first request");
    assert.equal((await from('2001:db8:5:ffff:1:2:3:4')).status, 429);
    assert.equal((await from('2001:db8:6::a')).status, 200, 'another /48 has its own allowance');
    clock.advance(45_000);
    assert.equal((await from('2001:db8:5:ff::1')).status, 200, "once the /48's window has ended it may ask again");
    const upstream = site.seen.length;
    // IPv4 has no wider group: 17 addresses of one /24 spend 34 requests, more than a /48 may.
    const ipv4: number[] = [];
    for (let host = 1; host <= 17; host++) for (let n = 0; n < 2; n++) ipv4.push((await from(`192.0.2.${host}`)).status);
    assert.deepEqual(ipv4, new Array<number>(34).fill(200));
    assert.equal(site.seen.length, upstream + 34);
  });

  test('the limiter counts a request against its /64 and its /48; either being full refuses it and spends nothing', () => {
    assert.equal(NETWORK_ALLOWANCE_FACTOR, 16);
    let now = 0;
    const limiter = new ClientLimiter({ requests: 1, perMs: 60_000 }, () => now);
    for (let subnet = 0; subnet < 16; subnet++) {
      now = subnet * 1000;
      assert.equal(limiter.take(`2001:db8:7:${subnet.toString(16)}::1`), null);
    }
    now = 20_000;
    assert.equal(limiter.take('2001:db8:7:100::1'), 40_000, "a new /64 waits for the end of the /48's window");
    assert.equal(limiter.take('2001:db8:7:f::1'), 55_000, 'a full /64 in a full /48 waits for the later of the two ends');
    assert.equal(limiter.take('2001:db8:8::1'), null, 'another /48');
    assert.equal(limiter.take('198.51.100.1'), null);
    assert.equal(limiter.take('198.51.100.1'), 60_000, 'IPv4: its own window only');
    now = 60_000;
    assert.equal(limiter.take('2001:db8:7:100::1'), null, "the /48's window has ended, and the refusals spent nothing");
    assert.equal(limiter.take('2001:db8:7:100::2'), 60_000, 'the same /64 has had its one request');
  });

  test("a /48 flooding from fresh /64s cannot push other clients' windows out of the table", () => {
    let now = 0;
    const limiter = new ClientLimiter({ requests: 1, perMs: 60_000 }, () => now, 20);
    assert.equal(limiter.take('192.0.2.1'), null);
    for (let subnet = 0; subnet < 100; subnet++) {
      now = subnet;
      limiter.take(`2001:db8:9:${subnet.toString(16)}::1`);
    }
    assert.equal(limiter.take('192.0.2.1'), 60_000 - now, 'still counted: only 16 of the 100 /64s opened a window');
  });
});
