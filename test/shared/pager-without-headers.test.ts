/**
 * A site (or a cache in front of it) that sends no X-WP-Total / X-WP-TotalPages: a full page may
 * have another after it, a short one is the last, and each paged list's Next says so.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/event-speaker-list/event-speaker-list.js';
import '../../src/elements/event-list/event-list.js';
import '../../src/elements/bus-list/bus-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';
import { part, parts, settled, stopServerAfterEach } from '../helpers/element.js';
import { wireEvent } from '../helpers/wire-events.js';
import { contractBus } from '../../src/elements/bus-list/bus-list.test-support.js';

const speaker = (id: number) => ({
  id,
  slug: `s${id}`,
  link: `https://example.org/s${id}`,
  title: { rendered: `Speaker ${id}` },
  content: { rendered: '' },
  excerpt: { rendered: '' },
});
const ids = (count: number, from = 1) => Array.from({ length: count }, (_, n) => from + n);
const INDEX = { body: { namespaces: ['wbtm/v1', 'wp/v2'], routes: {}, timezone_string: 'UTC' } };

const lists: Array<[string, (base: string, page: number) => ReturnType<typeof html>, (page: number) => Reply]> = [
  [
    'event-speaker-list',
    (base, page) => html`<event-speaker-list base-url=${base} per-page="3" page=${page}></event-speaker-list>`,
    (page) => ({ body: (page === 1 ? ids(3) : ids(1, 4)).map(speaker) }),
  ],
  [
    'event-list',
    (base, page) => html`<event-list base-url=${base} per-page="3" page=${page}></event-list>`,
    (page) => ({ body: (page === 1 ? ids(3) : ids(1, 4)).map((id) => wireEvent({ id })) }),
  ],
  [
    'bus-list',
    (base, page) => html`<bus-list base-url=${base} dialect="contract" route-id="3" per-page="3" page=${page}></bus-list>`,
    (page) => ({ body: (page === 1 ? ids(3) : ids(1, 4)).map((id) => contractBus({ id })) }),
  ],
];

describe('paged lists without paging headers', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);

  for (const [tag, make, reply] of lists) {
    it(`<${tag}>: a full page offers Next; a short page, the last, does not`, async () => {
      server = await scriptedServer([INDEX], { 'page=1': [reply(1)], 'page=2': [reply(2)], mep_cat: [{ body: [] }], 'wp-json/?': [INDEX] });
      const base = `${server.origin}/wp-json`;
      const first = await fixture(make(base, 1));
      await settled(first);
      expect(parts(first, 'item').length, 'page 1').to.equal(3);
      expect(part(first, 'next')!.getAttribute('aria-disabled')).to.equal('false');
      const last = await fixture(make(base, 2));
      await settled(last);
      expect(parts(last, 'item').length, 'page 2').to.equal(1);
      expect(part(last, 'next')!.getAttribute('aria-disabled')).to.equal('true');
    });
  }
});
