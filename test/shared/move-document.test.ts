/**
 * A widget moved into another document (an iframe) keeps its look: constructed style sheets belong
 * to one document and the browser drops them from the moved shadow root, so TwElement's
 * `adoptedCallback` puts the element's styles and its lazily loaded parts' back in (adopt-styles.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/event-list/event-list.js';
import '../../src/elements/event-category-select/event-category-select.js';
import type { EventList } from '../../src/elements/event-list/event-list.js';
import { referenceServer, scriptedServer, type LoopbackServer } from '../helpers/servers.js';
import { pagingHeaders, wireEvent } from '../helpers/wire-events.js';
import { part, parts, stopServerAfterEach } from '../helpers/element.js';

describe('a widget moved to another document', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('keeps its styles and its parts’ styles in an iframe, and back in the page, without errors', async () => {
    server = await scriptedServer([{ body: [wireEvent({ id: 1 }), wireEvent({ id: 2 })], headers: pagingHeaders(2, 1) }], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
    });
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`}></event-list>`);
    await waitUntil(() => parts(el, 'item').length === 2, 'items', { timeout: 8000 });
    const card = () => el.shadowRoot!.querySelector('.card')!;
    expect(getComputedStyle(card()).display).to.equal('flex');

    frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    const errors: string[] = [];
    for (const target of [window, inner]) target.addEventListener('error', (event) => errors.push(event.message));
    inner.document.body.append(el);
    expect(inner.getComputedStyle(card()).display).to.equal('flex');

    // A part loaded in the iframe gets its styles there too.
    el.view = 'month';
    await waitUntil(() => part(el, 'month') && !el.hasAttribute('pending'), 'month', { timeout: 8000 });
    const month = () => part(el, 'month')!;
    expect(inner.getComputedStyle(month()).display).to.equal('grid');

    // And everything is back once it returns to the page.
    document.body.append(el);
    expect(getComputedStyle(month()).display).to.equal('grid');
    el.view = 'list';
    await waitUntil(() => parts(el, 'item').length === 2, 'items', { timeout: 8000 });
    expect(getComputedStyle(card()).display).to.equal('flex');
    // Into the iframe again, and the iframe goes with the widget in it (which is not disconnected):
    // its width is observed from the iframe's window, so nothing keeps reporting to the page.
    inner.document.body.append(el);
    await new Promise((resolve) => setTimeout(resolve, 100));
    frame.remove();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).to.deep.equal([]);
  });

  it('renders styled when the page makes it and first connects it inside an iframe, and keeps its styles back in the page', async () => {
    server = await scriptedServer([{ body: [wireEvent({ id: 1 }), wireEvent({ id: 2 })], headers: pagingHeaders(2, 1) }], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
    });
    frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    const errors: string[] = [];
    for (const target of [window, inner]) target.addEventListener('error', (event) => errors.push(event.message));
    // Made by the page's document, never connected there: a preview or print frame built by a script.
    const el = document.createElement('event-list');
    el.baseUrl = `${server.origin}/wp-json`;
    inner.document.body.append(el);
    await waitUntil(() => parts(el, 'item').length === 2, 'items in the iframe', { timeout: 8000 });
    const card = () => el.shadowRoot!.querySelector('.card')!;
    expect(inner.getComputedStyle(card()).display).to.equal('flex');
    document.body.append(el);
    expect(getComputedStyle(card()).display).to.equal('flex');
    el.remove();
    expect(errors).to.deep.equal([]);
  });

  it('a select in an iframe drives the list of its for= id in that document, not one of the same id in the page', async () => {
    server = await referenceServer();
    const base = `${server.origin}/wp-json`;
    const decoy = document.createElement('event-list');
    decoy.id = 'events';
    decoy.baseUrl = base;
    document.body.append(decoy);
    frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    const list = document.createElement('event-list');
    list.id = 'events';
    list.baseUrl = base;
    const select = document.createElement('event-category-select');
    select.setAttribute('for', 'events');
    select.setAttribute('value', '5');
    select.baseUrl = base;
    inner.document.body.append(list, select);
    try {
      await waitUntil(() => list.category === '5', 'the value reaches the list in the iframe', { timeout: 8000 });
      expect(decoy.category).to.equal('');
    } finally {
      decoy.remove();
    }
  });

  it("speaks the language of the iframe's page it is first connected in", async () => {
    server = await scriptedServer([{ destroy: true }]);
    frame = document.createElement('iframe');
    document.body.append(frame);
    frame.contentDocument!.documentElement.lang = 'de';
    const el = document.createElement('event-list');
    el.baseUrl = `${server.origin}/wp-json`;
    frame.contentDocument!.body.append(el);
    const message = () => part(el, 'error-message')?.textContent ?? '';
    await waitUntil(() => message() !== '', 'the error message', { timeout: 8000 });
    expect(message()).to.equal('Die Website ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.');
  });

  it('a part that arrives once the iframe it is in has gone throws nothing, and is styled back in the page', async () => {
    server = await scriptedServer([{ body: [wireEvent({ id: 1 }), wireEvent({ id: 2 })], headers: pagingHeaders(2, 1) }], {
      mep_cat: [{ body: [], headers: pagingHeaders(0, 0) }],
    });
    const el = await fixture<EventList>(html`<event-list base-url=${`${server.origin}/wp-json`}></event-list>`);
    await waitUntil(() => parts(el, 'item').length === 2, 'items', { timeout: 8000 });
    const errors: string[] = [];
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => errors.push(String('reason' in event ? event.reason : event.message));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    try {
      frame = document.createElement('iframe');
      document.body.append(frame);
      frame.contentDocument!.body.append(el);
      // The month view's code is on its way when the iframe goes: its document keeps the widget but
      // has no window any more.
      el.view = 'month';
      frame.remove();
      await new Promise((resolve) => setTimeout(resolve, 500));
      document.body.append(el);
      await waitUntil(() => part(el, 'month') && !el.hasAttribute('pending'), 'month', { timeout: 8000 });
      expect(getComputedStyle(part(el, 'month')!).display).to.equal('grid');
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
      el.remove();
    }
    expect(errors).to.deep.equal([]);
  });
});
