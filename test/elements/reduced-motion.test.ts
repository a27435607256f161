// Reduced motion, emulated by Playwright: with `prefers-reduced-motion: reduce` no element animates
// anything — not the loading skeletons, not the pending bar over shown content, not the data once
// shown. Each element loads from the loopback reference API (the staff lists behind the real proxy,
// with a token). Control cases with `no-preference` show the checks can see the pulse (of the
// skeleton, and of a live route map's next stop) when it is allowed.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/index.js';
import { siteDate } from '../../src/shared/wall-clock.js';
import { useElementServers } from '../helpers/element.js';
import { motionIn, part, settled } from '../helpers/media.js';
import { runMoment } from '../helpers/test-doubles.js';

type Element_ = HTMLElement & { updateComplete: Promise<unknown> };

interface Case {
  tag: string;
  plugin: boolean;
  /** A staff list: loads through the proxy with the token in `authorization`. */
  staff?: boolean;
  attributes: () => Record<string, string>;
  /** What shows once the data is in. */
  ready: string;
  /** Shows the `.skeleton` bars while it loads. */
  skeleton: boolean;
}

// The day the reference API is seeded at (the run's moment), not whichever day the page's clock has reached.
const today = () => siteDate(runMoment(), null);
const CASES: Case[] = [
  { tag: 'event-list', plugin: false, attributes: () => ({ 'per-page': '3' }), ready: '[part~="item"]', skeleton: true },
  { tag: 'event-speaker-list', plugin: false, attributes: () => ({ 'per-page': '2' }), ready: '[part~="item"]', skeleton: true },
  { tag: 'event-category-select', plugin: false, attributes: () => ({}), ready: 'select option:nth-child(2)', skeleton: false },
  { tag: 'event-organizer-select', plugin: false, attributes: () => ({}), ready: 'select option:nth-child(2)', skeleton: false },
  { tag: 'bus-route-select', plugin: true, attributes: () => ({}), ready: '[part~="from-select"] option:nth-child(2)', skeleton: false },
  { tag: 'bus-list', plugin: true, attributes: () => ({ from: 'Paris', to: 'Berlin' }), ready: '[part~="select"]', skeleton: true },
  { tag: 'bus-list', plugin: true, attributes: () => ({ from: 'Paris', to: 'Berlin', board: '' }), ready: '[part~="table"]', skeleton: true },
  { tag: 'bus-seat-map', plugin: true, attributes: () => ({ 'bus-id': '41', date: today() }), ready: '[part~="content"]', skeleton: true },
  // Bus 41 runs every night: with `live` some stop of today's or yesterday's trip is always next.
  { tag: 'bus-route-map', plugin: true, attributes: () => ({ 'bus-id': '41', live: '' }), ready: '[part~="next-stop"]', skeleton: true },
  { tag: 'bus-passenger-list', plugin: false, staff: true, attributes: () => ({ 'per-page': '5' }), ready: '[part~="row"]', skeleton: true },
  { tag: 'event-attendee-list', plugin: false, staff: true, attributes: () => ({ 'per-page': '5' }), ready: '[part~="row"]', skeleton: true },
];
const STAFF_TOKEN = 'staff-token-for-reduced-motion-0123456789';
const title = (c: Case) => `<${c.tag}${'board' in c.attributes() ? ' board' : ''}>`;

describe('reduced motion (emulated prefers-reduced-motion)', () => {
  const servers = useElementServers({ token: STAFF_TOKEN });
  const base = (c: Case) => `${(c.staff ? servers.staff : c.plugin ? servers.plugin : servers.contract).origin}/wp-json`;
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  /** Puts the element in the page and waits for its first render, which is the loading state. */
  async function render(c: Case): Promise<Element_> {
    const el = document.createElement(c.tag) as Element_;
    el.setAttribute('base-url', base(c));
    for (const [name, value] of Object.entries(c.attributes())) el.setAttribute(name, value);
    if (c.staff) (el as Element_ & { authorization: string }).authorization = `Bearer ${STAFF_TOKEN}`;
    fixtureSync(html`<div>${el}</div>`);
    await el.updateComplete;
    return el;
  }

  describe('with prefers-reduced-motion: no-preference (control)', () => {
    before(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('the skeleton pulses, and the checks see it', async () => {
      expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(false);
      const el = await render(CASES[0]!);
      const skeleton = el.shadowRoot!.querySelector('.skeleton');
      expect(skeleton, 'the loading skeleton').to.exist;
      expect(getComputedStyle(skeleton!).animationName).to.equal('tw-pulse');
      const motion = motionIn(el);
      expect(motion.styled.map((m) => m.animationName)).to.include('tw-pulse');
      expect(motion.running).to.be.greaterThan(0);
      await settled(el, [CASES[0]!.ready]);
    });

    it("<bus-route-map live>: the next stop's marker pulses, and the checks see it", async () => {
      const c = CASES.find((each) => each.tag === 'bus-route-map')!;
      const el = await render(c);
      await settled(el, [c.ready]);
      const marker = el.shadowRoot!.querySelector('[part~="next"] [part~="marker"]')!;
      expect(getComputedStyle(marker).animationName).to.equal('tw-route-next');
      expect(motionIn(el).running).to.be.greaterThan(0);
    });
  });

  describe('with prefers-reduced-motion: reduce', () => {
    before(() => emulateMedia({ reducedMotion: 'reduce' }));

    it('the page prefers reduced motion', () => {
      expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
    });

    for (const c of CASES) {
      it(`${title(c)}: nothing moves while it loads or once its data shows`, async () => {
        const el = await render(c);
        expect(el.hasAttribute('pending'), 'loading').to.equal(true);
        if (c.skeleton) {
          const skeletons = [...el.shadowRoot!.querySelectorAll('.skeleton')];
          expect(skeletons.length, 'loading skeleton bars').to.be.greaterThan(0);
          for (const bar of skeletons) expect(getComputedStyle(bar).animationName).to.equal('none');
        }
        expect(motionIn(el), 'while loading').to.deep.equal({ styled: [], running: 0 });
        await settled(el, [c.ready]);
        expect(motionIn(el), 'with its data').to.deep.equal({ styled: [], running: 0 });
      });
    }

    it('<event-list>: the pending bar over the shown page does not pulse while the next page loads', async () => {
      const el = await render(CASES[0]!);
      await settled(el, [CASES[0]!.ready]);
      part(el, 'next')!.click();
      await el.updateComplete;
      expect(el.hasAttribute('pending'), 'the next page loads').to.equal(true);
      expect(part(el, 'content'), 'the shown page stays').to.exist;
      const bar = getComputedStyle(part(el, 'content')!, '::before');
      expect(bar.content, 'the pending bar is drawn').to.not.equal('none');
      expect(bar.animationName).to.equal('none');
      expect(motionIn(el)).to.deep.equal({ styled: [], running: 0 });
      await settled(el, [CASES[0]!.ready]);
    });
  });
});
