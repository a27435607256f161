// Connection slots against a hostile client: headers trickled byte by byte are cut at the documented
// 10 s, and one address cannot hold every slot.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, test, type TestContext } from 'node:test';
import { dist } from './helpers.js';
import { checkLeaksAfterAll, send, startCapture, startProxyFor } from './proxy-helpers.js';
import { closedWithin, connect } from './raw-socket.js';

const { limitConnectionsPerClient } = await dist('server/proxy/connections.js');

checkLeaksAfterAll();

describe('proxy connections: slots a hostile client cannot keep', () => {
  test('a client trickling header bytes is cut off within the 10 s header timeout, not Node’s 30 s check', { timeout: 30_000 }, async (t) => {
    const site = await startCapture(t);
    const { proxy } = await startProxyFor(t, `${site.url}/wp-json`);
    const socket = await connect(proxy.port);
    t.after(() => socket.destroy());
    const started = Date.now();
    // Reads what it is sent (the 408), so the close is seen as soon as it happens.
    socket.resume();
    socket.write(`GET /wp-json/wp/v2/mep_cat HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\n`);
    const drip = setInterval(() => socket.write('X-Slow: a\r\n'), 2000);
    t.after(() => clearInterval(drip));
    // Well below 30 s, with room for a loaded machine: Node's default check would first look at 30 s.
    const closed = await closedWithin(socket, 20_000);
    const seconds = (Date.now() - started) / 1000;
    assert.ok(closed, `still open after ${seconds} s`);
    assert.ok(seconds >= 9.5, `closed after ${seconds} s, before the header timeout`);
  });

  test('one address holds at most --max-connections-per-client connections; others still get in', async (t) => {
    const site = await startCapture(t);
    const { proxy, url } = await startProxyFor(t, `${site.url}/wp-json`, { maxConnectionsPerClient: 3 });
    const held = [await connect(proxy.port), await connect(proxy.port), await connect(proxy.port)];
    t.after(() => held.forEach((socket) => socket.destroy()));
    // Each one idle, the way a slow-headers attacker leaves them.
    const fourth = await connect(proxy.port);
    t.after(() => fourth.destroy());
    // Room for a loaded machine, yet well inside the 10 s header timeout that would close it anyway.
    assert.equal(await closedWithin(fourth, 5000), true, 'the fourth connection from the same address is closed at once');
    assert.ok(
      held.every((socket) => !socket.destroyed),
      'the first three stay open',
    );
    const other = await send(url, '/healthz', { localAddress: '127.0.0.2' });
    assert.equal(other.status, 200, 'another address is answered');
    held.pop()!.destroy();
    // The slot comes back once the server has seen the close.
    let again = false;
    for (let attempt = 0; attempt < 20 && !again; attempt++) {
      const socket = await connect(proxy.port);
      again = !(await closedWithin(socket, 200));
      socket.destroy();
    }
    assert.ok(again, 'a freed slot can be used again');
  });
});

/**
 * A server with the per-client cap whose sockets each claim the address `as` gives for the loopback
 * address they came from (127.0.0.N): loopback has no thousands of IPv6 networks to connect from.
 */
async function cappedServer(t: TestContext, limits: { perClient: number; total: number }, as: (loopback: string) => string): Promise<number> {
  const server = net.createServer();
  // Registered first, so the cap sees the claimed address.
  server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: as(socket.remoteAddress ?? ''), configurable: true }));
  limitConnectionsPerClient(server, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => sockets.add(socket));
  t.after(() => {
    sockets.forEach((socket) => socket.destroy());
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

describe('proxy connections: the /64s of one IPv6 /48 share a wider cap', () => {
  test('one /48 holds at most 16 clients’ connections from its /64s; another /48 and IPv4 are not held to it', async (t) => {
    // 127.0.0.N claims the Nth /64 of 2001:db8:5::/48; 127.0.1.N other networks.
    const claimed = new Map<string, string>([
      ['127.0.1.1', '2001:db8:6::1'],
      ['127.0.1.2', '192.0.2.1'],
    ]);
    for (let n = 1; n <= 17; n++) claimed.set(`127.0.0.${n}`, `2001:db8:5:${n.toString(16)}::1`);
    const port = await cappedServer(t, { perClient: 2, total: 1000 }, (loopback) => claimed.get(loopback) ?? loopback);
    const held: net.Socket[] = [];
    t.after(() => held.forEach((socket) => socket.destroy()));
    // 16 /64s, each with its own cap of 2 in full: 32 connections of the /48.
    for (let n = 1; n <= 16; n++) held.push(await connect(port, `127.0.0.${n}`), await connect(port, `127.0.0.${n}`));
    const fresh = await connect(port, '127.0.0.17');
    t.after(() => fresh.destroy());
    assert.equal(await closedWithin(fresh, 5000), true, 'a fresh /64 of the same /48 is closed at once');
    assert.ok(
      held.every((socket) => !socket.destroyed),
      'the 32 before it stay open',
    );
    for (const other of ['127.0.1.1', '127.0.1.2']) {
      const socket = await connect(port, other);
      t.after(() => socket.destroy());
      assert.equal(await closedWithin(socket, 300), false, `${claimed.get(other)} gets in`);
    }
  });

  test('one /48 never holds more than half of all connection slots, however large its 16 clients’ share', async (t) => {
    const port = await cappedServer(t, { perClient: 2, total: 12 }, (loopback) => `2001:db8:5:${loopback.split('.')[3]}::1`);
    const held: net.Socket[] = [];
    t.after(() => held.forEach((socket) => socket.destroy()));
    for (let n = 1; n <= 3; n++) held.push(await connect(port, `127.0.0.${n}`), await connect(port, `127.0.0.${n}`));
    const seventh = await connect(port, '127.0.0.4');
    t.after(() => seventh.destroy());
    assert.equal(await closedWithin(seventh, 5000), true, 'the seventh connection of the /48 is closed: 6 is half of 12');
    assert.ok(held.every((socket) => !socket.destroyed));
  });
});
