// <bus-seat-map> in the contract dialect: one detail record with layout, stops and per-segment fares.
import { expect } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, parts, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import type { DeckWire } from '../../api/wire/shapes.js';
import { busRoutes, coach, contractDetailBody, deck, drawn, labelOf, recorded, seat, seatMap, settled, type Reply } from './bus-seat-map.test-support.js';

/** A `/wp-json/` index naming the contract dialect's bus route. */
const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {}, '/wbtm/v1/routes': {} } } };

describe('<bus-seat-map> (contract dialect)', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  const base = () => `${server!.origin}/wp-json`;

  /** The recorded Royal Bus layout as the contract's lower deck, and a small upper deck. */
  async function royalDecks(): Promise<DeckWire[]> {
    const seats = (await recorded('wbtm-bus-seats-royal-bus.json')).body as { decks: DeckWire[] };
    // The contract's record has no date, so its cells carry no status.
    const lower = seats.decks[0]!.seats.map((row) => row.map((cell) => (cell && cell.type === 'seat' ? { name: cell.name, type: 'seat' as const } : cell)));
    return [
      { ...seats.decks[0]!, seats: lower, deck: 'lower' },
      deck(
        [
          ['#stairs', '', 'U1', 'U2'],
          ['U3', 'U4', '', 'U5'],
        ],
        'upper',
      ),
    ];
  }

  async function contractMap(body: unknown, props: Record<string, unknown> = {}) {
    server = await scriptedServer([CONTRACT_INDEX], busRoutes({ detail: [{ body }] }));
    const el = seatMap({ baseUrl: base(), busId: '7', currency: 'EUR', lang: 'en', ...props });
    await settled(el);
    return el;
  }

  it('detects the dialect and draws the record’s layout (every seat available: no per-date status), without a seats request', async () => {
    const el = await contractMap(contractDetailBody(await royalDecks()));
    const [lower, upper] = drawn(el);
    expect(lower![0]).to.equal('A1 A2 . A3 A4');
    expect(upper).to.deep.equal(['[Stairs] . U1 U2', 'U3 U4 . U5']);
    expect(parts(el, 'seat').every((s) => s.dataset['state'] === 'available')).to.equal(true);
    expect(labelOf(seat(el, 'A2'))).to.equal('Seat A2, aisle, available, €30.00');
    expect((await server!.requests()).map((r) => r.path)).to.deep.equal(['/wp-json/', '/wp-json/wbtm/v1/buses/7']);
    await expect(el).to.be.accessible();
  });

  it('picks the fare tier of the chosen segment; passenger types per seat; the total follows', async () => {
    const el = await contractMap(contractDetailBody([deck(coach(3))]), { dialect: 'contract' });
    expect(text(part(el, 'fares'))).to.equal('Fares: Adult €30.00 · Child €15.00');
    seat(el, 'A1').click();
    seat(el, 'B4').click();
    await el.updateComplete;
    expect(text(part(el, 'total'))).to.equal('Total €60.00');
    const types = parts(el, 'passenger-type') as HTMLSelectElement[];
    expect(types.map((s) => s.value)).to.deep.equal(['adult', 'adult']);
    expect([...types[0]!.options].map((o) => o.text)).to.deep.equal(['Adult', 'Child']);
    expect(types[1]!.labels[0]!.textContent).to.equal('Passenger type, seat B4');
    types[1]!.value = 'child';
    types[1]!.dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    expect(text(part(el, 'total'))).to.equal('Total €45.00');
    expect(parts(el, 'seat-price').map(text)).to.deep.equal(['€30.00', '€15.00']);
    expect(el.selection.map((s) => [s.name, s.passengerType, s.price])).to.deep.equal([
      ['A1', 'adult', 30],
      ['B4', 'child', 15],
    ]);

    // Frankfurt → Hamburg is one leg: €10 adult, €5 child; the contract needs no new request for it.
    const before = (await server!.requests()).length;
    el.boarding = 'Frankfurt';
    el.dropping = 'Hamburg';
    await settled(el);
    expect(text(part(el, 'fares'))).to.equal('Fares: Adult €10.00 · Child €5.00');
    expect(text(part(el, 'total'))).to.equal('Total €15.00');
    expect(labelOf(seat(el, 'A2'))).to.equal('Seat A2, aisle, available, €10.00');
    expect(labelOf(seat(el, 'A1'))).to.equal('Seat A1, window, selected, €10.00');
    expect((await server!.requests()).length).to.equal(before);
    expect(el.value).to.deep.equal(['A1', 'B4']);
    await expect(el).to.be.accessible();
  });

  it('`passenger-type` chooses the tier a new seat gets', async () => {
    const el = await contractMap(contractDetailBody([deck(coach(2))]), { dialect: 'contract', passengerType: 'child' });
    expect(labelOf(seat(el, 'A1'))).to.equal('Seat A1, window, available, €15.00');
    seat(el, 'A1').click();
    await el.updateComplete;
    expect(el.selection[0]!.passengerType).to.equal('child');
    expect(el.selection[0]!.fare).to.deep.include({ type: 'child', name: 'Child', price: 15, from: 'Paris', to: 'Berlin' });
  });

  it('a ragged lower deck and a switched-off upper deck: one grid, short rows padded', async () => {
    const ragged = deck(
      [
        ['#driver', '', '#door'],
        ['A1', 'A2', '', 'A3', 'A4'],
        ['#toilet', '', 'B1', 'B2'],
      ],
      'lower',
    );
    const phantom = deck(
      [
        ['', '', ''],
        ['', '', ''],
      ],
      'upper',
    );
    const el = await contractMap(contractDetailBody([ragged, phantom]), { dialect: 'contract', deckLayout: 'tabs' });
    expect(drawn(el)).to.deep.equal([['[Driver] . [Door] . .', 'A1 A2 . A3 A4', '[Toilet] . B1 B2 .']]);
    expect(part(el, 'tabs')).to.equal(null);
    expect(labelOf(seat(el, 'B2'))).to.equal('Seat B2, window, available, €30.00');
    await expect(el).to.be.accessible();
  });

  it('a record without a layout: "no seat plan" with the capacity', async () => {
    const el = await contractMap(contractDetailBody(null, { total_seats: 40 }), { dialect: 'contract' });
    expect(text(part(el, 'no-plan'))).to.equal('This bus has no seat plan: 40 seats, free seating.');
    expect(part(el, 'grid')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a missing bus (404) reads "bus not found"', async () => {
    server = await scriptedServer(
      [CONTRACT_INDEX],
      busRoutes({ detail: [{ status: 404, body: { code: 'rest_post_invalid_id', message: 'Invalid bus ID.', data: { status: 404 } } }] }),
    );
    const el = seatMap({ baseUrl: base(), busId: '7', dialect: 'contract' });
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('This bus was not found on the site.');
    await expect(el).to.be.accessible();
  });
});
