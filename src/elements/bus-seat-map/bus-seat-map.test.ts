// <bus-seat-map> in the plugin dialect (recorded answers and the reference API), and its states.
import { expect, waitUntil } from '@open-wc/testing';
import { referenceServer, scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { expectLoadingSkeleton, langOf, part, parts, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import { recordFetches } from '../../../test/helpers/fetches.js';
import { getSeatMap } from '../../api/buses.js';
import { ApiClient } from '../../api/client.js';
import { announced, busRoutes, drawn, labelOf, recorded, seat, seatMap, settled, today, type Reply } from './bus-seat-map.test-support.js';

describe('<bus-seat-map> (plugin dialect)', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  const base = () => `${server!.origin}/wp-json`;

  /** Royal Bus 14 as recorded: its detail and its seats on 2026-11-30. */
  async function royalBus(seats?: Reply): Promise<void> {
    server = await scriptedServer(
      [],
      busRoutes({ seats: [seats ?? (await recorded('wbtm-bus-seats-royal-bus.json'))], detail: [await recorded('wbtm-bus-royal-bus.json')] }),
    );
  }

  describe('recorded answers', () => {
    it('shows a skeleton with pending, then the seats for the date and the whole route; accessible in both states', async () => {
      await royalBus({ ...(await recorded('wbtm-bus-seats-royal-bus.json')), delayMs: 300 });
      const el = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang: 'en' });
      await el.updateComplete;
      await expectLoadingSkeleton(el);
      await settled(el);
      expect(el.hasAttribute('aria-busy')).to.equal(false);
      expect(text(part(el, 'bus-name'))).to.equal('Royal Bus');
      const rows = drawn(el);
      expect(rows).to.have.length(1);
      expect(rows[0]!.slice(0, 3)).to.deep.equal(['A1 A2 . A3 A4', 'B1 B2 . B3 B4', 'C1 C2 . C3 C4']);
      expect(seat(el, 'A1').getAttribute('aria-label')).to.equal('Seat A1, window, available, €20.00');
      expect(seat(el, 'A3').getAttribute('aria-label')).to.equal('Seat A3, aisle, available, €20.00');
      const booked = seat(el, 'A2');
      expect([booked.localName, booked.getAttribute('aria-disabled'), booked.getAttribute('aria-pressed'), booked.dataset['state']]).to.deep.equal([
        'button',
        'true',
        'false',
        'booked',
      ]);
      expect(booked.getAttribute('aria-label')).to.equal('Seat A2, aisle, booked, €20.00');
      expect(part(el, 'grid')!.getAttribute('role')).to.equal('grid');
      expect(text(part(el, 'fares'))).to.equal('Fares: Adult €20.00');
      expect(parts(el, 'legend-item').map(text)).to.deep.equal(['Available', 'Selected', 'Booked', 'Held']);
      const requests = await server!.requests();
      expect(requests.map((r) => r.path)).to.deep.equal(['/wp-json/wbtm/v1/buses/14', '/wp-json/wbtm/v1/buses/14/seats']);
      const query = new URLSearchParams(requests[1]!.search);
      expect([query.get('date'), query.get('bp'), query.get('dp')]).to.deep.equal(['2026-11-30', 'Paris', 'Berlin']);
      await expect(el).to.be.accessible();
    });

    it('marks next-day stops and offers dropping stops after the boarding stop; a new segment asks for its seats', async () => {
      await royalBus();
      const el = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30', lang: 'en-GB' });
      await settled(el);
      const boarding = part(el, 'boarding') as HTMLSelectElement;
      const dropping = part(el, 'dropping') as HTMLSelectElement;
      expect([...boarding.options].map((o) => o.text)).to.deep.equal(['Paris, 09:00', 'Frankfurt, 10:30', 'Hamburg, 12:00']);
      expect([...dropping.options].map((o) => o.text)).to.deep.equal(['Frankfurt, 10:30', 'Hamburg, 12:00', 'Berlin, 01:30 (+1, next day)']);
      expect(dropping.selectedOptions[0]!.text).to.match(/^Berlin/);
      boarding.value = '2';
      boarding.dispatchEvent(new Event('change', { bubbles: true }));
      await settled(el);
      expect([el.boarding, el.dropping]).to.deep.equal(['Hamburg', 'Berlin']);
      expect([...(part(el, 'dropping') as HTMLSelectElement).options].map((o) => o.value)).to.deep.equal(['3']);
      const seats = (await server!.requests()).filter((r) => r.path.endsWith('/seats'));
      const query = new URLSearchParams(seats.at(-1)!.search);
      expect([query.get('bp'), query.get('dp')]).to.deep.equal(['Hamburg', 'Berlin']);
    });

    it('says "N of M seats available" for a bus without a seat plan: no grid, no list, no summary', async () => {
      server = await scriptedServer(
        [],
        busRoutes({
          seats: [await recorded('wbtm-bus-seats-regio-shuttle.json')],
          detail: [{ body: { ...((await recorded('wbtm-bus-flix-bus-service.json')).body as object), id: 114, name: 'Regio Shuttle' } }],
        }),
      );
      const el = seatMap({ baseUrl: base(), busId: '114', dialect: 'plugin', date: '2026-11-30' });
      await settled(el);
      expect(text(part(el, 'no-plan'))).to.equal('28 of 30 seats available.');
      expect([part(el, 'grid'), part(el, 'list-toggle'), part(el, 'summary'), part(el, 'legend-list')]).to.deep.equal([null, null, null, null]);
      expect(text(part(el, 'fares'))).to.equal('Fares: Adult 20');
      await expect(el).to.be.accessible();
    });

    it('says the bus was not found for `wbtm_invalid_bus`, in an alert without Retry', async () => {
      server = await scriptedServer([], { 'buses/999999': [await recorded('wbtm-bus-not-found.json')] });
      const el = seatMap({ baseUrl: base(), busId: '999999', dialect: 'plugin', date: '2026-11-30' });
      await settled(el);
      expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      expect(text(part(el, 'error-message'))).to.equal('This bus was not found on the site.');
      expect(part(el, 'retry')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('offers Retry after a server error and shows the map once it works', async () => {
      server = await scriptedServer(
        [],
        busRoutes({
          seats: [await recorded('wbtm-bus-seats-royal-bus.json')],
          detail: [{ status: 503, body: { code: 'x', message: 'busy' } }, await recorded('wbtm-bus-royal-bus.json')],
        }),
      );
      const el = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30' });
      await settled(el);
      expect(text(part(el, 'error-message'))).to.equal('The site had a problem (HTTP 503).');
      await expect(el).to.be.accessible();
      part(el, 'retry')!.click();
      await waitUntil(() => part(el, 'grid'), 'the map after Retry', { timeout: 8000 });
      expect(part(el, 'error')).to.equal(null);
    });

    it('without bus-id: a message naming the attribute and no request', async () => {
      server = await scriptedServer([await recorded('wbtm-bus-royal-bus.json')]);
      const fetches = recordFetches();
      try {
        const el = seatMap({ baseUrl: base(), dialect: 'plugin' });
        await settled(el);
        expect(part(el, 'prompt')!.getAttribute('role')).to.equal('status');
        expect(text(part(el, 'prompt'))).to.include('bus-id');
        expect(el.hasAttribute('pending')).to.equal(false);
        // Settled without a load, so no request was ever started (none can still reach the server).
        expect(fetches.to(server.origin)).to.deep.equal([]);
        expect(await server.requests()).to.deep.equal([]);
        await expect(el).to.be.accessible();
      } finally {
        fetches.restore();
      }
    });

    it('speaks German: labels, legend and prices', async () => {
      await royalBus();
      const el = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang: 'de' });
      await settled(el);
      expect(labelOf(seat(el, 'A1'))).to.equal('Platz A1, Fenster, frei, 20,00 €');
      expect(labelOf(seat(el, 'B3'))).to.equal('Platz B3, Gang, gebucht, 20,00 €');
      expect(parts(el, 'legend-item').map(text)).to.deep.equal(['Frei', 'Ausgewählt', 'Gebucht', 'Reserviert']);
      expect(text(part(el, 'list-toggle'))).to.equal('Aus einer Liste freier Plätze wählen');
    });

    it('on a French page, its English labels sit in lang="en" and the site\'s bus, stop and fare names stay French; German and English add no lang', async () => {
      await royalBus();
      const el = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang: 'fr' });
      await settled(el);
      expect(labelOf(seat(el, 'A1'))).to.match(/^Seat A1, window, available/);
      for (const ui of ['seat', 'list-toggle', 'legend-item', 'boarding-label', 'count']) expect(langOf(part(el, ui)), ui).to.equal('en');
      seat(el, 'A1').click();
      await el.updateComplete;
      for (const site of ['bus-name', 'boarding', 'dropping', 'passenger-type']) expect(langOf(part(el, site)), site).to.equal('fr');
      expect(el.getAttribute('lang'), "the page's attribute is left as written").to.equal('fr');

      for (const lang of ['de', 'en']) {
        const other = seatMap({ baseUrl: base(), busId: '14', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang });
        await settled(other);
        seat(other, 'A1').click();
        await other.updateComplete;
        const langs = [...other.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
        expect(langs, lang).to.deep.equal([lang]);
      }
    });

    it('at 320 px the decks scroll inside the element, never the page', async () => {
      server = await referenceServer({ dialect: 'plugin' });
      const el = seatMap({ baseUrl: base(), busId: '41', date: today(), deckLayout: 'side-by-side' }, '320px');
      await settled(el);
      const scroller = part(el, 'scroller')!;
      expect(el.getBoundingClientRect().width).to.be.at.most(320);
      expect(el.scrollWidth).to.be.at.most(320);
      expect(el.shadowRoot!.querySelector('[part~="base"]')!.scrollWidth).to.be.at.most(320);
      expect(scroller.scrollWidth).to.be.greaterThan(scroller.clientWidth);
      expect(getComputedStyle(scroller).overflowX).to.equal('auto');
      await expect(el).to.be.accessible();
    });
  });

  describe('the reference API', () => {
    beforeEach(async () => {
      server = await referenceServer({ dialect: 'plugin' });
    });

    it('double-decker 41: two labelled grids side by side, fixtures drawn, detected dialect; accessible', async () => {
      const el = seatMap({ baseUrl: base(), busId: '41', date: today() });
      await settled(el);
      const grids = parts(el, 'grid');
      expect(grids.map((g) => text(el.shadowRoot!.getElementById(g.getAttribute('aria-labelledby')!)))).to.deep.equal(['Lower deck', 'Upper deck']);
      const [lower, upper] = drawn(el);
      expect(lower![0]).to.equal('[Driver] . . [Door]');
      expect(lower).to.include('[Toilet] . [Stairs] [luggage]');
      expect(upper![1]).to.equal('UA1 UA2 . UA3 UA4');
      expect(part(el, 'tabs')).to.equal(null);
      expect(parts(el, 'fixture').map((f) => f.getAttribute('part'))).to.include.members([
        'fixture driver',
        'fixture door',
        'fixture toilet',
        'fixture stairs',
        'fixture other',
      ]);
      expect(parts(el, 'fixture').every((f) => !f.hasAttribute('tabindex') && !f.querySelector('button'))).to.equal(true);
      // One tab stop per deck: its first available seat.
      const firstFree = (deck: number) => parts(el, 'grid')[deck]!.querySelector('[data-state="available"]')!;
      expect(parts(el, 'seat').filter((s) => s.tabIndex === 0)).to.deep.equal([firstFree(0), firstFree(1)]);
      const paths = (await server!.requests()).map((r) => r.path);
      // Two decks: the search says whether the site sells the upper one (it does: both drawn).
      expect(paths).to.deep.equal(['/wp-json/', '/wp-json/wbtm/v1/buses/41', '/wp-json/wbtm/v1/buses/41/seats', '/wp-json/wbtm/v1/buses/search']);
      await expect(el).to.be.accessible();
    });

    it('double-decker as tabs (`deck-layout="tabs"`): a tablist, one visible panel, arrows switch; accessible', async () => {
      const el = seatMap({ baseUrl: base(), busId: '49', date: today(), deckLayout: 'tabs' });
      await settled(el);
      const tabs = parts(el, 'tab');
      expect(part(el, 'tabs')!.getAttribute('role')).to.equal('tablist');
      expect(tabs.map((t) => [text(t), t.getAttribute('aria-selected')])).to.deep.equal([
        ['Lower deck', 'true'],
        ['Upper deck', 'false'],
      ]);
      const [lowerPanel, upperPanel] = parts(el, 'deck');
      expect([lowerPanel!.hidden, upperPanel!.hidden, lowerPanel!.getAttribute('role')]).to.deep.equal([false, true, 'tabpanel']);
      await expect(el).to.be.accessible();
      tabs[1]!.click();
      await el.updateComplete;
      expect([lowerPanel!.hidden, upperPanel!.hidden]).to.deep.equal([true, false]);
      tabs[1]!.focus();
      tabs[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
      await el.updateComplete;
      expect([lowerPanel!.hidden, upperPanel!.hidden]).to.deep.equal([false, true]);
      expect(el.shadowRoot!.activeElement).to.equal(tabs[0]);
      await expect(el).to.be.accessible();
    });

    it('43 with a switched-off upper deck shows one deck, no tabs, no phantom grid', async () => {
      const el = seatMap({ baseUrl: base(), busId: '43', date: today(), deckLayout: 'tabs' });
      await settled(el);
      expect(parts(el, 'grid')).to.have.length(1);
      expect(part(el, 'tabs')).to.equal(null);
      expect(part(el, 'deck')!.getAttribute('part')).to.equal('deck lower');
      expect(drawn(el)[0]!.at(-1)).to.equal('K1 K2 K3 K4 K5');
      await expect(el).to.be.accessible();
    });

    it('44 with an upper deck filled in, then switched off: sent with seats, but the search sells only the lower deck, so only that is shown', async () => {
      const el = seatMap({ baseUrl: base(), busId: '44', date: today(), deckLayout: 'tabs' });
      await settled(el);
      const sent = await getSeatMap(new ApiClient({ baseUrl: base() }), 44, { date: today() });
      expect(
        sent.decks.map((deck) => deck.level),
        'the site sends both decks',
      ).to.deep.equal(['lower', 'upper']);
      expect(parts(el, 'grid')).to.have.length(1);
      expect(part(el, 'tabs')).to.equal(null);
      expect(part(el, 'deck')!.getAttribute('part')).to.equal('deck lower');
      expect(drawn(el).flat().join(' ')).not.to.match(/\bHA\d/);
      const search = (await server!.requests()).find((r) => r.path === '/wp-json/wbtm/v1/buses/search')!;
      const sold = (await (await fetch(`${server!.origin}${search.path}${search.search}`)).json()) as { buses: Array<{ id: number; total_seats: number }> };
      expect(parts(el, 'seat')).to.have.length(sold.buses.find((bus) => bus.id === 44)!.total_seats);
      await expect(el).to.be.accessible();
    });

    it('42 with ragged rows: short rows padded with gaps; window and aisle from the layout', async () => {
      const el = seatMap({ baseUrl: base(), busId: '42', date: today() });
      await settled(el);
      const rows = drawn(el)[0]!;
      expect(rows[0]).to.equal('[Driver] . [Door] . .');
      expect(rows.at(-1)).to.equal('[Toilet] . I1 I2 .');
      expect(rows.every((row) => row.split(' ').length === 5)).to.equal(true);
      expect(seat(el, 'I1').getAttribute('aria-label')).to.match(/^Seat I1, aisle, available/);
      expect(seat(el, 'I2').getAttribute('aria-label')).to.match(/^Seat I2, window, available/);
      expect(seat(el, 'B2').getAttribute('aria-label')).to.match(/^Seat B2, aisle, available/);
      await expect(el).to.be.accessible();
    });

    it('45 without a seat plan: "N of M seats available" from the server', async () => {
      const el = seatMap({ baseUrl: base(), busId: '45', date: today() });
      await settled(el);
      expect(text(part(el, 'no-plan'))).to.match(/^\d+ of 30 seats available\.$/);
      expect(part(el, 'grid')).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('40 today: the server’s booked seats are booked here, focusable but refused with a message', async () => {
      const expected = await getSeatMap(new ApiClient({ baseUrl: base() }), 40, { date: today() });
      const bookedNames = expected.decks
        .flatMap((d) => d.cells.flat())
        .filter((c) => c?.kind === 'seat' && c.status !== 'available')
        .map((c) => c!.name);
      expect(bookedNames.length).to.be.greaterThan(0);
      const el = seatMap({ baseUrl: base(), busId: '40', date: today() });
      await settled(el);
      const shown = parts(el, 'seat')
        .filter((s) => s.getAttribute('aria-disabled') === 'true')
        .map((s) => s.textContent);
      expect(shown).to.deep.equal(bookedNames);
      const taken = seat(el, bookedNames[0]!);
      expect(taken.tabIndex).to.equal(-1);
      taken.click();
      await el.updateComplete;
      expect(taken.getAttribute('aria-pressed')).to.equal('false');
      expect(el.value).to.deep.equal([]);
      expect(announced(el)).to.match(new RegExp(`^Seat ${bookedNames[0]} is (booked|held) and cannot be chosen\\.$`));
    });

    it('refuses an unknown bus (400 wbtm_invalid_bus) with the not-found message', async () => {
      const el = seatMap({ baseUrl: base(), busId: '999', date: today() });
      await settled(el);
      expect(text(part(el, 'error-message'))).to.equal('This bus was not found on the site.');
    });
  });
});
