// Hostile and ragged stop names: always text, never markup; long, blank, right-to-left and untimed
// stops still make a readable map that fits 320 px.
import { expect } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { expectInert, part, parts, stopServerAfterEach, xssControlRan, xssPayloads } from '../../../test/helpers/element.js';
import { decodeEntities } from '../../api/text.js';
import type { StopWire } from '../../api/wire/shapes.js';
import { pluginBus, pluginSearch } from '../bus-list/bus-list.test-support.js';
import { busBody, PLUGIN_INDEX, routeMap, settled, shownStops, spokenStops, textOf } from './bus-route-map.test-support.js';

const FLAG = '__twRouteMapXss';
const PAYLOADS = xssPayloads(FLAG);

/** Every payload as a stop, an hour apart. */
const hostileStops = (prefix: string): Array<[string, string]> => PAYLOADS.map((payload, i) => [`${prefix}${payload}`, `${String(i).padStart(2, '0')}:00`]);

describe('<bus-route-map> with hostile and ragged stops', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  const base = () => `${server!.origin}/wp-json`;

  it(`keeps ${PAYLOADS.length} payloads inert as stop and bus names, shown as the text they decode to`, async () => {
    const stops = hostileStops('');
    server = await scriptedServer([PLUGIN_INDEX], { 'wbtm/v1/buses/7': [{ body: busBody(7, PAYLOADS[0]!, stops) }] });
    const el = routeMap({ 'base-url': base(), 'bus-id': '7', live: '' });
    await settled(el);
    await xssControlRan();
    expectInert(el, FLAG);
    expect(parts(el, 'stop-name').map((name) => name.textContent)).to.deep.equal(stops.map(([place]) => decodeEntities(place)));
    // A name that is nothing but a tag is empty once tags are stripped: the map still has a title.
    expect(textOf(el, 'title')).to.equal('Bus 7');
    await expect(el).to.be.accessible();
  });

  it('keeps payloads inert in route mode: the from/to title, every bus’s stops and names', async () => {
    const [from, to] = [PAYLOADS[17]!, PAYLOADS[18]!];
    const stops = [[from, '06:00'], ...hostileStops('via ').slice(0, 10), [to, '23:00']] as Array<[string, string]>;
    server = await scriptedServer([PLUGIN_INDEX], {
      'buses/search': [{ body: pluginSearch([pluginBus({ id: 7, name: PAYLOADS[1]!, boarding_point: from, dropping_point: to })]) }],
      'wbtm/v1/buses/7': [{ body: busBody(7, PAYLOADS[2]!, stops) }],
    });
    const el = routeMap({ 'base-url': base(), from, to, date: '2026-11-30', dialect: 'plugin' });
    await settled(el);
    await xssControlRan();
    expectInert(el, FLAG);
    expect(part(el, 'title')!.textContent).to.equal(`${decodeEntities(from)} → ${decodeEntities(to)}`);
    expect(parts(el, 'stop-name').map((name) => name.textContent)).to.deep.equal(stops.map(([place]) => decodeEntities(place)));
    await expect(el).to.be.accessible();
  });

  it('ragged stops: blank places skipped, unusable times said so, long and right-to-left names wrap within 320 px either way', async () => {
    const raw = [
      { place: 'A'.repeat(240), type: 'bp', time: '06:00' },
      { place: '   ', type: 'both', time: '06:30' },
      { place: 'Zürich &#038; Co', type: 'both', time: '25:99' },
      { place: 'القاهرة الجديدة', type: 'both', time: '08:00' },
      { place: '  Padded   stop  ', type: 'weird', time: '' },
      { place: '🚌 Terminal', type: 'dp', time: '09:00' },
    ] as unknown as StopWire[];
    server = await scriptedServer([PLUGIN_INDEX], { 'wbtm/v1/buses/7': [{ body: { ...busBody(7, 'Ragged', []), route_stops: raw } }] });
    for (const orientation of ['vertical', 'horizontal']) {
      const el = routeMap({ 'base-url': base(), 'bus-id': '7', orientation }, {}, 320);
      await settled(el);
      await new Promise(requestAnimationFrame);
      const shown = shownStops(el);
      expect(shown.map((stop) => stop.name)).to.deep.equal(['A'.repeat(240), 'Zürich & Co', 'القاهرة الجديدة', 'Padded stop', '🚌 Terminal']);
      expect(shown.map((stop) => stop.kind)).to.deep.equal(['stop-boarding', 'stop-both', 'stop-both', 'stop-both', 'stop-dropping']);
      expect(spokenStops(el)[1]).to.equal('Zürich & Co, calls at time not announced, Boarding and alighting');
      expect(el.scrollWidth, `${orientation}: nothing sticks out`).to.be.at.most(320);
      for (const stop of parts(el, 'stop')) expect(stop.getBoundingClientRect().right, orientation).to.be.at.most(el.getBoundingClientRect().right + 0.5);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });
});
