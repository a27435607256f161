// Pipelined requests on one connection: answered in order, and a client that pipelines far ahead
// of what it reads is cut off before the proxy builds and holds its answers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, observed, startCapture, startProxyFor } from './proxy-helpers.js';
import { closedWithin, connect } from './raw-socket.js';

checkLeaksAfterAll();

const get = (path: string, port: number): string => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

describe('proxy pipelining: bounded per connection', () => {
  test('a client pipelining thousands of requests and reading nothing is cut off; the proxy took up at most 64 of them', async (t) => {
    // A slow site: every request is still waiting for it when the next ones arrive.
    const site = await startCapture(t, () => ({ delayMs: 300 }));
    const { proxy, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    const socket = await connect(proxy.port);
    t.after(() => socket.destroy());
    socket.write(get('/wp-json/wp/v2/mep_cat', proxy.port).repeat(2000));
    // Well inside the 20 s stall timeout, which is what would close it otherwise.
    assert.equal(await closedWithin(socket, 5000), true, 'the connection is closed at once');
    await proxy.handler.settled();
    const answered = logs.requests().length;
    assert.ok(answered <= 64, `${answered} answers built for a client that read none`);
    assert.equal(site.seen.length, 1, 'the site was asked once');
    assert.ok(
      logs.notices().some((entry) => entry.event === 'pipelining_refused'),
      'the refusal is logged',
    );
  });

  test('pipelined requests within the limit are all answered, in order, though later ones are ready first', async (t) => {
    const site = await startCapture(t, (request) => {
      const n = Number(new URL(request.url, 'http://site').searchParams.get('per_page'));
      // Earlier requests take longer at the site.
      return { body: [{ n }], delayMs: (40 - n) * 5 };
    });
    const { proxy } = await startProxyFor(t, `${site.url}/wp-json`, { clientRate: { requests: 1000, perMs: 60_000 } });
    const socket = await connect(proxy.port);
    t.after(() => socket.destroy());
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const numbers = Array.from({ length: 40 }, (_, i) => i + 1);
    socket.write(numbers.map((n) => get(`/wp-json/wp/v2/mep_cat?per_page=${n}`, proxy.port)).join(''));
    const order = (): number[] => [...received.matchAll(/\[\{"n":(\d+)\}\]/g)].map((match) => Number(match[1]));
    for (let waited = 0; order().length < numbers.length && waited < 100 && !socket.destroyed; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    observed.push(received);
    assert.deepEqual(order(), numbers);
    assert.equal(received.match(/HTTP\/1\.1 200 /g)?.length, numbers.length, 'every answer a 200');
  });
});
