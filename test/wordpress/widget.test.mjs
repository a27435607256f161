/**
 * What `<event-list>` reads, through the proxy, from the real site: the data layer's `listEvents`
 * (pages of up to 100, as the element and its "upcoming" order ask), titles decoded as a reader
 * sees them, and no unpublished event in any page.
 */
import assert from 'node:assert/strict';
import { after, before, describe as suite, test } from 'node:test';
import { decodeRendered, get, loadApi, loadStack, NOT_STARTED, secretsOf, startTestProxy } from './helpers.mjs';

const stack = loadStack();

suite('<event-list> data through the proxy, real WordPress', { skip: stack ? false : NOT_STARTED }, () => {
  let entry;
  let api;

  before(async () => {
    api = await loadApi();
    entry = await startTestProxy(stack, { credentials: { user: stack.admin.user, appPassword: stack.admin.appPassword } });
  });
  after(() => entry?.proxy.close());

  for (const [name, perPage, embed] of [
    ['one page of 10 (the default)', 10, false],
    ['pages of 100 (order="upcoming")', 100, false],
    ['pages of 3 with _embed', 3, true],
  ]) {
    test(`listEvents: ${name}: published demo events only, titles decoded`, async () => {
      const client = new api.ApiClient({ baseUrl: `${entry.url}/wp-json`, cache: new api.OriginCache() });
      // What WordPress renders for visitors, to compare the decoded titles with.
      const direct = await get(`${stack.restRoot}/wp/v2/mep_events?per_page=100&_fields=id,title`);
      const rendered = new Map(direct.json.map((item) => [item.id, item.title.rendered]));

      const events = [];
      let totalPages = 1;
      for (let page = 1; page <= totalPages && page <= 20; page++) {
        const result = await api.listEvents(client, { page, perPage, embed });
        totalPages = result.totalPages;
        assert.equal(result.total, stack.demo.events, 'total');
        events.push(...result.items);
      }
      assert.equal(events.length, stack.demo.events, 'every published demo event, once');
      assert.equal(new Set(events.map((event) => event.id)).size, events.length, 'no duplicates across pages');

      const secrets = secretsOf(stack).filter((secret) => !secret.startsWith('"'));
      const hidden = new Set(['draft', 'private', 'scheduled'].map((kind) => stack.ids[kind]));
      for (const event of events) {
        assert.ok(!hidden.has(event.id), `unpublished event ${event.id} listed`);
        for (const secret of secrets) assert.ok(!JSON.stringify(event).includes(secret), `event ${event.id} carries "${secret}"`);
        assert.ok(rendered.has(event.id), `event ${event.id} is one WordPress shows visitors`);
        assert.equal(event.title, decodeRendered(rendered.get(event.id)), `title of ${event.id}`);
        assert.doesNotMatch(event.title, /&(#\d+|#x[0-9a-f]+|[a-z]+);|<\/?[a-z]/i, `title of ${event.id} is plain text`);
      }
      assert.ok(
        events.some((event) => event.title.includes('&')),
        'the demo titles with "&#038;" come out as "&"',
      );
      if (embed)
        assert.ok(
          events.some((event) => event.imageUrl?.startsWith(stack.url)),
          'embedded featured images are used',
        );
    });
  }

  test('getEvent refuses the unpublished events', async () => {
    const client = new api.ApiClient({ baseUrl: `${entry.url}/wp-json`, cache: new api.OriginCache() });
    for (const kind of ['draft', 'private', 'scheduled']) {
      await assert.rejects(
        api.getEvent(client, stack.ids[kind]),
        (error) => {
          assert.ok(error instanceof api.ApiError, `${kind}: ${error}`);
          assert.ok([401, 403, 404].includes(error.status), `${kind}: status ${error.status} (${error.code})`);
          return true;
        },
        `the ${kind} event must not load`,
      );
    }
  });
});

suite('<event-list> discovery reads, real WordPress (directly, as a public widget does)', { skip: stack ? false : NOT_STARTED }, () => {
  let api;
  before(async () => {
    api = await loadApi();
  });
  const client = () => new api.ApiClient({ baseUrl: stack.restRoot, cache: new api.OriginCache() });

  test("search: WordPress's own search, every result carries the word, combined with paging", async () => {
    const all = (await api.listEvents(client(), { perPage: 100 })).items;
    const titled = all.find((event) => /\b[a-z]{5,}\b/i.test(event.title));
    assert.ok(titled, 'a demo event with a searchable word in its title');
    const word = /\b([a-z]{5,})\b/i.exec(titled.title)[1];
    const found = await api.listEvents(client(), { perPage: 100, search: word });
    assert.ok(
      found.items.some((event) => event.id === titled.id),
      `"${word}" finds ${titled.id}`,
    );
    assert.ok(found.total < all.length, 'and fewer than all');
    const text = (event) => `${event.title} ${event.excerptText} ${event.contentHtml}`.toLowerCase();
    for (const event of found.items) assert.ok(text(event).includes(word.toLowerCase()), `${event.id} contains "${word}"`);
    const none = await api.listEvents(client(), { search: 'zzqxnothingmatches' });
    assert.deepEqual([none.items.length, none.total], [0, 0]);
  });

  test("the site's zone from the index trimmed by _fields: the same zone the whole index states, in a small answer", async () => {
    const capabilities = await api.getSiteCapabilities(client());
    const zone = await api.getSiteZone(client());
    assert.deepEqual(zone, capabilities.timeZone);
    const trimmed = await get(`${stack.restRoot}/?_fields=timezone_string,gmt_offset`);
    // WordPress 6.1 keeps `_links` beside the asked fields; the routes' schemas are left out.
    assert.ok('timezone_string' in trimmed.json && 'gmt_offset' in trimmed.json && !('routes' in trimmed.json), Object.keys(trimmed.json).join());
    const whole = await get(`${stack.restRoot}/`);
    assert.ok(JSON.stringify(trimmed.json).length * 20 < JSON.stringify(whole.json).length, 'the trimmed answer is a small fraction of the index');
  });
});
