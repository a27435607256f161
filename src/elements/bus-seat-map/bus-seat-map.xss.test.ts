// Hostile text in every field a bus site controls (seat labels, stop names, fare names, bus and fixture names) stays inert text.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { expectInert as expectInertIn, part, parts, stopServerAfterEach, text, xssControlRan, xssPayloads } from '../../../test/helpers/element.js';
import type { StopWire } from '../../api/wire/shapes.js';
import type { BusSeatMap } from './bus-seat-map.js';
import { busRoutes, contractDetailBody, deck, pluginBusBody, pluginSeatsBody, seatMap, settled } from './bus-seat-map.test-support.js';

const FLAG = '__twSeatXss';
const PAYLOADS = xssPayloads(FLAG, [0, 1, 2, 17, 20, 8, 10]);

const expectInert = (el: BusSeatMap) => expectInertIn(el, FLAG);

const STOPS: StopWire[] = PAYLOADS.slice(0, 4).map((payload, i) => ({
  place: `Stop ${i} ${payload}`,
  type: i === 0 ? 'bp' : i === 3 ? 'dp' : 'both',
  time: `1${i}:00`,
}));
/** Seats named by the payloads, a fixture too, in two decks. */
const DECKS = [deck([[...PAYLOADS.slice(0, 4)], ['#' + PAYLOADS[0]!, '', 'B1', 'B2']], 'lower'), deck([[...PAYLOADS.slice(4)]], 'upper')];

describe('<bus-seat-map> with hostile content', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { cleanup: true });

  async function exercise(el: BusSeatMap): Promise<void> {
    await settled(el);
    const seats = parts(el, 'seat');
    expect(seats.map((s) => s.textContent)).to.deep.equal([...PAYLOADS.slice(0, 4), 'B1', 'B2', ...PAYLOADS.slice(4)]);
    expect(seats[0]!.getAttribute('aria-label')).to.match(/^Seat <img src=x onerror="window.__twSeatXss=1">, window, available/);
    // Choose every hostile seat from the list alternative and the grid: summary, selects and events stay inert.
    part(el, 'list-toggle')!.click();
    await el.updateComplete;
    el.maxSeats = 10;
    for (const index of [0, 1, 2, 6, 7]) seats[index]!.click();
    await el.updateComplete;
    expect(el.value).to.deep.equal([PAYLOADS[0], PAYLOADS[1], PAYLOADS[2], PAYLOADS[4], PAYLOADS[5]]);
    expect(parts(el, 'selected-name').map((n) => text(n).replace(/ · (Lower|Upper) deck$/, ''))).to.deep.equal(el.value);
    await xssControlRan();
    expectInert(el);
    // Stops are decoded for display, never parsed.
    const boarding = part(el, 'boarding') as HTMLSelectElement;
    expect(boarding.options[0]!.text).to.match(/^Stop 0 <img src=x onerror="window.__twSeatXss=1">, /);
    expect([...boarding.options].some((o) => o.text.startsWith('Stop 3'))).to.equal(false);
    expect((part(el, 'dropping') as HTMLSelectElement).selectedOptions[0]!.text).to.match(/^Stop 3 &lt;img|^Stop 3 <img/);
    expect(text(part(el, 'fixture'))).to.include('<img src=x');
  }

  it('keeps payloads inert in the plugin dialect (seats, stops, fares, bus and fixture names)', async () => {
    server = await scriptedServer(
      [],
      busRoutes({
        detail: [
          {
            body: pluginBusBody({
              name: `Bus ${PAYLOADS[1]}`,
              route_stops: STOPS,
              tickets: PAYLOADS.map((p, i) => ({ type: `t${i}`, name: p, price: 10 + i })),
            }),
          },
        ],
        seats: [{ body: pluginSeatsBody(DECKS) }],
      }),
    );
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30' });
    await exercise(el);
    // Tags are stripped from fare names (a name of nothing but a tag shows its type); escaped ones read as text.
    const fares = parts(el, 'fare').map(text);
    expect(fares[0]).to.equal('t0 10');
    expect(fares[3]).to.match(/^<img src=x onerror="window.__twSeatXss=1"> 13$/);
    expect(text(part(el, 'bus-name'))).to.match(/^Bus/);
    expect((part(el, 'passenger-type') as HTMLSelectElement).options[3]!.text).to.match(/^<img src=x/);
  });

  it('keeps payloads inert in the contract dialect (per-segment fare names)', async () => {
    const prices = [{ type: 'adult', name: PAYLOADS[3]!, price: 12, boarding_point: STOPS[0]!.place, dropping_point: STOPS[3]!.place }];
    server = await scriptedServer([], busRoutes({ detail: [{ body: contractDetailBody(DECKS, { route_stops: STOPS, prices }) }] }));
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'contract' });
    await exercise(el);
    await waitUntil(() => parts(el, 'fare').length === 1, 'the segment fare');
    expect(text(part(el, 'fare'))).to.match(/^<img src=x onerror="window.__twSeatXss=1"> 12$/);
  });

  it('a seat name with a right-to-left override does not turn "Lower deck" after it around in the summary', async () => {
    server = await scriptedServer(
      [],
      busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody([deck([['A1\u202e', 'A2']], 'lower'), deck([['U1']], 'upper')]) }] }),
    );
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30' });
    await settled(el);
    parts(el, 'seat')[0]!.click();
    await el.updateComplete;
    const deckText = [...part(el, 'selected-name')!.querySelector('.muted')!.childNodes].find((node) => node.textContent!.includes('Lower deck'))!;
    const at = (word: string, offset: number) => {
      const range = document.createRange();
      const index = deckText.textContent!.indexOf(word) + offset;
      range.setStart(deckText, index);
      range.setEnd(deckText, index + 1);
      return range.getBoundingClientRect().left;
    };
    // Reads "Lower deck" left to right, not "kced rewoL".
    expect(at('Lower', 0)).to.be.below(at('deck', 3));
  });
});
