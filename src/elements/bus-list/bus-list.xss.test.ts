// Hostile text in every field a bus site controls must stay inert text, in the list and on the board.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { expectInert as expectInertIn, stopServerAfterEach, xssControlRan, xssPayloads } from '../../../test/helpers/element.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { boardLoaded, contractBus, contractPage, mountBoard, pluginBus, pluginSearch } from './bus-list.test-support.js';

const FLAG = '__twBusXss';
const PAYLOADS = xssPayloads(FLAG, [0, 1, 2, 17, 18, 20, 8, 10]);

const expectInert = (el: BusList) => expectInertIn(el, FLAG);

describe('<bus-list> with hostile content', () => {
  let server: LoopbackServer;
  stopServerAfterEach(() => server);

  const hostileContract = PAYLOADS.map((payload, index) =>
    contractBus({
      id: index + 1,
      name: `B${index} ${payload}`,
      type: payload,
      features: [payload, `F${index}`],
      stops: [
        [`From ${payload}`, `${String(10 + index).padStart(2, '0')}:00`],
        [`To ${payload}`, '23:00'],
      ],
    }),
  );

  for (const board of [false, true]) {
    it(`keeps ${PAYLOADS.length} payloads inert in names, types, features and stops (${board ? 'board' : 'list'})`, async () => {
      server = await scriptedServer([], { 'wbtm/v1/buses': [contractPage(hostileContract)] });
      const el = document.createElement('bus-list') as BusList;
      el.baseUrl = `${server.origin}/wp-json`;
      el.dialect = 'contract';
      el.perPage = 20;
      el.board = board;
      el.lookahead = 0; // the payloads are today's buses
      if (board) {
        el.scheduler = new FakeScheduler(new Date(2026, 10, 30, 8, 0).getTime());
        el.pageSignals = new FakePageSignals();
      }
      fixtureSync(html`<div></div>`).append(el);
      const selector = board ? 'tbody tr' : '[part~="item"]';
      await waitUntil(() => el.shadowRoot!.querySelectorAll(selector).length === PAYLOADS.length, 'every bus renders', { timeout: 8000 });
      await xssControlRan();
      expectInert(el);
      const names = [...el.shadowRoot!.querySelectorAll('[part~="select"]')].map((b) => b.textContent!.trim());
      expect(names[0]).to.equal('B0'); // tags stripped by the normalizer
      expect(names.some((name) => name.includes('&lt;') || name.includes('<img'))).to.equal(true); // escaped text stays text
    });
  }

  it('a board with stop, bus and type names of one 100-letter word stays inside its 800 px container', async () => {
    const word = 'Zentralomnibusbahnhof'.repeat(5);
    const url = `https://example.org/${'a'.repeat(100)}`;
    const bus = contractBus({
      id: 1,
      name: word,
      type: url,
      stops: [
        [word, '10:00'],
        [url, '23:00'],
      ],
    });
    server = await scriptedServer([], { 'wbtm/v1/buses': [contractPage([bus])] });
    const wrapper = fixtureSync(html`<div style="inline-size: 800px"></div>`);
    const el = mountBoard(
      wrapper,
      server.origin,
      { dialect: 'contract', lookahead: '0' },
      new FakeScheduler(new Date(2026, 10, 30, 8, 0).getTime()),
      new FakePageSignals(),
    );
    await boardLoaded(el);
    await waitUntil(() => el.shadowRoot!.querySelector('tbody tr'), 'the bus is on the board', { timeout: 8000 });
    // Before, the table grew to fit the longest word: about 5,000 px.
    expect(el.shadowRoot!.querySelector('table')!.getBoundingClientRect().width).to.be.at.most(800);
    expect(el.scrollWidth).to.be.at.most(800);
  });

  it('keeps payloads inert in a plugin search answer', async () => {
    const buses = PAYLOADS.map((payload, index) =>
      pluginBus({ id: index + 1, name: payload, type: payload, features: [payload], boarding_point: 'Paris', dropping_point: 'Berlin' }),
    );
    server = await scriptedServer([], { 'buses/search': [{ body: pluginSearch(buses) }] });
    const wrapper = fixtureSync(html`<div></div>`);
    const el = document.createElement('bus-list') as BusList;
    el.baseUrl = `${server.origin}/wp-json`;
    el.dialect = 'plugin';
    el.from = 'Paris';
    el.to = 'Berlin';
    el.date = '2026-11-30';
    el.perPage = 20;
    wrapper.append(el);
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="item"]').length === PAYLOADS.length, 'every bus renders', { timeout: 8000 });
    await xssControlRan();
    expectInert(el);
    // A name that is nothing but a tag becomes empty; the button still has a name.
    expect(el.shadowRoot!.querySelector('[part~="select"]')!.textContent!.trim()).to.equal('Bus 1');
  });
});
