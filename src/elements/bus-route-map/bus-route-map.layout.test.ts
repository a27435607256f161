// Orientation: `horizontal`, `vertical` and `auto` (by the element's own width, through a
// ResizeObserver) at 320 px and wide, left to right and right to left, checked on the drawn geometry.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, parts, stopServerAfterEach } from '../../../test/helpers/element.js';
import type { BusRouteMap } from './bus-route-map.js';
import { busBody, PLUGIN_INDEX, routeMap, settled } from './bus-route-map.test-support.js';

const STOPS: Array<[string, string]> = [
  ['Amsterdam', '06:00'],
  ['Köln', '08:50'],
  ['Frankfurt am Main Hauptbahnhof', '11:05'],
  ['München', '15:45'],
];

type Box = { left: number; right: number; top: number; bottom: number };
const markers = (el: BusRouteMap): Box[] => parts(el, 'marker').map((marker) => marker.getBoundingClientRect());

/** Markers in a row (same top, left to right or right to left) or in a column (same left, downwards). */
function expectDrawn(el: BusRouteMap, layout: 'horizontal' | 'vertical', rtl = false): void {
  expect(part(el, 'list')!.dataset['layout']).to.equal(layout);
  expect(el.layout).to.equal(layout);
  const boxes = markers(el);
  expect(boxes).to.have.length(STOPS.length);
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1]!, boxes[i]!];
    if (layout === 'vertical') {
      expect(Math.abs(b.left - a.left), 'one column').to.be.below(1);
      expect(b.top, 'downwards').to.be.above(a.bottom);
    } else {
      expect(Math.abs(b.top - a.top), 'one row').to.be.below(1);
      if (rtl) expect(b.right, 'right to left').to.be.below(a.left);
      else expect(b.left, 'left to right').to.be.above(a.right);
    }
  }
  // The line runs from marker to marker: a border on every stop but the last.
  const lines = parts(el, 'stop').map((stop) => getComputedStyle(stop, '::before'));
  for (const line of lines.slice(0, -1)) {
    const width = layout === 'vertical' ? line.borderInlineStartWidth : line.borderTopWidth;
    expect(parseFloat(width)).to.be.at.least(3);
  }
  expect(lines.at(-1)!.display).to.equal('none');
  expect(el.scrollWidth, 'nothing sticks out').to.be.at.most(el.clientWidth + 1);
}

describe('<bus-route-map> orientation', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  async function map(width: number, attributes: Record<string, string> = {}): Promise<BusRouteMap> {
    server ??= await scriptedServer([PLUGIN_INDEX], { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Rheinland Express', STOPS) }] });
    const el = routeMap({ 'base-url': `${server.origin}/wp-json`, 'bus-id': '7', ...attributes }, {}, width);
    await settled(el);
    await new Promise(requestAnimationFrame);
    return el;
  }

  for (const width of [320, 1000]) {
    for (const orientation of ['horizontal', 'vertical'] as const) {
      it(`orientation="${orientation}" at ${width} px`, async () => {
        const el = await map(width, { orientation });
        expectDrawn(el, orientation);
        await expect(el).to.be.accessible();
      });
    }
  }

  it('auto: vertical at 320 px, horizontal at 1000 px, and it follows the element when the box is resized', async () => {
    const el = await map(320);
    expectDrawn(el, 'vertical');
    await expect(el).to.be.accessible();
    el.parentElement!.style.width = '1000px';
    await waitUntil(() => el.layout === 'horizontal' && part(el, 'list')!.dataset['layout'] === 'horizontal', 'turns horizontal');
    await el.updateComplete;
    expectDrawn(el, 'horizontal');
    await expect(el).to.be.accessible();
    el.parentElement!.style.width = '400px';
    await waitUntil(() => part(el, 'list')!.dataset['layout'] === 'vertical', 'turns vertical again');
  });

  it('auto needs 9em a stop: a bigger font needs a wider box', async () => {
    const el = await map(700);
    expectDrawn(el, 'horizontal');
    el.style.fontSize = '24px';
    await waitUntil(() => part(el, 'list')!.dataset['layout'] === 'vertical', 'too narrow at 24 px');
  });

  it('right to left: a horizontal map runs from the right', async () => {
    const el = await map(1000, { dir: 'rtl', lang: 'ar' });
    expectDrawn(el, 'horizontal', true);
  });
});
