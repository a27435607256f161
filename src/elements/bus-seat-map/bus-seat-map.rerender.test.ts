// One seat changes, one seat re-renders: after an availability refresh or a selection, the DOM
// writes inside the decks and the seat labels made again are that seat's only (deck-cells.ts).
import { expect } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { stopServerAfterEach } from '../../../test/helpers/element.js';
import type { BusSeatMap } from './bus-seat-map.js';
import { busRoutes, coach, deck, pluginBusBody, pluginSeatsBody, seat, seatMap, settled } from './bus-seat-map.test-support.js';
import { SeatWording } from './seat-label.js';

/** A 2+2 coach of 12 rows (48 seats), all available but for the seats named. */
const seatsReply = (mark: Record<string, '!' | '?'>) => ({ body: pluginSeatsBody([deck(coach(12, mark))]) });

/**
 * Every DOM change in the shadow root while `act` runs and the element renders, as the element
 * each happened on (the parent for added/removed nodes and text), and how many seat labels were
 * computed meanwhile: a label is what a seat's render computes first, so the count is the number
 * of seats whose render work was done.
 */
async function watch(el: BusSeatMap, act: () => Promise<unknown>): Promise<{ changed: Element[]; labels: string[] }> {
  const changed: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target;
      changed.push(node instanceof Element ? node : node.parentElement!);
    }
  });
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
  const labels: string[] = [];
  const original = SeatWording.prototype.seat;
  SeatWording.prototype.seat = function (this: SeatWording, ...args: Parameters<SeatWording['seat']>) {
    labels.push(args[0]);
    return original.apply(this, args);
  };
  try {
    await act();
    await el.updateComplete;
  } finally {
    SeatWording.prototype.seat = original;
    changed.push(...observer.takeRecords().map((r) => (r.target instanceof Element ? r.target : r.target.parentElement!)));
    observer.disconnect();
  }
  return { changed, labels };
}

/** The changes that happened inside the decks' grids. */
const inGrids = (changed: Element[]) => changed.filter((node) => node.closest('[role="grid"]'));

describe('<bus-seat-map> one-seat re-render', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { cleanup: true });

  async function start(seats: ReturnType<typeof seatsReply>[]): Promise<BusSeatMap> {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats }));
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en' });
    await settled(el);
    return el;
  }

  it('an availability refresh that books one seat writes to that seat only and computes only its label', async () => {
    const el = await start([seatsReply({}), seatsReply({ F3: '!' })]);
    const f3 = seat(el, 'F3');
    const { changed, labels } = await watch(el, () => el.refreshAvailability());

    // Positive control: the seat did change, in the same element (not a new one).
    expect(seat(el, 'F3')).to.equal(f3);
    expect([f3.dataset['state'], f3.getAttribute('aria-disabled')]).to.deep.equal(['booked', 'true']);
    expect(changed.length, 'DOM writes').to.be.greaterThan(0);
    expect(changed.filter((node) => node !== f3).map((node) => node.outerHTML.slice(0, 80))).to.deep.equal([]);
    expect(labels).to.deep.equal(['F3']);
  });

  it('choosing a seat that holds the tab stop writes, inside the decks, to that seat only', async () => {
    const el = await start([seatsReply({})]);
    const c2 = seat(el, 'C2');
    c2.focus(); // the tab stop moves to C2 first (roving tabindex), so choosing it changes C2 alone
    await el.updateComplete;
    expect(c2.getAttribute('tabindex')).to.equal('0');

    const { changed, labels } = await watch(el, async () => c2.click());
    expect(el.value).to.deep.equal(['C2']);
    expect(c2.getAttribute('aria-pressed')).to.equal('true');
    expect(inGrids(changed).length, 'DOM writes in the grid').to.be.greaterThan(0);
    expect(
      inGrids(changed)
        .filter((node) => node !== c2)
        .map((node) => node.outerHTML.slice(0, 80)),
    ).to.deep.equal([]);
    expect(labels).to.deep.equal(['C2']);
  });
});
