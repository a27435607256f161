// The kiosk controllers on a bare host, a fake clock, fake page signals and stubbed browser
// services: what they request, release, shift and reload, and that nothing runs after removal.
import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { StubFetch, StubWakeLock, stubPlatform } from '../../../test/helpers/kiosk-doubles.js';
import { BURN_IN_INTERVAL_MS, BURN_IN_OFFSETS, BurnIn } from './burn-in.js';
import { parseSiteZone } from '../../api/site-time.js';
import { ReloadAt } from './reload-at.js';
import { ReloadOnUpdate, UPDATE_CHECK_MS } from './reload-on-update.js';
import { WakeLock } from './wake-lock.js';

/**
 * A host that runs its controllers' callbacks when told to, and counts update requests. Like a Lit
 * element, it connects a controller added while it is connected at once.
 */
class Host implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  connected = false;
  readonly updateComplete = Promise.resolve(true);
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
    if (this.connected) controller.hostConnected?.();
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  connect(): void {
    this.connected = true;
    for (const c of this.controllers) c.hostConnected?.();
  }
  updated(): void {
    for (const c of this.controllers) c.hostUpdated?.();
  }
  disconnect(): void {
    this.connected = false;
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

/** Lets promise callbacks (a stub's answer) run. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(() => setTimeout(resolve)));
const MINUTE = 60_000;

describe('kiosk controllers', () => {
  let host: Host;
  let fake: FakeScheduler;
  let signals: FakePageSignals;
  beforeEach(() => {
    host = new Host();
    fake = new FakeScheduler(new Date(2026, 10, 30, 3, 20).getTime());
    signals = new FakePageSignals();
  });

  describe('WakeLock', () => {
    function wakeLock(api: StubWakeLock | null, active = () => true): WakeLock {
      return new WakeLock(host, { active, signals: () => signals, api: () => api });
    }

    it('holds a lock while visible, releases it when hidden or removed, asks again when visible', async () => {
      const api = new StubWakeLock();
      const lock = wakeLock(api);
      host.connect();
      await waitUntil(() => lock.held, 'the lock is granted');
      expect([api.requests, api.held, lock.refused]).to.deep.equal([1, 1, false]);
      host.updated(); // re-renders ask nothing more
      expect(api.requests).to.equal(1);
      signals.setHidden(true);
      expect([api.releases, api.held, lock.held]).to.deep.equal([1, 0, false]);
      signals.setHidden(false);
      await waitUntil(() => lock.held, 'asked again');
      expect(api.requests).to.equal(2);
      host.disconnect();
      expect([api.releases, api.held, signals.subscribers]).to.deep.equal([2, 0, 0]);
    });

    it('asks again after the browser let go by itself, at the next visible page', async () => {
      const api = new StubWakeLock();
      const lock = wakeLock(api);
      host.connect();
      await waitUntil(() => lock.held, 'granted');
      api.sentinels[0]!.releasedByBrowser();
      expect(lock.held).to.equal(false);
      signals.setHidden(true);
      signals.setHidden(false);
      await waitUntil(() => lock.held, 'asked again');
      expect([api.requests, api.releases]).to.deep.equal([2, 0]);
    });

    it('gives back a lock granted after the page was hidden', async () => {
      const api = new StubWakeLock();
      const lock = wakeLock(api);
      host.connect();
      signals.setHidden(true); // before the browser answered
      await waitUntil(() => api.releases === 1, 'given back');
      expect([api.requests, api.held, lock.held]).to.deep.equal([1, 0, false]);
    });

    it('is refused where the API is missing or the browser says no, and asks again only after the page was hidden', async () => {
      const missing = wakeLock(null);
      host.connect();
      expect(missing.refused).to.equal(true);
      host.disconnect();

      host = new Host();
      const api = new StubWakeLock('refuse');
      const lock = wakeLock(api);
      host.connect();
      await waitUntil(() => lock.refused, 'refused');
      expect(host.updates).to.equal(1);
      host.updated();
      host.updated();
      expect(api.requests).to.equal(1); // no request per render
      api.mode = 'grant';
      signals.setHidden(true);
      signals.setHidden(false);
      await waitUntil(() => lock.held, 'granted now');
      expect([api.requests, lock.refused]).to.deep.equal([2, false]);
    });

    it('does nothing while off (not a board, or wake-lock="off"): no request, no note, no listener', async () => {
      const api = new StubWakeLock();
      let on = false;
      const lock = wakeLock(api, () => on);
      host.connect();
      await settle();
      expect([api.requests, lock.refused, signals.subscribers]).to.deep.equal([0, false, 0]);
      on = true;
      host.updated();
      await waitUntil(() => lock.held, 'switched on');
      on = false;
      host.updated();
      expect([api.releases, signals.subscribers]).to.deep.equal([1, 0]);
    });
  });

  describe('BurnIn', () => {
    it('steps through the offsets every interval while on, back to the centre when off, nothing after removal', () => {
      let on = true;
      const burnIn = new BurnIn(host, { active: () => on, scheduler: () => fake });
      host.connect();
      expect(burnIn.offset).to.deep.equal([0, 0]);
      expect(burnIn.style).to.deep.equal({ '--_burn-in-x': '0px', '--_burn-in-y': '0px' });
      fake.advance(BURN_IN_INTERVAL_MS - 1);
      expect([burnIn.offset, host.updates]).to.deep.equal([[0, 0], 0]);
      fake.advance(1);
      expect([burnIn.offset, host.updates]).to.deep.equal([BURN_IN_OFFSETS[1], 1]);
      fake.advance(BURN_IN_INTERVAL_MS * (BURN_IN_OFFSETS.length - 1));
      expect(burnIn.offset).to.deep.equal([0, 0]); // round the square and back
      fake.advance(BURN_IN_INTERVAL_MS);
      expect(burnIn.style).to.deep.equal({ '--_burn-in-x': `${BURN_IN_OFFSETS[1]![0]}px`, '--_burn-in-y': `${BURN_IN_OFFSETS[1]![1]}px` });
      on = false;
      host.updated();
      expect([burnIn.offset, burnIn.style, fake.pending]).to.deep.equal([[0, 0], {}, 0]);
      on = true;
      host.updated();
      const updates = host.updates;
      host.disconnect();
      expect(fake.pending).to.equal(0);
      fake.advance(10 * BURN_IN_INTERVAL_MS);
      expect(host.updates).to.equal(updates);
    });
  });

  describe('ReloadOnUpdate', () => {
    function reloadOnUpdate(fetch: StubFetch, url: () => string | null = () => 'https://kiosk.example/app.js') {
      const platform = stubPlatform({ fetch });
      new ReloadOnUpdate(host, {
        url,
        scheduler: () => fake,
        signals: () => signals,
        platform: () => platform,
        baseUri: () => 'https://kiosk.example/',
        ownScript: () => 'https://kiosk.example/app.js',
      });
      return platform;
    }
    const checked = async (fetch: StubFetch, count: number) => {
      await waitUntil(() => fetch.calls.length === count, `${count} checks`);
      await settle();
    };

    it('learns the first ETag, then reloads once when it changes, not while it stays', async () => {
      const fetch = new StubFetch([{ etag: '"a"' }, { etag: '"a"' }, { etag: '"b"' }]);
      const platform = reloadOnUpdate(fetch);
      host.connect();
      await checked(fetch, 1);
      expect(fetch.calls[0]).to.deep.include({ url: 'https://kiosk.example/app.js' });
      expect(fetch.calls[0]!.init).to.deep.include({ method: 'HEAD', cache: 'no-cache' });
      fake.advance(UPDATE_CHECK_MS - 1);
      expect(fetch.calls.length).to.equal(1);
      fake.advance(1);
      await checked(fetch, 2);
      expect(platform.reloads).to.equal(0);
      fake.advance(UPDATE_CHECK_MS);
      await checked(fetch, 3);
      expect(platform.reloads).to.equal(1);
      fake.advance(10 * UPDATE_CHECK_MS);
      expect([fetch.calls.length, platform.reloads, fake.pending, signals.subscribers]).to.deep.equal([3, 1, 0, 0]);
    });

    it('asks nothing while hidden; a check due then runs when the page shows', async () => {
      const fetch = new StubFetch([{ lastModified: 'Mon, 30 Nov 2026 03:00:00 GMT' }, { lastModified: 'Mon, 30 Nov 2026 04:00:00 GMT' }]);
      const platform = reloadOnUpdate(fetch);
      host.connect();
      await checked(fetch, 1);
      signals.setHidden(true);
      fake.advance(3 * UPDATE_CHECK_MS);
      await settle();
      expect(fetch.calls.length).to.equal(1);
      signals.setHidden(false);
      await checked(fetch, 2);
      expect(platform.reloads).to.equal(1); // Last-Modified, when there is no ETag
    });

    it('ignores failures and answers without a validator, trying again next time; GET where HEAD is refused', async () => {
      const fetch = new StubFetch(['network-error', { status: 503 }, {}, { status: 405 }, { etag: '"a"' }, { etag: '"a"' }]);
      const platform = reloadOnUpdate(fetch);
      host.connect();
      for (let count = 2; count <= 3; count++) {
        await checked(fetch, count - 1);
        fake.advance(UPDATE_CHECK_MS);
      }
      await checked(fetch, 3);
      fake.advance(UPDATE_CHECK_MS);
      await checked(fetch, 5); // 405 to HEAD, then the same check as GET learns "a"
      expect(fetch.calls.map((call) => call.init.method)).to.deep.equal(['HEAD', 'HEAD', 'HEAD', 'HEAD', 'GET']);
      fake.advance(UPDATE_CHECK_MS);
      await checked(fetch, 6);
      expect([fetch.calls[5]!.init.method, platform.reloads]).to.deep.equal(['GET', 0]);
    });

    it('a check that never gets an answer is given up at the next one, 5 minutes later', async () => {
      const fetch = new StubFetch(['hang', { etag: '"a"' }, { etag: '"b"' }]);
      const platform = reloadOnUpdate(fetch);
      host.connect();
      await checked(fetch, 1);
      fake.advance(UPDATE_CHECK_MS);
      await checked(fetch, 2);
      expect(fetch.calls[0]!.init.signal?.aborted).to.equal(true);
      fake.advance(UPDATE_CHECK_MS);
      await checked(fetch, 3);
      expect(platform.reloads).to.equal(1);
    });

    it('stops with its host, and does nothing while off', async () => {
      let url: string | null = null;
      const fetch = new StubFetch([{ etag: '"a"' }]);
      reloadOnUpdate(fetch, () => url);
      host.connect();
      fake.advance(3 * UPDATE_CHECK_MS);
      await settle();
      expect([fetch.calls.length, fake.pending, signals.subscribers]).to.deep.equal([0, 0, 0]);
      url = '';
      host.updated();
      await checked(fetch, 1);
      expect(fake.pending).to.equal(1);
      host.disconnect();
      expect([fake.pending, signals.subscribers]).to.deep.equal([0, 0]);
      fake.advance(3 * UPDATE_CHECK_MS);
      await settle();
      expect(fetch.calls.length).to.equal(1);
    });
  });

  /** The three timed controllers on `host`, reloading through a stub platform whose update check answers one ETag. */
  function timedControllers() {
    const fetch = new StubFetch([{ etag: '"a"' }]);
    const platform = stubPlatform({ fetch });
    new ReloadOnUpdate(host, {
      url: () => '',
      scheduler: () => fake,
      signals: () => signals,
      platform: () => platform,
      baseUri: () => 'https://kiosk.example/',
      ownScript: () => 'https://kiosk.example/app.js',
    });
    const burnIn = new BurnIn(host, { active: () => true, scheduler: () => fake });
    new ReloadAt(host, { time: () => '03:30', scheduler: () => fake, zone: () => null, online: () => signals.online(), reload: () => platform.reload() });
    return { fetch, platform, burnIn };
  }

  it('each starts once when added to a host already connected (a board whose code arrives after it rendered)', async () => {
    host.connect();
    const { fetch, platform, burnIn } = timedControllers();
    host.updated();
    await settle();
    // One check (not a second one after the first was dropped), one subscription, and one timer each.
    expect([fetch.calls.length, signals.subscribers, fake.pending]).to.deep.equal([1, 1, 3]);
    fake.advance(BURN_IN_INTERVAL_MS);
    expect(burnIn.offset).to.deep.equal(BURN_IN_OFFSETS[1]);
    fake.advance(10 * MINUTE);
    expect(platform.reloads).to.equal(1);
  });

  it('each starts nothing on an update of its host while not connected (Lit updates removed elements too)', async () => {
    const { fetch } = timedControllers();
    const nothing = async () => {
      host.updated();
      await settle();
      return [fetch.calls.length, signals.subscribers, fake.pending];
    };
    expect(await nothing(), 'before connecting').to.deep.equal([0, 0, 0]);
    host.connect();
    await settle();
    host.disconnect();
    expect(await nothing(), 'after removal').to.deep.equal([1, 0, 0]);
  });

  describe('ReloadAt', () => {
    function reloadAt(time: string): { reloads: number } {
      const calls = { reloads: 0 };
      new ReloadAt(host, { time: () => time, scheduler: () => fake, zone: () => null, online: () => signals.online(), reload: () => calls.reloads++ });
      return calls;
    }

    it('reloads once when the minute comes, and a page started after it waits for the next day', () => {
      const calls = reloadAt('03:30');
      host.connect();
      expect(fake.pending).to.equal(1);
      fake.advance(10 * MINUTE - 1); // 03:29:59.999
      expect(calls.reloads).to.equal(0);
      fake.advance(1);
      expect([calls.reloads, fake.pending]).to.deep.equal([1, 0]);
      fake.advance(2 * 24 * 60 * MINUTE);
      expect(calls.reloads).to.equal(1);
      host.disconnect();

      // The page that reload brought, started in the very minute.
      host = new Host();
      const after = reloadAt('03:30');
      host.connect();
      fake.advance(23 * 60 * MINUTE);
      expect(after.reloads).to.equal(0);
      fake.advance(60 * MINUTE);
      expect(after.reloads).to.equal(1);
    });

    it('on the night the clocks go back, the page its reload brought waits for the next day, not the repeated minute', () => {
      // 25 October 2026 in Berlin: 03:00 CEST becomes 02:00 CET (01:00 UTC), so 02:30 shows twice.
      // The page the first 02:30 brought starts at 02:30:05 CEST and checks every minute from then on.
      fake = new FakeScheduler(Date.UTC(2026, 9, 25, 0, 30, 5));
      const calls = { reloads: 0 };
      const berlin = parseSiteZone('Europe/Berlin');
      new ReloadAt(host, { time: () => '02:30', scheduler: () => fake, zone: () => berlin, online: () => true, reload: () => calls.reloads++ });
      host.connect();
      fake.advance(2 * 60 * MINUTE); // 03:30 CET, past the second 02:30
      expect(calls.reloads).to.equal(0);
      fake.advance(23 * 60 * MINUTE); // 02:30 CET the next day
      expect(calls.reloads).to.equal(1);
    });

    it('offline when the minute comes, waits for the connection instead of reloading into an error page', () => {
      const calls = reloadAt('03:30');
      host.connect();
      fake.advance(5 * MINUTE);
      signals.setOnline(false);
      fake.advance(5 * MINUTE); // 03:30, offline
      expect(calls.reloads).to.equal(0);
      fake.advance(90 * MINUTE); // 05:00, still offline
      expect([calls.reloads, fake.pending]).to.deep.equal([0, 1]);
      signals.setOnline(true);
      fake.advance(MINUTE - 1);
      expect(calls.reloads).to.equal(0);
      fake.advance(1); // 05:01, the first check online
      expect([calls.reloads, fake.pending]).to.deep.equal([1, 0]);
    });

    it('forgets a reload that waited for the connection once it is removed (time off the page is not caught up)', () => {
      const calls = reloadAt('03:30');
      host.connect();
      signals.setOnline(false);
      fake.advance(15 * MINUTE);
      host.disconnect();
      signals.setOnline(true);
      host.connect();
      fake.advance(60 * MINUTE);
      expect(calls.reloads).to.equal(0);
    });

    it('does nothing without a valid time, and stops with its host', () => {
      const calls = reloadAt('25:00');
      host.connect();
      expect(fake.pending).to.equal(0);
      host.disconnect();
      host = new Host();
      const other = reloadAt('03:30');
      host.connect();
      host.disconnect();
      expect(fake.pending).to.equal(0);
      fake.advance(24 * 60 * MINUTE);
      expect([calls.reloads, other.reloads]).to.deep.equal([0, 0]);
    });
  });
});
