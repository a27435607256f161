// The board's kiosk features on a fake clock, fake page signals and stubbed browser services (wake
// lock, fetch, reload): no test waits for real seconds.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { clean, part, shadow, textOf } from '../../../test/helpers/element.js';
import { StubFetch, StubWakeLock, stubPlatform } from '../../../test/helpers/kiosk-doubles.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { OriginCache } from '../../api/cache.js';
import { BURN_IN_INTERVAL_MS, BURN_IN_OFFSETS } from '../../shared/kiosk/burn-in.js';
import { OWN_SCRIPT_URL } from '../../shared/kiosk/kiosk-board-element.js';
import { UPDATE_CHECK_MS } from '../../shared/kiosk/reload-on-update.js';
import { POINTER_IDLE_MS } from '../../shared/kiosk/rotation.js';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { contractBus, contractPage } from './bus-list.test-support.js';

const names = (el: Element) => [...shadow(el).querySelectorAll('tbody tr [part~="select"]')].map((button) => clean(button.textContent));
/** 30 November 2026 at a wall-clock time in the viewer's zone. */
const at = (hours: number, minutes: number, seconds = 0) => new Date(2026, 10, 30, hours, minutes, seconds).getTime();
const MINUTE = 60_000;
const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {} } } };
/** Seven departures from Paris, 09:00 to 15:00, named after their hour. */
const DAY = Array.from({ length: 7 }, (_, i) =>
  contractBus({
    id: i + 1,
    name: `Coach ${9 + i}`,
    stops: [
      ['Paris', `${String(9 + i).padStart(2, '0')}:00`],
      ['Berlin', '23:00'],
    ],
  }),
);

describe('<bus-list board> kiosk features', () => {
  let server: LoopbackServer | undefined;
  let fake: FakeScheduler;
  let signals: FakePageSignals;
  afterEach(async () => {
    await resetMouse();
    await server?.stop();
    server = undefined;
  });

  /** A settled board on a scripted contract site, fake clock and signals, and `platform`; `refresh` a day so no refresh interferes. */
  async function board(attributes: Record<string, string>, platform = stubPlatform(), start = at(8, 0), buses: unknown[] = DAY): Promise<BusList> {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(buses, { etag: '"v1"' })] });
    fake = new FakeScheduler(start);
    signals = new FakePageSignals();
    const el = document.createElement('bus-list');
    Object.assign(el, { scheduler: fake, pageSignals: signals, kioskPlatform: platform, cache: new OriginCache({ now: () => fake.now() }) });
    el.baseUrl = `${server.origin}/wp-json`;
    // Today's departures only: the following days (lookahead) have their own suite.
    for (const [name, value] of Object.entries({ board: '', 'route-id': '3', refresh: '86400', lookahead: '0', ...attributes })) el.setAttribute(name, value);
    // A button after the board: somewhere else for the pointer and the focus.
    fixtureSync(html`<div><button id="outside">outside</button></div>`).prepend(el);
    await waitUntil(() => !el.boardStatus.loading && (part(el, 'table') || part(el, 'error')), 'the board settles', { timeout: 8000 });
    await el.updateComplete;
    return el;
  }

  async function advance(el: BusList, ms: number): Promise<void> {
    fake.advance(ms);
    await el.updateComplete;
  }

  describe('screen wake lock', () => {
    it('holds a lock while the board is visible: released when hidden, asked again when visible, released when removed', async () => {
      const wakeLock = new StubWakeLock();
      const el = await board({}, stubPlatform({ wakeLock }));
      await waitUntil(() => wakeLock.held === 1, 'the lock is held');
      expect([wakeLock.requests, wakeLock.releases]).to.deep.equal([1, 0]);
      expect(part(el, 'wake-lock-note')).to.equal(null);
      await advance(el, 5 * MINUTE); // renders ask nothing more
      expect(wakeLock.requests).to.equal(1);
      signals.setHidden(true);
      expect([wakeLock.releases, wakeLock.held]).to.deep.equal([1, 0]);
      signals.setHidden(false);
      await waitUntil(() => wakeLock.held === 1, 'asked again');
      expect(wakeLock.requests).to.equal(2);
      el.remove();
      expect([wakeLock.releases, wakeLock.held]).to.deep.equal([2, 0]);
    });

    it('asks for none on a list, with wake-lock="off", or once the board is switched off', async () => {
      const wakeLock = new StubWakeLock();
      const el = await board({ 'wake-lock': 'off' }, stubPlatform({ wakeLock }));
      await el.updateComplete;
      expect(wakeLock.requests).to.equal(0);
      el.wakeLock = '';
      await waitUntil(() => wakeLock.held === 1, 'switched on');
      el.board = false;
      await el.updateComplete;
      expect([wakeLock.releases, wakeLock.held]).to.deep.equal([1, 0]);
      expect(part(el, 'kiosk')).to.equal(null);
    });

    it('says the screen may go dark where the browser has no wake lock, or refuses it; accessible, in German too', async () => {
      let el = await board({}, stubPlatform({ wakeLock: null }));
      expect(textOf(el, 'wake-lock-note')).to.equal('This screen may go dark: the browser does not allow keeping it on (it needs https).');
      await expect(el).to.be.accessible();
      el.remove();
      await server!.stop();

      const refusing = new StubWakeLock('refuse');
      el = await board({ lang: 'de' }, stubPlatform({ wakeLock: refusing }));
      await waitUntil(() => part(el, 'wake-lock-note'), 'the refusal shows');
      expect(textOf(el, 'wake-lock-note')).to.equal(
        'Dieser Bildschirm kann dunkel werden: Der Browser erlaubt nicht, ihn eingeschaltet zu lassen (dafür ist https nötig).',
      );
      await advance(el, 3 * MINUTE);
      expect(refusing.requests).to.equal(1); // not asked again at every render
      refusing.mode = 'grant';
      signals.setHidden(true);
      signals.setHidden(false);
      await waitUntil(() => refusing.held === 1, 'granted after the page showed again');
      await el.updateComplete;
      expect(part(el, 'wake-lock-note')).to.equal(null);
    });
  });

  describe('burn-in', () => {
    const shift = (el: BusList) => {
      const style = part(el, 'kiosk')!.style;
      return [style.getPropertyValue('--_burn-in-x'), style.getPropertyValue('--_burn-in-y')];
    };

    it('never writes a style attribute (a CSP without unsafe-inline in style-src refuses one): the shift goes in through the CSSOM', async () => {
      const written: string[] = [];
      const setAttribute = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        if (name.toLowerCase() === 'style') written.push(`${this.localName}[part=${this.getAttribute('part')}]`);
        return setAttribute.call(this, name, value);
      };
      try {
        const el = await board({ 'burn-in': '' });
        await advance(el, BURN_IN_INTERVAL_MS);
        expect(shift(el)).to.deep.equal(BURN_IN_OFFSETS[1]!.map((v) => `${v}px`));
        el.burnIn = false;
        await el.updateComplete;
        expect(shift(el)).to.deep.equal(['', '']);
      } finally {
        Element.prototype.setAttribute = setAttribute;
      }
      expect(written).to.deep.equal([]);
    });

    it('moves the content to the next offset every 3 minutes without moving the layout, and stops when removed', async () => {
      const el = await board({ 'burn-in': '' });
      const table = part(el, 'table')!;
      const box = () => [table.offsetLeft, table.offsetTop, table.offsetWidth, table.offsetHeight].join();
      const layout = box();
      expect(shift(el)).to.deep.equal(['0px', '0px']);
      await advance(el, BURN_IN_INTERVAL_MS - 1);
      expect(shift(el)).to.deep.equal(['0px', '0px']);
      await advance(el, 1);
      const [x, y] = BURN_IN_OFFSETS[1]!;
      expect(shift(el)).to.deep.equal([`${x}px`, `${y}px`]);
      expect(getComputedStyle(part(el, 'content')!).translate).to.equal(`${x}px${y ? ` ${y}px` : ''}`);
      expect(getComputedStyle(part(el, 'clock')!).translate).to.not.equal('none');
      expect(getComputedStyle(part(el, 'board')!).translate).to.equal('none'); // the frame stays
      expect(box()).to.equal(layout);
      await advance(el, BURN_IN_INTERVAL_MS);
      expect(shift(el)).to.deep.equal(BURN_IN_OFFSETS[2]!.map((v) => `${v}px`));
      el.remove();
      expect(fake.pending).to.equal(0);
      const before = shift(el);
      fake.advance(10 * BURN_IN_INTERVAL_MS);
      await el.updateComplete;
      expect(shift(el)).to.deep.equal(before);
    });

    it('is off unless asked for', async () => {
      const el = await board({});
      await advance(el, 10 * BURN_IN_INTERVAL_MS);
      expect(shift(el)).to.deep.equal(['', '']);
      expect(getComputedStyle(part(el, 'content')!).translate).to.equal('none');
    });
  });

  describe('reload-on-update and reload-at', () => {
    it("checks the element's own script with HEAD every 5 minutes and reloads only when its ETag changes", async () => {
      const fetch = new StubFetch([{ etag: '"build-1"' }, { etag: '"build-1"' }, { etag: '"build-2"' }]);
      const platform = stubPlatform({ fetch });
      const el = await board({ 'reload-on-update': '' }, platform);
      await waitUntil(() => fetch.calls.length === 1, 'the first check');
      expect(fetch.calls[0]!.url).to.equal(OWN_SCRIPT_URL);
      expect(fetch.calls[0]!.init).to.deep.include({ method: 'HEAD', cache: 'no-cache' });
      await advance(el, UPDATE_CHECK_MS);
      await waitUntil(() => fetch.calls.length === 2, 'the second check');
      expect(platform.reloads).to.equal(0); // unchanged
      signals.setHidden(true);
      await advance(el, 3 * UPDATE_CHECK_MS);
      expect(fetch.calls.length).to.equal(2); // nobody looks: nothing asked
      signals.setHidden(false);
      await waitUntil(() => platform.reloads === 1, 'reloaded for the new build');
      expect(fetch.calls.length).to.equal(3);
      await advance(el, 5 * UPDATE_CHECK_MS);
      expect([fetch.calls.length, platform.reloads]).to.deep.equal([3, 1]);
    });

    it('checks the URL given, relative to the page', async () => {
      const fetch = new StubFetch([{ etag: '"1"' }]);
      await board({ 'reload-on-update': 'version.json' }, stubPlatform({ fetch }));
      await waitUntil(() => fetch.calls.length === 1, 'the first check');
      expect(fetch.calls[0]!.url).to.equal(new URL('version.json', document.baseURI).href);
    });

    it("reloads once when the site's wall clock reaches reload-at", async () => {
      const platform = stubPlatform();
      // 03:29 in the site's zone (+05:30) is 21:59 UTC the day before.
      const el = await board({ 'reload-at': '03:30', 'time-zone': '+05:30' }, platform, Date.UTC(2026, 10, 29, 21, 59, 30));
      await advance(el, 30_000 - 1);
      expect(platform.reloads).to.equal(0);
      await advance(el, 1);
      expect(platform.reloads).to.equal(1);
      await advance(el, 2 * 24 * 60 * MINUTE);
      expect(platform.reloads).to.equal(1);
    });
  });

  describe('rotation', () => {
    const pageStatus = (el: BusList) => textOf(el, 'board-page');

    it('shows per-page departures at a time, turning every rotate seconds and back to the first; announced politely; accessible', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      const status = part(el, 'board-page')!;
      expect([status.getAttribute('role'), status.getAttribute('aria-live'), status.getAttribute('aria-atomic')]).to.deep.equal(['status', 'polite', 'true']);
      expect(names(el)).to.deep.equal(['Coach 9', 'Coach 10', 'Coach 11']);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await expect(el).to.be.accessible();
      await advance(el, 9_999);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect(names(el)).to.deep.equal(['Coach 12', 'Coach 13', 'Coach 14']);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
      await expect(el).to.be.accessible();
      await advance(el, 10_000);
      expect([names(el), pageStatus(el)]).to.deep.equal([['Coach 15'], 'Page 3 of 3']);
      await advance(el, 10_000);
      expect([names(el), pageStatus(el)]).to.deep.equal([['Coach 9', 'Coach 10', 'Coach 11'], 'Page 1 of 3']);
      // The board's own announcer stays quiet about turning pages.
      expect(textOf(el, 'announcer')).to.equal('');
    });

    /** A point `dx` px into the board, scrolled into view. */
    function over(el: BusList, dx = 0): [number, number] {
      const box = el.getBoundingClientRect();
      return [Math.round(box.left + 20 + dx), Math.round(box.top + 20)];
    }

    /** Frames for anything the browser does on its own after a turn (hover updates under a still mouse). */
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

    it('pauses while the pointer is over the board, and resumes with a full interval when it leaves', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      el.scrollIntoView({ block: 'start' });
      const outside = document.getElementById('outside')!.getBoundingClientRect();
      expect(outside.bottom).to.be.below(innerHeight); // both in view
      await sendMouse({ type: 'move', position: over(el) });
      await advance(el, POINTER_IDLE_MS - 1);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await sendMouse({ type: 'move', position: [Math.round(outside.left + 5), Math.round(outside.top + 5)] });
      await advance(el, 9_999);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
    });

    it('turns again once a mouse left resting over the board has been still for the idle time (a cursor forgotten on a kiosk)', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      el.scrollIntoView({ block: 'start' });
      await sendMouse({ type: 'move', position: over(el) });
      await advance(el, POINTER_IDLE_MS - 1);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect([names(el), pageStatus(el)]).to.deep.equal([['Coach 12', 'Coach 13', 'Coach 14'], 'Page 2 of 3']);
      // The mouse still rests there: the board keeps turning every interval, for good.
      for (const page of ['Page 3 of 3', 'Page 1 of 3', 'Page 2 of 3']) {
        await frames();
        await advance(el, 9_999);
        expect(pageStatus(el)).to.not.equal(page);
        await advance(el, 1);
        expect(pageStatus(el)).to.equal(page);
      }
      // Still over the board, as far as the browser knows: the rotation, not the hover, ended.
      expect(el.matches(':hover')).to.equal(true);
    });

    it('stays paused while the mouse keeps moving over the board, and a move after it turned again pauses it again', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      el.scrollIntoView({ block: 'start' });
      // A reader nudging the mouse every 20 s for five minutes keeps page 1.
      for (let i = 0; i < 15; i++) {
        await sendMouse({ type: 'move', position: over(el, i % 2) });
        await advance(el, POINTER_IDLE_MS - 10_000);
      }
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      // Still from here on: the idle time after the last move, then a turn.
      await advance(el, 9_999);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
      await advance(el, 5_000);
      await sendMouse({ type: 'move', position: over(el, 2) });
      await advance(el, POINTER_IDLE_MS - 1);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 3 of 3');
    });

    it('after a move, a wall clock stepped back an hour (NTP) holds the page for the idle time from the due turn, not for the hour', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      el.scrollIntoView({ block: 'start' });
      await sendMouse({ type: 'move', position: over(el) });
      fake.stepClock(-60 * MINUTE);
      // The turn due at 10 s finds the move "in the future" and counts the idle time from there.
      await advance(el, 10_000 + POINTER_IDLE_MS - 1);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
    });

    it('pauses while keyboard focus is inside the board, and resumes when it leaves', async () => {
      const el = await board({ 'per-page': '3', rotate: '10', lang: 'de' });
      await advance(el, 10_000);
      expect(pageStatus(el)).to.equal('Seite 2 von 3');
      // Back from the button after the board onto the board's last bus.
      const outside = el.nextElementSibling as HTMLButtonElement;
      outside.focus();
      await sendKeys({ press: 'Shift+Tab' });
      expect(clean(shadow(el).activeElement?.textContent)).to.equal('Coach 14');
      await advance(el, 60_000);
      expect(pageStatus(el)).to.equal('Seite 2 von 3');
      // Moving within the board keeps it paused.
      await sendKeys({ press: 'Shift+Tab' });
      expect(clean(shadow(el).activeElement?.textContent)).to.equal('Coach 13');
      await advance(el, 60_000);
      expect(names(el)[0]).to.equal('Coach 12');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(outside);
      await advance(el, 9_999);
      expect(pageStatus(el)).to.equal('Seite 2 von 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Seite 3 von 3');
    });

    it('keeps turning after a tap leaves the focus on a bus (a passer-by at a kiosk); a key pressed there pauses it', async () => {
      const el = await board({ 'per-page': '3', rotate: '10' });
      el.scrollIntoView({ block: 'start' });
      const first = shadow(el).querySelector<HTMLButtonElement>('tbody [part~="select"]')!.getBoundingClientRect();
      // A real finger (not a synthetic event): the pointer leaves with the finger, the focus stays.
      await executeServerCommand('touch-tap', { position: [Math.round(first.left + 5), Math.round(first.top + 5)] });
      await waitUntil(() => shadow(el).activeElement !== null, 'the tap focuses the bus');
      expect(clean(shadow(el).activeElement!.textContent)).to.equal('Coach 9');
      await advance(el, 10_000);
      expect([names(el), pageStatus(el)]).to.deep.equal([['Coach 12', 'Coach 13', 'Coach 14'], 'Page 2 of 3']);
      expect(shadow(el).activeElement).to.not.equal(null); // the focus is still on the board
      await advance(el, 10_000);
      expect(pageStatus(el)).to.equal('Page 3 of 3');
      await advance(el, 10_000);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      // Someone with a keyboard takes over from the tapped bus: the board waits for them.
      await sendKeys({ press: 'Tab' });
      expect(clean(shadow(el).activeElement?.textContent)).to.equal('Coach 10');
      await advance(el, 60_000);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
    });

    it('turns on the new interval from the moment rotate changes, shorter or longer', async () => {
      const el = await board({ 'per-page': '3', rotate: '60' });
      await advance(el, 5_000);
      el.rotate = 10;
      await el.updateComplete;
      await advance(el, 9_999);
      expect(pageStatus(el)).to.equal('Page 1 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
      await advance(el, 4_000);
      el.setAttribute('rotate', '30');
      await el.updateComplete;
      await advance(el, 29_999);
      expect(pageStatus(el)).to.equal('Page 2 of 3');
      await advance(el, 1);
      expect(pageStatus(el)).to.equal('Page 3 of 3');
    });

    it('does not turn when everything fits, and never on a list', async () => {
      const el = await board({ 'per-page': '10', rotate: '10' });
      expect(names(el).length).to.equal(7);
      expect(pageStatus(el)).to.equal('');
      expect(fake.pending).to.equal(2); // the clock and the next refresh: no page timer
      el.board = false;
      await el.updateComplete;
      expect(part(el, 'board-page')).to.equal(null);
    });
  });
});
