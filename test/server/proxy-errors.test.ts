// The errors the README documents, as a hostile or struggling site and a malformed client produce
// them: maintenance mode, a site answering 101, requests Node refuses before the handler,
// a 401 to an anonymous request.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, json, observed, send, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

/** One raw request; resolves with everything the proxy sent before closing. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk: Buffer) => (out += chunk.toString('latin1')));
    socket.on('close', () => {
      observed.push(out);
      resolve(out);
    });
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

/** Status, lower-cased headers and body of a raw answer. */
function parse(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('proxy errors: what the README promises', () => {
  test('a 503 with Retry-After (maintenance mode) is 503 tw_upstream_busy with Retry-After, and the site is left alone meanwhile', async (t) => {
    const site = await startCapture(t, (req) =>
      !req.url.includes('mep_cat')
        ? { status: 503, body: 'down' }
        : { status: 503, headers: { 'Content-Type': 'text/html', 'Retry-After': '600' }, body: '<h1>Briefly unavailable for scheduled maintenance.</h1>' },
    );
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    const first = await send(url, '/wp-json/wp/v2/mep_cat?page=2');
    assert.equal(first.status, 503);
    assert.equal(json(first).code, 'tw_upstream_busy');
    // WordPress says 600 s whatever the update takes: a minute at most.
    assert.equal(first.headers['retry-after'], '60');
    const asked = site.seen.length;
    const second = await send(url, '/wp-json/wp/v2/mep_cat?page=3');
    assert.equal(second.status, 503);
    assert.equal(json(second).code, 'tw_upstream_busy');
    assert.ok(Number(second.headers['retry-after']) > 0);
    assert.equal(site.seen.length, asked, 'not asked again before Retry-After');
    assert.ok(logs.notices().some((entry) => entry.event === 'upstream_busy'));
    // The bus routes back off on their own: a 503 without Retry-After there is a failure as before.
    const failing = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(failing.status, 502);
    assert.equal(json(failing).code, 'tw_upstream_error');
  });

  test('a 503 without Retry-After stays 502 tw_upstream_error', async (t) => {
    const site = await startCapture(t, () => ({ status: 503, body: 'down' }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const res = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(res.status, 502);
    assert.equal(json(res).code, 'tw_upstream_error');
  });

  test("Node's own 400 and 431 come in the proxy's JSON shape, with its security headers, and close", async (t) => {
    const site = await startCapture(t);
    const { proxy } = await startProxyFor(t, `${site.url}/wp-json`);
    const host = `Host: 127.0.0.1:${proxy.port}`;
    const cases = [
      { text: `GET /wp-json/ HTTP/1.1\r\n${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431, code: 'tw_request_headers_too_large' },
      { text: `GET /wp-json/ HTTP/1.1\r\n${host}\r\nBad Header: x\r\n\r\n`, status: 400, code: 'tw_bad_request' },
    ];
    for (const { text, status, code } of cases) {
      const answer = parse(await raw(proxy.port, text));
      assert.equal(answer.status, status, code);
      assert.equal(JSON.parse(answer.body).code, code);
      assert.equal(JSON.parse(answer.body).data.status, status);
      assert.equal(answer.headers['content-type'], 'application/json; charset=UTF-8');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
      assert.equal(answer.headers['connection'], 'close');
    }
    const health = await send(proxy.url, '/healthz');
    assert.equal(health.status, 200);
  });

  test('a 401 to an anonymous public request is passed on as the site wrote it, and the operator is told', async (t) => {
    const site = await startCapture(t, () => ({
      status: 401,
      body: { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } },
    }));
    const { url, logs } = await startProxyFor(t, `${site.url}/wp-json`);
    const res = await send(url, '/wp-json/wp/v2/mep_cat');
    assert.equal(site.seen.at(-1)!.headers.authorization, undefined, 'asked anonymously');
    assert.equal(res.status, 401);
    assert.equal(json(res).code, 'rest_not_logged_in');
    assert.ok(logs.notices().some((entry) => entry.event === 'upstream_login_required'));
    // With the proxy's credentials, the same answer means they were rejected.
    const bus = await send(url, '/wp-json/wbtm/v1/routes');
    assert.equal(bus.status, 502);
    assert.equal(json(bus).code, 'tw_upstream_credentials_rejected');
  });

  test('a site answering 101 to a plain GET (Node then lets the socket go without a word) gets 502 at once, not at the timeout, and frees its slot', async (t) => {
    let asked = 0;
    const site = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.on('data', () => {
        asked++;
        socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise((resolve) => site.close(resolve)));
    const port = (site.address() as net.AddressInfo).port;
    // One upstream slot: the second route is answered only if the first exchange gave it back. The
    // timeout is long enough that a 504 would mean it was waited for.
    const { url, logs } = await startProxyFor(t, `http://127.0.0.1:${port}/wp-json`, { upstreamConcurrency: 1, upstreamTimeoutMs: 5000 });
    for (const path of ['/wp-json/wbtm/v1/routes', '/wp-json/wp/v2/mep_cat']) {
      const res = await send(url, path);
      assert.equal(res.status, 502, path);
      assert.equal(json(res).code, 'tw_upstream_error', path);
    }
    assert.equal(asked, 2, 'the second route reached the site: the first gave its slot back');
    const invalid = logs.notices().filter((entry) => entry.event === 'upstream_invalid');
    assert.equal(invalid.length, 2);
    assert.match(String(invalid[0]!.message), /101/);
    assert.equal(logs.notices().filter((entry) => entry.event === 'upstream_timeout').length, 0);
  });
});
