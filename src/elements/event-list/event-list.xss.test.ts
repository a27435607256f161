// Hostile HTML in every field a site controls must never execute or become markup.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import './event-list.js';
import type { EventList } from './event-list.js';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { pagingHeaders, wireEvent } from '../../../test/helpers/wire-events.js';
import { stopServerAfterEach, xssControlRan, xssPayloads } from '../../../test/helpers/element.js';

const FLAG = '__twXss';
const hit = `window.${FLAG}=1`;
const PAYLOADS = xssPayloads(FLAG);

describe('<event-list> with hostile content', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);

  it(`renders ${PAYLOADS.length} payloads in every field as inert text or clean markup`, async () => {
    expect(PAYLOADS.length).to.be.at.least(20);
    const events = PAYLOADS.map((payload, index) =>
      wireEvent({
        id: index + 1,
        title: `T${index} ${payload}`,
        excerpt: `<p>E${index}</p>${payload}`,
        link: index % 2 ? `javascript:${hit}` : `https://example.org/e/${index}/`,
        image: index % 3 ? `javascript:${hit}` : `https://example.org/i/${index}.jpg" onerror="${hit}`,
        mep_cat: [1],
        meta: { mep_location_venue: payload, mep_city: payload },
      }),
    );
    server = await scriptedServer([{ body: events, headers: pagingHeaders(events.length, 1) }], {
      mep_cat: [{ body: [{ id: 1, name: `Cat ${PAYLOADS[0]}`, slug: 'x', parent: 0, count: 1, taxonomy: 'mep_cat' }], headers: pagingHeaders(1, 1) }],
    });
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} per-page="30"></event-list>`);
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="item"]').length === PAYLOADS.length, 'all events render', { timeout: 8000 });
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="category"]'), 'category names render', { timeout: 8000 });
    await xssControlRan();

    expect((window as unknown as Record<string, unknown>)[FLAG]).to.equal(undefined);
    const root = el.shadowRoot!;
    expect(
      root.querySelectorAll('script, iframe, object, embed, svg, math, style:not([data-lit]), form, input, meta, video, details, noscript').length,
    ).to.equal(0);
    for (const node of root.querySelectorAll('*')) {
      for (const attribute of node.attributes) expect(attribute.name.startsWith('on'), `${node.localName}[${attribute.name}]`).to.equal(false);
    }
    for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]')) expect(anchor.protocol, anchor.getAttribute('href') ?? '').to.match(/^https?:$/);
    for (const image of root.querySelectorAll('img')) expect(new URL(image.src).protocol).to.match(/^https?:$/);
    // Titles are plain text: the payload shows as text, not as markup.
    const titles = [...root.querySelectorAll('[part~="title"]')];
    expect(titles.every((title) => title.querySelectorAll('img, b, svg').length === 0)).to.equal(true);
    expect(titles[1]!.textContent).to.include('T1');
  });
});
