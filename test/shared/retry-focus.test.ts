/**
 * Retry replaces the error box with the loading skeleton, and the button goes with it. When Retry
 * had focus, focus comes back into the widget once the load settles (states.ts, through TwElement):
 * to the new Retry when it failed again, else to the content; never when Retry did not have it.
 */
import { expect, fixture, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/event-list/event-list.js';
import '../../src/elements/event-category-select/event-category-select.js';
import type { EventList } from '../../src/elements/event-list/event-list.js';
import type { EventCategorySelect } from '../../src/elements/event-category-select/event-category-select.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';
import { pagingHeaders, wireEvent } from '../helpers/wire-events.js';
import { part, stopServerAfterEach } from '../helpers/element.js';

const failure: Reply = { status: 500, body: { code: 'x', message: 'x', data: { status: 500 } }, delayMs: 200 };
const events: Reply = { body: [wireEvent({ id: 1 })], headers: pagingHeaders(1, 1), delayMs: 200 };
/**
 * Replies to a Retry pressed with `sendKeys` whose skeleton the test then looks for: the key press is
 * a round trip to the test runner that a loaded machine may finish after a 200 ms load is over.
 */
const slowly = (reply: Reply): Reply => ({ ...reply, delayMs: 3000 });

describe('focus after Retry', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);

  async function failingList(script: Reply[]): Promise<EventList> {
    server = await scriptedServer([{ ...failure, delayMs: 0 }, ...script], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
      'wp-json/?': [{ body: { timezone_string: 'UTC' } }],
    });
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`}></event-list>`);
    await waitUntil(() => part(el, 'retry'), 'Retry', { timeout: 8000 });
    return el;
  }

  /** Retry focused and pressed with the keyboard, as a visitor does; resolves once the skeleton shows. */
  async function pressRetry(el: Element): Promise<void> {
    part(el, 'retry')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(el, 'loading'), 'skeleton');
  }

  const settledWith = (el: Element, name: string) => waitUntil(() => part(el, name) && !el.hasAttribute('pending'), `${name} after Retry`, { timeout: 8000 });

  it('goes to the new Retry when the load fails again, then to the content once it works', async () => {
    const el = await failingList([slowly(failure), events]);
    await pressRetry(el);
    expect(document.activeElement).to.equal(document.body);
    await settledWith(el, 'retry');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'retry'));

    await sendKeys({ press: 'Enter' });
    await settledWith(el, 'content');
    const content = part(el, 'content')!;
    expect(el.shadowRoot!.activeElement).to.equal(content);
    // Focusable for this focus only: never a Tab stop, and gone once focus leaves.
    expect(content.getAttribute('tabindex')).to.equal('-1');
    content.blur();
    expect(content.hasAttribute('tabindex')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('goes to the error box when the load fails in a way Retry cannot help (no new Retry), so its message is read, not lost to the page', async () => {
    const gone: Reply = { status: 404, body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }, delayMs: 3000 };
    const el = await failingList([gone]);
    await pressRetry(el);
    await settledWith(el, 'error');
    expect(part(el, 'retry'), 'no Retry').to.equal(null);
    const box = part(el, 'error')!;
    expect(el.shadowRoot!.activeElement).to.equal(box);
    expect(box.getAttribute('tabindex')).to.equal('-1');
    box.blur();
    expect(box.hasAttribute('tabindex')).to.equal(false);
  });

  it('in a select widget goes to the new Retry, not the select above it, then to the select', async () => {
    server = await scriptedServer([
      { ...failure, delayMs: 0 },
      failure,
      { body: [{ id: 3, name: 'Jazz', slug: 'j', parent: 0, count: 1, taxonomy: 'mep_cat' }], headers: pagingHeaders(1, 1) },
    ]);
    const el = await fixture<EventCategorySelect>(html`<event-category-select base-url=${`${server.origin}/wp-json`}></event-category-select>`);
    await waitUntil(() => part(el, 'retry'), 'Retry', { timeout: 8000 });
    part(el, 'retry')!.focus();
    await sendKeys({ press: 'Enter' });
    await settledWith(el, 'retry');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'retry'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.terms.length === 1 && !el.hasAttribute('pending'), 'terms', { timeout: 8000 });
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'select'));
  });

  it('is never taken when Retry did not have it, or when the visitor moved it meanwhile', async () => {
    const el = await failingList([slowly(failure), slowly(failure)]);
    const input = fixtureSync<HTMLInputElement>(html`<input aria-label="elsewhere" />`);
    input.focus();
    part(el, 'retry')!.click();
    await waitUntil(() => part(el, 'loading'), 'skeleton');
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(input);

    await pressRetry(el);
    input.focus();
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(input);
  });

  it('is never taken by a reload once the visitor clicked away from the pager button it kept', async () => {
    server = await scriptedServer(
      [
        { body: [wireEvent({ id: 1 })], headers: pagingHeaders(2, 2) },
        { body: [wireEvent({ id: 2 })], headers: pagingHeaders(2, 2), delayMs: 1500 },
      ],
      { mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }], 'wp-json/?': [{ body: { timezone_string: 'UTC' } }] },
    );
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`}></event-list>`);
    await settledWith(el, 'next');
    // Focus on Next from before (a page moved to); the app sets a filter, the pager stays while it loads.
    part(el, 'next')!.focus();
    el.search = 'jazz';
    await waitUntil(() => el.hasAttribute('pending'), 'loading');
    // The visitor clicks an empty part of the page.
    part(el, 'next')!.blur();
    await settledWith(el, 'content');
    expect(document.activeElement).to.equal(document.body);
  });

  it('is never taken when the visitor went elsewhere meanwhile, even if focus then fell to the page', async () => {
    const el = await failingList([slowly(failure), slowly(failure)]);
    const input = fixtureSync<HTMLInputElement>(html`<input aria-label="elsewhere" />`);
    await pressRetry(el);
    // Tabbed to a field, then clicked an empty part of the page.
    input.focus();
    input.blur();
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(document.body);

    // Tabbed to a field that the page then removed.
    await pressRetry(el);
    input.focus();
    input.remove();
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(document.body);
  });

  it('is never taken when the visitor clicked an empty part of the page meanwhile', async () => {
    const el = await failingList([slowly(failure)]);
    const blank = fixtureSync<HTMLDivElement>(html`<div style="height: 40px"></div>`);
    await pressRetry(el);
    // A real click: no focus event comes of it, only the pointer's.
    const box = blank.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 10), Math.round(box.top + 10)] });
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(document.body);
  });

  it('with two widgets on the page, stays with the one whose Retry the visitor pressed last', async () => {
    // Two lists of other addresses: no request shared through the page's cache.
    server = await scriptedServer([{ ...failure, delayMs: 0 }, { ...failure, delayMs: 0 }, { ...failure, delayMs: 1500 }, slowly(failure)], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
      'wp-json/?': [{ body: { timezone_string: 'UTC' } }],
    });
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <event-list base-url=${`${server.origin}/wp-json`}></event-list>
        <event-list base-url=${`${server.origin}/wp-json`} per-page="5"></event-list>
      </div>`,
    );
    const [first, second] = [...page.querySelectorAll('event-list')] as [EventList, EventList];
    await waitUntil(() => part(first, 'retry') && part(second, 'retry'), 'Retry', { timeout: 8000 });
    await pressRetry(first);
    await pressRetry(second);
    await settledWith(first, 'retry');
    expect(document.activeElement, 'the first list takes nothing').to.equal(document.body);
    await settledWith(second, 'retry');
    expect(second.shadowRoot!.activeElement).to.equal(part(second, 'retry'));
  });

  it('never scrolls the page back to the widget when the visitor scrolled away meanwhile', async () => {
    server = await scriptedServer([{ ...failure, delayMs: 0 }, slowly(events)], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
      'wp-json/?': [{ body: { timezone_string: 'UTC' } }],
    });
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <event-list base-url=${`${server.origin}/wp-json`}></event-list>
        <div style="height: 5000px"></div>
      </div>`,
    );
    const el = page.querySelector('event-list') as EventList;
    await waitUntil(() => part(el, 'retry'), 'Retry', { timeout: 8000 });
    await pressRetry(el);
    window.scrollTo(0, 4000);
    const scrolled = window.scrollY;
    try {
      await settledWith(el, 'content');
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'content'));
      // Still where the visitor read on (scroll anchoring may shift it by the list's growth), not back at the widget.
      expect(window.scrollY).to.be.above(scrolled - 500);
    } finally {
      window.scrollTo(0, 0);
    }
  });

  /**
   * A list made by the page in an iframe's document, whose load failed, with its Retry focused and
   * pressed and the next load (failing too) under way. The iframe is a fixture: removed after the test.
   */
  async function retriedInFrame(): Promise<{ frame: HTMLIFrameElement; el: EventList }> {
    server = await scriptedServer([{ ...failure, delayMs: 0 }, slowly(failure)], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
      'wp-json/?': [{ body: { timezone_string: 'UTC' } }],
    });
    const frame = fixtureSync<HTMLIFrameElement>(html`<iframe></iframe>`);
    const el = document.createElement('event-list');
    el.baseUrl = `${server.origin}/wp-json`;
    frame.contentDocument!.body.append(el);
    await waitUntil(() => part(el, 'retry'), 'Retry', { timeout: 8000 });
    part(el, 'retry')!.focus();
    // The page's own document has the iframe as its active element the whole time, never its body.
    expect(document.activeElement).to.equal(frame);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(el, 'loading'), 'skeleton');
    return { frame, el };
  }

  it("in an iframe's document (the widget made by the page, or moved there) comes back as in the page", async () => {
    const { el } = await retriedInFrame();
    await settledWith(el, 'retry');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'retry'));
  });

  it("in an iframe's document is never taken back from the page the visitor went to meanwhile", async () => {
    const { frame, el } = await retriedInFrame();
    // The visitor clicks an empty part of the page around the iframe: no field there gets focus.
    frame.blur();
    expect(document.activeElement).to.equal(document.body);
    await settledWith(el, 'retry');
    expect(document.activeElement).to.equal(document.body);
  });

  it('after "First page" (a page past the end) goes to the first page\'s content', async () => {
    const pastTheEnd: Reply = { status: 400, body: { code: 'rest_post_invalid_page_number', message: 'x', data: { status: 400 } } };
    server = await scriptedServer([pastTheEnd, events], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
      'wp-json/?': [{ body: { timezone_string: 'UTC' } }],
    });
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`} page="9"></event-list>`);
    await waitUntil(() => part(el, 'first-page'), 'First page', { timeout: 8000 });
    part(el, 'first-page')!.focus();
    await sendKeys({ press: 'Enter' });
    await settledWith(el, 'content');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'content'));
  });
});
