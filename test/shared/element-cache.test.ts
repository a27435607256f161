/**
 * Every element honours its own `cache` (set before connecting) instead of the page-wide cache of
 * the base URL's origin: tests and isolated apps give one with their own fetch or clock.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/event-list/event-list.js';
import type { EventList } from '../../src/elements/event-list/event-list.js';
import { OriginCache } from '../../src/api/cache.js';
import { pagingHeaders, wireEvent } from '../helpers/wire-events.js';
import { settled, textOf } from '../helpers/element.js';

describe('an element’s own cache', () => {
  it('answers through that cache’s fetch, and the page-wide cache is never asked', async () => {
    const asked: string[] = [];
    const fetch = async (input: RequestInfo | URL): Promise<Response> => {
      const url = String(input);
      asked.push(url);
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
      if (url.includes('mep_events')) return json([wireEvent({ id: 7, title: 'Only in the own cache' })], pagingHeaders(1, 1));
      if (url.includes('/wp/v2/')) return json([], pagingHeaders(0, 0));
      return json({ timezone_string: 'UTC' });
    };
    // An origin nothing listens on: the page-wide cache would fail with a network error.
    const el = document.createElement('event-list') as EventList;
    el.cache = new OriginCache({ fetch });
    el.setAttribute('base-url', 'http://127.0.0.1:9/wp-json');
    await fixture<EventList>(html`${el}`);
    await settled(el);

    expect(textOf(el, 'title')).to.equal('Only in the own cache');
    expect(asked.some((url) => url.includes('mep_events'))).to.equal(true);
  });
});
