// The seat grid by keyboard alone: roving tabindex, arrows, Home/End, Ctrl+Home/End, deck switching, selection.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { part, parts, stopServerAfterEach } from '../../../test/helpers/element.js';
import type { BusSeatMap } from './bus-seat-map.js';
import { announced, busRoutes, deck, pluginBusBody, pluginSeatsBody, seat, settled } from './bus-seat-map.test-support.js';

const LOWER = [
  ['#driver', '', '', '', '#door'],
  ['A1', 'A2!', '', 'A3', 'A4'],
  ['#toilet', '', '', '', ''],
  ['B1', '', '', '', 'B4'],
  ['C1', 'C2', 'C3', 'C4', 'C5'],
];
const UPPER = [
  ['#stairs', '', 'UA1', 'UA2'],
  ['UB1', 'UB2', '', 'UB3'],
];

describe('<bus-seat-map> keyboard', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { cleanup: true });

  const seats: Reply = { body: pluginSeatsBody([deck(LOWER, 'lower'), deck(UPPER, 'upper')]) };

  /** The map of bus 7; its seat requests are answered from `seatReplies` in turn (the last repeats). */
  async function start(props: Record<string, unknown> = {}, seatReplies: Reply[] = [seats]): Promise<{ el: BusSeatMap; before: HTMLButtonElement }> {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: seatReplies }));
    const wrapper = fixtureSync(html`<div><button>before</button></div>`);
    const el = document.createElement('bus-seat-map');
    Object.assign(el, { baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30', lang: 'en', ...props });
    wrapper.append(el);
    await settled(el);
    return { el, before: wrapper.querySelector('button')! };
  }

  const focused = (el: BusSeatMap) => el.shadowRoot!.activeElement?.textContent ?? '';

  async function press(el: BusSeatMap, ...keys: string[]): Promise<string[]> {
    const seen: string[] = [];
    for (const key of keys) {
      const [modifier, main] = key.length > 1 && key.includes('+') ? key.split('+') : [];
      if (modifier && main) {
        await sendKeys({ down: modifier });
        await sendKeys({ press: main });
        await sendKeys({ up: modifier });
      } else {
        await sendKeys({ press: key });
      }
      await el.updateComplete;
      seen.push(focused(el));
    }
    return seen;
  }

  it('moves between seats only: gaps and fixtures skipped, booked seats reachable, edges hold; one tab stop follows focus', async () => {
    const { el } = await start();
    seat(el, 'A1').focus();
    expect(await press(el, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight')).to.deep.equal(['A2', 'A3', 'A4', 'A4']);
    expect(await press(el, 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp')).to.deep.equal(['B4', 'C5', 'B4', 'A4', 'A4']);
    expect(await press(el, 'Home', 'End', 'ArrowLeft')).to.deep.equal(['A1', 'A4', 'A3']);
    expect(await press(el, 'Control+End', 'Control+Home')).to.deep.equal(['C5', 'A1']);
    // The tab stop moved with focus: only A1 of the lower deck is in the Tab order.
    await press(el, 'ArrowDown');
    expect(
      parts(el, 'seat')
        .filter((s) => s.tabIndex === 0)
        .map((s) => s.textContent),
    ).to.deep.equal(['B1', 'UA1']);
    expect(parts(el, 'fixture').some((f) => f.tabIndex >= 0)).to.equal(false);
  });

  it('selects two seats on two decks with the keyboard alone, then reaches the summary', async () => {
    const { el, before } = await start();
    before.focus();
    // Tab order: list toggle, boarding, dropping, lower grid, upper grid.
    expect(await press(el, 'Tab')).to.deep.equal([part(el, 'list-toggle')!.textContent!]);
    await press(el, 'Tab', 'Tab', 'Tab');
    expect(focused(el)).to.equal('A1');
    await press(el, ' ');
    expect(seat(el, 'A1').getAttribute('aria-pressed')).to.equal('true');
    expect(announced(el)).to.equal('Seat A1 selected. 1 of 4 seats chosen.');
    expect(await press(el, 'PageDown', 'ArrowDown', 'ArrowRight', 'ArrowRight')).to.deep.equal(['UA1', 'UB2', 'UB3', 'UB3']);
    await press(el, 'ArrowLeft', 'Enter');
    expect(focused(el)).to.equal('UB2');
    expect(el.value).to.deep.equal(['A1', 'UB2']);
    expect(announced(el)).to.equal('Seat UB2 selected. 2 of 4 seats chosen.');
    // PageUp returns to the lower deck's tab stop; Tab from a grid leaves it.
    expect(await press(el, 'PageUp', 'PageUp')).to.deep.equal(['A1', 'A1']);
    await press(el, 'Tab', 'Tab');
    expect(el.shadowRoot!.activeElement).to.equal(parts(el, 'passenger-type')[0]);
  });

  it('Enter on "Clear selection" clears, and focus goes to the grid’s tab stop rather than the page', async () => {
    const { el } = await start();
    seat(el, 'A1').focus();
    await press(el, 'ArrowRight', 'ArrowRight', 'Enter');
    expect(el.value).to.deep.equal(['A3']);
    part(el, 'clear')!.focus();
    expect(await press(el, 'Enter')).to.deep.equal(['A3']);
    expect(el.value).to.deep.equal([]);
    expect(part(el, 'clear')).to.equal(null);
    expect(seat(el, 'A3').getAttribute('tabindex')).to.equal('0');
  });

  it('in tab mode PageDown switches the deck tab and focus; the deck tabs are one Tab stop', async () => {
    const { el } = await start({ deckLayout: 'tabs' });
    const [lower, upper] = parts(el, 'deck');
    seat(el, 'A3').focus();
    await press(el, 'PageDown');
    expect(focused(el)).to.equal('UA1');
    expect([lower!.hidden, upper!.hidden]).to.deep.equal([true, false]);
    expect(parts(el, 'tab').map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
    await press(el, 'PageUp');
    expect(focused(el)).to.equal('A3');
    await press(el, 'Shift+Tab');
    expect(el.shadowRoot!.activeElement).to.equal(parts(el, 'tab')[0]);
    await press(el, 'ArrowRight');
    expect(el.shadowRoot!.activeElement).to.equal(parts(el, 'tab')[1]);
    expect(upper!.hidden).to.equal(false);
  });

  // WCAG 2.4.3 and 1.4.10: a window narrowed or zoomed (reflow) must not hide the deck that has focus.
  it('a deck with focus stays shown and focused when the decks turn into tabs (a narrower window, a zoom)', async () => {
    const { el } = await start();
    seat(el, 'A1').focus();
    expect(await press(el, 'Tab'), 'the upper grid, by Tab rather than PageDown').to.deep.equal(['UA1']);
    expect(parts(el, 'tab')).to.have.length(0);
    // The runner fails the test on an error the page hears of (a ResizeObserver loop) too.
    el.parentElement!.style.width = '200px';
    await waitUntil(() => parts(el, 'tab').length === 2, 'the decks turn into tabs');
    // Focus in a deck just hidden falls to the page at the next frame's focus fix-up.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    expect(parts(el, 'tab').map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
    expect(parts(el, 'deck').map((deck) => deck.hidden)).to.deep.equal([true, false]);
    expect(document.activeElement, 'not the page').to.equal(el);
    expect(focused(el)).to.equal('UA1');
  });

  it("a deck tab with focus hands it to that deck's grid when the tabs go (a wider window, a zoom out), not to the map's start", async () => {
    const { el } = await start({}, [seats]);
    el.parentElement!.style.width = '200px';
    await waitUntil(() => parts(el, 'tab').length === 2, 'the decks turn into tabs');
    parts(el, 'tab')[0]!.focus();
    expect(await press(el, 'ArrowRight'), 'the upper deck’s tab').to.deep.equal([parts(el, 'tab')[1]!.textContent]);
    el.parentElement!.style.width = '';
    await waitUntil(() => parts(el, 'tab').length === 0, 'the decks side by side again');
    await el.updateComplete;
    expect(document.activeElement, 'not the page').to.equal(el);
    expect(focused(el)).to.equal('UA1');
  });

  // A stop select goes with the map when the new segment's seats fail: focus must not fall to the page.
  for (const [stop, key, segment] of [
    ['boarding', 'ArrowDown', ['Frankfurt', 'Berlin']],
    ['dropping', 'ArrowUp', ['', 'Hamburg']],
  ] as const) {
    it(`a ${stop} stop picked whose seats fail to load gives focus to Retry, and a Retry that works to the map`, async () => {
      const failure: Reply = { status: 503, body: { code: 'x', message: 'busy', data: { status: 503 } } };
      const { el } = await start({}, [seats, failure, seats]);
      part(el, stop)!.focus();
      await press(el, key);
      await waitUntil(() => part(el, 'retry') && !el.pending, 'Retry', { timeout: 8000 });
      await el.updateComplete;
      expect(el.shadowRoot!.activeElement, 'Retry has focus').to.equal(part(el, 'retry'));
      await press(el, 'Enter');
      await settled(el);
      expect(part(el, 'error')).to.equal(null);
      expect([el.boarding, el.dropping]).to.deep.equal(segment);
      expect(el.shadowRoot!.activeElement, 'the map has focus').to.equal(part(el, 'content'));
    });
  }

  it('a stop picked whose seats load, or whose load a newer pick stopped, holds no focus: where the visitor put it, it stays', async () => {
    const { el } = await start({}, [seats, { ...seats, delayMs: 2000 }, { ...seats, delayMs: 300 }]);
    part(el, 'boarding')!.focus();
    await press(el, 'ArrowDown', 'ArrowDown');
    // The first pick's load is aborted by now, in microtasks, while the select still has focus.
    await new Promise((resolve) => setTimeout(resolve));
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'boarding'));
    // The visitor clicks an empty part of the page while the second pick's seats load.
    part(el, 'boarding')!.blur();
    await settled(el);
    expect(el.boarding).to.equal('Hamburg');
    expect(document.activeElement, 'focus stays on the page').to.equal(document.body);
  });

  it('follows the writing direction: in RTL ArrowLeft goes to the next column', async () => {
    const { el } = await start({ dir: 'rtl', lang: 'ar' });
    seat(el, 'A3').focus();
    expect(await press(el, 'ArrowLeft', 'ArrowRight', 'ArrowRight')).to.deep.equal(['A4', 'A3', 'A2']);
  });

  it('leaves other keys alone and never scrolls the page for the grid keys', async () => {
    const { el } = await start();
    seat(el, 'A1').focus();
    const events: KeyboardEvent[] = [];
    el.shadowRoot!.addEventListener('keydown', (e) => events.push(e as KeyboardEvent));
    await press(el, 'PageDown', 'a');
    expect(events.map((e) => [e.key, e.defaultPrevented])).to.deep.equal([
      ['PageDown', true],
      ['a', false],
    ]);
  });
});
