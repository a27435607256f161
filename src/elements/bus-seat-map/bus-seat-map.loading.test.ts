// The previous map while the next bus loads: shown, but its seats do not work until the new ones are in.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { holdRequests } from '../../../test/helpers/fetches.js';
import { part, parts, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import { coach, contractDetailBody, deck, seat, seatMap, settled } from './bus-seat-map.test-support.js';

describe('<bus-seat-map> while the next bus loads', () => {
  let server: LoopbackServer | undefined;
  let held: ReturnType<typeof holdRequests> | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });
  afterEach(() => {
    held?.release();
    held?.restore();
    held = undefined;
  });

  it('shows the previous seats aria-disabled, the decks aria-busy, and fires nothing for a click or a key; all works again once the bus is in', async () => {
    server = await scriptedServer([], {
      'buses/7': [{ body: contractDetailBody([deck(coach(3))], { id: 7, name: 'Bus Seven' }) }],
      'buses/8': [{ body: contractDetailBody([deck(coach(3))], { id: 8, name: 'Bus Eight' }) }],
    });
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'contract', lang: 'en' });
    await settled(el);
    expect(part(el, 'decks')!.hasAttribute('aria-busy')).to.equal(false);
    expect(parts(el, 'seat').some((s) => s.hasAttribute('aria-disabled'))).to.equal(false);

    const fired: string[] = [];
    for (const name of ['seat-select', 'seat-deselect', 'selection-change', 'change']) el.addEventListener(name, () => fired.push(name));
    held = holdRequests('buses/8');
    el.busId = '8';
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    expect(text(part(el, 'bus-name'))).to.equal('Bus Seven'); // the previous map, still shown
    expect(part(el, 'decks')!.getAttribute('aria-busy')).to.equal('true');
    const shown = parts(el, 'seat').filter((s) => s.tagName === 'BUTTON');
    expect(shown.length).to.be.greaterThan(0);
    expect(shown.filter((s) => s.getAttribute('aria-disabled') !== 'true').map((s) => s.textContent)).to.deep.equal([]);

    seat(el, 'A1').click();
    seat(el, 'A2').focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: ' ' });
    await el.updateComplete;
    expect(el.value).to.deep.equal([]);
    expect(fired).to.deep.equal([]);

    held.release();
    await settled(el);
    await el.updateComplete;
    expect(text(part(el, 'bus-name'))).to.equal('Bus Eight');
    expect(part(el, 'decks')!.hasAttribute('aria-busy')).to.equal(false);
    expect(parts(el, 'seat').some((s) => s.hasAttribute('aria-disabled'))).to.equal(false);
    seat(el, 'A1').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1']);
    expect(fired).to.include('seat-select');
  });

  it('required while the bus loads: a loading message, not a silent refusal; then the required message, in German too', async () => {
    server = await scriptedServer([], { 'buses/7': [{ body: contractDetailBody([deck(coach(3))], { id: 7 }) }] });
    held = holdRequests('buses/7');
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'contract', lang: 'en', required: true, name: 'seats' });
    const form = document.createElement('form');
    el.replaceWith(form);
    form.append(el);
    await el.updateComplete;
    expect(el.pending).to.equal(true);
    form.requestSubmit();
    expect(el.reportValidity()).to.equal(false);
    expect(el.validationMessage).to.equal('Still loading, please wait.');
    el.lang = 'de';
    // The German strings are a chunk fetched from the test server on first use.
    await waitUntil(() => el.validationMessage === 'Wird noch geladen, bitte warten.', 'the German loading message', { timeout: 8000 });
    el.lang = 'en';
    held.release();
    await settled(el);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Please choose a seat.');
    seat(el, 'A1').click();
    expect(el.checkValidity()).to.equal(true);
  });
});
