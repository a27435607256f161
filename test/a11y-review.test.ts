// What an accessibility review (WCAG 2.2 AA) found: focus after a staff list's Retry, a summary table
// at 320 px, a pulse that never stopped, a route select that ignored the page's label; then a departure
// board that widened the page at 320 px and 200% text.
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../src/index.js';
import { cacheForOrigin } from '../src/api/cache.js';
import { part, settled } from './helpers/element.js';
import { focusVisibly } from './helpers/media.js';
import { proxiedServer, referenceServer, scriptedServer, type LoopbackServer } from './helpers/servers.js';
import { pagingHeaders } from './helpers/wire-events.js';
import { wireAttendee, wirePassenger } from './helpers/staff.js';
import { FakeScheduler } from './helpers/test-doubles.js';
import { busBody, PLUGIN_INDEX, routeMap, settled as mapSettled } from '../src/elements/bus-route-map/bus-route-map.test-support.js';

type El = HTMLElement & { updateComplete: Promise<unknown> };
const TOKEN = 'staff-token-for-a11y-review-0123456789';

describe('accessibility under review', () => {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    fixtureCleanup();
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'light' });
    for (const s of servers.splice(0)) {
      cacheForOrigin(s.origin).clear();
      await s.stop();
    }
  });

  // WCAG 2.4.3 Focus Order: the staff lists' Retry gives focus back as every other Retry does.
  for (const tag of ['event-attendee-list', 'bus-passenger-list'] as const)
    it(`<${tag}>: after a keyboard Retry that succeeds, focus stays in the widget (not <body>)`, async () => {
      const body = tag === 'event-attendee-list' ? [wireAttendee(1), wireAttendee(2)] : [];
      const server = await scriptedServer([{ destroy: true }, { destroy: true }, { status: 200, headers: pagingHeaders(body.length, 1), body }]);
      servers.push(server);
      const el = (await fixture(
        tag === 'event-attendee-list'
          ? html`<event-attendee-list base-url=${`${server.origin}/wp-json`} lang="en" .authorization=${'Bearer x'}></event-attendee-list>`
          : html`<bus-passenger-list base-url=${`${server.origin}/wp-json`} lang="en" .authorization=${'Bearer x'}></bus-passenger-list>`,
      )) as El;
      await settled(el, ['error']);
      const retry = part(el, 'retry')!;
      await focusVisibly(retry);
      await sendKeys({ press: 'Enter' });
      await settled(el, ['list', 'empty']);
      await el.updateComplete;
      expect(document.activeElement, 'focus after Retry').to.not.equal(document.body);
      expect(el.shadowRoot!.activeElement, 'something inside the widget holds focus').to.not.equal(null);
    });

  // The shared error box's Retry, for comparison.
  it('<bus-list>: after a keyboard Retry focus goes back into the widget', async () => {
    const server = await scriptedServer([{ destroy: true }, { status: 200, body: [], headers: pagingHeaders(0, 0) }]);
    servers.push(server);
    const el = (await fixture(html`<bus-list base-url=${`${server.origin}/wp-json`} dialect="contract"></bus-list>`)) as El;
    await settled(el, ['error']);
    await focusVisibly(part(el, 'retry')!);
    await sendKeys({ press: 'Enter' });
    await settled(el, ['list', 'empty']);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.not.equal(null);
  });

  // WCAG 1.4.10 Reflow: the passenger manifest table wraps its words rather than widen the widget.
  it('<bus-passenger-list> at 320 px: no horizontal scrolling of the widget outside the table scroller', async () => {
    const proxy = await proxiedServer({ token: TOKEN });
    servers.push(proxy);
    await setViewport({ width: 320, height: 640 });
    const el = (await fixture(
      html`<bus-passenger-list base-url=${`${proxy.origin}/wp-json`} lang="en" .authorization=${`Bearer ${TOKEN}`} per-page="5"></bus-passenger-list>`,
    )) as El;
    await settled(el, ['list']);
    const manifest = part(el, 'manifest')!;
    expect(manifest, 'manifest rendered').to.not.equal(null);
    const right = manifest.getBoundingClientRect().right;
    expect(right, `manifest table right edge ${right}px`).to.be.at.most(320);
    expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(320);
  });

  // WCAG 1.4.10 Reflow, in German at 320 px: the summary tables' words stay whole ("Anzahl", not
  // "Anzah" over "l"), numbers included. A stop name longer than the widget breaks, and only the stop
  // column gives way for it.
  const longStop = 'Donaudampfschifffahrtsgesellschaftshaltestelle';
  for (const stops of [
    ['Amsterdam', 'Strasbourg', 'Frankfurt'],
    ['Amsterdam', 'Strasbourg', 'Frankfurt', longStop],
  ])
    it(`<bus-passenger-list lang="de"> at 320 px, stops ${stops.join(', ')}: summary cells break between words only`, async () => {
      const body = stops.map((stop, n) => wirePassenger(n + 1, { boarding_point: stop, dropping_point: stops[(n + 1) % stops.length]!, price: 4003 }));
      const server = await scriptedServer([{ status: 200, headers: pagingHeaders(body.length, 1), body }]);
      servers.push(server);
      await setViewport({ width: 320, height: 640 });
      const el = (await fixture(
        html`<bus-passenger-list base-url=${`${server.origin}/wp-json`} lang="de" currency="EUR" .authorization=${'Bearer x'}></bus-passenger-list>`,
      )) as El;
      await settled(el, ['list']);
      const lines = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
      };
      const squeezed = stops.includes(longStop) ? '[part~="summary"] :is(thead th, td)' : '[part~="summary"] :is(th, td)';
      const cells = [...el.shadowRoot!.querySelectorAll(squeezed)];
      expect(cells.length, 'summary cells').to.be.greaterThan(10);
      const broken = cells.filter((cell) => lines(cell) > cell.textContent!.trim().split(/\s+/).length).map((cell) => cell.textContent!.trim());
      expect(broken, 'cells broken inside a word').to.deep.equal([]);
      for (const table of ['ticket-types', 'manifest']) expect(part(el, table)!.getBoundingClientRect().right, table).to.be.at.most(320);
      expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(320);
    });

  // WCAG 1.4.10 Reflow: the departure board's table (a data table may scroll) scrolls inside the
  // board, on its ground, rather than widen the page with its light text beyond the board.
  for (const [width, rootSize] of [
    [320, ''],
    [640, '200%'],
  ] as const)
    it(`<bus-list board> at ${width} px${rootSize ? ' and 200% text' : ''}: the table scrolls inside the board, the page does not`, async () => {
      const server = await referenceServer({ dialect: 'plugin', rateLimitPerMinute: 0 });
      servers.push(server);
      await setViewport({ width, height: 640 });
      document.documentElement.style.fontSize = rootSize;
      try {
        const el = (await fixture(html`<bus-list base-url=${`${server.origin}/wp-json`} from="Paris" to="Berlin" board></bus-list>`)) as El;
        await waitUntil(() => !el.hasAttribute('pending') && part(el, 'table'), 'the board shows its table', { timeout: 10000 });
        const board = part(el, 'board')!.getBoundingClientRect();
        const scroller = part(el, 'table')!.parentElement!;
        expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(width);
        expect(scroller.getBoundingClientRect().right, "the table's box ends inside the board").to.be.at.most(board.right);
        expect(getComputedStyle(scroller).overflowX, 'and scrolls').to.equal('auto');
        // By keyboard too: arrow keys scroll it from a bus button inside.
        await focusVisibly(part(el, 'select')!);
        await sendKeys({ press: 'ArrowRight' });
        await waitUntil(() => scroller.scrollLeft > 0, 'the arrow key scrolls the table', { timeout: 2000 });
        await expect(el).to.be.accessible();
      } finally {
        document.documentElement.style.fontSize = '';
      }
    });

  // WCAG 2.2.2 Pause, Stop, Hide: the live route map's "next stop" pulse stops by itself within 5 s.
  it('<bus-route-map live>: the next-stop animation stops within 5 s or can be paused', async () => {
    const at = (local: string) => Date.parse(`${local}:00+01:00`);
    const server = await scriptedServer([PLUGIN_INDEX], {
      'wbtm/v1/buses/7': [
        {
          body: busBody(7, 'Night Line', [
            ['Lyon', '20:00'],
            ['Dijon', '22:10'],
            ['Paris', '23:50'],
          ]),
        },
      ],
    });
    servers.push(server);
    await emulateMedia({ reducedMotion: 'no-preference' });
    const el = routeMap(
      { 'base-url': `${server.origin}/wp-json`, live: '', 'time-zone': '+01:00', 'bus-id': '7', date: '2026-03-10' },
      { scheduler: new FakeScheduler(at('2026-03-10T21:00')) },
    );
    await mapSettled(el);
    const marker = el.shadowRoot!.querySelector<HTMLElement>('[part~="next"] .marker')!;
    const animations = marker.getAnimations();
    const endless = animations.filter((a) => {
      const t = a.effect!.getComputedTiming();
      return t.endTime === Infinity || Number(t.endTime) > 5000;
    });
    const pauseControl = el.shadowRoot!.querySelector('button');
    expect(endless.length === 0 || pauseControl !== null, `${endless.length} animation(s) running > 5 s, pause control: ${pauseControl !== null}`).to.equal(
      true,
    );
  });

  // WCAG 1.3.1 / 4.1.2 / 2.5.3: <bus-route-select> takes the page's own name (<label for>, aria-label).
  it('<bus-route-select> named by the page: the inner select takes that name, the own label is hidden', async () => {
    const server = await referenceServer();
    servers.push(server);
    const wrapper = await fixture(
      html`<div>
        <label for="trip">Your trip</label><bus-route-select id="trip" base-url=${`${server.origin}/wp-json`}></bus-route-select>
        <bus-route-select aria-label="Return trip" base-url=${`${server.origin}/wp-json`}></bus-route-select>
      </div>`,
    );
    const [labelled, ariaLabelled] = [...wrapper.querySelectorAll('bus-route-select')] as El[];
    for (const el of [labelled!, ariaLabelled!])
      await waitUntil(() => el.shadowRoot!.querySelector('select:not([aria-disabled])'), 'routes loaded', { timeout: 8000 });
    const nameOf = (el: El) => {
      const select = el.shadowRoot!.querySelector('select')!;
      return select.getAttribute('aria-label') ?? [...select.labels].map((l) => l.textContent!.trim()).join(' ');
    };
    expect(nameOf(labelled!), '<label for> names the control').to.equal('Your trip');
    expect(nameOf(ariaLabelled!), 'aria-label names the control').to.equal('Return trip');
    expect(labelled!.shadowRoot!.querySelector('[part~="label"]')!.classList.contains('visually-hidden'), 'its own "Route" is hidden').to.equal(true);
  });
});
