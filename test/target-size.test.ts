// WCAG 2.2 SC 2.5.8 Target Size (Minimum), in every element at the page's worst common setting
// (`font-size: 16px; line-height: normal` on the host), at the default test width and at 320 px: each pointer
// target is 24×24 CSS px, or a 24 px circle on its centre meets no other target nor another's circle.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../src/index.js';
import { siteDate } from '../src/shared/wall-clock.js';
import { part, parts, useElementServers } from './helpers/element.js';
import { settled } from './helpers/media.js';
import type { LoopbackServer } from './helpers/servers.js';
import { runMoment } from './helpers/test-doubles.js';

type El = HTMLElement & { updateComplete: Promise<unknown>; authorization?: string };
const TOKEN = 'staff-token-for-target-size-0123456789';
const MIN = 24;
const PAGE_SETTING = 'font-size: 16px; line-height: normal';
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex][role="button"], [tabindex][role="gridcell"], [tabindex][role="option"], [tabindex][role="checkbox"]';

interface Target {
  name: string;
  box: DOMRect;
}

const centre = (box: DOMRect) => [box.left + box.width / 2, box.top + box.height / 2] as const;

/** How a target is named in a report: its part, else its tag and class. */
const nameOf = (node: Element) => node.getAttribute('part') ?? `${node.localName}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}`;

/** The visible pointer targets of `root`: a label wrapping an input stands for it; a focusable cell around links yields to them. */
function targetsOf(root: ShadowRoot): Target[] {
  const nodes = new Set<Element>();
  for (const node of root.querySelectorAll(INTERACTIVE)) nodes.add(node.closest('label') ?? node);
  return [...nodes]
    .filter((node) => ![...nodes].some((other) => other !== node && node.contains(other)))
    .filter((node) => node.checkVisibility({ visibilityProperty: true }))
    .filter(shown)
    .map((node) => ({ name: nameOf(node), box: node.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 1 && box.height > 1);
}

/** Whether `node`'s centre is inside every box that clips it (a seat list scrolled past a row hides it). */
function shown(node: Element): boolean {
  const [x, y] = centre(node.getBoundingClientRect());
  for (let box = node.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflow === 'visible') continue;
    const edge = box.getBoundingClientRect();
    if (x < edge.left || x > edge.right || y < edge.top || y > edge.bottom) return false;
  }
  return true;
}

const small = (box: DOMRect) => box.width < MIN - 0.01 || box.height < MIN - 0.01;
/** Distance from a point to the nearest point of `box` (0 inside it). */
const distanceTo = ([x, y]: readonly [number, number], box: DOMRect) =>
  Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom));

/** Every undersized target whose 24 px circle meets another target or another undersized target's circle. */
function violations(targets: Target[]): string[] {
  const found: string[] = [];
  for (const target of targets.filter((t) => small(t.box))) {
    const at = centre(target.box);
    for (const other of targets) {
      if (other === target) continue;
      const toBox = distanceTo(at, other.box);
      const toCentre = Math.hypot(at[0] - centre(other.box)[0], at[1] - centre(other.box)[1]);
      if (toBox < MIN / 2 - 0.01 || (small(other.box) && toCentre < MIN - 0.01))
        found.push(
          `${target.name} (${target.box.width.toFixed(1)}×${target.box.height.toFixed(1)}) vs ${other.name}: ${toBox.toFixed(1)} px to its box, ${toCentre.toFixed(1)} px between centres`,
        );
    }
  }
  return [...new Set(found)];
}

describe('target size (WCAG 2.5.8): the rule', () => {
  it("the rule itself: a 20 px button needs 24 px to the next small one's centre, 12 px to any box; 24 px ones may touch", async () => {
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const at = (left: number, size = 20) =>
      `<button part="b${left}" style="position:absolute;inset:0 auto auto ${left}px;box-sizing:border-box;width:${size}px;height:${size}px;padding:0"></button>`;
    root.innerHTML = `${at(0)}${at(23)}`;
    expect(violations(targetsOf(root))[0]).to.equal('b0 (20.0×20.0) vs b23: 13.0 px to its box, 23.0 px between centres');
    root.innerHTML = `${at(0)}${at(21, 24)}`;
    expect(violations(targetsOf(root))[0], 'its circle meets a full-size neighbour').to.match(/^b0 .* vs b21: 11\.0 px to its box/);
    root.innerHTML = `${at(0)}${at(24)}`;
    expect(violations(targetsOf(root))).to.deep.equal([]);
    root.innerHTML = `${at(0, 24)}${at(24, 24)}`;
    expect(violations(targetsOf(root))).to.deep.equal([]);
  });
});

for (const width of ['', '; width: 320px']) {
  describe(`target size (WCAG 2.5.8) of every element at font-size 16px, line-height normal${width && ', 320 px wide'}`, () => {
    const servers = useElementServers({ token: TOKEN, clientBusRate: 1000 });
    const base = (server: LoopbackServer) => `${server.origin}/wp-json`;
    const HOST = `${PAGE_SETTING}${width}`;

    const check = (el: El, what: string) => {
      if (width) expect(el.getBoundingClientRect().width, `${what}: the narrow width applies`).to.equal(320);
      const targets = targetsOf(el.shadowRoot!);
      expect(targets.length, `${what}: targets found`).to.be.greaterThan(0);
      expect(violations(targets), what).to.deep.equal([]);
    };

    for (const layout of ['list', 'grid', 'compact'] as const)
      it(`<event-list layout="${layout}">: search, links, an open "Add to calendar" menu and the pager`, async () => {
        const el = await fixture<El>(html`<event-list style=${HOST} base-url=${base(servers.contract)} per-page="3" searchable layout=${layout}></event-list>`);
        await settled(el, ['[part~="item"]']);
        part(el, 'calendar-toggle')!.click();
        await waitUntil(() => part(el, 'calendar-google'), 'the calendar menu opens', { timeout: 8000 });
        check(el, `event-list ${layout}`);
      });

    it('<event-list view="month">: month buttons and the day\'s event links', async () => {
      const el = await fixture<El>(html`<event-list style=${HOST} base-url=${base(servers.contract)} view="month"></event-list>`);
      await settled(el, ['[part~="month-nav"] button']);
      // The month shows events.
      await settled(el, ['a[href]']);
      check(el, 'event-list month');
    });

    it('<event-speaker-list>: links and the pager', async () => {
      const el = await fixture<El>(html`<event-speaker-list style=${HOST} base-url=${base(servers.contract)} per-page="2"></event-speaker-list>`);
      await settled(el, ['[part~="item"]']);
      check(el, 'event-speaker-list');
    });

    for (const tag of ['event-category-select', 'event-organizer-select'] as const)
      it(`<${tag}>: the select`, async () => {
        const el = document.createElement(tag) as El;
        el.setAttribute('base-url', base(servers.contract));
        el.setAttribute('style', HOST);
        await fixture(html`<div>${el}</div>`);
        await settled(el, ['select option:nth-child(2)']);
        check(el, tag);
      });

    for (const board of [false, true])
      it(`<bus-list${board ? ' board' : ''}>: the bus buttons`, async () => {
        const el = await fixture<El>(html`<bus-list style=${HOST} base-url=${base(servers.plugin)} from="Paris" to="Berlin" ?board=${board}></bus-list>`);
        await settled(el, ['[part~="select"]']);
        check(el, board ? 'bus-list board' : 'bus-list');
      });

    it('<bus-route-select>: From and To', async () => {
      const el = await fixture<El>(html`<bus-route-select style=${HOST} base-url=${base(servers.plugin)}></bus-route-select>`);
      await settled(el, ['[part~="from-select"] option:nth-child(2)']);
      check(el, 'bus-route-select');
    });

    it('<bus-route-map>: a read-only map, nothing to press', async () => {
      const el = await fixture<El>(html`<bus-route-map style=${HOST} base-url=${base(servers.plugin)} bus-id="41" live></bus-route-map>`);
      await settled(el, ['[part~="stop"]']);
      expect(targetsOf(el.shadowRoot!).map((t) => t.name)).to.deep.equal([]);
    });

    for (const [bus, layout] of [
      ['41', 'auto'],
      ['49', 'tabs'],
    ] as const)
      it(`<bus-seat-map> bus ${bus}, decks ${layout}: seats, deck tabs, the list toggle and the open seat list`, async () => {
        // The day the reference API is seeded at (the run's moment), not whichever day the page's clock has reached.
        const el = await fixture<El>(
          html`<bus-seat-map
            style=${HOST}
            base-url=${base(servers.plugin)}
            bus-id=${bus}
            deck-layout=${layout}
            date=${siteDate(runMoment(), null)}
          ></bus-seat-map>`,
        );
        await settled(el, ['[part~="content"]']);
        parts(el, 'seat')
          .find((seat) => seat.dataset['state'] === 'available')!
          .click();
        part(el, 'list-toggle')!.click();
        await el.updateComplete;
        await waitUntil(() => part(el, 'seat-option'), 'the seat list opens');
        check(el, `bus-seat-map ${bus} ${layout}`);
      });

    for (const tag of ['bus-passenger-list', 'event-attendee-list'] as const)
      it(`<${tag}>: toolbar, sort buttons, row buttons and the pager`, async () => {
        const el = document.createElement(tag) as El;
        el.setAttribute('base-url', base(servers.staff));
        el.setAttribute('per-page', '5');
        el.setAttribute('style', HOST);
        el.authorization = `Bearer ${TOKEN}`;
        await fixture(html`<div>${el}</div>`);
        await settled(el, ['[part~="row"]']);
        check(el, tag);
      });
  });
}
