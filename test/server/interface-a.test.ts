// Interface A over real HTTP: taxonomy filters, _fields/_embed, single items, attendees.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AUTH, basic, DEMO_USER, getAll, getJson, request, startFor, type Parsed } from './helpers.js';

describe('filters', () => {
  test("search: core's words-in-title-excerpt-or-content match, combinable with terms and paging", async (t) => {
    const api = await startFor(t);
    const all = await getAll(api.url, '/wp/v2/mep_events');
    const text = (event: Parsed) => `${event.title.rendered} ${event.excerpt.rendered} ${event.content.rendered}`.toLowerCase();
    const titled = all.find((event) => event.mep_cat.length > 0 && /\b[a-z]{6,}\b/i.test(event.title.rendered))!;
    const word = /\b([a-z]{6,})\b/i.exec(titled.title.rendered)![1]!.toLowerCase();
    const found = await getAll(api.url, '/wp/v2/mep_events', `&search=${encodeURIComponent(word.toUpperCase())}`);
    assert.ok(found.length > 0 && found.length < all.length);
    assert.deepEqual(
      found.map((event) => event.id).sort(),
      all
        .filter((event) => text(event).includes(word))
        .map((event) => event.id)
        .sort(),
    );
    // Every word must occur; an excluded word (`-word`) must not.
    assert.deepEqual(await getAll(api.url, '/wp/v2/mep_events', `&search=${word}+zzzqqq`), []);
    const without = await getAll(api.url, '/wp/v2/mep_events', `&search=-${word}`);
    assert.equal(without.length, all.length - found.length);
    const category = titled.mep_cat[0];
    const combined = await getJson(api.url, `/wp-json/wp/v2/mep_events?search=${word}&per_page=1&mep_cat=${category}`);
    assert.equal(combined.status, 200);
    assert.ok(combined.data.length === 1 && text(combined.data[0]).includes(word));
    // Markup in a search is plain text to match, never an error.
    assert.equal((await getJson(api.url, '/wp-json/wp/v2/mep_events?search=%3Cscript%3E')).status, 200);
  });

  test('mep_cat: direct terms only, lists, include_children, combinable with paging', async (t) => {
    const api = await startFor(t);
    const cats = Object.fromEntries((await getJson(api.url, '/wp-json/wp/v2/mep_cat')).data.map((term: Parsed) => [term.id, term]));
    assert.equal(cats[4].parent, 3);
    const business = await getAll(api.url, '/wp/v2/mep_events', '&mep_cat=3');
    assert.ok(business.length > 0);
    assert.ok(business.every((event) => event.mep_cat.includes(3)));
    assert.equal(business.length, cats[3].count);
    const either = await getAll(api.url, '/wp/v2/mep_events', '&mep_cat=3,4');
    assert.ok(either.every((event) => event.mep_cat.includes(3) || event.mep_cat.includes(4)));
    const withChildren = await getAll(api.url, '/wp/v2/mep_events', '&mep_cat[terms][]=3&mep_cat[include_children]=true');
    assert.deepEqual(withChildren.map((e) => e.id).sort(), either.map((e) => e.id).sort());
    assert.ok(withChildren.length > business.length, 'children add events');
    const page1 = await getJson(api.url, '/wp-json/wp/v2/mep_events?mep_cat=3&per_page=2&page=1');
    const page2 = await getJson(api.url, '/wp-json/wp/v2/mep_events?mep_cat=3&per_page=2&page=2');
    assert.equal(page1.headers['x-wp-total'], String(business.length));
    assert.notEqual(page1.data[0].id, page2.data[0].id);
    const bad = await getJson(api.url, '/wp-json/wp/v2/mep_events?mep_cat=abc');
    assert.equal(bad.status, 400);
    assert.equal(bad.data.code, 'rest_invalid_param');
  });

  test('mep_org filters, and an organizer with no events answers []', async (t) => {
    const api = await startFor(t);
    const orgs = (await getJson(api.url, '/wp-json/wp/v2/mep_org')).data;
    assert.ok(orgs.length >= 3);
    const empty = orgs.find((org: Parsed) => org.count === 0);
    assert.ok(empty, 'an organizer with count 0');
    assert.deepEqual((await getJson(api.url, `/wp-json/wp/v2/mep_events?mep_org=${empty.id}`)).data, []);
    const acme = await getAll(api.url, '/wp/v2/mep_events', '&mep_org=11');
    assert.ok(acme.length > 0 && acme.every((event) => event.mep_org.includes(11)));
    const both = await getAll(api.url, '/wp/v2/mep_events', '&mep_org=11&mep_cat=5');
    assert.ok(both.every((event) => event.mep_org.includes(11) && event.mep_cat.includes(5)));
    assert.ok(both.length < acme.length);
  });
});

describe('_fields, _embed, single items', () => {
  test('_fields trims items to the named fields', async (t) => {
    const api = await startFor(t);
    const { data } = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=3&_fields=id,title,link');
    for (const item of data) assert.deepEqual(Object.keys(item).sort(), ['id', 'link', 'title']);
    const nested = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=1&_fields=title.rendered,event_informations.mep_city');
    assert.deepEqual(Object.keys(nested.data[0].event_informations), ['mep_city']);
  });

  test('_embed inlines the featured image (served by the reference) only for posts with one', async (t) => {
    const api = await startFor(t);
    const events = (await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=100&_embed')).data;
    const withImage = events.find((event: Parsed) => event.featured_media > 0);
    const withoutImage = events.find((event: Parsed) => event.featured_media === 0);
    assert.ok(withImage && withoutImage);
    const [media] = withImage._embedded['wp:featuredmedia'];
    assert.ok(media.source_url.startsWith(`${api.url}/wp-content/uploads/`));
    assert.equal(typeof media.alt_text, 'string');
    assert.equal(withImage.event_informations.event_feature_image, media.source_url);
    assert.equal(withoutImage._embedded?.['wp:featuredmedia'], undefined);
    const image = await request(api.url, new URL(media.source_url).pathname);
    assert.equal(image.status, 200);
    assert.equal(image.headers['content-type'], 'image/svg+xml');
    assert.match(image.body, /^<svg /);
    const plain = (await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=1')).data[0];
    assert.equal(plain._embedded, undefined);
    const termsOnly = (await getJson(api.url, `/wp-json/wp/v2/mep_events/${withImage.id}?_embed=wp:term`)).data;
    assert.deepEqual(Object.keys(termsOnly._embedded), ['wp:term']);
    assert.deepEqual(
      termsOnly._embedded['wp:term'][0].map((term: Parsed) => term.id),
      withImage.mep_cat,
    );
  });

  test('single items, and their core 404s', async (t) => {
    const api = await startFor(t);
    const [first] = (await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=1')).data;
    const single = await getJson(api.url, `/wp-json/wp/v2/mep_events/${first.id}`);
    assert.deepEqual(single.data, first);
    const missing = await getJson(api.url, '/wp-json/wp/v2/mep_events/99999');
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.data, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
    const term = await getJson(api.url, '/wp-json/wp/v2/mep_cat/3');
    assert.equal(term.data.name, 'Business');
    const noTerm = await getJson(api.url, '/wp-json/wp/v2/mep_cat/99999');
    assert.deepEqual(noTerm.data, { code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
    const speaker = await getJson(api.url, '/wp-json/wp/v2/mep_event_speaker/20');
    assert.equal(speaker.status, 200);
    assert.equal(speaker.data.type, 'mep_event_speaker');
  });
});

describe('personal data and credentials on Interface A', () => {
  test('attendees need the application password and are never cacheable', async (t) => {
    const api = await startFor(t);
    const anonymous = await getJson(api.url, '/wp-json/wp/v2/mep_event_attendee');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.data.code, 'rest_forbidden');
    assert.equal(anonymous.headers['cache-control'], 'no-store, private');
    const allowed = await getJson(api.url, '/wp-json/wp/v2/mep_event_attendee?per_page=5', { authorization: AUTH });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers['cache-control'], 'no-store, private');
    assert.equal(allowed.data.length, 5);
    const info = allowed.data[0].attendee_informations;
    for (const key of ['ea_name', 'ea_email', 'ea_phone', 'ea_event_id', 'ea_event_name', 'ea_ticket_type', 'ea_event_date', 'ea_order_id', 'mep_checkin']) {
      assert.ok(Array.isArray(info[key]) && info[key].length === 1 && typeof info[key][0] === 'string', key);
    }
  });

  test('a wrong application password is a 401 even on public routes (newer core)', async (t) => {
    const api = await startFor(t);
    const wrong = await getJson(api.url, '/wp-json/wp/v2/mep_events', { authorization: basic(DEMO_USER, 'wrong') });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.data.code, 'incorrect_password');
    const bearer = await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=1', { authorization: 'Bearer x' });
    assert.equal(bearer.status, 200, 'non-Basic schemes are ignored, as core does');
  });
});
