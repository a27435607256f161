import { expect, fixture, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './bus-list.js';
import type { BusList, BusSelectDetail, PageChangeDetail } from './bus-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import {
  clean,
  expectLoadingSkeleton,
  langOf,
  part,
  parts,
  settled as settledOn,
  shadow,
  stopServerAfterEach,
  useReferenceServer,
} from '../../../test/helpers/element.js';
import { cacheForOrigin } from '../../api/cache.js';
import { defineElement } from '../../shared/define.js';
import { siteDate } from '../../shared/wall-clock.js';
import { parseSiteZone } from '../../api/site-time.js';
import { EN } from '../../shared/localize/en/index.js';
import { contractBus, contractPage, addDays, nextWeekday, pluginBus, pluginSearch, recorded, referenceParisBerlin } from './bus-list.test-support.js';
import { leftOf } from '../../../test/helpers/layout.js';
import { FakeScheduler, runMoment } from '../../../test/helpers/test-doubles.js';
import { expectFiltersResetPage } from '../../../test/helpers/paging.js';

const textOf = (el: Element | null, name?: string) => clean((name ? part(el!, name) : el)?.textContent);

const settled = (el: BusList) => settledOn(el, ['list', 'empty', 'error', 'prompt'], 'the list settles');

/** A `/wp-json/` index naming the contract dialect's bus route. */
const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {}, '/wbtm/v1/routes': {} } } };

describe('<bus-list>', () => {
  describe('contract dialect (scripted answers shaped like the reference API)', () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { reset: () => (server = undefined) });
    const busRequests = async () => (await server!.requests()).filter((r) => r.path.endsWith('/wbtm/v1/buses'));

    /** Bus requests are answered from `buses`, anything else (the index) with CONTRACT_INDEX. */
    async function listWith(buses: Reply[], attributes: Record<string, string> = {}): Promise<BusList> {
      server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': buses });
      const el = document.createElement('bus-list') as BusList;
      el.baseUrl = `${server.origin}/wp-json`;
      // Today is one of the list's inputs: a run crossing midnight would read the buses again.
      el.scheduler = new FakeScheduler(runMoment());
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      fixtureSync(html`<div></div>`).append(el);
      await settled(el);
      return el;
    }

    it('shows a skeleton with pending, then the buses; detects the dialect; accessible in both states', async () => {
      server = await scriptedServer([CONTRACT_INDEX], {
        'wbtm/v1/buses': [contractPage([contractBus({ id: 1 }), contractBus({ id: 2, name: 'Night &#038; Day' })], { delayMs: 150 })],
      });
      const el = await fixture<BusList>(html`<bus-list base-url=${`${server.origin}/wp-json`} route-id="3"></bus-list>`);
      await expectLoadingSkeleton(el);
      await settled(el);
      expect(parts(el, 'item').length).to.equal(2);
      expect(parts(el, 'select').map((b) => textOf(b))).to.deep.equal(['Royal Bus', 'Night & Day']);
      const requests = await server.requests();
      expect(requests.map((r) => r.path)).to.deep.equal(['/wp-json/', '/wp-json/wbtm/v1/buses']);
      expect(new URLSearchParams(requests[1]!.search).get('route_id')).to.equal('3');
      expect(el.hasAttribute('aria-busy')).to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('renders a bus: type, site-local times, route, seats, lowest fare with currency, features', async () => {
      const el = await listWith(
        [
          contractPage([
            contractBus({
              name: 'Royal &#038; Co',
              price: '25.00 ',
              seats_left: 12,
              features: ['Wi-Fi', 'Toilet'],
              stops: [
                ['Paris', '09:15'],
                ['K&#246;ln', '13:00'],
                ['Berlin', '21:30'],
              ],
            }),
          ]),
        ],
        { dialect: 'contract', currency: 'EUR' },
      );
      expect(textOf(el, 'title')).to.equal('Royal & Co');
      expect(textOf(el, 'type')).to.equal('AC');
      expect(part(el, 'departure')!.querySelector('time')!.getAttribute('datetime')).to.equal('09:15');
      expect(textOf(el, 'departure')).to.match(/^9:15\s?AM$/);
      expect(textOf(el, 'arrival')).to.match(/^9:30\s?PM$/);
      expect(part(el, 'next-day')).to.equal(null);
      expect(textOf(el, 'route')).to.equal('\u2068Paris\u2069 → \u2068Berlin\u2069');
      expect(textOf(el, 'seats')).to.equal('12 seats left');
      expect(textOf(el, 'price')).to.equal('from €25.00');
      expect(parts(el, 'feature').map((f) => textOf(f))).to.deep.equal(['Wi-Fi', 'Toilet']);
      await expect(el).to.be.accessible();
    });

    it('right-to-left stop names keep their places around the route arrow, each isolated', async () => {
      // Cairo → Alexandria in Arabic on a left-to-right page: without isolation both names and the
      // arrow form one right-to-left run, and Alexandria shows first.
      const [cairo, alex] = ['\u0627\u0644\u0642\u0627\u0647\u0631\u0629', '\u0627\u0644\u0625\u0633\u0643\u0646\u062f\u0631\u064a\u0629'];
      const el = await listWith([
        contractPage([
          contractBus({
            stops: [
              [cairo, '09:00'],
              [alex, '12:30'],
            ],
          }),
        ]),
      ]);
      expect(textOf(el, 'route')).to.equal(`\u2068${cairo}\u2069 → \u2068${alex}\u2069`);
      const route = part(el, 'route')!;
      expect(leftOf(route, cairo), 'from first').to.be.below(leftOf(route, '→'));
      expect(leftOf(route, '→'), 'then to').to.be.below(leftOf(route, alex));
      await expect(el).to.be.accessible();
    });

    it('marks a next-day arrival "+1" with a spoken label, and says Sold out at 0 seats', async () => {
      const el = await listWith([
        contractPage([
          contractBus({
            id: 5,
            name: 'Night coach',
            seats_left: 0,
            stops: [
              ['Paris', '21:00'],
              ['Köln', '23:50'],
              ['Berlin', '07:30'],
            ],
          }),
          contractBus({ id: 6, name: 'One left', seats_left: 1 }),
        ]),
      ]);
      const marker = part(el, 'next-day')!;
      expect(marker.querySelector('[aria-hidden="true"]')!.textContent).to.equal('+1');
      expect(marker.querySelector('.visually-hidden')!.textContent).to.equal('arrives the next day');
      expect(textOf(parts(el, 'item')[0]!, undefined)).to.include('Sold out');
      expect(textOf(parts(el, 'seats')[0]!)).to.equal('Sold out');
      expect(textOf(parts(el, 'seats')[1]!)).to.equal('1 seat left');
      await expect(el).to.be.accessible();
    });

    it('pages with the server totals; page-change is cancelable; keyboard reaches the pager', async () => {
      const el = await listWith(
        [
          contractPage([contractBus({ id: 1, name: 'First' }), contractBus({ id: 2, name: 'Second' })], { total: 5, pages: 3 }),
          contractPage([contractBus({ id: 3, name: 'Third' }), contractBus({ id: 4, name: 'Fourth' })], { total: 5, pages: 3 }),
        ],
        { dialect: 'contract', 'per-page': '2', type: 'ac' },
      );
      expect(textOf(el, 'page-status')).to.equal('Page 1 of 3');
      let query = new URLSearchParams((await busRequests()).at(-1)!.search);
      expect([query.get('page'), query.get('per_page'), query.get('type')]).to.deep.equal(['1', '2', 'ac']);

      el.addEventListener('page-change', (event) => event.preventDefault(), { once: true });
      (part(el, 'next') as HTMLButtonElement).click();
      await el.updateComplete;
      expect(el.page).to.equal(1);
      expect((await busRequests()).length).to.equal(1);

      const change = oneEvent(el, 'page-change') as Promise<CustomEvent<PageChangeDetail>>;
      (part(el, 'next') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Enter' });
      expect((await change).detail).to.deep.equal({ page: 2, previousPage: 1 });
      await waitUntil(() => textOf(el, 'title') === 'Third', 'page 2 arrives', { timeout: 8000 });
      await settled(el);
      query = new URLSearchParams((await busRequests()).at(-1)!.search);
      expect(query.get('page')).to.equal('2');
      expect(el.getAttribute('page')).to.equal('2');
      expect(textOf(el, 'page-status')).to.equal('Page 2 of 3');
      await expect(el).to.be.accessible();
    });

    it('keeps the previous page visible while the next one loads', async () => {
      const el = await listWith(
        [
          contractPage([contractBus({ id: 1, name: 'Early' })], { total: 2, pages: 2 }),
          contractPage([contractBus({ id: 2, name: 'Late' })], { total: 2, pages: 2, delayMs: 400 }),
        ],
        { dialect: 'contract', 'per-page': '1' },
      );
      (part(el, 'next') as HTMLButtonElement).click();
      await waitUntil(() => el.hasAttribute('pending'), 'pending while the next page loads');
      expect(textOf(el, 'title')).to.equal('Early');
      expect(part(el, 'loading')).to.equal(null);
      await settled(el);
      expect(textOf(el, 'title')).to.equal('Late');
    });

    it('follows the route select: a new routeId loads that route', async () => {
      const el = await listWith([contractPage([contractBus({ id: 1 })]), contractPage([contractBus({ id: 9, name: 'Other route', route_id: 7 })])], {
        dialect: 'contract',
      });
      expect(new URLSearchParams((await busRequests())[0]!.search).has('route_id')).to.equal(false);
      el.routeId = '7';
      el.page = 1;
      await waitUntil(() => textOf(el, 'title') === 'Other route', 'the other route', { timeout: 8000 });
      expect(new URLSearchParams((await busRequests()).at(-1)!.search).get('route_id')).to.equal('7');
    });

    it('a filter the app changes itself goes back to page 1, as the route select does; a page set with it stands', async () => {
      const page = (n: number) => contractPage([contractBus({ id: n, name: `Bus ${n}` })], { total: 3, pages: 3 });
      const el = await listWith([page(1), page(2), page(3)], { dialect: 'contract', 'per-page': '1', page: '2' });
      // A page given before the first render stands.
      expect(el.page).to.equal(2);
      el.page = 3;
      await settled(el);
      await expectFiltersResetPage(el, [
        ['route-id', '7'],
        ['type', 'ac'],
        ['from', 'Paris'],
        ['to', 'Berlin'],
        ['date', '2026-12-24'],
      ]);
      // An app restoring both from its URL keeps its page.
      el.type = '';
      el.page = 2;
      await el.updateComplete;
      expect(el.page).to.equal(2);
    });

    it('refuses a route id that is not a positive number, without a request', async () => {
      const el = await listWith([contractPage([contractBus()])], { dialect: 'contract', 'route-id': 'abc' });
      expect(textOf(el, 'error-message')).to.match(/^This widget’s settings are not valid: routeId must be a positive whole number/);
      expect((await busRequests()).length).to.equal(0);
    });

    it('says so when there are no buses', async () => {
      const el = await listWith([contractPage([])], { dialect: 'contract' });
      expect(textOf(el, 'empty')).to.equal('No buses found.');
      expect(part(el, 'empty')!.getAttribute('role')).to.equal('status');
      await expect(el).to.be.accessible();
    });

    it('explains an error in an alert with Retry, and recovers', async () => {
      const el = await listWith([{ status: 503, body: '' }, contractPage([contractBus({ name: 'Back again' })])], { dialect: 'contract' });
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      expect(textOf(el, 'error-message')).to.match(/problem \(HTTP 503\)/);
      await expect(el).to.be.accessible();
      (part(el, 'retry') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'Back again', 'recovered', { timeout: 8000 });
    });

    it('explains that the contract needs a login the page must not hold', async () => {
      const el = await listWith([{ status: 401, body: { code: 'rest_forbidden', message: 'Sorry.', data: { status: 401 } } }], { dialect: 'contract' });
      expect(textOf(el, 'error-message')).to.match(/needs a login/);
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('fires a cancelable bus-select with the model; unless cancelled the bus becomes selected', async () => {
      const el = await listWith([contractPage([contractBus({ id: 11, name: 'Pick me' }), contractBus({ id: 12, name: 'Or me' })])], { dialect: 'contract' });
      const [first, second] = parts(el, 'select') as HTMLButtonElement[];
      expect(first!.getAttribute('aria-pressed')).to.equal('false');

      const selected = oneEvent(el, 'bus-select') as Promise<CustomEvent<BusSelectDetail>>;
      first!.focus();
      await sendKeys({ press: 'Enter' });
      const event = await selected;
      expect(event.detail.bus.id).to.equal(11);
      expect(event.detail.bus.name).to.equal('Pick me');
      expect(event.detail.bus.departureTime).to.equal('09:00');
      expect(event.bubbles && event.composed && event.cancelable).to.equal(true);
      await el.updateComplete;
      expect(el.selected).to.equal(11);
      expect(el.getAttribute('selected')).to.equal('11');
      expect(first!.getAttribute('aria-pressed')).to.equal('true');

      el.addEventListener('bus-select', (e) => e.preventDefault(), { once: true });
      second!.click();
      await el.updateComplete;
      expect(el.selected).to.equal(11);
      expect(second!.getAttribute('aria-pressed')).to.equal('false');
      await expect(el).to.be.accessible();
    });

    it('two identical lists make one request', async () => {
      server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage([contractBus()], { delayMs: 100 })] });
      const base = `${server.origin}/wp-json`;
      const wrapper = fixtureSync(
        html`<div>
          <bus-list base-url=${base} route-id="3"></bus-list>
          <bus-list base-url=${base} route-id="3"></bus-list>
        </div>`,
      );
      const lists = [...wrapper.querySelectorAll('bus-list')];
      await Promise.all(lists.map(settled));
      expect(lists.every((list) => parts(list, 'item').length === 1)).to.equal(true);
      expect((await busRequests()).length).to.equal(1);
      expect((await server.requests()).filter((r) => r.path === '/wp-json/').length).to.equal(1);
    });

    it('speaks German', async () => {
      const el = await listWith(
        [
          contractPage(
            [
              contractBus({
                seats_left: 3,
                stops: [
                  ['Paris', '21:00'],
                  ['Berlin', '07:30'],
                ],
              }),
            ],
            { total: 4, pages: 2 },
          ),
        ],
        {
          dialect: 'contract',
          lang: 'de',
          currency: 'EUR',
        },
      );
      expect(textOf(el, 'seats')).to.equal('3 Plätze frei');
      expect(textOf(el, 'price')).to.match(/^ab 20,00\s€$/);
      expect(part(el, 'next-day')!.querySelector('.visually-hidden')!.textContent).to.equal('Ankunft am nächsten Tag');
      expect(textOf(el, 'page-status')).to.equal('Seite 1 von 2');
    });

    it('on a French page, its English interface sits in lang="en" and the site\'s names, route, type, features and times stay French; German and English add no lang', async () => {
      // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
      const bus = contractPage([contractBus({ seats_left: 3, features: ['Wi-Fi'] })], { total: 4, pages: 2 });
      const el = await listWith([bus], { dialect: 'contract', lang: 'fr' });
      expect(textOf(el, 'seats')).to.equal('3 seats left');
      for (const ui of ['list', 'seats', 'features', 'page-status']) expect(langOf(part(el, ui)), ui).to.equal('en');
      for (const site of ['select', 'route', 'type', 'feature']) expect(langOf(part(el, site)), site).to.equal('fr');
      expect(langOf(part(el, 'departure')!.querySelector('time')), 'a time formatted for the page').to.equal('fr');
      expect(el.getAttribute('lang'), "the page's attribute is left as written").to.equal('fr');
      for (const lang of ['de', 'en']) {
        await server!.stop();
        const other = await listWith([bus], { dialect: 'contract', lang });
        const langs = [...shadow(other).querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
        expect(langs, lang).to.deep.equal([lang]);
      }
    });

    it('never requests anything without a base URL', async () => {
      const before = performance.getEntriesByType('resource').length;
      const el = await fixture<BusList>(html`<bus-list route-id="3"></bus-list>`);
      await settled(el);
      expect(textOf(el, 'error-message')).to.include('base-url');
      expect(performance.getEntriesByType('resource').length).to.equal(before);
      await expect(el).to.be.accessible();
    });

    it('registering the element again never throws', () => {
      expect(() => defineElement('bus-list', class extends HTMLElement {})).to.not.throw();
      expect(customElements.get('bus-list')!.name).to.equal('BusList');
    });
  });

  describe('plugin dialect (the reference API with --dialect plugin)', () => {
    let server: LoopbackServer;
    let base: string;
    useReferenceServer((s, b) => ((server = s), (base = b)), { dialect: 'plugin', rateLimitPerMinute: 0 });
    const wbtm = async () => (await server.requests()).filter((r) => r.path.includes('/wbtm/'));
    // The day the reference API is seeded at (the run's moment), not the page's clock now, which may
    // pass midnight between the element's read of today and the test's.
    const today = () => siteDate(runMoment(), null);

    it('asks to choose a route without from/to, and makes no request at all with dialect="plugin"', async () => {
      const before = (await server.requests()).length;
      const el = await fixture<BusList>(html`<bus-list base-url=${base} dialect="plugin" from="Paris"></bus-list>`);
      await settled(el);
      expect(textOf(el, 'prompt')).to.equal('Choose a route to see its buses.');
      expect(part(el, 'error')).to.equal(null);
      expect((await server.requests()).length).to.equal(before);
      await expect(el).to.be.accessible();
    });

    it('detects the plugin dialect and still asks for no buses without a route', async () => {
      const before = await wbtm();
      const el = await fixture<BusList>(html`<bus-list base-url=${base}></bus-list>`);
      await settled(el);
      expect(textOf(el, 'prompt')).to.equal('Choose a route to see its buses.');
      expect((await wbtm()).length).to.equal(before.length);
      expect((await server.requests()).at(-1)!.path).to.equal('/wp-json/');
    });

    it("searches today's buses Paris → Berlin: +1 for the night coach, seats, fares", async () => {
      // Without a date, the element's today: its clock pinned to the same moment.
      const el = await fixture<BusList>(
        html`<bus-list base-url=${base} from="Paris" to="Berlin" currency="EUR" .scheduler=${new FakeScheduler(runMoment())}></bus-list>`,
      );
      await settled(el);
      const search = (await wbtm()).at(-1)!;
      expect(search.path).to.equal('/wp-json/wbtm/v1/buses/search');
      const query = new URLSearchParams(search.search);
      expect([query.get('bp'), query.get('dp'), query.get('date')]).to.deep.equal(['Paris', 'Berlin', today()]);
      expect(parts(el, 'select').map((b) => textOf(b))).to.deep.equal(referenceParisBerlin(today()).search);
      const [day, night] = parts(el, 'item');
      expect(day!.querySelector('[part~="next-day"]')).to.equal(null);
      expect(night!.querySelector('[part~="next-day"]')!.textContent).to.include('+1');
      expect(night!.querySelector('[part~="arrival"] time')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T09:45$/);
      expect(textOf(day!.querySelector('[part~="price"]'))).to.equal('from €30.00');
      // Bus 40 has bookings today.
      expect(textOf(day!.querySelector('[part~="seats"]'))).to.match(/^\d+ seats left$/);
      expect(textOf(day!.querySelector('[part~="seats"]'))).to.not.equal('45 seats left');
      expect(day!.querySelectorAll('[part~="feature"]').length).to.equal(4);
      await expect(el).to.be.accessible();
    });

    it('follows the timetable by date: Eco Move runs on the next Monday, not on the next Saturday or Sunday', async () => {
      const dates = [1, 6, 0].map((weekday) => nextWeekday(addDays(today(), 1), weekday));
      for (const date of dates) {
        const el = await fixture<BusList>(html`<bus-list base-url=${base} from="Paris" to="Berlin" date=${date}></bus-list>`);
        await settled(el);
        const shown = parts(el, 'select').map((b) => textOf(b));
        expect(shown, date).to.deep.equal(referenceParisBerlin(date).search);
        expect(shown.includes('Eco Move'), date).to.equal(date === dates[0]);
      }
    });

    it("asks for today on the site's wall clock when time-zone names the site's zone", async () => {
      // +14:00 and -12:00 are 26 hours apart: their dates always differ.
      const dates: string[] = [];
      for (const zone of ['+14:00', '-12:00']) {
        const el = await fixture<BusList>(
          html`<bus-list base-url=${base} from="Paris" to="Berlin" time-zone=${zone} .scheduler=${new FakeScheduler(runMoment())}></bus-list>`,
        );
        await settled(el);
        const date = new URLSearchParams((await wbtm()).at(-1)!.search).get('date')!;
        expect(date, zone).to.equal(siteDate(runMoment(), parseSiteZone(zone)));
        dates.push(date);
      }
      expect(dates[0]).to.not.equal(dates[1]);
    });

    it('filters by type and pages locally', async () => {
      const el = await fixture<BusList>(html`<bus-list base-url=${base} from="Paris" to="Berlin" type="ac" per-page="1"></bus-list>`);
      await settled(el);
      expect(parts(el, 'item').length).to.equal(1);
      expect(textOf(el, 'page-status')).to.equal('Page 1 of 2');
      const requests = (await wbtm()).length;
      (part(el, 'next') as HTMLButtonElement).click();
      await waitUntil(() => textOf(el, 'title') === 'Nachtfalter Night Coach', 'page 2', { timeout: 8000 });
      expect((await wbtm()).length).to.equal(requests); // one search answer, paged here
    });

    it('a page past the end of the search (a filter narrowed it) offers "First page", not "No buses found"', async () => {
      const el = await fixture<BusList>(html`<bus-list base-url=${base} from="Paris" to="Berlin" type="ac" per-page="1" page="5"></bus-list>`);
      await settled(el);
      expect(part(el, 'empty')).to.equal(null);
      expect(textOf(el, 'error-message')).to.equal(EN.errorPageOutOfRange);
      (part(el, 'first-page') as HTMLButtonElement).click();
      await waitUntil(() => parts(el, 'item').length === 1, 'the first page', { timeout: 8000 });
      expect([el.page, textOf(el, 'page-status')]).to.deep.equal([1, 'Page 1 of 2']);
      await expect(el).to.be.accessible();
    });

    it('explains a stop the site does not know', async () => {
      const el = await fixture<BusList>(html`<bus-list base-url=${base} from="Atlantis" to="Berlin"></bus-list>`);
      await settled(el);
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      expect(textOf(el, 'error-message')).to.equal('The site does not know one of these stops; please choose the route again.');
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  describe('plugin dialect (recorded answers)', () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { reset: () => (server = undefined) });

    async function listWith(search: Reply[], attributes = ''): Promise<BusList> {
      server = await scriptedServer([await recorded('wp-json-index.json')], { 'buses/search': search });
      const wrapper = fixtureSync(html`<div></div>`);
      wrapper.innerHTML = `<bus-list base-url="${server.origin}/wp-json" from="Paris" to="Berlin" date="2026-11-30" ${attributes}></bus-list>`;
      const el = wrapper.querySelector('bus-list') as BusList;
      await settled(el);
      return el;
    }

    it('a site whose /wp-json/ index is closed to visitors (401) still answers from the open search: from/to mean the plugin', async () => {
      const closed = { status: 401, body: { code: 'rest_login_required', message: 'REST API restricted to authenticated users.', data: { status: 401 } } };
      server = await scriptedServer([closed], { 'buses/search': [await recorded('wbtm-buses-search-paris-berlin.json')] });
      const el = await fixture<BusList>(html`<bus-list base-url=${`${server.origin}/wp-json`} from="Paris" to="Berlin" date="2026-11-30"></bus-list>`);
      await settled(el);
      expect(part(el, 'error')).to.equal(null);
      expect(parts(el, 'item')).to.have.length(3);
    });

    it('renders the recorded Paris → Berlin search, detected from the recorded index', async () => {
      const el = await listWith([await recorded('wbtm-buses-search-paris-berlin.json')], 'currency="EUR"');
      expect(parts(el, 'select').map((b) => textOf(b))).to.deep.equal(['Flix Bus Service', 'Royal Bus', 'Eco Move']);
      const [flix, royal] = parts(el, 'item');
      expect(flix!.querySelector('[part~="next-day"]')).to.equal(null);
      expect(royal!.querySelector('[part~="next-day"] .visually-hidden')!.textContent).to.equal('arrives the next day');
      expect(textOf(royal!.querySelector('[part~="seats"]'))).to.equal('29 seats left');
      expect(textOf(royal!.querySelector('[part~="price"]'))).to.equal('from €20.00');
      expect(textOf(royal!.querySelector('[part~="type"]'))).to.equal('AC');
      const requests = await server!.requests();
      expect(requests.map((r) => r.path)).to.deep.equal(['/wp-json/', '/wp-json/wbtm/v1/buses/search']);
      await expect(el).to.be.accessible();
    });

    it('says Sold out for a bus with no seats left', async () => {
      const el = await listWith([{ body: pluginSearch([pluginBus({ seats_left: 0 })]) }]);
      expect(textOf(el, 'seats')).to.equal('Sold out');
      await expect(el).to.be.accessible();
    });

    it('says so when nothing runs that day', async () => {
      const el = await listWith([{ body: pluginSearch([]) }]);
      expect(textOf(el, 'empty')).to.equal('No buses found.');
      await expect(el).to.be.accessible();
    });

    it("without time-zone, asks for today in the zone the site's index publishes (a name, else gmt_offset)", async () => {
      const sites: Array<[Record<string, unknown>, string]> = [
        [{ timezone_string: 'Pacific/Kiritimati', gmt_offset: 14 }, '+14:00'],
        [{ timezone_string: '', gmt_offset: -12 }, '-12:00'],
      ];
      const dates: string[] = [];
      for (const [published, zone] of sites) {
        server = await scriptedServer([{ body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses/search': {} }, ...published } }], {
          'buses/search': [{ body: pluginSearch([]) }],
        });
        const el = await fixture<BusList>(
          html`<bus-list base-url=${`${server.origin}/wp-json`} from="Paris" to="Berlin" .scheduler=${new FakeScheduler(runMoment())}></bus-list>`,
        );
        await settled(el);
        const search = (await server.requests()).find((r) => r.path.endsWith('/buses/search'))!;
        const date = new URLSearchParams(search.search).get('date')!;
        expect(date, zone).to.equal(siteDate(runMoment(), parseSiteZone(zone)));
        dates.push(date);
        cacheForOrigin(server.origin).clear();
        await server.stop();
        server = undefined;
      }
      // 26 hours apart: the two sites are never on the same day.
      expect(dates[0]).to.not.equal(dates[1]);
    });

    it("explains the plugin's recorded rate limit in an alert with Retry", async () => {
      const el = await listWith([await recorded('wbtm-rate-limited.json', { 'Retry-After': '42' })]);
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      expect(textOf(el, 'error-message')).to.match(/slow down\. Try again in 42 s/);
      expect(part(el, 'retry')).to.exist;
      await expect(el).to.be.accessible();
    });

    it("explains the plugin's recorded bad-date answer", async () => {
      const el = await listWith([await recorded('wbtm-buses-search-bad-date.json')]);
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      expect(textOf(el, 'error-message')).to.match(/^The site rejected the request: Invalid or missing "date" parameter/);
      await expect(el).to.be.accessible();
    });

    it('fires bus-select with the dated bus', async () => {
      const el = await listWith([await recorded('wbtm-buses-search-paris-berlin.json')]);
      const selected = oneEvent(el, 'bus-select') as Promise<CustomEvent<BusSelectDetail>>;
      (parts(el, 'select')[1] as HTMLButtonElement).click();
      const { bus } = (await selected).detail;
      expect([bus.id, bus.date, bus.from, bus.to, bus.arrivalDayOffset]).to.deep.equal([14, '2026-11-30', 'Paris', 'Berlin', 1]);
    });
  });
});
