/**
 * `configure({ timeoutMs })` is a page default like the others: widgets already on the page take it
 * for their next request, not only widgets created after it (config.ts: "widgets already on the
 * page pick them up").
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/event-list/event-list.js';
import type { EventList } from '../../src/elements/event-list/event-list.js';
import { configure } from '../../src/shared/config.js';
import { scriptedServer, type LoopbackServer } from '../helpers/servers.js';
import { pagingHeaders, wireEvent } from '../helpers/wire-events.js';
import { part, settled, stopServerAfterEach, textOf } from '../helpers/element.js';

describe('configure({ timeoutMs }) after a widget has loaded', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { reset: () => configure({ timeoutMs: undefined }) });

  it('applies to that widget’s next request', async () => {
    server = await scriptedServer(
      [
        { body: [wireEvent({ id: 1 })], headers: pagingHeaders(2, 2) },
        // Page 2 answers far later than the new timeout, and well within the default 15 s.
        { body: [wireEvent({ id: 2 })], headers: pagingHeaders(2, 2), delayMs: 4000 },
      ],
      { mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }], 'wp-json/?': [{ body: { timezone_string: 'UTC' } }] },
    );
    const el = await fixture<EventList>(html`<event-list per-page="1" base-url=${`${server.origin}/wp-json`}></event-list>`);
    await settled(el);
    expect(part(el, 'list')).to.not.equal(null);

    configure({ timeoutMs: 300 });
    el.page = 2;
    await waitUntil(() => part(el, 'error'), 'the request times out after the configured 300 ms', { timeout: 2500 });
    expect(textOf(el, 'error-message')).to.equal('The site took too long to answer.');
  });
});
