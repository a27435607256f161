// What an adversarial review found: picks on a map about to be replaced, seats a booking cannot name,
// statuses nobody knows, a closed index, a narrow summary, the stop selects while loading, focus
// across a language switch, one-seat wording and a late `dir`.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, parts, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import type { BusSeatMap } from './bus-seat-map.js';
import {
  busRoutes,
  coach,
  contractDetailBody,
  deck,
  findSeat,
  pluginBusBody,
  pluginSeatsBody,
  seat,
  seatMap,
  settled,
  type Reply,
} from './bus-seat-map.test-support.js';

describe('<bus-seat-map> under review', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  const base = () => `${server!.origin}/wp-json`;

  async function plugin(seats: Reply[], props: Record<string, unknown> = {}, detail: Reply[] = [{ body: pluginBusBody() }]): Promise<BusSeatMap> {
    server = await scriptedServer([], busRoutes({ detail, seats }));
    const el = seatMap({ baseUrl: base(), busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en', ...props });
    await settled(el);
    return el;
  }

  it('while another bus loads, the previous map refuses picks: none is carried over to the new bus', async () => {
    server = await scriptedServer([], {
      'buses/7': [{ body: contractDetailBody([deck(coach(3))], { id: 7, name: 'Bus Seven' }) }],
      'buses/8': [{ body: contractDetailBody([deck(coach(3))], { id: 8, name: 'Bus Eight' }), delayMs: 1500 }],
    });
    const el = seatMap({ baseUrl: base(), busId: '7', dialect: 'contract', lang: 'en' });
    await settled(el);
    el.busId = '8';
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    expect(text(part(el, 'bus-name'))).to.equal('Bus Seven'); // the previous bus, shown while bus 8 loads
    seat(el, 'A1').click(); // a seat of bus 7
    await el.updateComplete;
    await settled(el);
    expect(text(part(el, 'bus-name'))).to.equal('Bus Eight');
    expect(el.value).to.deep.equal([]);
    // Once it is in, the new map takes picks.
    seat(el, 'A1').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1']);
  });

  it('a name the site repeats books the first seat of that name only: the others are held, never shown chosen', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck([['A1!', 'A2', '', 'A1', 'A3']])]) }]);
    const [booked, repeated] = parts(el, 'seat').filter((s) => s.textContent === 'A1');
    expect(repeated!.dataset['state']).to.equal('held');
    repeated!.click();
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    expect([booked!.dataset['state'], booked!.getAttribute('aria-pressed')]).to.deep.equal(['booked', 'false']);
  });

  it('of two free seats named alike, the first is chosen and drawn chosen; the second stays held', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck([['A1', 'A2', '', 'A1', 'A3']])]) }]);
    const cells = parts(el, 'seat').filter((s) => s.textContent === 'A1');
    cells[0]!.click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1']);
    expect(cells.map((c) => [c.dataset['state'], c.getAttribute('aria-pressed')])).to.deep.equal([
      ['selected', 'true'],
      ['held', 'false'],
    ]);
  });

  it('a seat without a name is held: it cannot be chosen, nor set as a value', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck([['A1', ' ', '', 'A2', 'A3']])]) }]);
    const blank = parts(el, 'seat').find((s) => s.textContent?.trim() === '')!;
    expect(blank.dataset['state']).to.equal('held');
    blank.click();
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    el.value = [' '];
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
  });

  it('a seat with a status nobody knows ("unavailable") is held, not offered', async () => {
    const d = deck([['A1', 'A2', '', 'A3', 'A4']]);
    (d.seats[0]![1] as { status: string }).status = 'unavailable';
    const el = await plugin([{ body: pluginSeatsBody([d]) }]);
    expect(seat(el, 'A2').dataset['state']).to.equal('held');
    seat(el, 'A2').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
  });

  it('without `dialect`, a closed /wp-json/ index (401) falls back to the plugin routes, which are public', async () => {
    server = await scriptedServer(
      [{ status: 401, body: { code: 'rest_cannot_access', message: 'Only authenticated users can access the REST API.', data: { status: 401 } } }],
      busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody([deck(coach(3))]) }] }),
    );
    const el = seatMap({ baseUrl: base(), busId: '7', date: '2026-11-30', lang: 'en' });
    await settled(el);
    expect((await server.requests()).map((r) => r.path)).to.include('/wp-json/wbtm/v1/buses/7');
    expect(part(el, 'content'), 'the map').to.not.equal(null);
  });

  it('at 320 px, a long fare name keeps the summary inside the element', async () => {
    server = await scriptedServer(
      [],
      busRoutes({
        detail: [
          {
            body: pluginBusBody({
              tickets: [
                { type: 'adult', name: 'Adult', price: '40.00 ' },
                { type: 'child', name: 'Child (under 12, travelling with an adult, valid ID)', price: 20 },
              ],
            }),
          },
        ],
        seats: [{ body: pluginSeatsBody([deck(coach(3))]) }],
      }),
    );
    const el = seatMap({ baseUrl: base(), busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en' }, '320px');
    await settled(el);
    seat(el, 'A1').click();
    await el.updateComplete;
    const host = el.getBoundingClientRect();
    const tooWide = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part]')]
      .filter((n) => !n.closest('[part~="scroller"]') && n.getClientRects().length > 0 && n.getBoundingClientRect().right > host.right + 1)
      .map((n) => `${n.getAttribute('part')}:${Math.round(n.getBoundingClientRect().width)}px`);
    expect(tooWide).to.deep.equal([]);
  });

  it('a boarding stop picked stays in its select while its seats load', async () => {
    server = await scriptedServer(
      [],
      busRoutes({
        detail: [{ body: pluginBusBody() }],
        seats: [{ body: pluginSeatsBody([deck(coach(3))]) }, { body: pluginSeatsBody([deck(coach(3))]), delayMs: 1500 }],
      }),
    );
    const el = seatMap({ baseUrl: base(), busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en' });
    await settled(el);
    const boarding = part(el, 'boarding') as HTMLSelectElement;
    boarding.value = '1'; // Frankfurt
    boarding.dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    const during = (part(el, 'boarding') as HTMLSelectElement).value;
    await settled(el);
    expect(during).to.equal('1');
    expect((part(el, 'boarding') as HTMLSelectElement).value).to.equal('1');
  });

  it('a language switch (lang="de") keeps focus on the seat that had it', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck(coach(3))]) }]);
    seat(el, 'B2').focus();
    el.lang = 'de';
    await waitUntil(() => (findSeat(el, 'B2')?.getAttribute('aria-label') ?? '').startsWith('Platz'), 'German labels', { timeout: 5000 });
    expect(el.shadowRoot!.activeElement?.textContent).to.equal('B2');
  });

  it('max-seats="1" speaks of one seat, not "1 seats"', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck(coach(3))]) }], { maxSeats: 1 });
    seat(el, 'A1').click();
    await el.updateComplete;
    seat(el, 'A2').click();
    await el.updateComplete;
    expect(text(part(el, 'notice'))).to.equal('You can choose one seat. Deselect it to choose another.');
    expect(text(part(el, 'count'))).to.equal('1 of 1 seat chosen.');
  });

  it('dir="rtl" set after the first render redraws the grid right to left, as the arrow keys read it', async () => {
    const el = await plugin([{ body: pluginSeatsBody([deck(coach(3))]) }]);
    el.dir = 'rtl';
    await waitUntil(() => part(el, 'base')?.getAttribute('dir') === 'rtl', 'the map follows dir');
    const drawnLtr = seat(el, 'A2').getBoundingClientRect().left > seat(el, 'A1').getBoundingClientRect().left;
    expect(drawnLtr, 'drawn right to left').to.equal(false);
    seat(el, 'A1').focus();
    await sendKeys({ press: 'ArrowRight' });
    // ArrowRight must reach the seat drawn to the right of A1.
    expect(el.shadowRoot!.activeElement?.textContent).to.equal(drawnLtr ? 'A2' : 'A1');
  });
  it('a seat clicked while another bus loads says why nothing happened', async () => {
    server = await scriptedServer([], {
      'buses/7': [{ body: contractDetailBody([deck(coach(3))], { id: 7, name: 'Bus Seven' }) }],
      'buses/8': [{ body: contractDetailBody([deck(coach(3))], { id: 8, name: 'Bus Eight' }), delayMs: 1500 }],
    });
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'contract', lang: 'en' });
    await settled(el);
    el.busId = '8';
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    const a1 = seat(el, 'A1');
    const announcer = part(el, 'announcer') ?? el.shadowRoot!.querySelector('[aria-live]');
    const before = text(announcer as HTMLElement);
    a1.click();
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const said = text(announcer as HTMLElement);
    expect(el.value).to.deep.equal([]);
    const refused = { ariaDisabled: a1.getAttribute('aria-disabled'), announced: said !== before && said !== '' };
    // Control: once bus 8 is in, the same click is announced (so the check above can see one).
    await settled(el);
    seat(el, 'A1').click();
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(text(announcer as HTMLElement), 'announced once loaded').to.not.equal('');
    expect(refused, 'a silently ignored seat while loading').to.not.deep.equal({ ariaDisabled: null, announced: false });
  });
});
