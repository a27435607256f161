// Long unbroken words (a URL pasted into an excerpt, a title without spaces) wrap inside the cards:
// they never widen the list past its container, in any layout, at any width, nor when the list sits
// in a content-sized flex row.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import './event-list.js';
import type { EventList } from './event-list.js';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { pagingHeaders, wireEvent } from '../../../test/helpers/wire-events.js';
import { stopServerAfterEach } from '../../../test/helpers/element.js';

const LONG = 'Supercalifragilistic'.repeat(12);
const URL_TEXT = `https://example.org/${'a-very-long-path-segment/'.repeat(10)}`;

/** Every card, excerpt and title fits its own box, and the list fits its container. */
function expectNothingSticksOut(el: EventList, width: number, what: string): void {
  const right = el.getBoundingClientRect().right;
  const wider = [...el.shadowRoot!.querySelectorAll('*')]
    .filter((box) => box.getBoundingClientRect().right > right + 1)
    .map((box) => `${box.localName}[part=${box.getAttribute('part')}]`);
  expect(wider, `${what}: boxes past the list's edge`).to.deep.equal([]);
  expect(el.getBoundingClientRect().width, `${what}: the list is no wider than its container`).to.be.at.most(width + 0.5);
  expect(el.scrollWidth, `${what}: nothing sticks out of the list`).to.be.at.most(el.clientWidth + 1);
  for (const selector of ['.card', '[part~="excerpt"]', '[part~="title"]', '.meta', '[part~="categories"]']) {
    for (const box of el.shadowRoot!.querySelectorAll<HTMLElement>(selector)) {
      expect(box.scrollWidth, `${what}: ${selector} wraps its words`).to.be.at.most(box.clientWidth + 1);
    }
  }
}

/** Updated, then drawn again if the width observer's report (a frame of its own) asks for it. */
async function redrawn(el: EventList): Promise<void> {
  await el.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await el.updateComplete;
}

describe('<event-list> with long words', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);

  it('wraps them inside the cards in every layout and width, also in a flex row', async () => {
    const events = [
      wireEvent({
        id: 1,
        title: LONG,
        excerpt: `<p>${LONG}</p><p><a href="${URL_TEXT}">${URL_TEXT}</a></p>`,
        mep_cat: [1],
        meta: { mep_location_venue: LONG },
      }),
      wireEvent({ id: 2, title: 'Short title', excerpt: `<p>See ${URL_TEXT} for more.</p>` }),
    ];
    server = await scriptedServer([{ body: events, headers: pagingHeaders(events.length, 1) }], {
      mep_cat: [{ body: [{ id: 1, name: LONG, slug: 'x', parent: 0, count: 1, taxonomy: 'mep_cat' }], headers: pagingHeaders(1, 1) }],
    });
    const holder = await fixture<HTMLDivElement>(
      html`<div style="width: 320px">
        <event-list base-url=${`${server.origin}/wp-json`} no-structured-data></event-list>
      </div>`,
    );
    const el = holder.querySelector('event-list') as EventList;
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="item"]').length === 2, 'the events render', { timeout: 8000 });
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="category"]'), 'the category name renders', { timeout: 8000 });

    for (const width of [320, 720]) {
      holder.style.width = `${width}px`;
      for (const layout of ['list', 'grid', 'compact'] as const) {
        el.layout = layout;
        await redrawn(el);
        expectNothingSticksOut(el, width, `${layout} at ${width}px`);
      }
    }

    // A content-sized flex item: its minimum width comes from its content, so a word that could not
    // wrap would push the row wider than 320px.
    holder.style.cssText = 'width: 320px; display: flex; gap: 8px';
    holder.prepend(Object.assign(document.createElement('span'), { textContent: 'Beside' }));
    el.layout = 'list';
    await redrawn(el);
    expect(holder.scrollWidth, 'the row keeps its width').to.be.at.most(320 + 1);
    expectNothingSticksOut(el, 320, 'in a flex row');
  });

  it("wraps a long unbroken detail in the site's error message at 320 px", async () => {
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'x', data: { status: 400, params: { search: LONG } } } }], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
    });
    const holder = await fixture<HTMLDivElement>(html`<div style="width: 320px"><event-list base-url=${`${server.origin}/wp-json`}></event-list></div>`);
    const el = holder.querySelector('event-list') as EventList;
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="error"]'), 'the error shows', { timeout: 8000 });
    await redrawn(el);
    expect(el.shadowRoot!.querySelector('[part~="error-message"]')!.textContent).to.contain(LONG);
    expectNothingSticksOut(el, 320, 'error');
  });
});
