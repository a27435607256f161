// Forced colours (Windows High Contrast and the like), emulated by Playwright: every element, with
// data from the loopback reference API, keeps what src/shared/styles.ts and the elements' styles
// promise: borders, text and focus rings in system colours (a visible 3 px ring that is not the
// background), the departure board on Canvas/CanvasText, seat states told apart by border style,
// pattern and mark rather than by colour alone, and the staff tables (behind the real proxy, with a
// token) ruled and framed in system colours, and the route map's line, markers and next stop in
// system colours with the stop kinds and the next stop told apart without colour.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/index.js';
import { siteDate } from '../../src/shared/wall-clock.js';
import { focusVisibly, part, parts, resolve, settled, systemColours, type SystemColour } from '../helpers/media.js';
import type { LoopbackServer } from '../helpers/servers.js';
import { useElementServers } from '../helpers/element.js';
import { runMoment } from '../helpers/test-doubles.js';

type Element_ = HTMLElement & { updateComplete: Promise<unknown> };

const STAFF_TOKEN = 'staff-token-for-forced-colours-0123456789';

/** Fails unless `value` is what some system colour keyword (one of `only`, if given) computes to. */
function expectSystemColour(value: string, what: string, only?: SystemColour[]): void {
  const names = systemColours().get(value);
  expect(names, `${what}: ${value} is no system colour`).to.be.an('array');
  if (only)
    expect(
      names!.some((name) => only.includes(name)),
      `${what}: ${value} is ${names!.join('/')}, expected ${only.join(' or ')}`,
    ).to.equal(true);
}

/** The keyboard focus ring on `target`: 3 px solid (2 px at least), a system colour, not the ground behind it. */
async function expectSystemFocusRing(target: HTMLElement, what: string): Promise<void> {
  await focusVisibly(target);
  const style = getComputedStyle(target);
  expect(style.outlineStyle, `${what}: outline style`).to.equal('solid');
  expect(parseFloat(style.outlineWidth), `${what}: outline width`).to.be.at.least(2);
  expectSystemColour(style.outlineColor, `${what}: outline colour`);
  expect(style.outlineColor, `${what}: the ring is not the Canvas behind it`).to.not.equal(resolve('Canvas'));
  target.blur();
}

/** Every `[part~=<name>]` border (all four sides) is drawn, in a system colour. */
function expectSystemBorders(nodes: HTMLElement[], what: string): void {
  expect(nodes.length, `${what}: rendered`).to.be.greaterThan(0);
  for (const node of nodes) {
    const style = getComputedStyle(node);
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
      expect(style[`border${side}Style`], `${what}: border-${side.toLowerCase()} style`).to.not.equal('none');
      expectSystemColour(style[`border${side}Color`], `${what}: border-${side.toLowerCase()} colour`);
    }
    expectSystemColour(style.color, `${what}: text colour`);
  }
}

describe('forced colours (emulated forced-colors: active)', () => {
  const servers = useElementServers({ token: STAFF_TOKEN });
  const base = (server: LoopbackServer) => `${server.origin}/wp-json`;
  before(() => emulateMedia({ forcedColors: 'active' }));
  after(() => emulateMedia({ forcedColors: 'none' }));

  it('the page is in forced-colors mode, and system colours resolve to a forced palette', () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    expect(resolve('Canvas')).to.not.equal(resolve('CanvasText'));
  });

  it('<event-list>: cards bordered and titled in system colours; links and pager buttons get a system focus ring', async () => {
    const el = await fixture<Element_>(html`<event-list base-url=${base(servers.contract)} per-page="3"></event-list>`);
    await settled(el, ['[part~="item"]']);
    expectSystemBorders(
      parts(el, 'item').map((item) => item.querySelector<HTMLElement>('.card') ?? item),
      'event card',
    );
    for (const link of parts(el, 'link'))
      expectSystemColour(getComputedStyle(link).color, 'event link', ['LinkText', 'VisitedText', 'ActiveText', 'CanvasText']);
    await expectSystemFocusRing(part(el, 'link')!, 'event title link');
    const next = part(el, 'next')!;
    expectSystemBorders([next], 'next-page button');
    expectSystemColour(getComputedStyle(next).backgroundColor, 'next-page button face', ['ButtonFace', 'Canvas']);
    await expectSystemFocusRing(next, 'next-page button');
  });

  it('<event-speaker-list>: cards and the initials avatar in system colours; a system focus ring', async () => {
    const el = await fixture<Element_>(html`<event-speaker-list base-url=${base(servers.contract)} per-page="2"></event-speaker-list>`);
    await settled(el, ['[part~="item"]']);
    expectSystemBorders(parts(el, 'card'), 'speaker card');
    // The seed gives every speaker a photo; a photo that fails to load turns into the initials avatar.
    part(el, 'photo')?.dispatchEvent(new Event('error'));
    await el.updateComplete;
    expect(parts(el, 'avatar').length, 'an initials avatar').to.be.greaterThan(0);
    for (const avatar of parts(el, 'avatar')) {
      const style = getComputedStyle(avatar);
      expectSystemColour(style.backgroundColor, 'avatar ground', ['Canvas']);
      expectSystemColour(style.color, 'avatar initials', ['CanvasText']);
      expectSystemColour(style.borderTopColor, 'avatar border', ['CanvasText']);
    }
    const focusable = part(el, 'link') ?? part(el, 'next');
    expect(focusable, 'a link or a pager button to focus').to.exist;
    await expectSystemFocusRing(focusable!, 'speaker link or pager');
  });

  for (const tag of ['event-category-select', 'event-organizer-select'] as const) {
    it(`<${tag}>: the native select is bordered in ButtonText, with a system focus ring`, async () => {
      const el = document.createElement(tag) as Element_;
      el.setAttribute('base-url', base(servers.contract));
      await fixture(html`<div>${el}</div>`);
      await settled(el, ['select option:nth-child(2)']);
      const select = el.shadowRoot!.querySelector('select')!;
      expect(select.options.length).to.be.greaterThan(1);
      expectSystemBorders([select], `${tag} select`);
      expectSystemColour(getComputedStyle(select).borderTopColor, `${tag} select border`, ['ButtonText']);
      expectSystemColour(getComputedStyle(part(el, 'label')!).color, `${tag} label`);
      await expectSystemFocusRing(select, `${tag} select`);
    });
  }

  it('<bus-route-select> (plugin dialect): From and To selects bordered in ButtonText, with system focus rings', async () => {
    const el = await fixture<Element_>(html`<bus-route-select base-url=${base(servers.plugin)}></bus-route-select>`);
    await settled(el, ['[part~="from-select"] option:nth-child(2)']);
    for (const name of ['from-select', 'to-select']) {
      const select = (part(el, name)!.localName === 'select' ? part(el, name) : part(el, name)!.querySelector('select')) as HTMLSelectElement;
      expectSystemBorders([select], name);
      expectSystemColour(getComputedStyle(select).borderTopColor, `${name} border`, ['ButtonText']);
      await expectSystemFocusRing(select, name);
    }
  });

  it("<bus-list> (plugin dialect): today's buses in system colours; the chosen bus stands out without colour", async () => {
    const el = await fixture<Element_>(html`<bus-list base-url=${base(servers.plugin)} from="Paris" to="Berlin"></bus-list>`);
    await settled(el, ['[part~="select"]']);
    const cards = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.card')];
    expectSystemBorders(cards, 'bus card');
    const buttons = parts(el, 'select');
    expect(buttons.length).to.be.greaterThan(1);
    await expectSystemFocusRing(buttons[0]!, 'bus name button');
    buttons[0]!.click();
    await el.updateComplete;
    expect(buttons[0]!.getAttribute('aria-pressed')).to.equal('true');
    // Forced colours drop box-shadow; the chosen bus still differs in its underline's weight.
    const chosen = getComputedStyle(buttons[0]!);
    const other = getComputedStyle(buttons[1]!);
    expect(chosen.textDecorationLine).to.equal('underline');
    expect(parseFloat(chosen.textDecorationThickness)).to.be.greaterThan(parseFloat(other.textDecorationThickness) || 1);
    expectSystemColour(chosen.color, 'chosen bus name');
  });

  it('<bus-list board> (plugin dialect): the board turns Canvas/CanvasText, its rules and focus ring system colours', async () => {
    const el = await fixture<Element_>(html`<bus-list base-url=${base(servers.plugin)} from="Paris" to="Berlin" board></bus-list>`);
    await settled(el, ['[part~="table"]']);
    const board = getComputedStyle(part(el, 'board')!);
    expect(board.backgroundColor, 'board ground').to.equal(resolve('Canvas'));
    expect(board.color, 'board text').to.equal(resolve('CanvasText'));
    for (const header of parts(el, 'header')) {
      const style = getComputedStyle(header);
      expect(style.borderBottomStyle).to.equal('solid');
      expectSystemColour(style.borderBottomColor, 'header rule');
    }
    for (const cell of parts(el, 'departure')) expectSystemColour(getComputedStyle(cell).color, 'departure time');
    expectSystemColour(getComputedStyle(part(el, 'clock')!).color, 'board clock');
    const button = part(el, 'select')!;
    await expectSystemFocusRing(button, 'board bus button');
    expect(getComputedStyle(button).outlineColor).to.not.equal(board.backgroundColor);
    // A notice (stale data, offline) gets a CanvasText frame; none is shown for fresh data.
    const notice = part(el, 'notice');
    if (notice) expectSystemBorders([notice], 'board notice');
  });

  for (const tag of ['bus-passenger-list', 'event-attendee-list'] as const) {
    it(`<${tag}> (proxy, token): table rules, frame, toolbar and text in system colours; system focus rings on the sort and row buttons`, async () => {
      const el = document.createElement(tag);
      el.setAttribute('base-url', base(servers.staff));
      el.setAttribute('per-page', '5');
      el.authorization = `Bearer ${STAFF_TOKEN}`;
      await fixture(html`<div>${el}</div>`);
      await settled(el, ['[part~="row"]']);
      expectSystemBorders(parts(el, 'table-scroll'), `${tag} table frame`);
      expectSystemBorders([...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="toolbar"] button')], `${tag} toolbar button`);
      expectSystemBorders([el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!], `${tag} search box`);
      expectSystemBorders([el.shadowRoot!.querySelector<HTMLElement>('[part~="ticket-types"]')!], `${tag} ticket-type table`);
      // Header and body cells: a rule under each, and their text, in system colours.
      const cells = [...parts(el, 'header'), ...parts(el, 'cell')];
      expect(cells.length, `${tag} cells`).to.be.greaterThan(5);
      for (const cell of cells) {
        const style = getComputedStyle(cell);
        expect(style.borderBottomStyle, `${tag} cell rule`).to.equal('solid');
        expectSystemColour(style.borderBottomColor, `${tag} cell rule colour`, ['CanvasText']);
        expectSystemColour(style.color, `${tag} cell text`);
      }
      for (const button of [...parts(el, 'sort-button'), ...parts(el, 'row-button')])
        expectSystemColour(getComputedStyle(button).color, `${tag} table button text`);
      await expectSystemFocusRing(part(el, 'sort-button')!, `${tag} sort button`);
      await expectSystemFocusRing(part(el, 'row-button')!, `${tag} row button`);
      await expectSystemFocusRing(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!, `${tag} search box`);
      await expectSystemFocusRing(part(el, 'download-csv')!, `${tag} CSV button`);
      // Sorting keeps the chosen header's rule and ring in system colours.
      part(el, 'sort-button')!.click();
      await el.updateComplete;
      const sorted = el.shadowRoot!.querySelector<HTMLElement>('th[aria-sort]')!;
      expectSystemColour(getComputedStyle(sorted).borderBottomColor, `${tag} sorted header rule`, ['CanvasText']);
      await expectSystemFocusRing(sorted.querySelector('button')!, `${tag} sorted header button`);
    });
  }

  it('<bus-route-map live> (plugin dialect): line, markers and the next-stop badge in system colours; kinds and the next stop told apart without colour', async () => {
    const el = await fixture<Element_>(html`<bus-route-map base-url=${base(servers.plugin)} bus-id="41" live orientation="vertical"></bus-route-map>`);
    await settled(el, ['[part~="next-stop"]']);
    const stops = parts(el, 'stop');
    expect(stops.length).to.be.greaterThan(2);
    // The line is a border (forced colours keep borders, drop backgrounds): drawn, in a system colour.
    for (const stop of stops.slice(0, -1)) {
      const line = getComputedStyle(stop, '::before');
      expect(line.borderLeftStyle, 'line').to.equal('solid');
      expectSystemColour(line.borderLeftColor, 'line', ['CanvasText']);
    }
    // Markers opt out of forcing and pick system colours: boarding filled, alighting hollow.
    const marker = (kind: string) => getComputedStyle(el.shadowRoot!.querySelector<HTMLElement>(`[part~="stop-${kind}"] [part~="marker"]`)!);
    expect(marker('boarding').backgroundColor).to.equal(resolve('CanvasText'));
    expect(marker('dropping').backgroundColor).to.equal(resolve('Canvas'));
    for (const kind of ['boarding', 'dropping']) expectSystemColour(marker(kind).borderTopColor, `${kind} marker border`, ['CanvasText']);
    // The next stop: a framed "Next stop" badge and an outlined marker, in system colours.
    expectSystemBorders(parts(el, 'next-stop'), 'next-stop badge');
    expect(part(el, 'next-stop')!.textContent).to.match(/Next stop$/);
    const next = getComputedStyle(el.shadowRoot!.querySelector<HTMLElement>('[part~="next"] [part~="marker"]')!);
    expect(next.outlineStyle).to.equal('double');
    expectSystemColour(next.outlineColor, 'next marker outline', ['Highlight']);
    for (const name of ['stop-name', 'kind', 'time', 'title', 'live-status'])
      for (const node of parts(el, name)) expectSystemColour(getComputedStyle(node).color, name);
  });

  it('<bus-seat-map> (plugin dialect): seat states differ in border style, pattern and mark, in system colours', async () => {
    // The day the reference API is seeded at (the run's moment), not whichever day the page's clock has reached.
    const el = await fixture<Element_>(html`<bus-seat-map base-url=${base(servers.plugin)} bus-id="41" date=${siteDate(runMoment(), null)}></bus-seat-map>`);
    await settled(el, ['[part~="content"]']);

    // The legend draws each state once, with the seats' own styles.
    const swatches = new Map([...el.shadowRoot!.querySelectorAll<HTMLElement>('.seat.swatch')].map((swatch) => [swatch.dataset['state']!, swatch]));
    expect([...swatches.keys()]).to.deep.equal(['available', 'selected', 'booked', 'held']);
    const look = (node: HTMLElement) => {
      const style = getComputedStyle(node);
      return {
        border: style.borderTopStyle,
        pattern: style.backgroundImage === 'none' ? 'none' : style.backgroundImage.split('(')[0]!,
        mark: getComputedStyle(node, '::after').content,
        adjust: style.forcedColorAdjust,
      };
    };
    expect(Object.fromEntries([...swatches].map(([state, swatch]) => [state, look(swatch)]))).to.deep.equal({
      available: { border: 'solid', pattern: 'none', mark: 'none', adjust: 'none' },
      selected: { border: 'double', pattern: 'none', mark: '"✓" / ""', adjust: 'none' },
      booked: { border: 'dashed', pattern: 'repeating-linear-gradient', mark: '"✕" / ""', adjust: 'none' },
      held: { border: 'dotted', pattern: 'radial-gradient', mark: '"‖" / ""', adjust: 'none' },
    });
    // The seats opt out of forcing (`forced-color-adjust: none`), so their colours are the styles' own picks.
    const colours = (state: string) => {
      const style = getComputedStyle(swatches.get(state)!);
      return { border: style.borderTopColor, ground: style.backgroundColor, text: style.color };
    };
    expect(colours('available')).to.deep.equal({ border: resolve('ButtonText'), ground: resolve('Canvas'), text: resolve('CanvasText') });
    expect(colours('selected')).to.deep.equal({ border: resolve('HighlightText'), ground: resolve('Highlight'), text: resolve('HighlightText') });
    expect(colours('booked').border).to.equal(resolve('GrayText'));
    expect(colours('held').border).to.equal(resolve('GrayText'));
    expect(getComputedStyle(swatches.get('booked')!).textDecorationLine).to.equal('line-through');

    // Real seats: a booked one (if today's seed has one) looks like its swatch; choosing a free one
    // turns it into the selected look; the keyboard ring stays a system colour outside the seat.
    const booked = el.shadowRoot!.querySelector<HTMLElement>('[part~="seat"][data-state="booked"]');
    if (booked) expect(look(booked)).to.deep.equal(look(swatches.get('booked')!));
    const free = el.shadowRoot!.querySelector<HTMLElement>('[part~="seat"][data-state="available"]')!;
    expect(look(free)).to.deep.equal(look(swatches.get('available')!));
    await expectSystemFocusRing(free, 'seat');
    free.click();
    await el.updateComplete;
    const chosen = el.shadowRoot!.querySelector<HTMLElement>(`[part~="seat"][data-state="selected"]`)!;
    expect(chosen, 'a selected seat').to.exist;
    expect(look(chosen)).to.deep.equal(look(swatches.get('selected')!));
    expectSystemColour(getComputedStyle(chosen).outlineColor, 'selected seat outline', ['Highlight']);

    // The rest of the map: deck frames, stop selects, the summary rule.
    expectSystemBorders(parts(el, 'deck'), 'deck');
    for (const select of el.shadowRoot!.querySelectorAll('select')) expectSystemColour(getComputedStyle(select).borderTopColor, 'stop select border');
    expectSystemColour(getComputedStyle(part(el, 'summary')!).borderTopColor, 'summary rule');
  });
});
