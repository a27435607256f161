// <bus-route-map> with scripted answers: every state (accessible in each), the recorded plugin,
// the request bound of route mode, German.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { expectLoadingSkeleton, expectRedefinitionTolerated, langOf, part, parts, stopServerAfterEach } from '../../../test/helpers/element.js';
import type { PluginBusWire, PluginSearchWire } from '../../api/wire/shapes.js';
import { BusRouteMap } from './bus-route-map.js';
import { pluginBus, pluginSearch } from '../bus-list/bus-list.test-support.js';
import {
  busBody,
  expectedRoute,
  expectedStops,
  PLUGIN_INDEX,
  recorded,
  routeMap,
  settled,
  shownRoute,
  shownStops,
  spokenStops,
  textOf,
  type Reply,
} from './bus-route-map.test-support.js';

const LYON: Array<[string, string, ('bp' | 'dp' | 'both')?]> = [
  ['Lyon', '07:30', 'bp'],
  ['Dijon', '09:15', 'both'],
  ['Paris', '11:40', 'dp'],
];

describe('<bus-route-map>', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  const base = () => `${server!.origin}/wp-json`;
  const paths = async () => (await server!.requests()).map((r) => r.path);

  async function withBus(detail: Reply[], attributes: Record<string, string> = {}): Promise<BusRouteMap> {
    server = await scriptedServer([PLUGIN_INDEX], { 'wbtm/v1/buses/7': detail });
    const el = routeMap({ 'base-url': base(), 'bus-id': '7', ...attributes });
    await settled(el);
    return el;
  }

  it('shows a skeleton while loading, then the stops as an ordered list read stop by stop; accessible in both states', async () => {
    server = await scriptedServer([PLUGIN_INDEX], { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Rh&ocirc;ne Express', LYON), delayMs: 200 }] });
    const el = routeMap({ 'base-url': base(), 'bus-id': '7' });
    await el.updateComplete;
    await expectLoadingSkeleton(el);
    await settled(el);
    expect(part(el, 'list')!.localName).to.equal('ol');
    expect(part(el, 'list')!.getAttribute('aria-label')).to.equal('Stops of Rhône Express');
    expect(textOf(el, 'title')).to.equal('Rhône Express');
    expect(spokenStops(el)).to.deep.equal([
      'Lyon, departs 7:30 AM, Boarding only',
      'Dijon, calls at 9:15 AM, Boarding and alighting',
      'Paris, arrives 11:40 AM, Alighting only',
    ]);
    expect(parts(el, 'marker').every((marker) => marker.getAttribute('aria-hidden') === 'true')).to.equal(true);
    expect(shownStops(el)).to.deep.equal(expectedStops(busBody(7, '', LYON).route_stops));
    // A bus's stops need no dialect: no index is read.
    expect(await paths()).to.deep.equal(['/wp-json/wbtm/v1/buses/7']);
    await expect(el).to.be.accessible();
  });

  it('marks times on later days "+1", "+2", read as "the next day" / "2 days later", dated when `date` is set', async () => {
    const stops: Array<[string, string]> = [
      ['Lisboa', '20:00'],
      ['Madrid', '04:10'],
      ['Bordeaux', '18:30'],
      ['Paris', '02:05'],
    ];
    const el = await withBus([{ body: busBody(7, 'Long haul', stops) }], { date: '2026-12-31' });
    expect(shownStops(el)).to.deep.equal(expectedStops(busBody(7, '', stops).route_stops, '2026-12-31'));
    expect(shownStops(el).map((stop) => stop.nextDay)).to.deep.equal([[], ['+1'], ['+1'], ['+2']]);
    expect(shownStops(el)[3]!.times).to.deep.equal(['2027-01-02T02:05']);
    expect(spokenStops(el)[3]).to.equal('Paris, arrives 2:05 AM 2 days later, Alighting only');
    await expect(el).to.be.accessible();
  });

  it('a bus without stops says so', async () => {
    const el = await withBus([{ body: busBody(7, 'Charter', []) }]);
    expect(textOf(el, 'empty')).to.equal('This bus has no stops to show.');
    expect(part(el, 'empty')!.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();
  });

  it('explains an error in an alert with Retry, and recovers', async () => {
    const el = await withBus([{ status: 503, body: '' }, { body: busBody(7, 'Back again', LYON) }]);
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(textOf(el, 'error-message')).to.equal('The site had a problem (HTTP 503).');
    await expect(el).to.be.accessible();
    part(el, 'retry')!.click();
    await waitUntil(() => textOf(el, 'title') === 'Back again', 'recovered', { timeout: 8000 });
  });

  it("explains the plugin's recorded rate limit, and its recorded unknown bus", async () => {
    let el = await withBus([await recorded('wbtm-rate-limited.json', { 'Retry-After': '42' })]);
    expect(textOf(el, 'error-message')).to.match(/slow down\. Try again in 42 s/);
    expect(part(el, 'retry')).to.exist;
    await expect(el).to.be.accessible();
    el.remove();
    await server!.stop();
    el = await withBus([await recorded('wbtm-bus-not-found.json')]);
    expect(textOf(el, 'error-message')).to.equal('This bus was not found on the site.');
    expect(part(el, 'retry')).to.equal(null);
  });

  it('asks for bus-id or from and to, without a request; refuses a bus id that is not a number', async () => {
    server = await scriptedServer([PLUGIN_INDEX]);
    for (const attributes of [{}, { from: 'Paris' }, { to: 'Berlin' }] as Array<Record<string, string>>) {
      const el = routeMap({ 'base-url': base(), ...attributes });
      await settled(el);
      expect(textOf(el, 'prompt')).to.equal('This route map shows nothing yet: set its bus-id attribute, or from and to.');
      await expect(el).to.be.accessible();
    }
    const el = routeMap({ 'base-url': base(), 'bus-id': 'abc' });
    await settled(el);
    expect(textOf(el, 'error-message')).to.match(/^This widget’s settings are not valid: id must be a positive whole number/);
    expect(await paths()).to.deep.equal([]);
  });

  it('never requests anything without a base URL', async () => {
    const before = performance.getEntriesByType('resource').length;
    const el = routeMap({ 'bus-id': '7' });
    await settled(el);
    expect(textOf(el, 'error-message')).to.include('base-url');
    expect(performance.getEntriesByType('resource').length).to.equal(before);
    await expect(el).to.be.accessible();
  });

  describe('route mode', () => {
    /** Buses 1…n departing an hour apart, Paris → Köln → Berlin (bus 2 skips Köln and calls at Brussels). */
    function route(count: number): { search: PluginSearchWire; details: Record<string, Reply[]> } {
      const buses = Array.from({ length: count }, (_, i) => pluginBus({ id: i + 1, name: `Coach ${i + 1}`, departure_time: `2026-11-30 0${i + 1}:00` }));
      const details: Record<string, Reply[]> = {};
      for (let i = 1; i <= count; i++) {
        const middle: Array<[string, string]> = i === 2 ? [['Brussels', '04:00']] : [['Köln', `0${i + 4}:00`]];
        details[`wbtm/v1/buses/${i}`] = [{ body: busBody(i, `Coach ${i}`, [['Paris', `0${i}:00`], ...middle, ['Berlin', '23:00']]) }];
      }
      // Newest first, as a site may list them: the element orders by departure.
      return { search: pluginSearch(buses.reverse()), details };
    }

    it('reads the stops of at most max-buses buses, soonest first, and draws their union in travel order', async () => {
      const { search, details } = route(5);
      server = await scriptedServer([PLUGIN_INDEX], { 'buses/search': [{ body: search }], ...details });
      const el = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30' });
      await settled(el);
      expect(shownRoute(el).map(([name]) => name)).to.deep.equal(['Paris', 'Köln', 'Brussels', 'Berlin']);
      expect(shownRoute(el)[0]![1]).to.deep.equal(['2026-11-30T01:00', '2026-11-30T02:00', '2026-11-30T03:00']);
      expect([...parts(el, 'stop')[1]!.querySelectorAll('[part~="call-bus"]')].map((n) => n.textContent)).to.deep.equal(['Coach 1', 'Coach 3']);
      expect(textOf(el, 'more')).to.equal('Showing the first 3 of 5 buses.');
      const requested = (await paths()).sort();
      expect(requested).to.deep.equal([
        '/wp-json/',
        '/wp-json/wbtm/v1/buses/1',
        '/wp-json/wbtm/v1/buses/2',
        '/wp-json/wbtm/v1/buses/3',
        '/wp-json/wbtm/v1/buses/search',
      ]);
      await expect(el).to.be.accessible();
    });

    it('one bus whose detail fails (gone since the search) leaves the others drawn; only when none loads is it an error', async () => {
      const { search, details } = route(3);
      const gone = { status: 400, body: { code: 'wbtm_invalid_bus', message: 'Invalid bus', data: { status: 400 } } };
      server = await scriptedServer([PLUGIN_INDEX], { 'buses/search': [{ body: search }], ...details, 'wbtm/v1/buses/2': [gone] });
      const el = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30' });
      await settled(el);
      expect(part(el, 'error')).to.equal(null);
      expect(shownRoute(el).map(([name]) => name)).to.deep.equal(['Paris', 'Köln', 'Berlin']);
      expect(textOf(el, 'more')).to.equal('Showing 2 of 3 buses: the stops of the others could not be read.');
      await server.stop();
      server = await scriptedServer([PLUGIN_INDEX], { 'buses/search': [{ body: route(1).search }], 'wbtm/v1/buses/1': [gone] });
      const none = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30' });
      await settled(none);
      expect(part(none, 'error')).not.to.equal(null);
    });

    it('on a French page, the route and the buses named at a stop stay French in the English interface', async () => {
      const { search, details } = route(2);
      server = await scriptedServer([PLUGIN_INDEX], { 'buses/search': [{ body: search }], ...details });
      const el = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30', lang: 'fr' });
      await settled(el);
      expect(langOf(part(el, 'list')), 'the interface').to.equal('en');
      for (const site of ['title', 'call-bus']) expect(langOf(part(el, site)), site).to.equal('fr');
    });

    it('says so when no bus runs', async () => {
      server = await scriptedServer([PLUGIN_INDEX], { 'buses/search': [{ body: pluginSearch([]) }] });
      const el = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30', 'max-buses': '1' });
      await settled(el);
      expect(textOf(el, 'empty')).to.equal('No buses found for this route.');
      await expect(el).to.be.accessible();
    });

    it('draws the recorded plugin: its index, its Paris → Berlin search and the recorded buses', async () => {
      const search = await recorded('wbtm-buses-search-paris-berlin.json');
      const flix = await recorded('wbtm-bus-flix-bus-service.json');
      const royal = await recorded('wbtm-bus-royal-bus.json');
      const ids = [(flix.body as PluginBusWire).id, (royal.body as PluginBusWire).id];
      server = await scriptedServer([await recorded('wp-json-index.json')], {
        'buses/search': [search],
        [`wbtm/v1/buses/${ids[0]}`]: [flix],
        [`wbtm/v1/buses/${ids[1]}`]: [royal],
      });
      // The first two by departure are the two recorded buses.
      const el = routeMap({ 'base-url': base(), from: 'Paris', to: 'Berlin', date: '2026-11-30', 'max-buses': '2' });
      await settled(el);
      const found = (search.body as PluginSearchWire).buses;
      expect(textOf(el, 'more')).to.equal(`Showing the first 2 of ${found.length} buses.`);
      const wire = [flix, royal].map((reply) => ({ stops: (reply.body as PluginBusWire).route_stops }));
      expect(shownRoute(el)).to.deep.equal(expectedRoute(wire, 'Paris', 'Berlin', '2026-11-30'));
      expect(parts(el, 'next-day').length).to.equal(1); // Royal Bus reaches Berlin after midnight
      await expect(el).to.be.accessible();
    });
  });

  it('speaks German', async () => {
    const el = await withBus([{ body: busBody(7, 'Rhône Express', LYON) }], { lang: 'de' });
    expect(part(el, 'list')!.getAttribute('aria-label')).to.equal('Haltestellen von Rhône Express');
    expect(spokenStops(el)).to.deep.equal(['Lyon, Abfahrt 07:30, Nur Einstieg', 'Dijon, Halt 09:15, Ein- und Ausstieg', 'Paris, Ankunft 11:40, Nur Ausstieg']);
  });

  it('on a French page, its English interface sits in lang="en" and the site\'s bus and stop names and its times stay French; German and English add no lang', async () => {
    // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
    const el = await withBus([{ body: busBody(7, 'Rhône Express', LYON) }], { lang: 'fr' });
    expect(textOf(el, 'kind')).to.equal(', Boarding only');
    for (const ui of ['list', 'kind', 'times']) expect(langOf(part(el, ui)), ui).to.equal('en');
    for (const site of ['title', 'stop-name', 'time']) expect(langOf(part(el, site)), site).to.equal('fr');
    expect(el.getAttribute('lang'), "the page's attribute is left as written").to.equal('fr');
    for (const lang of ['de', 'en']) {
      await server!.stop();
      const other = await withBus([{ body: busBody(7, 'Rhône Express', LYON) }], { lang });
      const langs = [...other.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
      expect(langs, lang).to.deep.equal([lang]);
    }
  });

  it('loading the module twice, or another definition of the tag, does not throw', async () => {
    await expectRedefinitionTolerated('bus-route-map', BusRouteMap, () => import('./bus-route-map.js?copy=2' as string));
  });
});
