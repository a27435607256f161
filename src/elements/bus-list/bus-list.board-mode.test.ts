// The board mode's code loads the first time a <bus-list> renders as a board (board/board-loader.ts):
// a page whose lists stay lists never downloads it; a board shows the list's skeleton while it loads
// and an error with Retry when it cannot; and the board works however and whenever it is switched
// on, connected or not when its code arrives, and stops when switched off. On a fake clock.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import { clean, part, parts, shadow, textOf } from '../../../test/helpers/element.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { ApiError } from '../../api/errors.js';
import './bus-list.js';
import type { BusList } from './bus-list.js';
import { RELOAD_AFTER_FAILED_LOAD_MS, importBoardMode, type BoardModeModule } from './board/board-loader.js';
import { stubPlatform } from '../../../test/helpers/kiosk-doubles.js';
import { boardLoaded, contractBus, contractPage, mountBoard } from './bus-list.test-support.js';

const CONTRACT_INDEX: Reply = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses': {} } } };
/** Three departures from Paris, 09:00 to 11:00, named after their hour. */
const DAY = [9, 10, 11].map((hour) =>
  contractBus({
    id: hour,
    name: `Coach ${hour}`,
    stops: [
      ['Paris', `${String(hour).padStart(2, '0')}:00`],
      ['Berlin', '23:00'],
    ],
  }),
);
/** 30 November 2026 at 08:00 in the viewer's zone. */
const EIGHT = new Date(2026, 10, 30, 8, 0).getTime();
const MINUTE = 60_000;
const names = (el: Element) => [...shadow(el).querySelectorAll('tbody tr [part~="select"]')].map((button) => clean(button.textContent));

/** An import of the board mode that waits for `release()`: the test sees the skeleton for sure. */
function heldImport(): { load: () => Promise<BoardModeModule>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { load: () => held.then(importBoardMode), release };
}

describe('<bus-list> board mode, loaded on first use', () => {
  let server: LoopbackServer | undefined;
  let fake: FakeScheduler;
  let signals: FakePageSignals;
  const frames: HTMLIFrameElement[] = [];
  beforeEach(() => {
    fake = new FakeScheduler(EIGHT);
    signals = new FakePageSignals();
  });
  afterEach(async () => {
    frames.splice(0).forEach((frame) => frame.remove());
    await server?.stop();
    server = undefined;
  });

  const busRequests = async () => (await server!.requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/wbtm/v1/buses'));

  /** A board on a scripted contract site (today only), built but not yet in the page. */
  async function detachedBoard(attributes: Record<string, string> = {}): Promise<BusList> {
    server ??= await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(DAY)] });
    return mountBoard(document.createElement('div'), server.origin, { 'route-id': '3', lookahead: '0', ...attributes }, fake, signals);
  }

  /** A kiosk board (`reload-at`) whose code never loads, in the page, showing its error. */
  async function failedKiosk(): Promise<{ kiosk: BusList; platform: ReturnType<typeof stubPlatform>; page: HTMLElement; attempts: () => number }> {
    const kiosk = await detachedBoard({ 'reload-at': '03:30' });
    const platform = stubPlatform();
    let attempts = 0;
    Object.assign(kiosk, {
      kioskPlatform: platform,
      importBoard: () => {
        attempts++;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      },
    });
    const page = fixtureSync<HTMLElement>(html`<div></div>`);
    page.append(kiosk.parentElement!);
    await boardLoaded(kiosk);
    return { kiosk, platform, page, attempts: () => attempts };
  }

  async function boardSettled(el: BusList): Promise<void> {
    await waitUntil(() => !el.boardStatus.loading && (part(el, 'table') || part(el, 'error')), 'the board settles', { timeout: 8000 });
    await el.updateComplete;
  }

  it("a page whose lists stay lists never loads the board's code; a list switched to a board loads it", async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(DAY)] });
    // A page of its own (own module map), loading the element's module as an app would.
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <script type="module" src="/src/elements/bus-list/bus-list.ts"></script></head>
      <body><bus-list base-url="${server.origin}/wp-json" route-id="3"></bus-list></body></html>`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    frames.push(frame);
    await loaded;
    const win = frame.contentWindow!;
    const el = frame.contentDocument!.querySelector('bus-list') as BusList;
    await waitUntil(() => win.customElements.get('bus-list') && el.shadowRoot && parts(el, 'item').length === 3, 'the list shows', { timeout: 8000 });
    const modules = () => win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.replace(/\.(js|ts)$/, ''));

    // Of the board's code, a list loads only what declares the element's attributes.
    const list = modules();
    expect(list.filter((path) => /\/bus-list\/board\/|\/shared\/kiosk\/|\/en\/board$/.test(path)).sort()).to.deep.equal([
      '/src/elements/bus-list/board/board-defaults',
      '/src/elements/bus-list/board/board-element',
      '/src/elements/bus-list/board/board-loader',
      '/src/shared/kiosk/kiosk-board-element',
      '/src/shared/kiosk/platform',
    ]);

    el.board = true;
    await boardLoaded(el);
    const board = modules().filter((path) => !list.includes(path));
    expect(board).to.include.members([
      '/src/elements/bus-list/board/board-mode',
      '/src/elements/bus-list/board/board-controller',
      '/src/elements/bus-list/board/board.styles',
      '/src/shared/kiosk/board-kiosk',
      '/src/shared/kiosk/kiosk.styles',
      '/src/shared/localize/en/board',
    ]);
    await waitUntil(() => part(el, 'table'), 'the board shows', { timeout: 8000 });
    // The board's styles arrived with it: the board's own colours, not the list's.
    expect(win.getComputedStyle(part(el, 'board')!).backgroundColor).to.not.equal(win.getComputedStyle(el).backgroundColor);
  });

  it('a list switched to a board shows the skeleton with pending while the code loads, then the departures', async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(DAY)] });
    const el = document.createElement('bus-list') as BusList;
    Object.assign(el, { scheduler: fake, pageSignals: signals, baseUrl: `${server.origin}/wp-json`, routeId: '3', lookahead: 0 });
    const code = heldImport();
    el.importBoard = code.load;
    fixtureSync(html`<div></div>`).append(el);
    await waitUntil(() => parts(el, 'item').length === 3, 'the list shows', { timeout: 8000 });
    expect(el.boardStatus).to.deep.include({ loading: false, error: undefined });

    el.board = true;
    await el.updateComplete;
    expect([part(el, 'list'), part(el, 'board')]).to.deep.equal([null, null]);
    expect(part(el, 'loading')!.querySelectorAll('.skeleton').length).to.equal(4);
    expect([el.hasAttribute('pending'), el.getAttribute('aria-busy'), el.boardStatus.loading]).to.deep.equal([true, 'true', true]);
    await expect(el).to.be.accessible();

    code.release();
    await boardLoaded(el);
    await boardSettled(el);
    expect(names(el)).to.deep.equal(['Coach 9', 'Coach 10', 'Coach 11']);
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(el.tableRenders).to.equal(1);
    expect((await busRequests()).length).to.equal(2); // the list's page, then the board's timetable
  });

  it("shows an error with Retry when the board's code cannot be loaded, and loads it on Retry", async () => {
    const el = await detachedBoard();
    let attempts = 0;
    el.importBoard = () => (attempts++ === 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : importBoardMode());
    fixtureSync(html`<div></div>`).append(el.parentElement!);
    await boardLoaded(el);
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(textOf(el, 'error-message')).to.equal('Part of this widget could not be downloaded. Check the connection and try again, or reload the page.');
    expect(el.boardStatus).to.deep.include({ loading: false, failures: 1 });
    expect(el.boardStatus.error).to.be.instanceOf(ApiError).and.include({ code: 'tw_part_not_loaded' });
    expect((el.boardStatus.error as ApiError).message).to.contain('Failed to fetch dynamically imported module');
    expect(el.hasAttribute('pending')).to.equal(false);
    expect((await busRequests()).length).to.equal(0);
    await expect(el).to.be.accessible();

    (part(el, 'retry') as HTMLButtonElement).click();
    await boardLoaded(el);
    await boardSettled(el);
    expect(attempts).to.equal(2);
    expect(part(el, 'error')).to.equal(null);
    expect(names(el)).to.deep.equal(['Coach 9', 'Coach 10', 'Coach 11']);
    expect(el.boardStatus).to.deep.include({ failures: 0, error: undefined, updatedAt: EIGHT });
  });

  it('a kiosk whose board code cannot be loaded reloads the page after a minute; an attended board keeps its Retry', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const kiosk = await detachedBoard({ 'reload-at': '03:30' });
    const attended = await detachedBoard();
    const [kioskPlatform, attendedPlatform] = [stubPlatform(), stubPlatform()];
    Object.assign(kiosk, { importBoard: failing, kioskPlatform });
    Object.assign(attended, { importBoard: failing, kioskPlatform: attendedPlatform });
    const page = fixtureSync(html`<div></div>`);
    page.append(kiosk.parentElement!, attended.parentElement!);
    await Promise.all([boardLoaded(kiosk), boardLoaded(attended)]);
    expect([part(kiosk, 'retry'), part(attended, 'retry')].every(Boolean)).to.equal(true);

    fake.advance(RELOAD_AFTER_FAILED_LOAD_MS - 1);
    expect(kioskPlatform.reloads).to.equal(0);
    fake.advance(1);
    expect([kioskPlatform.reloads, attendedPlatform.reloads]).to.deep.equal([1, 0]);
  });

  it('a kiosk whose board code cannot be loaded while offline waits for the connection before it reloads', async () => {
    const { kiosk, platform } = await failedKiosk();
    signals.setOnline(false);
    // A reload now would swap the Retry for the browser's error page, which nothing on a kiosk leaves.
    fake.advance(3 * RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(0);
    expect(part(kiosk, 'retry')).to.exist;
    signals.setOnline(true);
    fake.advance(RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(1);
  });

  it('a kiosk whose failed board was out of the page when its minute came reloads a minute after it is back', async () => {
    const { kiosk, platform, page } = await failedKiosk();
    kiosk.remove();
    fake.advance(2 * RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(0); // nothing reloads for a board the page no longer shows

    page.append(kiosk);
    await kiosk.updateComplete;
    expect(part(kiosk, 'retry')).to.exist;
    fake.advance(RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(1);
  });

  it('a kiosk switched back to a board whose code failed reloads a minute later', async () => {
    const { kiosk, platform } = await failedKiosk();
    kiosk.board = false;
    await kiosk.updateComplete;
    fake.advance(2 * RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(0); // a list needs no board code

    kiosk.board = true;
    await kiosk.updateComplete;
    expect(part(kiosk, 'retry')).to.exist;
    fake.advance(RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(1);
  });

  it('a kiosk offline through several failed Retries keeps one check: one reload when the connection is back', async () => {
    const { kiosk, platform, attempts } = await failedKiosk();
    signals.setOnline(false);
    for (let retry = 0; retry < 3; retry++) {
      await kiosk.updateComplete;
      (part(kiosk, 'retry') as HTMLButtonElement).click();
      await kiosk.updateComplete;
      await boardLoaded(kiosk);
      fake.advance(RELOAD_AFTER_FAILED_LOAD_MS / 2);
    }
    expect(attempts()).to.equal(4);
    signals.setOnline(true);
    fake.advance(2 * RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(1);
  });

  it('a kiosk whose board came back on Retry is not reloaded', async () => {
    const kiosk = await detachedBoard({ 'reload-on-update': '' });
    const platform = stubPlatform();
    let attempts = 0;
    Object.assign(kiosk, {
      kioskPlatform: platform,
      importBoard: () => (attempts++ === 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : importBoardMode()),
    });
    fixtureSync(html`<div></div>`).append(kiosk.parentElement!);
    await boardLoaded(kiosk);
    (part(kiosk, 'retry') as HTMLButtonElement).click();
    await boardLoaded(kiosk);
    await boardSettled(kiosk);
    fake.advance(RELOAD_AFTER_FAILED_LOAD_MS);
    expect(platform.reloads).to.equal(0);
  });

  it('a board that fails to build shows the error once and builds nothing more', async () => {
    const el = await detachedBoard();
    let builds = 0;
    el.importBoard = async () => {
      const module = await importBoardMode();
      return {
        BoardMode: class extends module.BoardMode {
          constructor(...args: ConstructorParameters<typeof module.BoardMode>) {
            builds++;
            super(...args);
            throw new Error('cannot build');
          }
        },
      };
    };
    fixtureSync(html`<div></div>`).append(el.parentElement!);
    await boardLoaded(el);
    await el.updateComplete;
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    // The code arrived: this is no download problem, and is not reported as one.
    expect(textOf(el, 'error-message')).to.equal('Something went wrong (unknown).');
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    expect(builds).to.equal(1);
  });

  it('switched back to a list while its code loads, is no longer pending', async () => {
    server = await scriptedServer([CONTRACT_INDEX], { 'wbtm/v1/buses': [contractPage(DAY), contractPage(DAY)] });
    const el = document.createElement('bus-list') as BusList;
    Object.assign(el, { scheduler: fake, pageSignals: signals, baseUrl: `${server.origin}/wp-json`, routeId: '3', lookahead: 0, board: true });
    const code = heldImport();
    el.importBoard = code.load;
    fixtureSync(html`<div></div>`).append(el);
    await el.updateComplete;
    expect(el.hasAttribute('pending')).to.equal(true);
    el.board = false;
    await waitUntil(() => parts(el, 'item').length === 3, 'the list shows', { timeout: 8000 });
    expect([el.hasAttribute('pending'), el.hasAttribute('aria-busy')]).to.deep.equal([false, false]);
    code.release();
    await el.boardLoaded;
  });

  it('whose code arrives after it was removed starts nothing until it is put back', async () => {
    const el = await detachedBoard({ 'burn-in': '' });
    const code = heldImport();
    el.importBoard = code.load;
    const page = fixtureSync(html`<div></div>`);
    page.append(el.parentElement!);
    await el.updateComplete;
    el.parentElement!.remove();
    code.release();
    await el.boardLoaded;
    // The update the arrival asks for has run on the removed element (Lit updates it too).
    await el.updateComplete;
    expect([fake.pending, signals.subscribers, (await busRequests()).length]).to.deep.equal([0, 0, 0]);
    page.append(el.parentElement!);
    await boardSettled(el);
    expect(names(el)).to.deep.equal(['Coach 9', 'Coach 10', 'Coach 11']);
    expect(fake.pending).to.equal(3); // the clock, the next refresh, the burn-in shift
  });

  it('switched off, stops its timers and refreshes (kiosk features included); on again, resumes; off again, stops', async () => {
    const el = await detachedBoard({ 'burn-in': '', 'reload-at': '03:30', refresh: '60' });
    fixtureSync(html`<div></div>`).append(el.parentElement!);
    await boardLoaded(el);
    await boardSettled(el);
    expect(fake.pending).to.equal(4); // the clock, the next refresh, the burn-in shift, the reload-at minute
    expect(part(el, 'kiosk')!.className).to.equal('burn-in');

    for (let round = 0; round < 2; round++) {
      el.board = false;
      await el.updateComplete;
      expect(fake.pending, 'timers while off').to.equal(0);
      expect([part(el, 'kiosk'), part(el, 'board')]).to.deep.equal([null, null]);
      // A list again: it reads its page once, and nothing more as time passes.
      await waitUntil(() => part(el, 'list'), 'the list shows', { timeout: 8000 });
      const requests = (await busRequests()).length;
      fake.advance(10 * MINUTE);
      await el.updateComplete;
      expect((await busRequests()).length, 'requests while off').to.equal(requests);

      el.board = true;
      await el.updateComplete;
      await boardSettled(el);
      expect(names(el)).to.deep.equal(['Coach 9', 'Coach 10', 'Coach 11']);
      expect(fake.pending, 'timers on again').to.equal(4);
    }
    el.board = false;
    await el.updateComplete;
    expect(fake.pending).to.equal(0);
  });
});
