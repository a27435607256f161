import { expect, fixture, fixtureSync, html, waitUntil, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import './event-speaker-list.js';
import type { EventSpeakerList, SpeakerSelectDetail } from './event-speaker-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import {
  expectLoadingSkeleton,
  langOf,
  part,
  parts,
  settled as settledOn,
  stopServersAfterEach,
  text,
  useReferenceServer,
  xssControlRan,
} from '../../../test/helpers/element.js';
import { defineElement } from '../../shared/define.js';
import { recordFetches } from '../../../test/helpers/fetches.js';

/**
 * Counts the navigations `frame` starts: its window gets `beforeunload` synchronously when a link
 * targeting it is followed (the `load` that ends a navigation comes only much later).
 */
function navigationsOf(frame: HTMLIFrameElement): () => number {
  let count = 0;
  frame.contentWindow!.addEventListener('beforeunload', () => count++);
  return () => count;
}

const speakerRequests = async (server: LoopbackServer) => (await server.requests()).filter((r) => r.path.endsWith('/mep_event_speaker'));

const settled = (el: EventSpeakerList) => settledOn(el, ['list', 'empty', 'error'], 'speaker list settles');

/** Presses Tab until the shadow part `name` has focus. */
async function tabTo(el: EventSpeakerList, name: string): Promise<HTMLElement> {
  for (let i = 0; i < 60; i++) {
    const active = el.shadowRoot!.activeElement as HTMLElement | null;
    if (active?.matches(`[part~="${name}"]`)) return active;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached [part~="${name}"]`);
}

interface SpeakerFields {
  name?: string;
  bio?: string;
  role?: string;
  link?: string;
  image?: string | null;
}

/** A `/wp/v2/mep_event_speaker` item as WordPress sends it with `_embed`. */
function speaker(id: number, fields: SpeakerFields = {}): Record<string, unknown> {
  const {
    name = `Speaker ${id}`,
    bio = `<p>Bio of speaker ${id}.</p>`,
    role = `<p>Role ${id}</p>`,
    link = `https://site.test/speaker/${id}/`,
    image = null,
  } = fields;
  return {
    id,
    date: '2026-01-01T10:00:00',
    slug: `speaker-${id}`,
    status: 'publish',
    type: 'mep_event_speaker',
    link,
    title: { rendered: name },
    content: { rendered: bio, protected: false },
    excerpt: { rendered: role, protected: false },
    featured_media: image ? id + 1 : 0,
    ...(image && { _embedded: { 'wp:featuredmedia': [{ id: id + 1, source_url: image }] } }),
  };
}

function pageReply(items: unknown[], total: number, totalPages: number, extra: Partial<Reply> = {}): Reply {
  return { status: 200, headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) }, body: items, ...extra };
}

describe('<event-speaker-list> against the reference API', () => {
  let server: LoopbackServer;
  let base: string;
  useReferenceServer((s, b) => ((server = s), (base = b)));

  it('shows a skeleton with pending, then speakers latest first with photo, role and bio; accessible in both states', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="5"></event-speaker-list>`);
    await expectLoadingSkeleton(el);
    await settled(el);
    expect(el.hasAttribute('aria-busy')).to.equal(false);

    // The site's own order (latest published first), read straight from the server.
    const raw = (await (await fetch(`${base}/wp/v2/mep_event_speaker?per_page=5&_embed=1`)).json()) as Array<{
      title: { rendered: string };
      link: string;
      _embedded: { 'wp:featuredmedia': Array<{ source_url: string }> };
    }>;
    const decode = (s: string) => new DOMParser().parseFromString(s, 'text/html').documentElement.textContent!;
    const items = parts(el, 'item');
    expect(items.length).to.equal(5);
    expect(parts(el, 'name').map((n) => text(n))).to.deep.equal(raw.map((r) => decode(r.title.rendered)));
    expect(parts(el, 'link').map((a) => a.getAttribute('href'))).to.deep.equal(raw.map((r) => r.link));
    const photos = parts(el, 'photo') as HTMLImageElement[];
    expect(photos.map((img) => img.alt)).to.deep.equal(raw.map((r) => decode(r.title.rendered)));
    expect(photos.map((img) => img.getAttribute('src'))).to.deep.equal(raw.map((r) => r._embedded['wp:featuredmedia'][0]!.source_url));
    expect(parts(el, 'role').length).to.equal(5);
    expect(text(part(el, 'role'))).to.contain(' · ');
    expect(parts(el, 'bio').length).to.equal(5);
    expect(part(el, 'page-status')!.textContent).to.match(/Page 1 of 2/);

    const [request] = await speakerRequests(server);
    expect(request!.search).to.contain('_embed=1');
    expect(request!.search).to.contain('per_page=5');
    await expect(el).to.be.accessible();
  });

  // WCAG 3.2.1: a Next that loaded nothing must not pull focus back into the list at some later render.
  it('a page change the app cancels leaves focus where the visitor puts it: a later render does not pull it into the list', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="3"></event-speaker-list>`);
    await settled(el);
    el.addEventListener('page-change', (event) => event.preventDefault());
    const next = await tabTo(el, 'next');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.page).to.equal(1);
    expect(el.shadowRoot!.activeElement).to.equal(next);
    next.blur(); // the visitor clicks on the page's text
    el.layout = 'list'; // the app changes something else
    await el.updateComplete;
    expect(document.activeElement).to.equal(document.body);
  });

  it('pages with the keyboard only: Tab to Next, Enter → page-change, page attribute and request change', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="3"></event-speaker-list>`);
    await settled(el);
    const firstNames = parts(el, 'name').map((n) => text(n));
    const before = (await speakerRequests(server)).length;

    const next = await tabTo(el, 'next');
    expect(next.getAttribute('aria-disabled')).to.equal('false');
    const changed = oneEvent(el, 'page-change');
    await sendKeys({ press: 'Enter' });
    const event = await changed;
    expect(event.detail).to.deep.equal({ page: 2, previousPage: 1 });
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    await waitUntil(() => el.getAttribute('page') === '2', 'page attribute reflects 2');
    await settled(el);
    expect(part(el, 'page-status')!.textContent).to.match(/Page 2 of 3/);
    expect(parts(el, 'name').map((n) => text(n))).to.not.deep.equal(firstNames);
    const after = await speakerRequests(server);
    expect(after.length).to.equal(before + 1);
    expect(after[after.length - 1]!.search).to.match(/[?&]page=2(&|$)/);
    await expect(el).to.be.accessible();

    // Focus stayed on Next, so Shift+Tab reaches Previous and pages back.
    await tabTo(el, 'next');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect((el.shadowRoot!.activeElement as HTMLElement).getAttribute('part')).to.equal('previous');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.getAttribute('page') === '1', 'back on page 1');
    await settled(el);
    expect(parts(el, 'name').map((n) => text(n))).to.deep.equal(firstNames);
  });

  it('a cancelled page-change keeps the page and makes no request', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="3"></event-speaker-list>`);
    await settled(el);
    const before = (await speakerRequests(server)).length;
    let seen = 0;
    el.addEventListener('page-change', (event) => {
      seen++;
      event.preventDefault();
    });
    await tabTo(el, 'next');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => seen === 1, 'page-change offered');
    // The page stayed, so the update that follows has no new query to load.
    await el.updateComplete;
    expect(seen).to.equal(1);
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(el.page).to.equal(1);
    expect(el.getAttribute('page')).to.equal('1');
    expect(part(el, 'page-status')!.textContent).to.match(/Page 1 of 3/);
    expect((await speakerRequests(server)).length).to.equal(before);
  });

  it('Previous is inert on the first page (no page-change)', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="3"></event-speaker-list>`);
    await settled(el);
    let seen = 0;
    el.addEventListener('page-change', () => seen++);
    const previous = await tabTo(el, 'previous');
    expect(previous.getAttribute('aria-disabled')).to.equal('true');
    // The button's own click handler (which would fire page-change) runs before the click reaches the host.
    const clicked = oneEvent(el, 'click');
    await sendKeys({ press: 'Enter' });
    await clicked;
    expect(seen).to.equal(0);
    expect(el.page).to.equal(1);
  });

  it('opens on the page given by the attribute, and a page past the end says so', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="3" page="3"></event-speaker-list>`);
    await settled(el);
    expect(parts(el, 'item').length).to.equal(2);
    expect(part(el, 'page-status')!.textContent).to.match(/Page 3 of 3/);
    expect(part(el, 'next')!.getAttribute('aria-disabled')).to.equal('true');

    el.page = 9;
    await waitUntil(() => part(el, 'error'), 'out-of-range error', { timeout: 8000 });
    expect(text(part(el, 'error-message'))).to.equal('This page does not exist (any more).');
    await expect(el).to.be.accessible();
  });

  it('two lists with the same query make one request; a different query makes its own', async () => {
    const before = (await speakerRequests(server)).length;
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div>
        <event-speaker-list base-url=${base} per-page="4" page="2"></event-speaker-list>
        <event-speaker-list base-url=${base} per-page="4" page="2"></event-speaker-list>
      </div>`,
    );
    const [a, b] = [...wrapper.querySelectorAll('event-speaker-list')] as EventSpeakerList[];
    await settled(a!);
    await settled(b!);
    expect(parts(a!, 'item').length).to.equal(4);
    expect(parts(b!, 'name').map((n) => text(n))).to.deep.equal(parts(a!, 'name').map((n) => text(n)));
    expect((await speakerRequests(server)).length).to.equal(before + 1);

    const c = document.createElement('event-speaker-list');
    c.baseUrl = base;
    c.perPage = 3;
    wrapper.append(c);
    await settled(c);
    expect((await speakerRequests(server)).length).to.equal(before + 2);
  });

  it('speaker-select: a plain click fires it with the model; cancelling prevents navigation', async () => {
    const frame = document.createElement('iframe');
    frame.name = 'tw-speaker-frame';
    document.body.append(frame);
    try {
      const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="2" link-target="tw-speaker-frame"></event-speaker-list>`);
      await settled(el);
      const link = part(el, 'link') as HTMLAnchorElement;
      let loads = 0;
      frame.addEventListener('load', () => loads++);
      const navigations = navigationsOf(frame);
      let prevented: boolean | undefined;
      const onDocumentClick = (event: MouseEvent) => (prevented = event.defaultPrevented);
      document.addEventListener('click', onDocumentClick);

      el.addEventListener('speaker-select', (event) => event.preventDefault(), { once: true });
      const selected = oneEvent(el, 'speaker-select');
      link.click();
      const event = await selected;
      const detail: SpeakerSelectDetail = event.detail;
      expect(detail.speaker.name).to.equal(text(link));
      expect(detail.speaker.link).to.equal(link.href);
      expect(detail.speaker.id).to.be.a('number');
      expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
      expect(prevented).to.equal(true);
      // A followed link would have started navigating the frame within click().
      expect(navigations(), 'a cancelled select must not navigate').to.equal(0);
      expect(loads, 'a cancelled select must not navigate').to.equal(0);

      // Not cancelled: the link is followed (into the named frame).
      link.click();
      expect(prevented).to.equal(false);
      expect(navigations()).to.equal(1);
      await waitUntil(() => loads > 0, 'the frame navigates', { timeout: 5000 });
      document.removeEventListener('click', onDocumentClick);
    } finally {
      frame.remove();
    }
  });

  it('speaker-select fires on Enter from the keyboard; modified clicks are left alone', async () => {
    // Links open in a named frame, so a select that fails to cancel cannot navigate the test page.
    const frame = document.createElement('iframe');
    frame.name = 'tw-speaker-frame-2';
    document.body.append(frame);
    let loads = 0;
    frame.addEventListener('load', () => loads++);
    const navigations = navigationsOf(frame);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="2" link-target="tw-speaker-frame-2"></event-speaker-list>`);
    await settled(el);
    const selected: string[] = [];
    el.addEventListener('speaker-select', (event) => {
      selected.push(event.detail.speaker.name);
      event.preventDefault();
    });
    const link = await tabTo(el, 'link');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => selected.length === 1, 'selected by keyboard');
    expect(selected[0]).to.equal(text(link));
    // Enter's click ran the link's activation already: a followed link would have started navigating.
    expect(navigations(), 'a cancelled select must not navigate').to.equal(0);
    frame.remove();
    expect(loads, 'a cancelled select must not navigate').to.equal(0);

    // Ctrl/Meta/Shift clicks open tabs or windows as the visitor asked: no speaker-select, default untouched.
    let defaultPrevented: boolean | undefined;
    const guard = (event: MouseEvent) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault(); // keep the test page from opening anything
    };
    document.addEventListener('click', guard);
    try {
      for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
        defaultPrevented = undefined;
        link.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, button: 0, [modifier]: true }));
        expect(defaultPrevented, modifier).to.equal(false);
      }
    } finally {
      document.removeEventListener('click', guard);
    }
    expect(selected.length).to.equal(1);
  });

  it('list and grid layouts, and the bio modes', async () => {
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="2"></event-speaker-list>`);
    await settled(el);
    expect(el.getAttribute('layout')).to.equal('grid');
    expect(getComputedStyle(part(el, 'card')!).flexDirection).to.equal('column');
    const bio = part(el, 'bio')!;
    expect(getComputedStyle(bio).webkitLineClamp).to.equal('4');

    el.layout = 'list';
    await el.updateComplete;
    expect(getComputedStyle(part(el, 'card')!).flexDirection).to.equal('row');

    el.style.setProperty('--tw-speaker-bio-lines', '2');
    expect(getComputedStyle(part(el, 'bio')!).webkitLineClamp).to.equal('2');

    el.bio = 'full';
    await el.updateComplete;
    expect(getComputedStyle(part(el, 'bio')!).webkitLineClamp).to.equal('none');

    el.bio = 'none';
    await el.updateComplete;
    expect(parts(el, 'bio').length).to.equal(0);
    expect(parts(el, 'item').length).to.equal(2);
    await expect(el).to.be.accessible();
  });

  it('follows lang (German strings) and dir (RTL) from the page', async () => {
    const wrapper = fixtureSync<HTMLDivElement>(
      html`<div lang="de" dir="rtl">
        <event-speaker-list base-url=${base} per-page="3"></event-speaker-list>
      </div>`,
    );
    const el = wrapper.querySelector('event-speaker-list')!;
    await settled(el);
    expect(part(el, 'page-status')!.textContent).to.match(/Seite 1 von 3/);
    expect(part(el, 'list')!.getAttribute('aria-label')).to.equal('Referenten');
    expect(part(el, 'pagination')!.getAttribute('aria-label')).to.equal('Referentenseiten');
    expect(getComputedStyle(part(el, 'content')!).direction).to.equal('rtl');
    await expect(el).to.be.accessible();
  });

  it('on a French page, its English interface sits in lang="en" and the site\'s names, roles and bios stay French; German and English add no lang', async () => {
    // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
    const el = fixtureSync(html`<div lang="fr"><event-speaker-list base-url=${base} per-page="3"></event-speaker-list></div>`).querySelector(
      'event-speaker-list',
    )!;
    await settled(el);
    expect(text(part(el, 'next'))).to.equal('Next');
    for (const ui of ['list', 'next', 'page-status']) expect(langOf(part(el, ui)), ui).to.equal('en');
    for (const site of ['photo', 'name', 'link', 'role', 'bio']) expect(langOf(part(el, site)), site).to.equal('fr');
    expect(el.hasAttribute('lang'), "the page's element is left as written").to.equal(false);

    for (const lang of ['de', 'en']) {
      const other = fixtureSync(html`<div lang=${lang}><event-speaker-list base-url=${base} per-page="3"></event-speaker-list></div>`).querySelector(
        'event-speaker-list',
      )!;
      await settled(other);
      const langs = [...other.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
      expect(langs, lang).to.deep.equal([lang]);
    }
  });

  it('has a dark scheme', async () => {
    // The element's own background is transparent: on a dark page, as a dark-scheme site has.
    const page = fixtureSync<HTMLDivElement>(
      html`<div style="background:#121212">
        <event-speaker-list base-url=${base} per-page="1"></event-speaker-list>
      </div>`,
    );
    const el = page.querySelector('event-speaker-list')!;
    await settled(el);
    try {
      await emulateMedia({ colorScheme: 'light' });
      const light = getComputedStyle(part(el, 'card')!).backgroundColor;
      await emulateMedia({ colorScheme: 'dark' });
      const dark = getComputedStyle(part(el, 'card')!).backgroundColor;
      const brightness = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, n) => sum + Number(n), 0);
      expect(brightness(light)).to.be.greaterThan(600);
      expect(brightness(dark)).to.be.lessThan(200);
      await expect(el).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });
});

describe('<event-speaker-list> states from scripted replies', () => {
  const servers: LoopbackServer[] = [];
  async function scripted(script: Reply[]): Promise<{ server: LoopbackServer; base: string }> {
    const server = await scriptedServer(script);
    servers.push(server);
    return { server, base: `${server.origin}/wp-json` };
  }
  stopServersAfterEach(servers, true);

  it('at 320 px a bio with preformatted code wraps inside the card instead of widening the page', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const code = `<pre>${'x'.repeat(40)} ${'const a = 1; '.repeat(30)}</pre>`;
      const { base } = await scripted([pageReply([speaker(1, { bio: code })], 1, 1)]);
      for (const bio of ['full', 'short'] as const) {
        const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} bio=${bio} layout="list"></event-speaker-list>`);
        await settled(el);
        expect(document.documentElement.scrollWidth, bio).to.be.at.most(320);
        expect(el.shadowRoot!.querySelector('pre')!.getBoundingClientRect().right, bio).to.be.at.most(320);
        el.remove();
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('loading: skeleton, pending and aria-busy until a slow reply arrives', async () => {
    // Held for seconds: asking the server what it has seen is a round trip that a loaded machine may
    // finish only after a shorter hold is over.
    const { server, base } = await scripted([pageReply([speaker(1)], 1, 1, { delayMs: 3000 })]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await waitUntil(async () => (await server.requests()).length === 1, 'the server holds the request', { timeout: 8000 });
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(el.getAttribute('aria-busy')).to.equal('true');
    expect(part(el, 'loading')!.getAttribute('role')).to.equal('status');
    expect(parts(el, 'item').length).to.equal(0);
    await expect(el).to.be.accessible();
    await settled(el);
    expect(parts(el, 'item').length).to.equal(1);
    expect(part(el, 'pagination')).to.equal(null);
  });

  it('keeps the previous page visible (pending) while the next one loads', async () => {
    const first = [speaker(1), speaker(2)];
    const second = [speaker(3), speaker(4)];
    // The next page held for seconds, as in the loading test above.
    const { server, base } = await scripted([pageReply(first, 4, 2), pageReply(second, 4, 2, { delayMs: 3000 })]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="2"></event-speaker-list>`);
    await settled(el);
    await tabTo(el, 'next');
    await sendKeys({ press: 'Enter' });
    await waitUntil(async () => (await server.requests()).length === 2, 'second request sent', { timeout: 8000 });
    expect(el.getAttribute('page')).to.equal('2');
    expect(el.hasAttribute('pending')).to.equal(true);
    expect(parts(el, 'name').map((n) => text(n))).to.deep.equal(['Speaker 1', 'Speaker 2']);
    expect(part(el, 'loading')).to.equal(null);
    expect(part(el, 'next')!.getAttribute('aria-disabled')).to.equal('true');
    // The shared styles dim stale content while the next page loads (opacity 0.6), which axe
    // measures as low contrast; everything else must hold in this state too.
    await expect(el).to.be.accessible({ ignoredRules: ['color-contrast'] });
    await settled(el);
    await expect(el).to.be.accessible();
    expect(parts(el, 'name').map((n) => text(n))).to.deep.equal(['Speaker 3', 'Speaker 4']);
  });

  it('a page that fails to load after Next keeps the keyboard focus in the list: on Retry, then on First page', async () => {
    const { base } = await scripted([
      pageReply([speaker(1), speaker(2)], 4, 2),
      { status: 500, body: { code: 'internal_server_error', message: 'Boom', data: { status: 500 } } },
      // Meanwhile the speakers of page 2 were deleted.
      {
        status: 400,
        body: {
          code: 'rest_post_invalid_page_number',
          message: 'The page number requested is larger than the number of pages available.',
          data: { status: 400 },
        },
      },
    ]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="2"></event-speaker-list>`);
    await settled(el);
    await tabTo(el, 'next');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(el, 'retry'), 'the error with Retry', { timeout: 8000 });
    await el.updateComplete;
    // The Next button went with the page; focus must not fall back to the document.
    expect(el.shadowRoot!.activeElement, 'Retry has the focus').to.equal(part(el, 'retry'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(el, 'first-page'), 'the page past the end', { timeout: 8000 });
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement, 'First page has the focus').to.equal(part(el, 'first-page'));
  });

  it('empty: its own message, no pagination', async () => {
    const { base } = await scripted([pageReply([], 0, 0)]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'empty'))).to.equal('No speakers yet.');
    expect(part(el, 'list')).to.equal(null);
    expect(part(el, 'pagination')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('rest_no_route: says speakers are not published, no Retry, shows the fallback slot', async () => {
    const { base } = await scripted([
      { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
    ]);
    const el = await fixture<EventSpeakerList>(
      html`<event-speaker-list base-url=${base}>
        <a slot="fallback" href="https://site.test/speakers/">All speakers</a>
      </event-speaker-list>`,
    );
    await settled(el);
    const error = part(el, 'error')!;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(text(part(el, 'error-message'))).to.equal('Speakers are not published by this site (REST API disabled in the plugin settings).');
    expect(part(el, 'retry')).to.equal(null);
    const slot = error.querySelector<HTMLSlotElement>('slot[name="fallback"]')!;
    expect(slot.assignedElements().map((a) => a.textContent)).to.deep.equal(['All speakers']);
    await expect(el).to.be.accessible();
  });

  it('rest_no_route in German', async () => {
    const { base } = await scripted([{ status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } }]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list lang="de" base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('Diese Website veröffentlicht keine Referenten (REST-API in den Plugin-Einstellungen ausgeschaltet).');
  });

  it('500 with an HTML body: server message and a Retry that recovers', async () => {
    const { server, base } = await scripted([
      { status: 500, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><h1>Critical error</h1>' },
      pageReply([speaker(5, { name: 'Recovered Speaker' })], 1, 1),
    ]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site had a problem (HTTP 500).');
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    await expect(el).to.be.accessible();
    const retry = await tabTo(el, 'retry');
    expect(text(retry)).to.equal('Try again');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(el, 'list'), 'content after retry', { timeout: 8000 });
    expect(text(part(el, 'name'))).to.equal('Recovered Speaker');
    expect(part(el, 'error')).to.equal(null);
    expect((await server.requests()).length).to.equal(2);
  });

  it('429 with Retry-After: asks to wait that long', async () => {
    const { base } = await scripted([
      { status: 429, headers: { 'Retry-After': '7' }, body: { code: 'too_many_requests', message: 'Slow down', data: { status: 429 } } },
    ]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site asked us to slow down. Try again in 7 s.');
    expect(part(el, 'retry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('an HTML page with status 200: says the REST API may be blocked', async () => {
    const { base } = await scripted([
      { status: 200, headers: { 'Content-Type': 'text/html; charset=UTF-8' }, body: '<!doctype html><html><body>Welcome</body></html>' },
    ]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site answered with a web page instead of data; its REST API may be blocked.');
    await expect(el).to.be.accessible();
  });

  it('network failure (stopped server): network message with Retry', async () => {
    const server = await scriptedServer([pageReply([], 0, 0)]);
    const base = `${server.origin}/wp-json`;
    await server.stop();
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site could not be reached. Check the connection and try again.');
    expect(part(el, 'retry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('a dropped connection, then Retry recovers', async () => {
    const { base } = await scripted([{ destroy: true }, pageReply([speaker(6)], 1, 1)]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site could not be reached. Check the connection and try again.');
    part(el, 'retry')!.click();
    await waitUntil(() => part(el, 'list'), 'content after retry', { timeout: 8000 });
    expect(text(part(el, 'name'))).to.equal('Speaker 6');
  });

  it('no base URL: a "not configured" message naming the attribute, and no request', async () => {
    performance.clearResourceTimings();
    const fetches = recordFetches();
    try {
      const el = await fixture<EventSpeakerList>(html`<event-speaker-list></event-speaker-list>`);
      await settled(el);
      expect(text(part(el, 'error-message'))).to.contain('base-url attribute');
      expect(part(el, 'retry')).to.equal(null);
      // The error is the load's outcome, so no request was started (none can still be on its way).
      expect(fetches.to('mep_event_speaker').map((call) => call.url)).to.deep.equal([]);
      const requests = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('mep_event_speaker'));
      expect(requests.map((entry) => entry.name)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    } finally {
      fetches.restore();
    }
  });

  it('removed while loading and put back: never shows the abort as an error', async () => {
    // The first answer held long enough that a loaded machine still removes the element before it;
    // the one after it (put back) comes at once.
    const { base } = await scripted([pageReply([speaker(7)], 1, 1, { delayMs: 3000 }), pageReply([speaker(7)], 1, 1)]);
    const fetches = recordFetches();
    try {
      const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
      const parent = el.parentElement!;
      await waitUntil(() => fetches.to('mep_event_speaker').length === 1, 'the request starts');
      const [request] = fetches.to('mep_event_speaker');
      el.remove();
      await waitUntil(() => request!.signal?.aborted, 'the removal aborts the request');
      // Put back only once the aborted request has ended and the element has taken that in.
      await request!.settled;
      await el.updateComplete;
      parent.append(el);
      await settled(el);
      expect(part(el, 'error')).to.equal(null);
      expect(text(part(el, 'name'))).to.equal('Speaker 7');
    } finally {
      fetches.restore();
    }
  });

  it('photo or initials: no image → neutral initials avatar; a broken image → avatar; an empty name → a label', async () => {
    const { base } = await scripted([
      pageReply(
        [
          speaker(10, { name: 'Ada Lovelace', image: null }),
          speaker(11, { name: 'Grace Brewster Hopper', image: 'http://127.0.0.1:9/missing.png' }),
          speaker(12, { name: '', link: '' }),
          speaker(13, { name: 'Dr. (Ülkü) Çelik', image: null }),
          // WordPress's trick for a "hidden" title: a zero-width space, which is no name either.
          speaker(14, { name: '&#8203;' }),
        ],
        5,
        1,
      ),
    ]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base}></event-speaker-list>`);
    await settled(el);
    // A lazy image in a background test page may never start loading: report its failure the way
    // the browser would, so the fallback itself is what is tested.
    for (const photo of parts(el, 'photo')) photo.dispatchEvent(new Event('error'));
    await waitUntil(() => parts(el, 'avatar').length === 5, 'the broken photo falls back to initials', { timeout: 5000 });
    const avatars = parts(el, 'avatar');
    expect(avatars.map((a) => text(a))).to.deep.equal(['AL', 'GH', '', 'DÇ', '']);
    expect(avatars.every((a) => a.getAttribute('aria-hidden') === 'true')).to.equal(true);
    expect(parts(el, 'photo').length).to.equal(0);
    const names = parts(el, 'name');
    expect(text(names[2])).to.equal('Unnamed speaker');
    expect(names[2]!.querySelector('a')).to.equal(null);
    expect(text(names[4]!.querySelector('a'))).to.equal('Unnamed speaker');
    await expect(el).to.be.accessible();
  });

  it('hostile HTML in names, roles, bios, links and image URLs never executes', async () => {
    const w = window as unknown as Record<string, unknown>;
    delete w.__twXss;
    const flag = (n: number) => `window.__twXss=${n}`;
    const bios = [
      `<p>one <img src=x onerror="${flag(1)}"></p>`,
      `<script>${flag(2)}</script><p>two</p>`,
      `<p><a href="javascript:${flag(3)}">three</a></p>`,
      `<svg onload="${flag(4)}"><circle r="4"/></svg>`,
      `<svg><script>${flag(5)}</script></svg>`,
      `&lt;img src=x onerror=${flag(6)}&gt;`,
      `<iframe srcdoc="<script>parent.__twXss=7</script>"></iframe>`,
      `<details open ontoggle="${flag(8)}"><summary>x</summary></details>`,
      `<math><mtext><table><mglyph><style><img src=x onerror="${flag(9)}"></style></mglyph></table></mtext></math>`,
      `<a href="jav&#x09;ascript:${flag(10)}">ten</a>`,
      `<input autofocus onfocus="${flag(11)}">`,
      `<video><source onerror="${flag(12)}"></video>`,
      `<object data="javascript:${flag(13)}"></object><embed src="javascript:${flag(13)}">`,
      `<form><button formaction="javascript:${flag(14)}">x</button></form>`,
      `<noscript><p title="</noscript><img src=x onerror=${flag(15)}>"></noscript>`,
      `<p style="background:url(javascript:${flag(16)})" onclick="${flag(16)}">sixteen</p>`,
      `<a href="data:text/html,<script>${flag(17)}</script>">seventeen</a>`,
      `<img src="x" onerror="${flag(18)}">`,
    ];
    const names = [
      `<img src=x onerror="${flag(101)}">Mallory`,
      `&lt;script&gt;${flag(102)}&lt;/script&gt;`,
      `<svg onload="${flag(103)}">Eve</svg>`,
      `&lt;img src=x onerror=${flag(104)}&gt;`,
    ];
    const items = [
      ...bios.map((bio, i) => speaker(200 + i, { bio, name: `Bio ${i + 1}` })),
      ...names.map((name, i) =>
        speaker(300 + i, {
          name,
          role: i % 2 === 0 ? `<p><img src=x onerror="${flag(110 + i)}">Role</p>` : `<p>&lt;img src=x onerror=${flag(110 + i)}&gt;Role</p>`,
          // Hostile names both inside links and as plain headings.
          link: i % 2 === 1 ? `https://site.test/speaker/${300 + i}/` : `javascript:${flag(120 + i)}`,
          image: `javascript:${flag(130 + i)}`,
        }),
      ),
    ];
    const { base } = await scripted([pageReply(items, items.length, 1)]);
    const el = await fixture<EventSpeakerList>(html`<event-speaker-list base-url=${base} per-page="30" bio="full"></event-speaker-list>`);
    await settled(el);
    expect(parts(el, 'item').length).to.equal(items.length);

    // Links left in bios carry no href (javascript:/data: stripped): clicking them is harmless.
    for (const link of el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part~="bio"] a:not([href])')) link.click();
    await xssControlRan();
    expect(w.__twXss, 'a payload ran').to.equal(undefined);

    const all = [...el.shadowRoot!.querySelectorAll('*')];
    const handlers = all.flatMap((node) => [...node.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${node.localName}[${a.name}]`));
    expect(handlers).to.deep.equal([]);
    expect(
      all.filter(
        (node) => /^(script|iframe|svg|math|object|embed|img|input|form|button|video|style|noscript|details)$/.test(node.localName) && !node.matches('[part]'),
      ),
    ).to.deep.equal([]);
    for (const node of all) {
      for (const attr of ['href', 'src', 'action', 'formaction', 'data', 'xlink:href']) {
        const value = node.getAttribute(attr);
        if (value !== null) expect(value, `${node.localName}[${attr}]`).to.match(/^(https?:|mailto:)/);
      }
    }
    // Entity-encoded tags stay visible text; raw tags in names are dropped, not rendered.
    const shown = parts(el, 'name').map((n) => text(n));
    expect(shown).to.include(`<script>${flag(102)}</script>`);
    expect(shown).to.include(`<img src=x onerror=${flag(104)}>`);
    expect(shown.some((n) => n.includes('Mallory'))).to.equal(true);
    expect(text(parts(el, 'bio')[5])).to.contain('<img src=x onerror=');
    // Names with javascript: links are not linked; hostile image URLs give the initials avatar.
    expect(parts(el, 'link').length).to.equal(bios.length + 2);
    expect(parts(el, 'photo').length).to.equal(0);
    await expect(el).to.be.accessible();
  });
});

describe('<event-speaker-list> registration', () => {
  it('loading the registration module again, or another copy of the class, never throws', async () => {
    const original = customElements.get('event-speaker-list');
    expect(original).to.be.a('function');
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      await import('./event-speaker-list.ts?copy=2' as string);
      const copy = (await import('./event-speaker-list.component.ts?copy=3' as string)) as { EventSpeakerList: CustomElementConstructor };
      expect(copy.EventSpeakerList).to.not.equal(original);
      expect(() => defineElement('event-speaker-list', copy.EventSpeakerList)).to.not.throw();
    } finally {
      console.warn = warn;
      window.removeEventListener('error', onError);
    }
    expect(errors).to.deep.equal([]);
    expect(customElements.get('event-speaker-list')).to.equal(original);
    expect(warnings.some((w) => w.includes('<event-speaker-list> is already defined'))).to.equal(true);
  });
});
