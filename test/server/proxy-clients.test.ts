// Who counts as one client for the per-client allowance: an IPv4 address (also when a dual-stack
// socket reports it IPv4-mapped), and an IPv6 /64, since one host may use any address of its /64;
// never the address a client claims in a header.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { dist } from './helpers.js';
import { checkLeaksAfterAll, createProxyHandler, json, logSink, SECRET, send, serveHandler, startCapture } from './proxy-helpers.js';

const { parseCidr } = await dist('server/proxy/cidr.js');

checkLeaksAfterAll();

/**
 * The real handler on a loopback server that reports each request as coming from the address in
 * its `X-Test-From` header: loopback has one IPv6 address, and a /64 needs several.
 */
async function proxyFromAnywhere(t: TestContext, target: string): Promise<string> {
  const handler = createProxyHandler({ target, credentials: SECRET, log: logSink().log, clientRate: { requests: 2, perMs: 60_000 } });
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
