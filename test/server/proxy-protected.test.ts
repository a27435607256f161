// A published post with a password: the site (or a cache in front of it) may send its text anyway;
// the proxy passes its title and `protected: true`, never its content or excerpt.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Parsed } from './helpers.js';
import { checkLeaksAfterAll, json, send, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

const SECRET_TEXT = '<p>door code 4711</p>';
const open = {
  id: 1,
  status: 'publish',
  title: { rendered: 'Public' },
  content: { rendered: '<p>ok</p>', protected: false },
  excerpt: { rendered: '<p>ok</p>', protected: false },
};
const locked = {
  id: 5,
  status: 'publish',
  title: { rendered: 'Protected: Board meeting' },
  content: { rendered: SECRET_TEXT, protected: true },
  excerpt: { rendered: SECRET_TEXT, protected: true },
};

/** What `_fields` leaves of an item, nested paths included (`content.rendered`), as core trims it. */
function trimmed(item: Record<string, Parsed>, fields: string | null): Parsed {
  if (fields === null) return item;
  const out: Record<string, Parsed> = {};
  for (const field of fields.split(',')) {
    const [top, sub] = field.split('.') as [string, string | undefined];
    if (!(top in item)) continue;
    out[top] = sub === undefined ? item[top] : { ...(out[top] ?? {}), [sub]: item[top][sub] };
  }
  return out;
}

describe('proxy: password-protected posts keep their text to themselves', () => {
  test('lists and single posts, with and without _fields: text blanked, protected: true kept', async (t) => {
    const site = await startCapture(t, (req) => {
      const url = new URL(req.url, 'http://site');
      const fields = url.searchParams.get('_fields');
      if (/\/mep_events\/5$/.test(url.pathname)) return { body: trimmed(locked, fields) };
      if (/\/mep_event_speaker$/.test(url.pathname)) return { body: [trimmed(locked, fields)] };
      return { body: [open, locked].map((item) => trimmed(item, fields)) };
    });
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const list = await send(url, '/wp-json/wp/v2/mep_events');
    assert.equal(list.status, 200);
    assert.deepEqual(json(list)[0], open, 'an open post is untouched');
    assert.deepEqual(json(list)[1].content, { rendered: '', protected: true });
    assert.deepEqual(json(list)[1].excerpt, { rendered: '', protected: true });
    assert.equal(json(list)[1].title.rendered, 'Protected: Board meeting');
    const single = await send(url, '/wp-json/wp/v2/mep_events/5');
    assert.equal(single.status, 200);
    assert.deepEqual(json(single).content, { rendered: '', protected: true });
    const speakers = await send(url, '/wp-json/wp/v2/mep_event_speaker');
    assert.deepEqual(json(speakers)[0].excerpt, { rendered: '', protected: true });
    // Asking for the text alone must not drop the flag the check reads.
    const narrow = await send(url, '/wp-json/wp/v2/mep_events?_fields=id,content.rendered,excerpt.rendered');
    assert.equal(narrow.status, 200);
    assert.match(site.seen.at(-1)!.url, /_fields=id,content,excerpt,status/);
    assert.deepEqual(
      json(narrow).map((item: Parsed) => item.content.rendered),
      ['<p>ok</p>', ''],
    );
    for (const res of [list, single, speakers, narrow]) assert.ok(!res.body.includes('4711'), 'the text never leaves');
  });
});
