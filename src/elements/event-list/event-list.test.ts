import { expect, fixture, fixtureCleanup, fixtureSync, html, waitUntil, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import './event-list.js';
import type { EventList, PageChangeDetail, EventSelectDetail } from './event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { NO_SITE_ZONE, pagingHeaders, serializeRecords, wireEvent } from '../../../test/helpers/wire-events.js';
import { recordFetches } from '../../../test/helpers/fetches.js';
import {
  expectLoadingSkeleton,
  langOf,
  part,
  parts,
  settled as settledOn,
  shadow,
  stopServerAfterEach,
  textOf,
  useReferenceServer,
} from '../../../test/helpers/element.js';
import { configure } from '../../shared/config.js';
import { defineElement } from '../../shared/define.js';
import { siteDate, siteDateTime } from '../../shared/wall-clock.js';
import { offsetMinutesAt, zoneText } from '../../api/site-time.js';
import { expectFiltersResetPage } from '../../../test/helpers/paging.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';

const settled = (el: EventList) => settledOn(el, ['list', 'empty', 'error'], 'the list settles');

const CATEGORIES: Reply[] = [
  { body: [{ id: 12, name: 'Business &#038; Trade', slug: 'b', parent: 0, count: 1, taxonomy: 'mep_cat' }], headers: pagingHeaders(1, 1) },
];

/** WordPress's answer for a page past the last. */
const PAST_THE_END: Reply = {
  status: 400,
  body: { code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } },
};

describe('<event-list>', () => {
  describe('against the reference API', () => {
    let server: LoopbackServer;
    let base: string;
    useReferenceServer((s, b) => ((server = s), (base = b)));

    const eventRequests = async () => (await server.requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/mep_events'));

    it('shows a skeleton with pending, then events; accessible in both states', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="5"></event-list>`);
      await expectLoadingSkeleton(el);
      await settled(el);
      expect(parts(el, 'item').length).to.equal(5);
      expect(el.hasAttribute('aria-busy')).to.equal(false);
      expect(textOf(el, 'page-status')).to.match(/^Page 1 of \d+$/);
      for (const title of parts(el, 'title')) expect(title.innerHTML).to.not.match(/<(?!a|\/a|!--)/);
      await expect(el).to.be.accessible();
    });

    it('two lists of the same query make one request', async () => {
      const before = (await eventRequests()).length;
      fixtureSync(
        html`<div>
          <event-list base-url=${base} per-page="4" category="5"></event-list>
          <event-list base-url=${base} per-page="4" category="5"></event-list>
        </div>`,
      );
      const lists = [...document.querySelectorAll('event-list')] as EventList[];
      await Promise.all(lists.map(settled));
      expect((await eventRequests()).length - before).to.equal(1);
    });

    it('draws cached events, names and zone in one render, and measures its width at most once', async () => {
      const warm = await fixture<EventList>(html`<event-list base-url=${base} per-page="20"></event-list>`);
      await settled(warm);
      await waitUntil(() => parts(warm, 'category').length > 0, 'category names arrive', { timeout: 8000 });
      warm.remove();
      // A second list of the same query: every read is in the page-wide cache.
      const el = document.createElement('event-list') as EventList;
      el.setAttribute('base-url', base);
      el.setAttribute('per-page', '20');
      let renders = 0;
      const render = el.render.bind(el);
      el.render = () => (renders++, render());
      let measured = 0;
      const measure = el.getBoundingClientRect.bind(el);
      el.getBoundingClientRect = () => (measured++, measure());
      document.body.append(el);
      try {
        await settled(el);
        // Two frames: the width observer's first report, and any redraw it would ask for.
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
        await el.updateComplete;
        expect(parts(el, 'category').length).to.be.above(0);
        // The skeleton, then the cards once (each further render re-runs the template of every card).
        expect(renders).to.equal(2);
        expect(measured).to.be.at.most(1);
      } finally {
        el.remove();
      }
    });

    it('filters by category and organizer together, with paging', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} category="5" organizer="11,12" per-page="2" page="1"></event-list>`);
      await settled(el);
      const last = (await eventRequests()).at(-1)!;
      const query = new URLSearchParams(last.search);
      expect(query.get('mep_cat')).to.equal('5');
      expect(query.get('mep_org')).to.equal('11,12');
      expect(query.get('per_page')).to.equal('2');
      // Every shown event carries the category name of id 5 from the category lookup.
      await waitUntil(() => parts(el, 'category').length > 0, 'category names arrive', { timeout: 8000 });
      for (const item of parts(el, 'item')) expect(item.textContent).to.include('Music');
      for (const chips of parts(el, 'categories')) expect(chips.getAttribute('aria-label')).to.equal('Categories');
    });

    it('orders upcoming events by their next date and hides past ones', async () => {
      // "Upcoming" on the element's clock, pinned to the run's moment with the reference API's seed.
      const el = await fixture<EventList>(
        html`<event-list base-url=${base} order="upcoming" per-page="20" .scheduler=${new FakeScheduler(runMoment())}></event-list>`,
      );
      await settled(el);
      const times = parts(el, 'date').map((node) => node.querySelector('time')?.getAttribute('datetime') ?? '');
      expect(times.length).to.equal(20);
      const sorted = [...times].sort();
      expect(times).to.deep.equal(sorted);
      // The reference API's zone is the page's: its today at that moment.
      expect(times[0]! >= siteDate(runMoment(), null)).to.equal(true);
      for (const request of await eventRequests()) expect(Number(new URLSearchParams(request.search).get('per_page'))).to.be.at.most(100);
    });

    it('pages with the keyboard only and fires page-change', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="3"></event-list>`);
      await settled(el);
      const first = parts(el, 'title').map((t) => t.textContent);
      (part(el, 'next') as HTMLButtonElement).focus();
      const changed = oneEvent(el, 'page-change') as Promise<CustomEvent<PageChangeDetail>>;
      await sendKeys({ press: 'Enter' });
      expect((await changed).detail).to.deep.equal({ page: 2, previousPage: 1 });
      await settled(el);
      expect(el.getAttribute('page')).to.equal('2');
      expect(parts(el, 'title').map((t) => t.textContent)).to.not.deep.equal(first);
      expect(shadow(el).activeElement).to.equal(part(el, 'next'));
      expect(textOf(el, 'page-status')).to.match(/^Page 2 of/);
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(shadow(el).activeElement).to.equal(part(el, 'previous'));
      await sendKeys({ press: 'Space' });
      await waitUntil(() => el.getAttribute('page') === '1');
      await settled(el);
      expect(parts(el, 'title').map((t) => t.textContent)).to.deep.equal(first);
      await expect(el).to.be.accessible();
    });

    it('keeps the page when page-change is cancelled', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="3"></event-list>`);
      await settled(el);
      const count = (await eventRequests()).length;
      el.addEventListener('page-change', (event) => event.preventDefault(), { once: true });
      (part(el, 'next') as HTMLButtonElement).click();
      await el.updateComplete;
      expect(el.page).to.equal(1);
      expect((await eventRequests()).length).to.equal(count);
    });

    it('a filter the app changes itself goes back to page 1, as a select with for= does; a page set with it stands', async () => {
      const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="2" page="2"></event-list>`);
      await settled(el);
      expect(el.page, 'a page given before the first render stands').to.equal(2);
      await expectFiltersResetPage(el, [
        ['category', '5'],
        ['organizer', '7'],
        ['include-children', ''],
        ['order', 'upcoming'],
        ['search', 'jazz'],
        ['from-date', '2026-01-01'],
        ['to-date', '2027-12-31'],
      ]);
      el.category = '';
      el.page = 2;
      await el.updateComplete;
      expect(el.page, 'an app restoring both from its URL keeps its page').to.equal(2);
    });

    it('stays readable in the dark scheme on a light page', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      try {
        const el = await fixture<EventList>(html`<event-list base-url=${base} per-page="2"></event-list>`);
        await settled(el);
        expect(getComputedStyle(el).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
        await expect(el).to.be.accessible();
      } finally {
        await emulateMedia({ colorScheme: 'light' });
      }
    });

    it('formats in German and lays out right-to-left for Arabic', async () => {
      const de = await fixture<EventList>(html`<event-list lang="de" base-url=${base} per-page="2"></event-list>`);
      await settled(de);
      expect(textOf(de, 'pagination')).to.include('Weiter');
      expect(textOf(de, 'page-status')).to.match(/^Seite 1 von/);
      await waitUntil(() => parts(de, 'categories').length > 0, 'category names arrive', { timeout: 8000 });
      expect(parts(de, 'categories')[0]!.getAttribute('aria-label')).to.equal('Kategorien');
      const ar = fixtureSync(html`<div lang="ar"><event-list base-url=${base} per-page="2"></event-list></div>`);
      const list = ar.querySelector('event-list') as EventList;
      await settled(list);
      expect(shadow(list).querySelector('[dir]')!.getAttribute('dir')).to.equal('rtl');
    });

    it('on a French page, marks its English interface lang="en" and keeps the site\'s text and dates French; a German or English one gets no other lang', async () => {
      // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
      const page = fixtureSync(html`<div lang="fr"><event-list base-url=${base} per-page="4"></event-list></div>`);
      const list = page.querySelector('event-list') as EventList;
      await settled(list);
      await waitUntil(() => parts(list, 'categories').length > 0, 'category names arrive', { timeout: 8000 });
      expect(textOf(list, 'next')).to.equal('Next');
      for (const ui of ['next', 'page-status', 'calendar-toggle']) expect(langOf(part(list, ui)), ui).to.equal('en');
      expect(langOf(part(list, 'categories')), 'its label').to.equal('en');
      for (const site of ['title', 'link', 'category', 'excerpt']) expect(langOf(part(list, site)), site).to.equal('fr');
      expect(langOf(part(list, 'date')!.querySelector('time')), 'a date formatted for the page').to.equal('fr');
      expect(list.hasAttribute('lang'), "the page's element is left as written").to.equal(false);

      for (const lang of ['de', 'en']) {
        const other = fixtureSync(html`<div lang=${lang}><event-list base-url=${base} per-page="4"></event-list></div>`).querySelector(
          'event-list',
        ) as EventList;
        await settled(other);
        const langs = [...shadow(other).querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
        expect(langs, lang).to.deep.equal([lang]);
      }
    });

    it("follows a site's language switch: a lang changed on an ancestor or on the element after it rendered", async () => {
      const wrapper = fixtureSync(html`<div lang="en"><event-list base-url=${base} per-page="2"></event-list></div>`);
      const list = wrapper.querySelector('event-list') as EventList;
      await settled(list);
      expect(textOf(list, 'pagination')).to.include('Next');
      wrapper.setAttribute('lang', 'de');
      await waitUntil(() => textOf(list, 'pagination').includes('Weiter'), 'German after the switch', { timeout: 8000 });
      list.setAttribute('lang', 'en');
      await waitUntil(() => textOf(list, 'pagination').includes('Next'), 'English again on its own lang');
    });

    it('reads a PHP locale (lang="de_DE", as themes print it) as German, and passes over a lang that is no tag', async () => {
      // Intl throws for such tags; the pager's number formatting once left the list on its skeleton.
      const php = fixtureSync(html`<div lang="de_DE"><event-list base-url=${base} per-page="2"></event-list></div>`);
      const de = php.querySelector('event-list') as EventList;
      await settled(de);
      expect(textOf(de, 'pagination')).to.include('Weiter');
      expect(textOf(de, 'page-status')).to.match(/^Seite 1 von/);
      expect(de.locale).to.equal('de-DE');
      const broken = fixtureSync(html`<div lang="de"><event-list lang="not a tag!" base-url=${base} per-page="2"></event-list></div>`);
      const list = broken.querySelector('event-list') as EventList;
      await settled(list);
      expect(list.locale).to.equal('de');
      expect(textOf(list, 'pagination')).to.include('Weiter');
      // Codes are kept as written (no canonical renaming: page strings are keyed by them).
      list.setAttribute('lang', 'tl');
      expect(list.locale).to.equal('tl');
      list.setAttribute('lang', 'iw');
      expect(list.locale).to.equal('iw');
    });
  });

  describe('with scripted answers', () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { reset: () => (server = undefined) });
    /** `clock`, when given, is the element's scheduler (its "now" for upcoming). */
    async function listWith(script: Reply[], attributes = '', clock?: FakeScheduler): Promise<EventList> {
      server = await scriptedServer(script, { mep_cat: CATEGORIES, ...NO_SITE_ZONE });
      const el = document.createElement('event-list') as EventList;
      el.baseUrl = `${server.origin}/wp-json`;
      if (clock) el.scheduler = clock;
      for (const pair of attributes.split(' ').filter(Boolean)) {
        const [name, value] = pair.split('=');
        el.setAttribute(name!, value ?? '');
      }
      const wrapper = fixtureSync(html`<div></div>`);
      wrapper.append(el);
      await settled(el);
      return el;
    }

    it("upcoming: an event still running on the site's wall clock shows, though the viewer's clock has passed its end", async () => {
      // One instant for the event's times and every element's clock: the page's clock runs on.
      const clock = new FakeScheduler(runMoment());
      // A site two hours behind the viewer: an event ending there in 30 minutes ended 90 minutes ago here.
      const site = { kind: 'offset', minutes: offsetMinutesAt(clock.now(), null) - 120 } as const;
      const endsSoon = siteDateTime(clock.now() + 30 * 60_000, site).replace('T', ' ');
      const startedEarlier = siteDateTime(clock.now() - 60 * 60_000, site).replace('T', ' ');
      const running = wireEvent({ id: 5, title: 'Still on', meta: { event_start_datetime: startedEarlier, event_end_datetime: endsSoon } });
      const reply: Reply = { body: [running], headers: pagingHeaders(1, 1) };
      const siteZoned = await listWith([reply], `order=upcoming time-zone=${zoneText(site)}`, clock);
      expect(parts(siteZoned, 'title').map((t) => t.textContent?.trim())).to.deep.equal(['Still on']);
      // Shown with the start it had, not as starting now.
      expect(part(siteZoned, 'date')!.querySelector('time')!.getAttribute('datetime')).to.equal(startedEarlier.replace(' ', 'T').slice(0, 16));
      await server!.stop();
      const viewerZoned = await listWith([reply], 'order=upcoming', clock);
      expect(textOf(viewerZoned, 'empty')).to.not.equal('');
      await server!.stop();
      // Without an attribute, the zone the site's REST index publishes (WordPress's gmt_offset).
      server = await scriptedServer([{ body: { namespaces: ['wp/v2'], routes: {}, timezone_string: '', gmt_offset: site.minutes / 60 } }], {
        mep_events: [reply],
        mep_cat: CATEGORIES,
      });
      const indexZoned = document.createElement('event-list') as EventList;
      Object.assign(indexZoned, { baseUrl: `${server.origin}/wp-json`, order: 'upcoming', scheduler: clock });
      fixtureSync(html`<div></div>`).append(indexZoned);
      await settled(indexZoned);
      expect(parts(indexZoned, 'title').map((t) => t.textContent?.trim())).to.deep.equal(['Still on']);
      await server.stop();
      configure({ timeZone: zoneText(site) });
      try {
        const pageZoned = await listWith([reply], 'order=upcoming', clock);
        expect(parts(pageZoned, 'title').map((t) => t.textContent?.trim())).to.deep.equal(['Still on']);
      } finally {
        configure({ timeZone: '' });
      }
    });

    it('renders an event: decoded title, site-local time, more dates, venue, price range, categories', async () => {
      const more = serializeRecords([
        { event_more_start_date: '2027-01-05', event_more_start_time: '10:00', event_more_end_date: '2027-01-05', event_more_end_time: '12:00' },
        { event_more_start_date: '2027-01-06', event_more_start_time: '10:00', event_more_end_date: '2027-01-06', event_more_end_time: '12:00' },
      ]);
      const el = await listWith([
        { body: [wireEvent({ title: 'Jazz &#038; <b>Blues</b>', mep_cat: [12], meta: { mep_event_more_date: more } })], headers: pagingHeaders(1, 1) },
      ]);
      expect(textOf(el, 'title')).to.equal('Jazz & Blues');
      expect(part(el, 'date')!.querySelector('time')!.getAttribute('datetime')).to.equal('2026-12-31T16:00');
      expect(textOf(el, 'date')).to.match(/Dec 31, 2026.*4:00\s?PM/);
      expect(textOf(el, 'more-dates')).to.equal('+2 more dates');
      expect(textOf(el, 'venue')).to.equal('Ultra Beach Arena, Miami');
      expect(textOf(el, 'price')).to.equal('90 – 220');
      await waitUntil(() => textOf(el, 'category') === 'Business & Trade', 'category name', { timeout: 8000 });
      expect(parts(el, 'pagination').length).to.equal(0);
      await expect(el).to.be.accessible();
    });

    it('renders the shipped, minified card: no whitespace text around its blocks, the spaces in its lines kept', async () => {
      // The tests serve src with its templates minified as the build does (web-test-runner.config.mjs).
      const el = await listWith([{ body: [wireEvent({ title: 'Jazz', mep_cat: [12] })], headers: pagingHeaders(1, 1) }]);
      const item = part(el, 'item')!;
      const blank = (node: Node) => node.nodeType === Node.TEXT_NODE && !node.textContent!.trim();
      expect([...item.childNodes].filter(blank), 'whitespace between <li> and its card').to.have.length(0);
      expect([...item.querySelector('.card')!.childNodes].filter(blank), 'whitespace between the image and the body').to.have.length(0);
      expect(item.querySelector('.title')!.childNodes[0]!.nodeType, 'no whitespace before the title').to.not.equal(Node.TEXT_NODE);
      // Inside a line the minifier keeps one space between what flows (venue and price here).
      expect(part(el, 'venue')!.nextSibling?.textContent).to.equal(' ');
    });

    it('names an event whose title is empty, so its link, heading and calendar button say something', async () => {
      const el = await listWith([{ body: [wireEvent({ title: ' <b></b> ' })], headers: pagingHeaders(1, 1) }]);
      expect(textOf(el, 'link')).to.equal('Untitled event');
      expect(textOf(el, 'calendar-toggle')).to.match(/\(Untitled event, /);
      await expect(el).to.be.accessible();
    });

    it('shows an event’s image as decoration: the title beside it names the event once, not twice', async () => {
      const el = await listWith([{ body: [wireEvent({ title: 'Harbour Concert', image: 'https://example.org/poster.jpg' })], headers: pagingHeaders(1, 1) }]);
      const image = part(el, 'image') as HTMLImageElement;
      expect(image.getAttribute('alt')).to.equal('');
      expect(textOf(el, 'title')).to.equal('Harbour Concert');
      await expect(el).to.be.accessible();
    });

    it('marks the untitled fallback as the interface’s language, not the page’s, and says it in German', async () => {
      const untitled = { body: [wireEvent({ title: ' ', image: 'https://example.org/poster.jpg' })], headers: pagingHeaders(1, 1) };
      const el = await listWith([untitled], 'lang=fr');
      expect(textOf(el, 'link')).to.equal('Untitled event');
      // Every node showing it reads as English (the interface), where the site's titles read as French.
      const showing = [...shadow(el).querySelectorAll('*')].filter((node) =>
        [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.includes('Untitled event')),
      );
      expect(showing.map((node) => node.getAttribute('part') ?? node.localName)).to.include.members(['link', 'span']);
      for (const node of showing) expect(node.closest('[lang]')!.getAttribute('lang'), node.outerHTML).to.equal('en');
      expect(part(el, 'date')!.querySelector('time')!.closest('[lang]')!.getAttribute('lang'), 'the date stays the page’s').to.equal('fr');
      await expect(el).to.be.accessible();
      fixtureCleanup();
      await server!.stop();
      const de = await listWith([untitled], 'lang=de');
      expect(textOf(de, 'link')).to.equal('Veranstaltung ohne Titel');
    });

    it('says Free for free events, Online for online ones, and uses the currency', async () => {
      const el = await listWith(
        [
          {
            body: [
              wireEvent({
                id: 1,
                meta: { mep_event_type: 'online', mep_event_ticket_type: serializeRecords([{ option_name_t: 'Free', option_price_t: '0' }]) },
              }),
            ],
            headers: pagingHeaders(1, 1),
          },
        ],
        'currency=EUR',
      );
      expect(textOf(el, 'price')).to.equal('Free');
      expect(textOf(el, 'venue')).to.equal('Online');
    });

    it('shows its own empty message', async () => {
      const el = await listWith([{ body: [], headers: pagingHeaders(0, 0) }]);
      expect(textOf(el, 'empty')).to.equal('No events found.');
      expect(part(el, 'empty')!.getAttribute('role')).to.equal('status');
      await expect(el).to.be.accessible();
    });

    const errors: Array<[string, Reply, RegExp, boolean]> = [
      [
        'rest_no_route',
        { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
        /Events are not published by this site \(REST API disabled in the plugin settings\)/,
        false,
      ],
      ['a 500 HTML page', { status: 500, body: '<html>critical error</html>' }, /problem \(HTTP 500\)/, true],
      ['401 rest_forbidden', { status: 401, body: { code: 'rest_forbidden', message: 'Sorry.', data: { status: 401 } } }, /needs a login/, false],
      [
        '429 with Retry-After',
        { status: 429, headers: { 'Retry-After': '42' }, body: { code: 'wbtm_rate_limited', message: 'Too many', data: { status: 429 } } },
        /slow down\. Try again in 42 s/,
        true,
      ],
      ['HTML instead of JSON', { body: '<!doctype html><p>Log in</p>' }, /web page instead of data/, true],
      ['a PHP notice before the JSON', { body: '<b>Notice</b>: Undefined index in x.php on line 3<br />\n[]' }, /PHP warning/, true],
      ['a shape we cannot use', { body: { events: [] } }, /could not be read/, true],
      [
        'rest_invalid_param',
        {
          status: 400,
          body: {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): mep_cat',
            data: { status: 400, params: { mep_cat: 'mep_cat[0] is not of type integer.' } },
          },
        },
        /rejected the request: mep_cat\[0\] is not of type integer/,
        false,
      ],
    ];
    for (const [name, reply, message, retryable] of errors) {
      it(`explains ${name} in an alert${retryable ? ' with Retry' : ''}`, async () => {
        const el = await listWith([reply]);
        expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
        expect(textOf(el, 'error-message')).to.match(message);
        expect(Boolean(part(el, 'retry'))).to.equal(retryable);
        await expect(el).to.be.accessible();
      });
    }

    it('category names that failed to load are read again with the next page, so a blip does not hide them until a reload', async () => {
      const page = (id: number) => ({ body: [wireEvent({ id, title: `Event ${id}`, mep_cat: [12] })], headers: pagingHeaders(2, 2) });
      server = await scriptedServer([page(1)], { 'page=2': [page(2)], mep_cat: [{ status: 503, body: '' }, ...CATEGORIES], ...NO_SITE_ZONE });
      const el = document.createElement('event-list') as EventList;
      el.baseUrl = `${server.origin}/wp-json`;
      fixtureSync(html`<div></div>`).append(el);
      await settled(el);
      expect(part(el, 'category'), 'no names: the events show without them').to.equal(null);
      (part(el, 'next') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'Event 2' && textOf(el, 'category') === 'Business & Trade', 'page 2 with the names', { timeout: 8000 });
    });

    it('pages on when a cache stripped the paging headers: a full page offers Next, a short one ends', async () => {
      const events = (from: number, count: number) => Array.from({ length: count }, (_, n) => wireEvent({ id: from + n }));
      server = await scriptedServer([{ body: events(1, 10) }], {
        'page=2': [{ body: events(11, 10) }],
        'page=3': [{ body: events(21, 5) }],
        mep_cat: CATEGORIES,
        ...NO_SITE_ZONE,
      });
      const el = document.createElement('event-list') as EventList;
      el.baseUrl = `${server.origin}/wp-json`;
      fixtureSync(html`<div></div>`).append(el);
      await settled(el);
      expect(parts(el, 'item')).to.have.length(10);
      for (const page of [2, 3]) {
        (part(el, 'next') as HTMLButtonElement).click();
        await waitUntil(() => textOf(el, 'title') === `Event ${page * 10 - 9}`, `page ${page}`, { timeout: 8000 });
      }
      expect(parts(el, 'item')).to.have.length(5);
      expect(part(el, 'next')).to.satisfy((next: HTMLButtonElement | null) => next === null || next.disabled || next.getAttribute('aria-disabled') === 'true');
    });

    for (const [answer, end] of [
      ['WordPress’s past-the-end error', PAST_THE_END],
      ['an empty page', { body: [] }],
    ] as const) {
      it(`without paging headers, Next after an exactly full last page ends in a message and a way back, given ${answer}`, async () => {
        const events = (from: number) => Array.from({ length: 10 }, (_, n) => wireEvent({ id: from + n }));
        server = await scriptedServer([{ body: events(1) }], { 'page=2': [{ body: events(11) }], 'page=3': [end], mep_cat: CATEGORIES, ...NO_SITE_ZONE });
        const el = document.createElement('event-list') as EventList;
        el.baseUrl = `${server.origin}/wp-json`;
        fixtureSync(html`<div></div>`).append(el);
        await settled(el);
        for (const page of [2, 3]) {
          (part(el, 'next') as HTMLButtonElement).click();
          await waitUntil(() => el.page === page && !el.hasAttribute('pending'), `page ${page}`);
          await settled(el);
        }
        expect(part(el, 'empty'), 'not "No events found": there are events').to.equal(null);
        expect(textOf(el, 'error-message')).to.equal('This page does not exist (any more).');
        await expect(el).to.be.accessible();
        (part(el, 'first-page') as HTMLButtonElement).click();
        await waitUntil(() => el.page === 1 && parts(el, 'item').length === 10, 'back on the first page', { timeout: 8000 });
      });
    }

    it('upcoming: reads past a full page of 100 without paging headers, and takes the past-the-end answer as the end', async () => {
      // Days from the element's clock, pinned to the run's moment.
      const clock = new FakeScheduler(runMoment());
      const day = (days: number) => siteDateTime(clock.now() + days * 86_400_000, null).replace('T', ' ');
      const events = Array.from({ length: 100 }, (_, n) =>
        wireEvent({ id: n + 1, title: `Soon ${n + 1}`, meta: { event_start_datetime: day(n + 1), event_end_datetime: day(n + 1.1) } }),
      );
      server = await scriptedServer([{ body: events }], { 'page=2': [PAST_THE_END], mep_cat: CATEGORIES, ...NO_SITE_ZONE });
      const el = document.createElement('event-list') as EventList;
      Object.assign(el, { baseUrl: `${server.origin}/wp-json`, order: 'upcoming', scheduler: clock });
      fixtureSync(html`<div></div>`).append(el);
      await settled(el);
      expect(textOf(el, 'title')).to.equal('Soon 1');
      expect(textOf(el, 'page-status')).to.match(/of 10$/);
      expect((await server.requests()).some((request) => request.search.includes('page=2'))).to.equal(true);
    });

    it('a page past the end offers the first page instead of a dead end', async () => {
      const el = await listWith([PAST_THE_END, { body: [wireEvent({ id: 1, title: 'First' })], headers: pagingHeaders(1, 1) }], 'page=9');
      expect(textOf(el, 'error-message')).to.equal('This page does not exist (any more).');
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
      const pages: number[] = [];
      el.addEventListener('page-change', (event) => pages.push((event as CustomEvent<PageChangeDetail>).detail.page));
      (part(el, 'first-page') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'First', 'the first page', { timeout: 8000 });
      expect(pages).to.deep.equal([1]);
      expect(el.page).to.equal(1);
    });

    it('retries after a failure and recovers', async () => {
      const el = await listWith([
        { status: 503, body: '' },
        { body: [wireEvent({ title: 'Back again' })], headers: pagingHeaders(1, 1) },
      ]);
      (part(el, 'retry') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'Back again', 'recovered', { timeout: 8000 });
    });

    it('Retry after an answer of a shape it cannot use asks the site again', async () => {
      const el = await listWith([{ body: { events: [] } }, { body: [wireEvent({ title: 'Readable now' })], headers: pagingHeaders(1, 1) }]);
      expect(textOf(el, 'error-message')).to.match(/could not be read/);
      (part(el, 'retry') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'Readable now', 'recovered', { timeout: 8000 });
    });

    it('reports a dead endpoint without breaking its neighbours', async () => {
      const dead = await scriptedServer([{ body: [] }]);
      const origin = dead.origin;
      await dead.stop();
      const wrapper = fixtureSync(
        html`<div>
          <p id="neighbour">neighbour</p>
          <event-list base-url=${`${origin}/wp-json`}><a slot="fallback" href="https://example.org/events/">All events</a></event-list>
        </div>`,
      );
      const el = wrapper.querySelector('event-list') as EventList;
      await settled(el);
      expect(textOf(el, 'error-message')).to.match(/could not be reached/);
      expect(wrapper.querySelector('#neighbour')!.textContent).to.equal('neighbour');
      const slot = shadow(el).querySelector('slot[name="fallback"]') as HTMLSlotElement;
      expect(slot.assignedElements().map((a) => a.textContent)).to.deep.equal(['All events']);
    });

    it('keeps the previous page visible while the next one loads', async () => {
      const el = await listWith(
        [
          { body: [wireEvent({ id: 1, title: 'First page' })], headers: pagingHeaders(2, 2) },
          { delayMs: 400, body: [wireEvent({ id: 2, title: 'Second page' })], headers: pagingHeaders(2, 2) },
        ],
        'per-page=1',
      );
      (part(el, 'next') as HTMLButtonElement).click();
      await waitUntil(() => el.hasAttribute('pending'), 'pending while the next page loads');
      expect(textOf(el, 'title')).to.equal('First page');
      expect(part(el, 'loading')).to.equal(null);
      await settled(el);
      expect(textOf(el, 'title')).to.equal('Second page');
    });

    it('offers event-select to the host; cancelling it stops the link', async () => {
      const el = await listWith([{ body: [wireEvent({ id: 7, title: 'Pick me' })], headers: pagingHeaders(1, 1) }]);
      const selected = oneEvent(el, 'event-select') as Promise<CustomEvent<EventSelectDetail>>;
      el.addEventListener('event-select', (event) => event.preventDefault(), { once: true });
      let defaultPrevented: boolean | undefined;
      const watch = (click: Event) => {
        defaultPrevented = click.defaultPrevented;
        click.preventDefault();
      };
      window.addEventListener('click', watch, { once: true });
      (part(el, 'link') as HTMLAnchorElement).click();
      const event = await selected;
      expect(event.detail.event.id).to.equal(7);
      expect(event.detail.event.title).to.equal('Pick me');
      expect(event.composed && event.bubbles && event.cancelable).to.equal(true);
      expect(defaultPrevented).to.equal(true);
    });

    it('follows the link when nobody cancels event-select', async () => {
      const el = await listWith([{ body: [wireEvent({ id: 8 })], headers: pagingHeaders(1, 1) }]);
      let defaultPrevented: boolean | undefined;
      window.addEventListener(
        'click',
        (click) => {
          defaultPrevented = click.defaultPrevented;
          click.preventDefault(); // keep the test page where it is
        },
        { once: true },
      );
      (part(el, 'link') as HTMLAnchorElement).click();
      expect(defaultPrevented).to.equal(false);
    });

    it('never requests anything without a base URL, and names the attribute', async () => {
      const before = performance.getEntriesByType('resource').length;
      const el = await fixture<EventList>(html`<event-list></event-list>`);
      await settled(el);
      expect(textOf(el, 'error-message')).to.include('base-url');
      expect(part(el, 'retry')).to.equal(null);
      expect(performance.getEntriesByType('resource').length).to.equal(before);
      await expect(el).to.be.accessible();
    });

    it('takes the page default from the meta tag, then from configure()', async () => {
      server = await scriptedServer([{ body: [wireEvent({ title: 'Via meta' })], headers: pagingHeaders(1, 1) }], { mep_cat: CATEGORIES, ...NO_SITE_ZONE });
      const meta = document.createElement('meta');
      meta.name = 'ticketing-widgets:base-url';
      meta.content = `${server.origin}/wp-json`;
      document.head.append(meta);
      try {
        const el = await fixture<EventList>(html`<event-list></event-list>`);
        await settled(el);
        expect(textOf(el, 'title')).to.equal('Via meta');
      } finally {
        meta.remove();
      }
      configure({ baseUrl: `${server.origin}/wp-json` });
      try {
        const el = await fixture<EventList>(html`<event-list per-page="3"></event-list>`);
        await settled(el);
        expect(textOf(el, 'title')).to.equal('Via meta');
      } finally {
        configure({ baseUrl: '' });
      }
    });

    it('aborts on removal but not on a DOM move, and never shows the abort', async () => {
      server = await scriptedServer([{ delayMs: 300, body: [wireEvent({ title: 'Moved fine' })], headers: pagingHeaders(1, 1) }], {
        mep_cat: CATEGORIES,
        ...NO_SITE_ZONE,
      });
      const host = fixtureSync(
        html`<div>
          <section id="a"></section>
          <section id="b"></section>
        </div>`,
      );
      const fetches = recordFetches();
      try {
        const events = () => fetches.to('/mep_events');
        const el = document.createElement('event-list') as EventList;
        el.baseUrl = `${server.origin}/wp-json`;
        host.querySelector('#a')!.append(el);
        await waitUntil(() => events().length === 1, 'the request starts');
        host.querySelector('#b')!.append(el); // a move: the request continues
        await settled(el);
        expect(textOf(el, 'title')).to.equal('Moved fine');

        const removed = document.createElement('event-list') as EventList;
        removed.baseUrl = `${server.origin}/wp-json`;
        removed.setAttribute('per-page', '2');
        host.append(removed);
        await waitUntil(() => events().length === 2, "the second list's request starts");
        const request = events()[1]!;
        removed.remove();
        await waitUntil(() => request.signal?.aborted, 'the removal aborts the request');
        // Put back only once the aborted request has ended and the element has taken that in.
        await request.settled;
        await removed.updateComplete;
        host.append(removed);
        await settled(removed);
        expect(part(removed, 'error')).to.equal(null);
      } finally {
        fetches.restore();
      }
    });

    it('registering the element again never throws', () => {
      expect(() => defineElement('event-list', class extends HTMLElement {})).to.not.throw();
      expect(customElements.get('event-list')!.name).to.equal('EventList');
    });
  });
});
