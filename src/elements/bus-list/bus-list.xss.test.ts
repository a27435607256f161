// Hostile text in every field a bus site controls must stay inert text, in the list and on the board.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { cacheForOrigin } from '../../api/cache.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { contractBus, contractPage, pluginBus, pluginSearch } from './bus-list.test-support.js';

const FLAG = '__twBusXss';
const hit = `window.${FLAG}=1`;
const PAYLOADS = [
  `<img src=x onerror="${hit}">`,
  `<script>${hit}</script>`,
  `<svg onload="${hit}"></svg>`,
  `&lt;img src=x onerror="${hit}"&gt;`,
  `&#60;script&#62;${hit}&#60;/script&#62;`,
  `"><img src=x onerror=${hit}>`,
  `<iframe srcdoc="<script>parent.${hit}</script>"></iframe>`,
  `<details open ontoggle="${hit}">x</details>`,
];

function expectInert(el: BusList): void {
  expect((window as unknown as Record<string, unknown>)[FLAG]).to.equal(undefined);
  const root = el.shadowRoot!;
  expect(root.querySelectorAll('script, img, svg, iframe, details, object, embed').length).to.equal(0);
  for (const node of root.querySelectorAll('*')) {
    for (const attribute of node.attributes) expect(attribute.name.startsWith('on'), `${node.localName}[${attribute.name}]`).to.equal(false);
  }
}

describe('<bus-list> with hostile content', () => {
  let server: LoopbackServer;
  afterEach(async () => {
    cacheForOrigin(server.origin).clear();
    await server.stop();
  });

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
      if (board) {
        el.scheduler = new FakeScheduler(new Date(2026, 10, 30, 8, 0).getTime());
        el.pageSignals = new FakePageSignals();
      }
      fixtureSync(html`<div></div>`).append(el);
      const selector = board ? 'tbody tr' : '[part~="item"]';
      await waitUntil(() => el.shadowRoot!.querySelectorAll(selector).length === PAYLOADS.length, 'every bus renders', { timeout: 8000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expectInert(el);
      const names = [...el.shadowRoot!.querySelectorAll('[part~="select"]')].map((b) => b.textContent!.trim());
      expect(names[0]).to.equal('B0'); // tags stripped by the normalizer
      expect(names.some((name) => name.includes('&lt;') || name.includes('<img'))).to.equal(true); // escaped text stays text
    });
  }

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
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectInert(el);
    // A name that is nothing but a tag becomes empty; the button still has a name.
    expect(el.shadowRoot!.querySelector('[part~="select"]')!.textContent!.trim()).to.equal('Bus 1');
  });
});
