/**
 * Interface A (the event plugin's `wp/v2/mep_*` routes) through the proxy, against real WordPress,
 * with the administrator's application password configured in the proxy, as a site owner would.
 *
 * Security requirements: nothing unpublished (draft, private, scheduled events, a draft speaker,
 * a photo attached to a draft) may come out of the proxy, whatever a visitor asks for. The control
 * tests prove the stack really has that content and that the administrator's credentials do show
 * it when sent straight to WordPress, so these tests can fail.
 */
import assert from 'node:assert/strict';
import { after, before, describe as suite, test } from 'node:test';
import { basicHeader, describe, get, leaksIn, loadStack, NOT_STARTED, startTestProxy } from './helpers.mjs';

const stack = loadStack();
const KINDS = { draft: 'draft', private: 'private', scheduled: 'future' };

suite('Interface A through the proxy, real WordPress', { skip: stack ? false : NOT_STARTED }, () => {
  /** One proxy per target spelling, both with the administrator's application password. */
  const proxies = {};

  before(async () => {
    const credentials = { user: stack.admin.user, appPassword: stack.admin.appPassword };
    proxies.wpJson = await startTestProxy(stack, { target: stack.restRoot, credentials });
    proxies.restRoute = await startTestProxy(stack, { target: stack.queryRoot, credentials });
  });
  after(async () => {
    await Promise.all(Object.values(proxies).map(({ proxy }) => proxy.close()));
  });

  /** A route through a proxy, spelled `/wp-json/...` or `/?rest_route=...`. */
  const via = (proxy, route, query = '', spelling = 'wp-json') =>
    spelling === 'wp-json' ? `${proxy.url}/wp-json${route}${query ? `?${query}` : ''}` : `${proxy.url}/?rest_route=${route}${query ? `&${query}` : ''}`;

  /** Every way of asking one route: both proxies, both spellings. */
  const everyWay = (route, query = '') =>
    Object.entries(proxies).flatMap(([name, entry]) =>
      ['wp-json', 'rest_route'].map((spelling) => ({
        label: `[${name} target, ${spelling}] ${route}${query ? `?${query}` : ''}`,
        url: via(entry.proxy, route, query, spelling),
        lines: entry.lines,
      })),
    );

  /** Problems with an answer that must be a JSON error (401/403/404), saying nothing. */
  function hiddenProblems(label, response, lines) {
    const problems = [];
    const leaks = leaksIn(response.text, stack);
    if (leaks.length) problems.push(`${label}: LEAKS ${leaks.join(', ')} — ${describe(response, lines)}`);
    if (![401, 403, 404].includes(response.status)) problems.push(`${label}: expected 401/403/404, got ${describe(response, lines)}`);
    else if (typeof response.json?.code !== 'string') problems.push(`${label}: expected a JSON error, got ${describe(response, lines)}`);
    return problems;
  }

  /** Problems with a list answer: no secrets, and only published items when it is a list. */
  function listProblems(label, response, lines) {
    const problems = [];
    const leaks = leaksIn(response.text, stack);
    if (leaks.length) problems.push(`${label}: LEAKS ${leaks.join(', ')} — ${describe(response, lines)}`);
    if (response.status === 200 && Array.isArray(response.json)) {
      const unpublished = response.json.filter((item) => item.status !== undefined && item.status !== 'publish');
      if (unpublished.length) problems.push(`${label}: lists ${unpublished.map((item) => `${item.id} (${item.status})`).join(', ')}`);
    }
    return problems;
  }

  test('control: WordPress itself shows the unpublished events to the administrator and hides them from visitors', async () => {
    const admin = { Authorization: basicHeader(stack.admin) };
    for (const [kind, status] of Object.entries(KINDS)) {
      const url = `${stack.restRoot}/wp/v2/mep_events/${stack.ids[kind]}`;
      const direct = await get(url, admin);
      assert.equal(direct.status, 200, `${kind} with the admin's Basic auth: ${describe(direct)}`);
      // WordPress renders a private post's title as "Private: …".
      assert.ok(direct.json.title.rendered.endsWith(stack.titles[kind]), `${kind} title: ${direct.json.title.rendered}`);
      assert.equal(direct.json.status, status);
      const anonymous = await get(url);
      assert.equal(anonymous.status, 401, `${kind} anonymously: ${describe(anonymous)}`);
    }
    const terms = await get(`${stack.restRoot}/wp/v2/mep_cat?post=${stack.ids.draft}`, admin);
    assert.deepEqual(
      terms.json.map((term) => term.id),
      [stack.ids.category],
      'the draft has its own category',
    );
    if (stack.ids.draftSpeaker) {
      const speaker = await get(`${stack.restRoot}/wp/v2/mep_event_speaker/${stack.ids.draftSpeaker}`, admin);
      assert.equal(speaker.json?.status, 'draft', describe(speaker));
    }
    if (stack.ids.draftAttachment) {
      const embedded = await get(`${stack.restRoot}/wp/v2/mep_events/${stack.ids.draft}?_embed=1`, admin);
      assert.ok(embedded.text.includes(stack.titles.draftAttachment), 'with credentials, _embed of the draft pulls in its photo');
      const photo = await get(`${stack.restRoot}/wp/v2/media/${stack.ids.draftAttachment}`);
      assert.equal(photo.status, 401, `the draft's photo anonymously: ${describe(photo)}`);
    }
  });

  test('the published demo events list works through the proxy', async () => {
    for (const { label, url, lines } of everyWay('/wp/v2/mep_events', 'per_page=100')) {
      const response = await get(url);
      assert.equal(response.status, 200, `${label}: ${describe(response, lines)}`);
      assert.ok(Array.isArray(response.json), `${label}: not a list`);
      assert.equal(response.json.length, stack.demo.events, `${label}: the demo's ${stack.demo.events} events`);
      assert.equal(response.headers.get('x-wp-total'), String(stack.demo.events), `${label}: X-WP-Total`);
      assert.deepEqual(listProblems(label, response, lines), []);
    }
  });

  for (const kind of Object.keys(KINDS)) {
    test(`SECURITY: the ${kind} event is not served by id (GET /wp/v2/mep_events/{id})`, async () => {
      const problems = [];
      for (const query of ['', '_embed=1', 'context=edit', `_fields=id,title,status`]) {
        for (const { label, url, lines } of everyWay(`/wp/v2/mep_events/${stack.ids[kind]}`, query)) {
          const response = await get(url);
          problems.push(...hiddenProblems(label, response, lines));
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'));
    });
  }

  test('SECURITY: the events list never contains unpublished events (all pages, status and context tricks)', async () => {
    const problems = [];
    const entry = proxies.wpJson;
    // Every page, 5 at a time.
    let pages = 1;
    for (let page = 1; page <= pages && page <= 20; page++) {
      const response = await get(via(entry.proxy, '/wp/v2/mep_events', `per_page=5&page=${page}`));
      assert.equal(response.status, 200, `page ${page}: ${describe(response, entry.lines)}`);
      pages = Number(response.headers.get('x-wp-totalpages') ?? '1');
      problems.push(...listProblems(`page ${page}`, response, entry.lines));
    }
    const ids = Object.keys(KINDS).map((kind) => stack.ids[kind]);
    const tricks = [
      'status=draft',
      'status=private',
      'status=future',
      'status=any',
      'status=draft,private,future',
      'status[]=draft&status[]=private&status[]=future',
      'context=edit',
      'context=edit&status=draft',
      `include=${ids.join(',')}`,
      ids.map((id) => `include[]=${id}`).join('&'),
      'orderby=id&order=desc&per_page=100',
      `search=${encodeURIComponent('TW ')}`,
      'slug=tw-private-event,tw-scheduled-event',
      `mep_cat=${stack.ids.category}`,
      `mep_cat[terms]=${stack.ids.category}&mep_cat[include_children]=true`,
      '_embed=1&status=draft',
    ];
    for (const query of tricks) {
      for (const { label, url, lines } of everyWay('/wp/v2/mep_events', query)) {
        problems.push(...listProblems(label, await get(url), lines));
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test('SECURITY: category and organizer lists filtered by an unpublished event reveal nothing (?post=)', async () => {
    const problems = [];
    for (const taxonomy of ['mep_cat', 'mep_org']) {
      const unfiltered = await get(via(proxies.wpJson.proxy, `/wp/v2/${taxonomy}`, 'per_page=100'));
      assert.equal(unfiltered.status, 200, describe(unfiltered, proxies.wpJson.lines));
      const allIds = unfiltered.json.map((term) => term.id).sort((a, b) => a - b);
      for (const kind of Object.keys(KINDS)) {
        for (const { label, url, lines } of everyWay(`/wp/v2/${taxonomy}`, `post=${stack.ids[kind]}&per_page=100`)) {
          const response = await get(url);
          const leaks = leaksIn(response.text, stack);
          if (leaks.length) problems.push(`${label}: LEAKS ${leaks.join(', ')}`);
          if (response.status === 200) {
            const ids = Array.isArray(response.json) ? response.json.map((term) => term.id).sort((a, b) => a - b) : null;
            // Empty, or the filter ignored (the whole list): either way the post's terms stay unknown.
            const harmless = ids !== null && (ids.length === 0 || JSON.stringify(ids) === JSON.stringify(allIds));
            if (!harmless) problems.push(`${label}: reveals the ${kind} event's terms: ${describe(response, lines)}`);
          } else if (typeof response.json?.code !== 'string') {
            problems.push(`${label}: expected a JSON error, got ${describe(response, lines)}`);
          }
        }
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test(
    'SECURITY: the draft speaker is not served, by id or in the list',
    { skip: stack?.ids.draftSpeaker ? false : 'the event plugin has no mep_event_speaker post type' },
    async () => {
      const problems = [];
      for (const { label, url, lines } of everyWay(`/wp/v2/mep_event_speaker/${stack.ids.draftSpeaker}`)) {
        problems.push(...hiddenProblems(label, await get(url), lines));
      }
      for (const query of ['per_page=100', 'status=draft', 'context=edit', `include=${stack.ids.draftSpeaker}`, '_embed=1']) {
        for (const { label, url, lines } of everyWay('/wp/v2/mep_event_speaker', query)) {
          problems.push(...listProblems(label, await get(url), lines));
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'));
    },
  );

  test('SECURITY: _embed pulls in nothing unpublished', async () => {
    const problems = [];
    const published = await get(`${stack.restRoot}/wp/v2/mep_events?per_page=1&_fields=id`);
    const routes = [
      ['/wp/v2/mep_events', '_embed=1&per_page=100'],
      ['/wp/v2/mep_events', '_embed=wp:featuredmedia,wp:term,author&per_page=100'],
      [`/wp/v2/mep_events/${published.json[0].id}`, '_embed=1'],
      ['/wp/v2/mep_event_speaker', '_embed=1&per_page=100'],
    ];
    for (const [route, query] of routes) {
      for (const { label, url, lines } of everyWay(route, query)) {
        const response = await get(url);
        if (response.status !== 200) problems.push(`${label}: expected 200, got ${describe(response, lines)}`);
        problems.push(...listProblems(label, response, lines));
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});
