// Choosing seats: limits, events and their cancelation, the form value, the list alternative, the live region.
import { expect, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { lateDefinition, part, parts, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import { BusSeatMap, type SeatEventDetail, type SelectionChangeDetail } from './bus-seat-map.js';
import { announced, busRoutes, coach, deck, labelOf, pluginBusBody, pluginSeatsBody, seat, seatMap, settled } from './bus-seat-map.test-support.js';

/** Lower deck: a 2+2 coach with A2 booked and B3 held; upper deck: two rows of U seats. */
const DECKS = [
  deck(coach(3, { A2: '!', B3: '?' }), 'lower'),
  deck(
    [
      ['#stairs', '', 'UA1', 'UA2'],
      ['UB1', 'UB2', '', 'UB3'],
    ],
    'upper',
  ),
];

describe('<bus-seat-map> selection', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server, { cleanup: true });

  async function start(props: Record<string, unknown> = {}, container?: HTMLElement): Promise<BusSeatMap> {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody(DECKS) }] }));
    const el = document.createElement('bus-seat-map');
    Object.assign(el, { baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang: 'en', ...props });
    (container ?? fixtureSync(html`<div></div>`)).append(el);
    await settled(el);
    return el;
  }

  it('click selects and deselects: aria-pressed, label, summary, total and the live region follow', async () => {
    const el = await start();
    const a1 = seat(el, 'A1');
    a1.click();
    await el.updateComplete;
    expect([a1.getAttribute('aria-pressed'), a1.dataset['state'], a1.getAttribute('part')]).to.deep.equal(['true', 'selected', 'seat selected']);
    expect(labelOf(a1)).to.equal('Seat A1, window, selected, €40.00');
    expect(announced(el)).to.equal('Seat A1 selected. 1 of 4 seats chosen.');
    expect(part(el, 'announcer')!.getAttribute('aria-live')).to.equal('polite');
    expect(parts(el, 'selected-name').map(text)).to.deep.equal(['A1 · Lower deck']);
    expect(text(part(el, 'count'))).to.equal('1 of 4 seats chosen.');
    seat(el, 'UA2').click();
    await el.updateComplete;
    expect(text(part(el, 'total'))).to.equal('Total €80.00');
    expect(el.value).to.deep.equal(['A1', 'UA2']);
    a1.click();
    await el.updateComplete;
    expect(a1.getAttribute('aria-pressed')).to.equal('false');
    expect(announced(el)).to.equal('Seat A1 deselected. 1 of 4 seats chosen.');
    expect(el.value).to.deep.equal(['UA2']);
    await expect(el).to.be.accessible();
  });

  it('enforces max-seats with a visible notice and a polite announcement', async () => {
    const el = await start({ maxSeats: 2 });
    seat(el, 'A1').click();
    seat(el, 'A3').click();
    seat(el, 'A4').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1', 'A3']);
    expect(seat(el, 'A4').getAttribute('aria-pressed')).to.equal('false');
    const message = 'You can choose at most 2 seats. Deselect a seat to choose another.';
    expect(text(part(el, 'notice'))).to.equal(message);
    expect(announced(el)).to.equal(message);
    expect(text(part(el, 'count'))).to.equal('2 of 2 seats chosen.');
    await expect(el).to.be.accessible();
    // Deselecting makes room and clears the notice.
    seat(el, 'A1').click();
    seat(el, 'A4').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A3', 'A4']);
    expect(part(el, 'notice')).to.equal(null);
  });

  it('refuses booked and held seats (still focusable, aria-disabled) with a message', async () => {
    const el = await start();
    for (const [name, word] of [
      ['A2', 'booked'],
      ['B3', 'held'],
    ] as const) {
      const button = seat(el, name);
      expect([button.getAttribute('aria-disabled'), button.dataset['state']]).to.deep.equal(['true', word]);
      button.focus();
      expect(el.shadowRoot!.activeElement).to.equal(button);
      button.click();
      await el.updateComplete;
      expect(announced(el)).to.equal(`Seat ${name} is ${word} and cannot be chosen.`);
    }
    expect(el.value).to.deep.equal([]);
  });

  it('fires cancelable seat-select / seat-deselect, then change, then selection-change with every seat', async () => {
    const el = await start();
    const log: string[] = [];
    for (const type of ['seat-select', 'seat-deselect', 'change', 'selection-change']) el.addEventListener(type, () => log.push(type));
    const selected = oneEvent(el, 'seat-select') as Promise<CustomEvent<SeatEventDetail>>;
    const changed = oneEvent(el, 'selection-change') as Promise<CustomEvent<SelectionChangeDetail>>;
    seat(el, 'UB1').click();
    const event = await selected;
    expect([event.bubbles, event.composed, event.cancelable]).to.deep.equal([true, true, true]);
    expect(event.detail.seat).to.deep.equal({
      name: 'UB1',
      deck: 'upper',
      position: 'window',
      label: 'Seat UB1, window',
      passengerType: 'adult',
      fare: { type: 'adult', name: 'Adult', price: 40 },
      price: 40,
    });
    const change = await changed;
    expect(change.detail).to.deep.include({ total: 40, busId: 7, date: '2026-11-30', boarding: 'Paris', dropping: 'Berlin', reason: 'select' });
    expect(change.detail.seats.map((s) => s.name)).to.deep.equal(['UB1']);
    expect(log).to.deep.equal(['seat-select', 'change', 'selection-change']);

    // Cancelled: nothing changes, no change events.
    log.length = 0;
    el.addEventListener('seat-select', (e) => e.preventDefault(), { once: true });
    seat(el, 'A1').click();
    el.addEventListener('seat-deselect', (e) => e.preventDefault(), { once: true });
    seat(el, 'UB1').click();
    // A selection-change is fired once the update it requested completes: none is on its way.
    await el.updateComplete;
    expect(log).to.deep.equal(['seat-select', 'seat-deselect']);
    expect(el.value).to.deep.equal(['UB1']);
    expect(seat(el, 'A1').getAttribute('aria-pressed')).to.equal('false');

    const deselected = oneEvent(el, 'seat-deselect') as Promise<CustomEvent<SeatEventDetail>>;
    seat(el, 'UB1').click();
    expect((await deselected).detail.seat.name).to.equal('UB1');
    expect((await (oneEvent(el, 'selection-change') as Promise<CustomEvent<SelectionChangeDetail>>)).detail).to.deep.include({
      seats: [],
      total: null,
      reason: 'deselect',
    });
    // Nothing from the cancelled clicks came later either: the first change events after them are the deselect's.
    expect(log).to.deep.equal(['seat-select', 'seat-deselect', 'seat-deselect', 'change', 'selection-change']);
  });

  it('submits one `seats=SEAT:TYPE` entry per seat, resets with the form, and is not submitted when disabled', async () => {
    const form = fixtureSync(
      html`<form>
        <fieldset><input name="trip" value="x" /></fieldset>
      </form>`,
    ) as HTMLFormElement;
    const el = await start({}, form.querySelector('fieldset')!);
    expect(el.form).to.equal(form);
    expect([...new FormData(form).getAll('seats')]).to.deep.equal([]);
    seat(el, 'A1').click();
    seat(el, 'UA1').click();
    await el.updateComplete;
    (part(el, 'passenger-type') as HTMLSelectElement).value = 'child';
    part(el, 'passenger-type')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect([...new FormData(form).getAll('seats')]).to.deep.equal(['A1:child', 'UA1:adult']);
    expect([...new FormData(form).keys()]).to.deep.equal(['trip', 'seats', 'seats']);

    el.name = 'seat';
    await el.updateComplete;
    expect([...new FormData(form).getAll('seat')]).to.deep.equal(['A1:child', 'UA1:adult']);

    form.querySelector('fieldset')!.disabled = true;
    await el.updateComplete;
    expect([...new FormData(form).getAll('seat')]).to.deep.equal([]);
    seat(el, 'A3').click();
    expect(el.value).to.deep.equal(['A1', 'UA1']);
    form.querySelector('fieldset')!.disabled = false;

    const reset = oneEvent(el, 'selection-change') as Promise<CustomEvent<SelectionChangeDetail>>;
    form.reset();
    expect((await reset).detail.reason).to.equal('reset');
    expect(el.value).to.deep.equal([]);
    expect([...new FormData(form).getAll('seat')]).to.deep.equal([]);
    expect(seat(el, 'A1').getAttribute('aria-pressed')).to.equal('false');
  });

  it('back/forward: the restored seats are chosen again with their passenger types; one booked since is dropped with a notice and an announcement', async () => {
    const state = new FormData();
    for (const entry of ['A1:child', 'A2:adult']) state.append('seats', entry); // A2 is booked by now
    const message = 'Seat A2 is no longer available and was removed from your selection.';
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody(DECKS), delayMs: 300 }] }));
    const form = fixtureSync(html`<form></form>`) as HTMLFormElement;
    const map = () => {
      const el = document.createElement('bus-seat-map');
      Object.assign(el, { baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30', currency: 'EUR', lang: 'en' });
      form.append(el);
      return el;
    };
    const restore = (el: BusSeatMap) =>
      (el as unknown as { formStateRestoreCallback(state: FormData, mode: string): void }).formStateRestoreCallback(state, 'restore');
    // The browser restores as the page is parsed, before the seats arrive…
    const early = map();
    restore(early);
    await settled(early);
    expect(early.value).to.deep.equal(['A1']);
    expect(early.selection.map((s) => s.passengerType)).to.deep.equal(['child']);
    expect(seat(early, 'A1').getAttribute('aria-pressed')).to.equal('true');
    expect(text(part(early, 'notice'))).to.equal(message);
    expect(announced(early)).to.equal(message);
    // …or onto a map already shown.
    const late = map();
    await settled(late);
    restore(late);
    await late.updateComplete;
    expect(late.value).to.deep.equal(['A1']);
    expect(text(part(late, 'notice'))).to.equal(message);
    expect(announced(late)).to.equal(message);
    expect([...new FormData(form).getAll('seats')]).to.deep.equal(['A1:child', 'A1:child']);
  });

  it('required: invalid while no seat is chosen, valid after one', async () => {
    const el = await start({ required: true });
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Please choose a seat.');
    seat(el, 'A1').click();
    expect(el.checkValidity()).to.equal(true);
  });

  it('value: set by script (with passenger types), unavailable and unknown seats dropped; clearSelection()', async () => {
    const el = await start();
    const events: SelectionChangeDetail[] = [];
    el.addEventListener('selection-change', (e) => events.push(e.detail));
    let changes = 0;
    el.addEventListener('change', () => changes++);
    el.value = ['A1:child', 'A2', 'Z9', 'UB3'];
    expect(el.value).to.deep.equal(['A1', 'UB3']);
    expect(el.selection.map((s) => s.passengerType)).to.deep.equal(['child', 'adult']);
    await el.updateComplete;
    expect(seat(el, 'UB3').getAttribute('aria-pressed')).to.equal('true');
    const cleared = oneEvent(el, 'selection-change');
    el.clearSelection();
    await cleared;
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    expect(events.map((e) => e.reason)).to.deep.equal(['value', 'clear']);
    expect(changes).to.equal(0);
  });

  it('a value set before the layout arrives waits for it', async () => {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody(DECKS), delayMs: 100 }] }));
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', date: '2026-11-30' });
    el.value = ['A2', 'A3'];
    expect(el.value).to.deep.equal(['A2', 'A3']);
    await settled(el);
    expect(el.value).to.deep.equal(['A3']);
    // Dropped quietly: the visitor never saw A2 chosen.
    expect(part(el, 'notice')).to.equal(null);
  });

  it('a value set before the element is defined is chosen and submitted; a reset clears it', async () => {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats: [{ body: pluginSeatsBody(DECKS) }] }));
    const { tag, define } = lateDefinition(BusSeatMap);
    const form = fixtureSync<HTMLFormElement>(html`<form></form>`);
    const el = document.createElement(tag) as BusSeatMap;
    for (const [name, value] of Object.entries({ 'base-url': `${server.origin}/wp-json`, 'bus-id': '7', dialect: 'plugin', date: '2026-11-30' }))
      el.setAttribute(name, value);
    form.append(el);
    el.value = ['A1', 'A3']; // the page's script, before the loader defined the element
    define();
    await settled(el);
    expect(seat(el, 'A3').getAttribute('aria-pressed')).to.equal('true');
    expect([...new FormData(form).getAll('seats')]).to.deep.equal(['A1:adult', 'A3:adult']);
    form.reset();
    expect(el.value).to.deep.equal([]);
  });

  it('the list alternative: the first Tab stop; available seats as checkboxes that select like the grid', async () => {
    const before = fixtureSync(html`<button>before</button>`) as HTMLButtonElement;
    const el = await start({ maxSeats: 2 });
    before.focus();
    await sendKeys({ press: 'Tab' });
    const toggle = part(el, 'list-toggle')!;
    expect(el.shadowRoot!.activeElement).to.equal(toggle);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    const labels = parts(el, 'seat-option').map((l) => text(l).replace(/\u00a0/g, ' '));
    expect(labels.slice(0, 3)).to.deep.equal([
      'Lower deck: Seat A1, window, €40.00',
      'Lower deck: Seat A3, aisle, €40.00',
      'Lower deck: Seat A4, window, €40.00',
    ]);
    expect(labels.some((l) => /Seat (A2|B3),/.test(l))).to.equal(false); // booked and held are not offered
    expect(labels.at(-1)).to.equal('Upper deck: Seat UB3, window, €40.00');
    await expect(el).to.be.accessible();

    const box = (name: string) =>
      parts(el, 'seat-option')
        .find((l) => text(l).includes(`Seat ${name},`))!
        .querySelector('input')!;
    box('A1').click();
    box('UA1').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1', 'UA1']);
    expect(seat(el, 'UA1').getAttribute('aria-pressed')).to.equal('true');
    // Over the limit: refused, and the box is unticked again.
    box('A4').click();
    await el.updateComplete;
    expect(box('A4').checked).to.equal(false);
    expect(announced(el)).to.equal('You can choose at most 2 seats. Deselect a seat to choose another.');
    box('A1').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['UA1']);
    expect(box('A1').checked).to.equal(false);
    // A cancelled seat-select unticks the box too.
    el.addEventListener('seat-select', (e) => e.preventDefault(), { once: true });
    box('A3').click();
    await el.updateComplete;
    expect([box('A3').checked, el.value]).to.deep.equal([false, ['UA1']]);
  });

  it('Clear selection in the summary clears, announces and fires change', async () => {
    const el = await start();
    seat(el, 'A1').click();
    await el.updateComplete;
    const changed = oneEvent(el, 'change');
    part(el, 'clear')!.click();
    await changed;
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    expect(announced(el)).to.equal('Selection cleared.');
    expect(text(part(el, 'summary-empty'))).to.equal('No seats chosen yet.');
  });

  it('readonly (signage): availability only — focusable cells, no buttons, no list, no summary; accessible', async () => {
    const el = await start({ readonly: true });
    expect(el.shadowRoot!.querySelector('button[part~="seat"]')).to.equal(null);
    const a1 = seat(el, 'A1');
    expect([a1.getAttribute('role'), labelOf(a1)]).to.deep.equal(['gridcell', 'Seat A1, window, available, €40.00']);
    expect(part(el, 'grid')!.getAttribute('aria-readonly')).to.equal('true');
    expect([part(el, 'list-toggle'), part(el, 'summary'), part(el, 'boarding')]).to.deep.equal([null, null, null]);
    expect(text(part(el, 'segment'))).to.equal('Seats from Paris, 9:00 PM to Berlin, 6:45 AM (+1, next day)');
    expect(parts(el, 'legend-item').map(text)).to.deep.equal(['Available', 'Booked', 'Held']);
    a1.click();
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('changing bus-id clears the selection', async () => {
    const el = await start();
    seat(el, 'A1').click();
    const changed = oneEvent(el, 'selection-change') as Promise<CustomEvent<SelectionChangeDetail>>;
    await changed;
    const cleared = oneEvent(el, 'selection-change') as Promise<CustomEvent<SelectionChangeDetail>>;
    el.busId = '8';
    expect((await cleared).detail.reason).to.equal('bus');
    expect(el.value).to.deep.equal([]);
  });
});
