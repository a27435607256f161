import { expect } from '@open-wc/testing';
import { ApiClient } from '../../src/api/client.js';
import { OriginCache } from '../../src/api/cache.js';
import { ApiError, CLIENT_ERROR_CODES as CODES } from '../../src/api/errors.js';
import { parseJsonBody, parseRetryAfter } from '../../src/api/http.js';
import { listAllCategories, listEvents } from '../../src/api/events.js';
import { getSeatMap } from '../../src/api/buses.js';
import { failureOf } from '../helpers/failure.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';

describe('HTTP layer: every failure becomes a typed ApiError', () => {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function answer(reply: Reply, clientOptions: { timeoutMs?: number } = {}) {
    server = await scriptedServer([reply]);
    return new ApiClient({ baseUrl: `${server.origin}/wp-json`, cache: new OriginCache(), ...clientOptions });
  }

  it('passes JSON through with paging headers', async () => {
    const client = await answer({ body: [{ id: 1 }], headers: { 'X-WP-Total': '21', 'X-WP-TotalPages': '3' } });
    const response = await client.get('/wp/v2/mep_events');
    expect(response.body).to.deep.equal([{ id: 1 }]);
    expect(response.meta.total).to.equal(21);
    expect(response.meta.totalPages).to.equal(3);
  });

  const cases: Array<[string, Reply, Partial<ApiError>]> = [
    [
      'an HTML page',
      { body: '<!doctype html><html><body>Maintenance</body></html>', headers: { 'Content-Type': 'text/html' } },
      { code: CODES.notJson, status: 200 },
    ],
    ['a truncated JSON body', { body: '[{"id": 1, "title": {"rendered": "Jazz' }, { code: CODES.truncated }],
    ['a body cut off mid-transfer', { body: '[{"id": 1, "title"', truncate: true }, { code: CODES.truncated }],
    [
      'a PHP notice before the JSON',
      { body: '<br />\n<b>Notice</b>:  Undefined index: x in /var/www/wp-content/plugins/p.php on line 3<br />\n[{"id":1}]' },
      { code: CODES.phpNotice },
    ],
    ['an empty body', { body: '' }, { code: CODES.notJson }],
    [
      '401 rest_forbidden',
      { status: 401, body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } } },
      { code: 'rest_forbidden', status: 401 },
    ],
    [
      '404 rest_no_route',
      { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
      { code: 'rest_no_route', status: 404 },
    ],
    [
      '500 with an HTML error page',
      { status: 500, body: '<html><body><h1>There has been a critical error on this website.</h1></body></html>' },
      { code: CODES.http, status: 500 },
    ],
    ['502 with an empty body', { status: 502, body: '' }, { code: CODES.http, status: 502 }],
    ['403 from a security plugin in HTML', { status: 403, body: '<html>Forbidden</html>' }, { code: CODES.http, status: 403 }],
  ];
  for (const [name, reply, expected] of cases) {
    it(`reports ${name}`, async () => {
      const client = await answer(reply);
      const error = await failureOf(client.get('/wp/v2/mep_events'));
      for (const [key, value] of Object.entries(expected)) expect((error as unknown as Record<string, unknown>)[key]).to.equal(value);
      expect(error.message).to.be.a('string').and.not.equal('');
    });
  }

  it('keeps data.params of rest_invalid_param', async () => {
    const client = await answer({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): per_page',
        data: { status: 400, params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } },
      },
    });
    const error = await failureOf(client.get('/wp/v2/mep_events'));
    expect(error.code).to.equal('rest_invalid_param');
    expect(error.params).to.deep.equal({ per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' });
  });

  it('reads Retry-After on 429', async () => {
    const client = await answer({
      status: 429,
      headers: { 'Retry-After': '7' },
      body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } },
    });
    const error = await failureOf(client.get('/wp-json/wbtm/v1/routes'));
    expect(error.code).to.equal('wbtm_rate_limited');
    expect(error.retryAfter).to.equal(7);
  });

  it('times out after the configured time', async () => {
    const client = await answer({ delayMs: 2000, body: [] }, { timeoutMs: 150 });
    const started = performance.now();
    const error = await failureOf(client.get('/wp/v2/mep_events'));
    expect(error.code).to.equal(CODES.timeout);
    expect(performance.now() - started).to.be.below(1500);
  });

  it('reports a caller abort as tw_aborted', async () => {
    const client = await answer({ delayMs: 2000, body: [] });
    const controller = new AbortController();
    const pending = client.get('/wp/v2/mep_events', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failureOf(pending)).code).to.equal(CODES.aborted);
  });

  it('reports a dropped connection as a network error', async () => {
    const client = await answer({ destroy: true });
    expect((await failureOf(client.get('/wp/v2/mep_events'))).code).to.equal(CODES.network);
  });

  it('reports a dead endpoint as a network error', async () => {
    const dead = await scriptedServer([{ body: [] }]);
    const origin = dead.origin;
    await dead.stop();
    const client = new ApiClient({ baseUrl: `${origin}/wp-json`, cache: new OriginCache() });
    const error = await failureOf(client.get('/wp/v2/mep_events'));
    expect(error.code).to.equal(CODES.network);
    // The browser's own reason stays reachable for a developer's console, outside the plain data.
    expect(error.cause).to.be.instanceOf(TypeError);
    expect(error.toJSON()).not.to.have.property('cause');
  });

  it('reports JSON of an unusable shape as tw_invalid_response', async () => {
    const client = await answer({ body: { posts: [] } });
    const error = await failureOf(listEvents(client));
    expect(error.code).to.equal(CODES.invalidResponse);
    const seats = await failureOf(getSeatMap(client, 14, { date: '2026-11-30' }));
    expect(seats.code).to.equal(CODES.invalidResponse);
  });

  it('refuses to build a client without a base URL', () => {
    expect(() => new ApiClient({ baseUrl: '  ' }))
      .to.throw(ApiError)
      .with.property('code', CODES.notConfigured);
  });
});

describe('body diagnosis', () => {
  it('tells JSON, truncation, PHP output and HTML apart', () => {
    expect(parseJsonBody('\uFEFF {"a":1} ', 200).value).to.deep.equal({ a: 1 });
    expect(parseJsonBody('{"a":', 200).error?.code).to.equal(CODES.truncated);
    expect(parseJsonBody('Warning: x in y on line 2\n{"a":1}', 200).error?.code).to.equal(CODES.phpNotice);
    // WordPress's shutdown notice with zlib output compression and WP_DEBUG_DISPLAY on: after the data.
    const shutdown =
      '<br />\n<b>Notice</b>:  ob_end_flush(): Failed to delete and flush buffer. No buffer to delete or flush in <b>/var/www/html/wp-includes/functions.php</b> on line <b>5464</b><br />\n';
    expect(parseJsonBody(`[{"id":1,"title":{"rendered":"Jazz"}}]${shutdown}`, 200).error?.code).to.equal(CODES.phpNotice);
    // Markup and PHP words inside the data are no notice: the output is looked for after the whole document.
    const excerpt = '[{"excerpt":{"rendered":"<p><b>Warning<\\/b>: fatal error notice<br \\/>"}}]';
    expect(parseJsonBody(`${excerpt}\nDeprecated: x in y on line 2`, 200).error?.code).to.equal(CODES.phpNotice);
    expect(parseJsonBody(excerpt.slice(0, -3), 200).error?.code, 'cut off inside the markup').to.equal(CODES.truncated);
    // A real page: a hundred events whose texts hold markup and PHP words, then the notice.
    const page = JSON.stringify(
      Array.from({ length: 100 }, (_, id) => ({ id, content: { rendered: '<p>Short notice: <b>bring your ticket</b><br /> (weather warning)</p>' } })),
    );
    expect(parseJsonBody(`${page}${shutdown}`, 200).error?.code).to.equal(CODES.phpNotice);
    expect(parseJsonBody('<html></html>', 200).error?.code).to.equal(CODES.notJson);
    expect(parseJsonBody('hello', 200).error?.code).to.equal(CODES.notJson);
  });

  it('stays fast on a hostile body full of brackets', () => {
    const hostile = 'x' + '{'.repeat(200_000);
    const started = performance.now();
    expect(parseJsonBody(hostile, 200).error?.code).to.equal(CODES.notJson);
    expect(parseJsonBody(`["${'<b>'.repeat(200_000)}`, 200).error?.code).to.equal(CODES.truncated);
    expect(performance.now() - started).to.be.below(2000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).to.equal(120);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1, 0)).toUTCString(), Date.UTC(2030, 0, 1))).to.equal(60);
    expect(parseRetryAfter('soon')).to.equal(null);
    expect(parseRetryAfter(null)).to.equal(null);
  });
});

describe('reading every page of a collection', () => {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  const terms = (from: number, count: number) =>
    Array.from({ length: count }, (_, n) => ({ id: from + n, name: `Term ${from + n}`, slug: `t${from + n}`, parent: 0, count: 1, taxonomy: 'mep_cat' }));

  it('keeps paging when a site strips the paging headers', async () => {
    server = await scriptedServer([{ body: terms(1, 100) }, { body: terms(101, 100) }, { body: terms(201, 7) }]);
    const client = new ApiClient({ baseUrl: `${server.origin}/wp-json`, cache: new OriginCache() });
    const all = await listAllCategories(client);
    expect(all.length).to.equal(207);
    expect(all.at(-1)!.id).to.equal(207);
    expect((await server.requests()).map((r) => new URLSearchParams(r.search).get('page'))).to.deep.equal(['1', '2', '3']);
  });

  it('trusts X-WP-TotalPages when the site sends it', async () => {
    server = await scriptedServer([{ body: terms(1, 100), headers: { 'X-WP-Total': '100', 'X-WP-TotalPages': '1' } }, { body: [] }]);
    const client = new ApiClient({ baseUrl: `${server.origin}/wp-json`, cache: new OriginCache() });
    expect((await listAllCategories(client)).length).to.equal(100);
    expect((await server.requests()).length).to.equal(1);
  });
});
