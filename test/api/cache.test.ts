import { expect, waitUntil } from '@open-wc/testing';
import { namespaceOf, OriginCache } from '../../src/api/cache.js';
import { CLIENT_ERROR_CODES as CODES } from '../../src/api/errors.js';
import { failureOf } from '../helpers/failure.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';

describe('OriginCache', () => {
  let server: LoopbackServer | undefined;
  let clock = 1_000_000;
  const now = () => clock;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  async function serve(script: Reply[]) {
    server = await scriptedServer(script);
    return server;
  }

  it('shares one request between identical concurrent calls', async () => {
    const { origin } = await serve([{ delayMs: 100, body: [{ id: 1 }] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wp/v2/mep_events?per_page=10`;
    const [a, b] = await Promise.all([cache.get({ url }), cache.get({ url })]);
    expect(a.body).to.deep.equal([{ id: 1 }]);
    expect(b.version).to.equal(a.version);
    expect((await server!.requests()).length).to.equal(1);
  });

  it('reuses a fresh answer, then revalidates with If-None-Match and keeps the same model on 304', async () => {
    const { origin } = await serve([
      { body: [{ id: 1 }], headers: { ETag: '"v1"' } },
      { status: 304, headers: { ETag: '"v1"' }, body: '' },
    ]);
    const cache = new OriginCache({ now, ttlMs: 60_000 });
    const url = `${origin}/wp-json/wp/v2/mep_cat`;
    const model = (body: unknown) => ({ wrapped: body });
    const first = await cache.get({ url });
    const firstModel = first.derive('terms', model);

    clock += 30_000;
    const cached = await cache.get({ url });
    expect(cached.source).to.equal('cache');
    expect((await server!.requests()).length).to.equal(1);

    clock += 31_000;
    const revalidated = await cache.get({ url });
    const seen = await server!.requests();
    expect(seen.length).to.equal(2);
    expect(seen[1]!.ifNoneMatch).to.equal('"v1"');
    expect(revalidated.source).to.equal('revalidated');
    expect(revalidated.version).to.equal(first.version);
    expect(revalidated.derive('terms', model) === firstModel).to.equal(true);
  });

  it('replaces the body when the server sends new data', async () => {
    const { origin } = await serve([
      { body: [1], headers: { ETag: '"a"' } },
      { body: [2], headers: { ETag: '"b"' } },
    ]);
    const cache = new OriginCache({ now, ttlMs: 0 });
    const url = `${origin}/wp-json/wbtm/v1/routes`;
    const first = await cache.get({ url });
    const second = await cache.get({ url });
    expect(second.body).to.deep.equal([2]);
    expect(second.version).to.not.equal(first.version);
  });

  it('runs at most four requests per origin at once', async () => {
    const { origin } = await serve([{ delayMs: 150, body: [] }]);
    const cache = new OriginCache({ now });
    await Promise.all(Array.from({ length: 10 }, (_, n) => cache.get({ url: `${origin}/wp-json/wp/v2/mep_events?page=${n + 1}` })));
    const seen = await server!.requests();
    expect(seen.length).to.equal(10);
    const peak = Math.max(...seen.map((r) => r.concurrent ?? 0));
    expect(peak).to.equal(4);
  });

  it("waits out Retry-After after a 429 before asking that namespace again; the site's other routes stay open", async () => {
    const { origin } = await serve([
      { status: 429, headers: { 'Retry-After': '30' }, body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } } },
      { body: [] },
      { body: { boarding_points: [], dropping_points: [] } },
    ]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wbtm/v1/routes`;
    expect((await failureOf(cache.get({ url }))).code).to.equal('wbtm_rate_limited');

    clock += 10_000;
    const blocked = await failureOf(cache.get({ url: `${origin}/wp-json/wbtm/v1/buses/7` }));
    expect(blocked.code).to.equal(CODES.rateLimited);
    expect(blocked.retryAfter).to.equal(20);
    expect(cache.waitMs(`${origin}/?rest_route=/wbtm/v1/search`)).to.equal(20_000);
    expect((await server!.requests()).length).to.equal(1);
    // The bus plugin's limit is its own: the events routes are asked as usual.
    expect((await cache.get({ url: `${origin}/wp-json/wp/v2/mep_cat` })).body).to.deep.equal([]);
    expect(cache.waitMs(`${origin}/wp-json/wp/v2/mep_events`)).to.equal(0);

    clock += 21_000;
    expect((await cache.get({ url })).body).to.deep.equal({ boarding_points: [], dropping_points: [] });
    expect((await server!.requests()).length).to.equal(3);
  });

  it('a clock set back during a 429 wait (an NTP step on a kiosk) does not lengthen the wait', async () => {
    const { origin } = await serve([
      { status: 429, headers: { 'Retry-After': '30' }, body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } } },
      { body: [] },
    ]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wbtm/v1/routes`;
    await failureOf(cache.get({ url }));
    clock += 10_000;
    expect(cache.waitMs(url)).to.equal(20_000);
    // The clock goes back an hour: the wait may start over (its true elapsed part is unknown), never exceed 30 s.
    clock -= 3_600_000;
    expect(cache.waitMs(url)).to.equal(30_000);
    clock += 30_000;
    expect(cache.waitMs(url)).to.equal(0);
    expect((await cache.get({ url })).body).to.deep.equal([]);
  });

  it('reads the namespace of every kind of REST URL', () => {
    expect(namespaceOf('https://example.org/wp-json/wbtm/v1/routes?x=1')).to.equal('wbtm/v1');
    expect(namespaceOf('https://example.org/?rest_route=/wp/v2/mep_events&page=2')).to.equal('wp/v2');
    expect(namespaceOf('https://example.org/index.php?rest_route=%2Fwbtm%2Fv1%2Fbuses%2F7')).to.equal('wbtm/v1');
    expect(namespaceOf('https://proxy.example.org/tickets/wbtm/v1/search')).to.equal('wbtm/v1');
    expect(namespaceOf('https://example.org/wp-json/')).to.equal('');
  });

  it('waits 60 s for wbtm_rate_limited without Retry-After', async () => {
    const { origin } = await serve([{ status: 429, body: { code: 'wbtm_rate_limited', message: 'Too many requests.', data: { status: 429 } } }, { body: [] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wbtm/v1/routes`;
    await failureOf(cache.get({ url }));
    clock += 59_000;
    expect((await failureOf(cache.get({ url }))).code).to.equal(CODES.rateLimited);
    clock += 2_000;
    await cache.get({ url });
    expect((await server!.requests()).length).to.equal(2);
  });

  it('keeps serving a cached answer while the origin is closed', async () => {
    const { origin } = await serve([
      { body: ['old'] },
      { status: 429, headers: { 'Retry-After': '60' }, body: { code: 'wbtm_rate_limited', message: 'slow down', data: { status: 429 } } },
    ]);
    const cache = new OriginCache({ now, ttlMs: 1000 });
    const url = `${origin}/wp-json/wbtm/v1/routes`;
    await cache.get({ url });
    clock += 2000;
    await failureOf(cache.get({ url }));
    clock += 1000;
    const stale = await cache.get({ url });
    expect(stale.body).to.deep.equal(['old']);
    expect((await server!.requests()).length).to.equal(2);
  });

  it('does not cache errors', async () => {
    const { origin } = await serve([{ status: 500, body: 'oops' }, { body: [1] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wp/v2/mep_org`;
    expect((await failureOf(cache.get({ url }))).code).to.equal(CODES.http);
    expect((await cache.get({ url })).body).to.deep.equal([1]);
  });

  it('asks again, with the ETag, for an answer a normalizer could not use', async () => {
    const { origin } = await serve([
      { body: { posts: [] }, headers: { ETag: '"bad"' } },
      { body: [1], headers: { ETag: '"good"' } },
    ]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wp/v2/mep_org`;
    const list = (body: unknown) => {
      if (!Array.isArray(body)) throw new Error('not a list');
      return body;
    };
    const first = await cache.get({ url });
    expect(() => first.derive('terms', list)).to.throw('not a list');
    const again = await cache.get({ url });
    expect(again.source).to.equal('network');
    expect(again.derive('terms', list)).to.deep.equal([1]);
    expect((await server!.requests())[1]!.ifNoneMatch).to.equal('"bad"');
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const { origin } = await serve([{ body: [1] }]);
    const cache = new OriginCache({ now, maxEntries: 2 });
    const url = (name: string) => `${origin}/wp-json/${name}`;
    await cache.get({ url: url('a') });
    await cache.get({ url: url('b') });
    await cache.get({ url: url('a') }); // a is now the most recently used
    await cache.get({ url: url('c') }); // evicts b
    expect((await server!.requests()).length).to.equal(3);
    await cache.get({ url: url('a') });
    await cache.get({ url: url('c') });
    expect((await server!.requests()).length).to.equal(3);
    await cache.get({ url: url('b') });
    expect((await server!.requests()).map((r) => r.path)).to.deep.equal(['/wp-json/a', '/wp-json/b', '/wp-json/c', '/wp-json/b']);
  });

  it('never keeps noStore (personal) answers', async () => {
    const { origin } = await serve([{ body: [{ name: 'A' }] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wbtm/v1/passengers`;
    await cache.get({ url, noStore: true, ttlMs: 0 });
    await cache.get({ url, noStore: true, ttlMs: 0 });
    expect((await server!.requests()).length).to.equal(2);
  });

  it('detaches an aborting caller without cancelling the shared request', async () => {
    const { origin } = await serve([{ delayMs: 150, body: ['shared'] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wp/v2/mep_events`;
    const controller = new AbortController();
    const leaving = cache.get({ url, signal: controller.signal });
    const staying = cache.get({ url });
    controller.abort();
    expect((await failureOf(leaving)).code).to.equal(CODES.aborted);
    expect((await staying).body).to.deep.equal(['shared']);
    expect((await server!.requests()).length).to.equal(1);
  });

  it('cancels the request when its only caller aborts, and a queued one never starts', async () => {
    const { origin } = await serve([{ delayMs: 300, body: [] }]);
    const cache = new OriginCache({ now, maxConcurrent: 1 });
    const first = new AbortController();
    const queued = new AbortController();
    const running = cache.get({ url: `${origin}/wp-json/a`, signal: first.signal });
    const waiting = cache.get({ url: `${origin}/wp-json/b`, signal: queued.signal });
    queued.abort();
    expect((await failureOf(waiting)).code).to.equal(CODES.aborted);
    // Abort only once the server holds the request, so the test is about cancelling it in flight.
    await waitUntil(async () => (await server!.requests()).length > 0, 'the server holds the request', { interval: 10, timeout: 4000 });
    first.abort();
    expect((await failureOf(running)).code).to.equal(CODES.aborted);
    const seen = await server!.requests();
    expect(seen.map((r) => r.path)).to.deep.equal(['/wp-json/a']);
  });

  it('a call right after the last caller of a request gave up starts its own request, not the cancelled one', async () => {
    const { origin } = await serve([{ delayMs: 150, body: ['seats'] }, { body: ['seats'] }]);
    const cache = new OriginCache({ now });
    const url = `${origin}/wp-json/wbtm/v1/buses/7/seats`;
    const leaving = new AbortController();
    const cancelled = cache.get({ url, signal: leaving.signal });
    leaving.abort(); // its only caller: the request is cancelled
    const next = cache.get({ url, signal: new AbortController().signal });
    expect((await failureOf(cancelled)).code).to.equal(CODES.aborted);
    expect((await next).body).to.deep.equal(['seats']);
  });
});
