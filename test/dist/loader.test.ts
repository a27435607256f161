/**
 * The CDN loader as a page meets it: a fresh document per page (an iframe), the real embed line,
 * the real reference API. A page pays for the elements it shows and nothing else.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { moduleGraph } from '../helpers/cdn-graph.js';
import { referenceServer, scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';

const LOADER = '/dist/cdn/ticketing-widgets.js';
const DOMPURIFY_CHUNK = /\/chunks\/sanitize-html-[\w-]+\.js$/;
const GERMAN_CHUNK = /\/chunks\/de-[\w-]+\.js$/;
const BOARD_CHUNK = /\/chunks\/board-mode-[\w-]+\.js$/;

interface Page {
  frame: HTMLIFrameElement;
  win: Window & typeof globalThis;
  doc: Document;
  /** Paths of every JavaScript file the page has requested so far. */
  scripts(): string[];
}

const pages: HTMLIFrameElement[] = [];
afterEach(() => pages.splice(0).forEach((frame) => frame.remove()));

/** A page of its own (own module map), pinned to the run's moment like the test page itself. */
async function openPage(body: string, options: { lang?: string; head?: string; loader?: string } = {}): Promise<Page> {
  const moment = (window as { __TW_TEST_MOMENT__?: number }).__TW_TEST_MOMENT__;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 600px';
  frame.srcdoc = `<!doctype html><html lang="${options.lang ?? 'en'}"><head><meta charset="utf-8">
    <script>window.__TW_TEST_MOMENT__ = ${moment};</script>
    <script type="module" src="/test/setup/pinned-clock.ts"></script>
    ${options.head ?? ''}
    <script type="module" src="${options.loader ?? LOADER}"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  pages.push(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return {
    frame,
    win,
    doc: frame.contentDocument!,
    scripts: () =>
      win.performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js') && path.startsWith('/dist/')),
  };
}

async function defined(page: Page, tag: string): Promise<void> {
  await waitUntil(() => page.win.customElements.get(tag), `<${tag}> defined`, { timeout: 10000 });
}

/**
 * The loader and everything these elements may load, served from another origin as a CDN serves
 * them, except that `flaky` (a path, or a pattern of one) answers 503 once.
 */
async function flakyCdn(tags: string[], flaky: string | RegExp): Promise<LoopbackServer> {
  const files = await moduleGraph([LOADER, ...tags.map((tag) => `/dist/cdn/elements/${tag}.js`)], { dynamic: true });
  const routes: Record<string, Reply[]> = {};
  for (const file of files) {
    const reply: Reply = { headers: { 'Content-Type': 'text/javascript' }, body: await (await fetch(file)).text() };
    const fails = typeof flaky === 'string' ? file === flaky : flaky.test(file);
    routes[file] = fails ? [{ status: 503, headers: { 'Cache-Control': 'no-store' }, body: 'try again later' }, reply] : [reply];
  }
  return scriptedServer([{ status: 404 }], routes);
}

/**
 * Whether this browser fetches a module again after its fetch failed (the HTML standard's newer rule,
 * Chromium 156's), or keeps the failure for the page's life (the older rule, Chromium 150's). The
 * loader retries an element's entry under a fresh URL either way; the chunks that entries and parts
 * import (German strings, DOMPurify) keep their URLs, so only the newer rule fetches them again.
 */
async function refetchesFailedModules(): Promise<boolean> {
  const module: Reply = { headers: { 'Content-Type': 'text/javascript' }, body: 'export default 1;' };
  const server = await scriptedServer([{ status: 503, headers: { 'Cache-Control': 'no-store' }, body: 'try again later' }, module]);
  try {
    const url = `${server.origin}/probe.js`;
    const first = await import(/* @vite-ignore */ url).then(
      () => true,
      () => false,
    );
    expect(first, 'the probe fails first').to.equal(false);
    return await import(/* @vite-ignore */ url).then(
      () => true,
      () => false,
    );
  } finally {
    await server.stop();
  }
}

/** Keeps the page's console errors in `window.errors`. */
const KEEP_ERRORS = '<script>window.errors = []; console.error = (...args) => window.errors.push(args.join(" "));</script>';

/** What a page with only these elements must load: the loader's graph and theirs, nothing more. */
async function expectedScripts(tags: string[]): Promise<string[]> {
  return [...(await moduleGraph([LOADER, ...tags.map((tag) => `/dist/cdn/elements/${tag}.js`)]))].sort();
}

describe('CDN loader', () => {
  let api: LoopbackServer;
  before(async () => {
    api = await referenceServer();
  });
  after(() => api.stop());

  it('a page with only <event-list> requests the loader and that element’s chunks, and no sanitizer when the browser has one', async () => {
    const page = await openPage(`<event-list base-url="${api.origin}/wp-json"><p id="fallback">Our events</p></event-list>`);
    await defined(page, 'event-list');
    const list = page.doc.querySelector('event-list')!;
    await waitUntil(() => list.shadowRoot?.querySelector('[part="excerpt"] p'), 'an excerpt rendered from site HTML', { timeout: 10000 });
    const requested = [...new Set(page.scripts())].sort();
    expect(requested).to.deep.equal(await expectedScripts(['event-list']));
    expect(requested.some((path) => DOMPURIFY_CHUNK.test(path))).to.equal(false);
    expect(requested.some((path) => GERMAN_CHUNK.test(path))).to.equal(false);
  });

  it('an element whose entry failed to download from a CDN is tried again when the browser is back online, under a fresh URL, so also where the browser keeps failed module fetches', async () => {
    const cdn = await flakyCdn(['event-list'], '/dist/cdn/elements/event-list.js');
    try {
      const page = await openPage(`<event-list base-url="${api.origin}/wp-json"><p id="fallback">Our events</p></event-list>`, {
        head: KEEP_ERRORS,
        loader: `${cdn.origin}${LOADER}`,
      });
      const errors = (page.win as unknown as { errors: string[] }).errors;
      await waitUntil(() => errors.length > 0, 'the failure is logged', { timeout: 10000 });
      expect(errors[0]).to.contain('<event-list> could not be loaded').and.contain('fallback content stays');
      expect(page.win.customElements.get('event-list')).to.equal(undefined);
      expect(page.doc.getElementById('fallback')!.checkVisibility()).to.equal(true);

      page.win.dispatchEvent(new Event('online'));
      await defined(page, 'event-list');
      const list = page.doc.querySelector('event-list')!;
      await waitUntil(() => list.shadowRoot?.querySelector('[part="item"]'), 'events listed', { timeout: 10000 });
      expect(errors).to.have.length(1);
      const entryRequests = (await cdn.requests()).filter((request) => request.path === '/dist/cdn/elements/event-list.js');
      expect(entryRequests.map((request) => request.search)).to.deep.equal(['', '?retry=1']);
    } finally {
      await cdn.stop();
    }
  });

  it('a page with a <bus-list> that stays a list never requests the board; switched to a board, it loads it', async () => {
    // The plugin dialect: the contract's bus list needs a login a page does not hold.
    const plugin = await referenceServer({ dialect: 'plugin' });
    try {
      const page = await openPage(`<bus-list base-url="${plugin.origin}/wp-json" from="Paris" to="Berlin"></bus-list>`);
      await defined(page, 'bus-list');
      const list = page.doc.querySelector('bus-list')!;
      await waitUntil(() => list.shadowRoot?.querySelector('[part~="item"]'), 'buses listed', { timeout: 10000 });
      expect([...new Set(page.scripts())].sort()).to.deep.equal(await expectedScripts(['bus-list']));
      expect(page.scripts().some((path) => BOARD_CHUNK.test(path))).to.equal(false);

      // The board's reload-on-update, loaded from a hashed chunk, still checks the element's entry.
      const checked: string[] = [];
      list.kioskPlatform = {
        wakeLock: () => null,
        fetch: async (url) => {
          checked.push(new URL(url).pathname);
          return new Response(null, { headers: { ETag: '"1"' } });
        },
        reload: () => {},
      };
      list.setAttribute('reload-on-update', '');
      list.setAttribute('board', '');
      await waitUntil(() => list.shadowRoot?.querySelector('[part~="table"]'), 'the board shows', { timeout: 10000 });
      expect(page.scripts().filter((path) => BOARD_CHUNK.test(path)).length).to.equal(1);
      await waitUntil(() => checked.length > 0, 'reload-on-update checks', { timeout: 10000 });
      expect(checked).to.deep.equal(['/dist/cdn/elements/bus-list.js']);
    } finally {
      await plugin.stop();
    }
  });

  it('keeps the fallback content visible until the element is defined', async () => {
    // Sampled every frame from the page's first script until the definition: never hidden.
    const page = await openPage(
      `<event-list base-url="${api.origin}/wp-json"><p id="fallback">Our events</p></event-list>
       <script>
         window.samples = [];
         (function sample() {
           if (customElements.get('event-list')) return;
           samples.push(document.getElementById('fallback').getBoundingClientRect().height);
           requestAnimationFrame(sample);
         })();
       </script>`,
    );
    await defined(page, 'event-list');
    const samples = (page.win as unknown as { samples: number[] }).samples;
    expect(samples.length).to.be.greaterThan(0);
    expect(samples.every((height) => height > 0)).to.equal(true);
  });

  it('defines an element added to the page later, loading only then', async () => {
    const page = await openPage(`<event-category-select base-url="${api.origin}/wp-json"></event-category-select>`);
    await defined(page, 'event-category-select');
    expect(page.scripts().some((path) => path.endsWith('/elements/bus-route-map.js'))).to.equal(false);
    const map = page.doc.createElement('bus-route-map');
    page.doc.body.append(map);
    await defined(page, 'bus-route-map');
    const requested = [...new Set(page.scripts())].sort();
    expect(requested).to.deep.equal(await expectedScripts(['event-category-select', 'bus-route-map']));
  });

  it('still defines tags added after the page replaced its root element or rewrote itself (document.open, write)', async () => {
    const replaced = await openPage(`<event-category-select base-url="${api.origin}/wp-json"></event-category-select>`);
    await defined(replaced, 'event-category-select');
    // A page-transition script that swaps in the next page's whole <html>.
    const next = replaced.doc.createElement('html');
    next.innerHTML = `<head></head><body><event-organizer-select base-url="${api.origin}/wp-json"></event-organizer-select></body>`;
    replaced.doc.replaceChild(next, replaced.doc.documentElement);
    await defined(replaced, 'event-organizer-select');

    // One that writes the next page over this one: the loader's module is not run again.
    const rewritten = await openPage(`<event-category-select base-url="${api.origin}/wp-json"></event-category-select>`);
    await defined(rewritten, 'event-category-select');
    const write = rewritten.win.document;
    write.open();
    write.write(`<!doctype html><html><head><script type="module" src="${LOADER}"></script></head><body>
      <event-speaker-list base-url="${api.origin}/wp-json"></event-speaker-list></body></html>`);
    write.close();
    await defined(rewritten, 'event-speaker-list');
  });

  it("defines a tag that another document made (a same-origin iframe's) once it is moved into the page", async () => {
    const page = await openPage('<iframe></iframe>');
    const other = page.doc.querySelector('iframe')!.contentDocument!;
    const holder = other.createElement('div');
    holder.append(other.createElement('event-category-select'));
    // Another realm's nodes: `instanceof Element` is false for them in this page.
    expect(holder instanceof page.win.Element).to.equal(false);
    page.doc.body.append(holder);
    await defined(page, 'event-category-select');
    page.doc.body.append(other.createElement('event-organizer-select'));
    await defined(page, 'event-organizer-select');
  });

  it('a German page loads the German strings beside the element and renders German first', async () => {
    const page = await openPage(`<event-list base-url="${api.origin}/wp-json"></event-list>`, { lang: 'de' });
    await defined(page, 'event-list');
    const list = page.doc.querySelector('event-list')!;
    await waitUntil(() => list.shadowRoot?.textContent?.trim(), 'rendered', { timeout: 10000 });
    expect(list.shadowRoot!.textContent).to.not.include('Loading');
    expect(page.scripts().some((path) => GERMAN_CHUNK.test(path))).to.equal(true);
  });

  it('a German list that fell back to English because its strings failed to download turns German when the browser is back online, where the browser fetches a failed module again; elsewhere it stays whole in English', async () => {
    const cdn = await flakyCdn(['event-list'], GERMAN_CHUNK);
    try {
      const page = await openPage(`<event-list base-url="${api.origin}/wp-json"></event-list>`, { lang: 'de', loader: `${cdn.origin}${LOADER}` });
      await defined(page, 'event-list');
      const list = page.doc.querySelector('event-list')!;
      const calendarButton = () => list.shadowRoot?.querySelector('[part~="calendar-toggle"]')?.textContent?.trim() ?? '';
      await waitUntil(() => calendarButton(), 'events listed', { timeout: 10000 });
      expect(calendarButton()).to.match(/^Add to calendar/);

      const refetches = await refetchesFailedModules();
      page.win.dispatchEvent(new Event('online'));
      const germanRequests = async () => (await cdn.requests()).filter((request) => GERMAN_CHUNK.test(request.path));
      if (refetches) {
        await waitUntil(() => calendarButton().startsWith('Zum Kalender hinzufügen'), 'the list speaks German', { timeout: 10000 });
        expect(await germanRequests()).to.have.length(2);
      } else {
        // The failure is kept, so the list goes on in English, whole, until the page is reloaded.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(calendarButton()).to.match(/^Add to calendar/);
        expect(list.shadowRoot!.querySelectorAll('[part~="item"]').length, 'events still listed').to.be.greaterThan(0);
        expect(await germanRequests()).to.have.length(1);
      }
    } finally {
      await cdn.stop();
    }
  });

  it('without Element.setHTML, DOMPurify loads only once site HTML is shown', async () => {
    const hide = '<script>delete Element.prototype.setHTML;</script>';
    const textOnly = await openPage(`<event-category-select base-url="${api.origin}/wp-json"></event-category-select>`, { head: hide });
    await defined(textOnly, 'event-category-select');
    const select = textOnly.doc.querySelector('event-category-select')!;
    // Its categories in, not the "Loading…" option: the site's terms are the text that could have called for DOMPurify.
    await waitUntil(() => !select.hasAttribute('pending') && select.shadowRoot?.querySelector('option'), 'options rendered', { timeout: 10000 });
    expect(textOnly.scripts().some((path) => DOMPURIFY_CHUNK.test(path))).to.equal(false);

    const withHtml = await openPage(`<event-list base-url="${api.origin}/wp-json"></event-list>`, { head: hide });
    await defined(withHtml, 'event-list');
    const list = withHtml.doc.querySelector('event-list')!;
    await waitUntil(() => list.shadowRoot?.querySelector('[part="excerpt"] p'), 'an excerpt rendered through DOMPurify', { timeout: 10000 });
    expect(withHtml.scripts().some((path) => DOMPURIFY_CHUNK.test(path))).to.equal(true);
  });

  it('without Element.setHTML, a DOMPurify download that failed is tried again by the next site HTML, where the browser fetches a failed module again; elsewhere site HTML stays plain text', async () => {
    const cdn = await flakyCdn(['event-list'], DOMPURIFY_CHUNK);
    try {
      const hide = '<script>delete Element.prototype.setHTML;</script>';
      const page = await openPage(`<event-list base-url="${api.origin}/wp-json"></event-list>`, { head: hide, loader: `${cdn.origin}${LOADER}` });
      await defined(page, 'event-list');
      const first = page.doc.querySelector('event-list')!;
      // The words show, as plain text: no sanitizer, no markup.
      await waitUntil(() => first.shadowRoot?.querySelector('[part="excerpt"]')?.textContent?.trim(), 'an excerpt as text', { timeout: 10000 });
      expect(first.shadowRoot!.querySelector('[part="excerpt"] *')).to.equal(null);

      const refetches = await refetchesFailedModules();
      const second = page.doc.createElement('event-list');
      second.setAttribute('base-url', `${api.origin}/wp-json`);
      page.doc.body.append(second);
      const sanitizerRequests = async () => (await cdn.requests()).filter((request) => DOMPURIFY_CHUNK.test(request.path));
      if (refetches) {
        await waitUntil(() => second.shadowRoot?.querySelector('[part="excerpt"] p'), 'an excerpt rendered through DOMPurify', { timeout: 10000 });
        expect(await sanitizerRequests()).to.have.length(2);
      } else {
        // The failure is kept: the next list's excerpts show as plain text too, never as markup.
        await waitUntil(() => second.shadowRoot?.querySelector('[part="excerpt"]')?.textContent?.trim(), 'an excerpt as text', { timeout: 10000 });
        expect(second.shadowRoot!.querySelector('[part="excerpt"] *')).to.equal(null);
        expect(await sanitizerRequests()).to.have.length(1);
      }
    } finally {
      await cdn.stop();
    }
  });
});
