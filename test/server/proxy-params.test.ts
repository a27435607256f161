// Query values the proxy checks go to the site in the site's own spelling: core compares an enum
// case-sensitively, so a value the proxy accepted must not become the site's 400.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLeaksAfterAll, send, startCapture, startProxyFor } from './proxy-helpers.js';

checkLeaksAfterAll();

describe('proxy params: choices are sent as the site spells them', () => {
  test('order=ASC goes as asc, mep_cat[operator]=and as AND, hide_empty=TRUE as true; every spelling shares one cache entry', async (t) => {
    const site = await startCapture(t, () => ({ body: [] }));
    const { url } = await startProxyFor(t, `${site.url}/wp-json`);
    const events = await send(url, '/wp-json/wp/v2/mep_events?order=ASC&mep_cat[terms]=3&mep_cat[operator]=and');
    assert.equal(events.status, 200);
    const sent = new URL(site.seen.at(-1)!.url, 'http://site').searchParams;
    assert.equal(sent.get('order'), 'asc');
    assert.equal(sent.get('mep_cat[operator]'), 'AND');
    const terms = await send(url, '/wp-json/wp/v2/mep_cat?order=Desc&hide_empty=TRUE');
    assert.equal(terms.status, 200);
    const sentTerms = new URL(site.seen.at(-1)!.url, 'http://site').searchParams;
    assert.equal(sentTerms.get('order'), 'desc');
    assert.equal(sentTerms.get('hide_empty'), 'true');
    const asked = site.seen.length;
    const same = await send(url, '/wp-json/wp/v2/mep_events?order=asc&mep_cat[terms]=3&mep_cat[operator]=AND');
    assert.equal(same.headers['x-cache'], 'HIT', 'the same query in another spelling is the same cache entry');
    assert.equal(site.seen.length, asked);
    const bad = await send(url, '/wp-json/wp/v2/mep_events?order=up');
    assert.equal(bad.status, 400);
    assert.match(bad.body, /must be one of asc, desc/);
  });
});
