// The page's own name for the seat map (its <label for>, aria-label on the element) names the map,
// a group around the grids and controls focus lands in, as Chromium's accessibility tree shows it.
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, stopServerAfterEach } from '../../../test/helpers/element.js';
import { busRoutes, coach, deck, pluginBusBody, pluginSeatsBody, seatMap, settled } from './bus-seat-map.test-support.js';
import type { BusSeatMap } from './bus-seat-map.js';

/** The role and name the browser gives `#trip-seats` (test/tools/ax-name.mjs). */
const exposed = () => executeServerCommand<{ role: string; name: string }, { selector: string }>('ax-name', { selector: '#trip-seats' });

describe('<bus-seat-map> named by the page', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { cleanup: true });

  async function start(props: Record<string, unknown> = {}): Promise<BusSeatMap> {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody([deck(coach(2))]) }] }));
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en', id: 'trip-seats', ...props });
    await settled(el);
    return el;
  }

  /** Waits until the map is exposed as a group named `name`. */
  async function named(name: string, message: string): Promise<void> {
    const want = JSON.stringify({ role: 'group', name });
    // Each look is a round trip to the test runner's DevTools session: more than the default second on a busy machine.
    await waitUntil(async () => JSON.stringify(await exposed()) === want, message, { timeout: 8000 });
  }

  it('without a page label: an unnamed group, the grid keeps its deck name', async () => {
    const el = await start();
    expect(await exposed()).to.deep.equal({ role: 'group', name: '' });
    expect(part(el, 'grid')!.getAttribute('aria-labelledby')).to.equal('deck-name-0');
    await expect(el).to.be.accessible();
  });

  it('takes the words of a <label for>, and follows them when they change or go', async () => {
    const el = await start();
    const label = document.createElement('label');
    label.htmlFor = 'trip-seats';
    label.textContent = 'Choose your seats';
    el.before(label);
    await named('Choose your seats', 'the label names the map');
    await expect(el).to.be.accessible();
    label.textContent = 'Your seats on the night bus';
    await named('Your seats on the night bus', 'the reworded label names the map');
    label.remove();
    await named('', 'a removed label names nothing');
  });

  it('takes aria-label on the element first, also one set or changed later', async () => {
    const el = await start({ ariaLabel: 'Seats, outward trip' });
    await named('Seats, outward trip', 'aria-label names the map');
    await expect(el).to.be.accessible();
    const label = document.createElement('label');
    label.htmlFor = 'trip-seats';
    label.textContent = 'Choose your seats';
    el.before(label);
    el.setAttribute('aria-label', 'Sitzplan, Hinfahrt');
    await named('Sitzplan, Hinfahrt', 'the new aria-label names the map');
    el.removeAttribute('aria-label');
    await named('Choose your seats', 'then the label');
  });
});
