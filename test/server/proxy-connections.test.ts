// Connection slots against a hostile client: headers trickled byte by byte are cut at the documented
// 10 s, and one address cannot hold every slot.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, send, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

/** Opens a raw connection from `localAddress`; resolves once connected. */
function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', () => {});
  });
}

/** Whether `socket` is closed by the other side within `ms`. */
function closedWithin(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

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
