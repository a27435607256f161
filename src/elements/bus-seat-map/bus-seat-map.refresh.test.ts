// Availability refresh: off by default, at most every 30 s (the shared minimum), paused while hidden, cheap when nothing changed.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, stopServerAfterEach, text } from '../../../test/helpers/element.js';
import { FakePageSignals, FakeScheduler } from '../../../test/helpers/test-doubles.js';
import type { BusSeatMap, SelectionChangeDetail } from './bus-seat-map.js';
import {
  announced,
  busRoutes,
  coach,
  deck,
  findSeat,
  pluginBusBody,
  pluginSeatsBody,
  seat,
  seatMap,
  settled,
  type Reply,
} from './bus-seat-map.test-support.js';

const seatsReply = (mark: Record<string, '!' | '?'>, etag?: string): Reply => ({
  body: pluginSeatsBody([deck(coach(3, mark))]),
  ...(etag && { headers: { ETag: etag } }),
});

/**
 * Counts the refreshes the element's timer starts. The timer asks through `refreshAvailability()`,
 * synchronously as it fires (inside `scheduler.advance`), so a count of 0 right after advancing
 * proves no refresh request was started, with nothing to wait for.
 */
function countRefreshes(el: BusSeatMap): () => number {
  let count = 0;
  const refresh = el.refreshAvailability.bind(el);
  el.refreshAvailability = () => {
    count++;
    return refresh();
  };
  return () => count;
}

describe('<bus-seat-map> refresh', () => {
  let server: LoopbackServer;
  let scheduler: FakeScheduler;
  let signals: FakePageSignals;
  let refreshes: () => number;
  stopServerAfterEach(() => server, { cleanup: true });

  const START = new Date(2026, 10, 30, 8, 0).getTime();

  async function start(seats: Reply[], props: Record<string, unknown> = {}): Promise<BusSeatMap> {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody() }], seats }));
    scheduler = new FakeScheduler(START);
    signals = new FakePageSignals();
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', scheduler, pageSignals: signals, lang: 'en', ...props });
    await settled(el);
    refreshes = countRefreshes(el);
    return el;
  }
  const seatRequests = async () => (await server.requests()).filter((r) => r.path.endsWith('/seats'));

  it('is off by default: no request however long the page stays', async () => {
    const el = await start([seatsReply({})]);
    expect(new URLSearchParams((await seatRequests())[0]!.search).get('date')).to.equal('2026-11-30'); // the scheduler's today
    expect(scheduler.pending).to.equal(0); // no refresh timer at all, so advancing can start nothing
    scheduler.advance(60 * 60_000);
    expect(refreshes()).to.equal(0);
    await el.updateComplete;
    expect(await seatRequests()).to.have.length(1);
    expect(el.hasAttribute('pending')).to.equal(false);
  });

  it('deselects a chosen seat that was booked meanwhile, with a visible notice and an announcement', async () => {
    const el = await start([seatsReply({}), seatsReply({ A1: '!' })], { refresh: 60 });
    seat(el, 'A1').click();
    seat(el, 'B2').click();
    await el.updateComplete;
    expect(el.value).to.deep.equal(['A1', 'B2']);
    const changed = new Promise<SelectionChangeDetail>((resolve) =>
      el.addEventListener('selection-change', (e) => e.detail.reason === 'update' && resolve(e.detail)),
    );
    scheduler.advance(59_000);
    // The refresh timer has not fired: it still waits for 60 s, and no refresh started.
    expect(scheduler.nextAt).to.equal(START + 60_000);
    expect(refreshes()).to.equal(0);
    expect(await seatRequests()).to.have.length(1);
    scheduler.advance(1_000);
    expect(refreshes()).to.equal(1);
    const detail = await changed;
    expect(detail.seats.map((s) => s.name)).to.deep.equal(['B2']);
    expect(el.value).to.deep.equal(['B2']);
    const a1 = seat(el, 'A1');
    expect([a1.dataset['state'], a1.getAttribute('aria-pressed'), a1.getAttribute('aria-disabled')]).to.deep.equal(['booked', 'false', 'true']);
    const message = 'Seat A1 is no longer available and was removed from your selection.';
    expect(text(part(el, 'notice'))).to.equal(message);
    expect(announced(el)).to.equal(message);
    expect(el.hasAttribute('pending')).to.equal(false); // a quiet refresh
    const requests = await seatRequests();
    expect(requests).to.have.length(2);
    expect(requests[1]!.search).to.equal(requests[0]!.search);
    await expect(el).to.be.accessible();
  });

  // WCAG 2.4.3: the list alternative keeps a keyboard user on their seat while a refresh takes others.
  it("the seat list's focus stays on its seat when a refresh takes a seat above it, and stays in the list when it takes the focused one", async () => {
    const el = await start([seatsReply({}), seatsReply({ A1: '!' }), seatsReply({ A1: '!', C4: '!' })]);
    (part(el, 'list-toggle') as HTMLButtonElement).click();
    await el.updateComplete;
    const box = (name: string) =>
      [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="seat-option"]')]
        .find((label) => text(label).startsWith(`Seat ${name},`))!
        .querySelector('input')!;
    const focused = () => text(el.shadowRoot!.activeElement?.closest('label'));
    box('A3').focus();
    await el.refreshAvailability(); // A1 is taken
    await el.updateComplete;
    expect(focused(), 'still on A3, not on the seat now in its row').to.match(/^Seat A3,/);
    box('C4').focus(); // the last seat of the list
    await el.refreshAvailability(); // C4 is taken
    await el.updateComplete;
    expect(document.activeElement, 'not the page').to.equal(el);
    expect(focused(), 'the seat now last in the list').to.match(/^Seat C3,/);
  });

  // WCAG 2.4.3, as for the list: the summary's controls are drawn in place too.
  it("the summary's focus stays on its seat's passenger type when a refresh takes a seat above it, and stays in the map when it takes every chosen seat", async () => {
    const el = await start([seatsReply({}), seatsReply({ A1: '!' }), seatsReply({ A1: '!', B2: '!' })]);
    for (const name of ['A1', 'B2']) seat(el, name).click();
    await el.updateComplete;
    const typeOf = (name: string) => el.shadowRoot!.querySelector<HTMLSelectElement>(`[part~="passenger-type"][data-seat-name="${name}"]`)!;
    typeOf('B2').focus();
    await el.refreshAvailability(); // A1 is taken: B2's row moves up
    await el.updateComplete;
    expect(el.value).to.deep.equal(['B2']);
    expect(document.activeElement, 'not the page').to.equal(el);
    expect((el.shadowRoot!.activeElement as HTMLElement | null)?.dataset['seatName']).to.equal('B2');
    part(el, 'clear')!.focus();
    // Straight there: a stop in between (the map's content) would be read out by a screen reader.
    const focusins: EventTarget[] = [];
    el.shadowRoot!.addEventListener('focusin', (event) => focusins.push(event.composedPath()[0]!));
    await el.refreshAvailability(); // B2 is taken: nothing is chosen, "Clear selection" goes
    await el.updateComplete;
    expect(part(el, 'clear')).to.equal(null);
    expect(document.activeElement, 'not the page').to.equal(el);
    expect(el.shadowRoot!.activeElement?.getAttribute('tabindex'), "the grid's tab stop").to.equal('0');
    expect(el.shadowRoot!.activeElement?.matches('[part~="seat"]')).to.equal(true);
    expect(focusins).to.deep.equal([el.shadowRoot!.activeElement]);
  });

  it('refreshes at most every 30 s, the minimum it shares with the board (`refresh="10"` counts as 30)', async () => {
    await start([seatsReply({})], { refresh: 10 });
    scheduler.advance(10_000);
    // Nothing at 10 s: the one timer waits for 30 s.
    expect([scheduler.pending, scheduler.nextAt]).to.deep.equal([1, START + 30_000]);
    expect(refreshes()).to.equal(0);
    expect(await seatRequests()).to.have.length(1);
    scheduler.advance(20_000);
    expect(refreshes()).to.equal(1);
    await waitUntil(async () => (await seatRequests()).length === 2, 'the second request', { timeout: 4000 });
  });

  it('waits while the page is hidden and refreshes once it is visible again', async () => {
    await start([seatsReply({})], { refresh: 60 });
    signals.setHidden(true);
    scheduler.advance(5 * 60_000);
    // The timer fell due at 60 s and was held back: no refresh started, none planned.
    expect(scheduler.pending).to.equal(0);
    expect(refreshes()).to.equal(0);
    expect(await seatRequests()).to.have.length(1);
    signals.setHidden(false);
    expect(refreshes()).to.equal(1);
    await waitUntil(async () => (await seatRequests()).length === 2, 'the refresh after the page shows again', { timeout: 4000 });
  });

  it('keeps its planned refresh when moved in the DOM, so a map moved more often than its interval still refreshes', async () => {
    const el = await start([seatsReply({}), seatsReply({ A1: '!' })], { refresh: 60 });
    const home = el.parentElement!;
    const elsewhere = home.cloneNode() as HTMLElement;
    home.after(elsewhere);
    // A kiosk's rotating layout moves the map every 25 s; the refresh falls due at 60 s all the same.
    for (const parent of [elsewhere, home]) {
      scheduler.advance(25_000);
      parent.append(el);
    }
    scheduler.advance(10_000);
    expect(refreshes(), 'at 60 s').to.equal(1);
    // Moved while its refresh is in flight: the refresh goes on (only a removal stops it).
    elsewhere.append(el);
    await waitUntil(() => findSeat(el, 'A1')?.dataset['state'] === 'booked', 'the refreshed availability', { timeout: 4000 });
    expect(scheduler.nextAt, 'one interval after the refresh').to.equal(START + 120_000);
    elsewhere.remove();
  });

  it('put back after the clock was set back (NTP correcting a kiosk), waits at most its interval, not the hours the clock went back', async () => {
    await start([seatsReply({}), seatsReply({ A1: '!' })], { refresh: 60 });
    const el = document.querySelector('bus-seat-map')!;
    const home = el.parentElement!;
    el.remove();
    scheduler.stepClock(-2 * 3600_000);
    home.append(el);
    expect(scheduler.nextAt, 'the refresh planned').to.be.at.most(scheduler.now() + 60_000);
    scheduler.advance(60_000);
    expect(refreshes()).to.equal(1);
    await waitUntil(() => findSeat(el, 'A1')?.dataset['state'] === 'booked', 'the refreshed availability', { timeout: 4000 });
  });

  it('retries a refresh that failed for the lack of a connection at once when it comes back, not after its back-off', async () => {
    // Refused by the browser (CORS): `fetch` rejects as it does offline.
    const unreachable: Reply = { headers: { 'Access-Control-Allow-Origin': 'https://elsewhere.example' }, body: '' };
    await start([seatsReply({}), unreachable, seatsReply({})], { refresh: 60 });
    scheduler.advance(60_000);
    // The failure backs off to twice the interval: the next try would be at 3 minutes.
    await waitUntil(() => scheduler.nextAt === START + 180_000, 'the back-off after the failure', { timeout: 4000 });
    signals.setOnline(false);
    expect(refreshes()).to.equal(1);
    signals.setOnline(true);
    expect(refreshes()).to.equal(2);
    await waitUntil(async () => (await seatRequests()).length === 3, 'the retry', { timeout: 4000 });
    await waitUntil(() => scheduler.nextAt === START + 120_000, 'one interval after the retry', { timeout: 4000 });
  });

  it('a retry overtaken by another (the connection flapping) counts as nothing: the newer one fails and the back-off grows', async () => {
    const unreachable: Reply = { headers: { 'Access-Control-Allow-Origin': 'https://elsewhere.example' }, body: '' };
    await start([seatsReply({}), unreachable, unreachable, unreachable], { refresh: 60 });
    scheduler.advance(60_000);
    await waitUntil(() => scheduler.nextAt === START + 180_000, 'the back-off after the failure', { timeout: 4000 });
    for (let flap = 0; flap < 2; flap++) {
      signals.setOnline(false);
      signals.setOnline(true);
    }
    expect(refreshes()).to.equal(3);
    // Two failures in a row: four intervals after the second, not one (nor two, counting afresh).
    await waitUntil(() => scheduler.nextAt === START + 60_000 + 240_000, 'the back-off after two failures', { timeout: 4000 });
    expect(scheduler.pending).to.equal(1);
  });

  it('a map removed while its refresh is in flight aborts it and leaves nothing; added back later, it plans afresh', async () => {
    const el = await start([seatsReply({}), seatsReply({}), seatsReply({})], { refresh: 60 });
    const home = el.parentElement!;
    const signalsSeen: AbortSignal[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signalsSeen.push(init.signal);
      return original.call(globalThis, input, init);
    };
    try {
      scheduler.advance(60_000);
      expect(refreshes()).to.equal(1);
      el.remove();
      await new Promise((resolve) => setTimeout(resolve)); // a later task
      expect(signalsSeen.at(-1)?.aborted, 'the request in flight').to.equal(true);
      expect([scheduler.pending, signals.subscribers]).to.deep.equal([0, 0]);
      scheduler.advance(10 * 60_000);
      expect(refreshes()).to.equal(1);
      home.append(el);
      expect([scheduler.pending, scheduler.nextAt]).to.deep.equal([1, START + 11 * 60_000 + 60_000]);
      expect(signals.subscribers).to.equal(1);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a map added back long after its refresh fell due refreshes once at once, then one interval later', async () => {
    const el = await start([seatsReply({}), seatsReply({}), seatsReply({})], { refresh: 60 });
    const home = el.parentElement!;
    scheduler.advance(30_000);
    el.remove();
    await new Promise((resolve) => setTimeout(resolve));
    scheduler.advance(60 * 60_000);
    home.append(el);
    scheduler.advance(0);
    expect(refreshes()).to.equal(1);
    await waitUntil(() => scheduler.nextAt === START + 61 * 60_000 + 30_000, 'one interval after that refresh', { timeout: 4000 });
    expect(refreshes()).to.equal(1);
  });

  it('a map whose refresh was switched off after a lost connection asks nothing when the connection comes back', async () => {
    const unreachable: Reply = { headers: { 'Access-Control-Allow-Origin': 'https://elsewhere.example' }, body: '' };
    const el = await start([seatsReply({}), unreachable, seatsReply({})], { refresh: 60 });
    scheduler.advance(60_000);
    await waitUntil(() => scheduler.nextAt === START + 180_000, 'the back-off after the failure', { timeout: 4000 });
    el.refresh = 0;
    await el.updateComplete;
    expect(scheduler.pending).to.equal(0);
    signals.setOnline(false);
    signals.setOnline(true);
    expect(refreshes(), 'refresh is off').to.equal(1);
  });

  it("moves on to the new day at the site's midnight although the day it refreshes answers 304 all night", async () => {
    const notModified: Reply = { status: 304, headers: { ETag: '"v1"' }, body: '' };
    // The new day's seats. The routes reach the server with their keys sorted, and the first key a
    // request contains answers it: this one sorts before '/seats'.
    server = await scriptedServer([], {
      '/7/seats?bp=Paris&date=2026-12-01': [seatsReply({ A1: '!' }, '"v2"')],
      ...busRoutes({ detail: [{ body: pluginBusBody() }], seats: [seatsReply({}, '"v1"'), notModified] }),
    });
    scheduler = new FakeScheduler(new Date(2026, 10, 30, 23, 58, 30).getTime());
    signals = new FakePageSignals();
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'plugin', scheduler, pageSignals: signals, lang: 'en', refresh: 60 });
    await settled(el);
    let last: Promise<void> = Promise.resolve();
    const refresh = el.refreshAvailability.bind(el);
    el.refreshAvailability = () => (last = refresh());
    for (let minute = 0; minute < 3; minute++) {
      scheduler.advance(60_000); // 23:59:30, 00:00:30, 00:01:30
      await last.catch(() => {}); // a failure is the schedule's to count
      await waitUntil(() => !el.pending, 'a load the new day started finishes', { timeout: 4000 });
      await el.updateComplete;
    }
    const dates = (await seatRequests()).map((request) => new URLSearchParams(request.search).get('date'));
    expect(dates, 'the seats asked for').to.include('2026-12-01');
    await waitUntil(() => findSeat(el, 'A1')?.dataset['state'] === 'booked', "the new day's seats", { timeout: 4000 });
  });

  it('a map whose load failed (the site down as a kiosk started) loads again when its refresh falls due, backing off while it fails, until it shows', async () => {
    const down: Reply = { status: 503, body: '' };
    await start([down, down, seatsReply({ A1: '!' })], { refresh: 60 });
    const el = document.querySelector('bus-seat-map')!;
    expect(part(el, 'error'), 'the first load failed').to.exist;
    scheduler.advance(60_000);
    await waitUntil(async () => (await seatRequests()).length === 2, 'a second load', { timeout: 4000 });
    await settled(el);
    expect(part(el, 'error'), 'it failed again').to.exist;
    // A failed refresh: twice the interval, as for any other.
    await waitUntil(() => scheduler.nextAt === START + 180_000, 'the next one backed off', { timeout: 4000 });
    scheduler.advance(119_000);
    expect(refreshes(), 'nothing before the back-off ends').to.equal(1);
    scheduler.advance(1_000);
    await waitUntil(() => part(el, 'error') === null && findSeat(el, 'A1')?.dataset['state'] === 'booked', 'the map at last', { timeout: 4000 });
    expect(refreshes()).to.equal(2);
  });

  // A keyboard visitor on Retry as the timer loads again: the skeleton takes the button, and focus must not stay on the page.
  it('a Retry with focus as its refresh loads a failed map again gets the focus back: the new Retry when it fails again, the map once it works', async () => {
    const down: Reply = { status: 503, body: '' };
    const el = await start([down, down, seatsReply({})], { refresh: 60 });
    part(el, 'retry')!.focus();
    scheduler.advance(60_000);
    await waitUntil(async () => (await seatRequests()).length === 2, 'a second load', { timeout: 4000 });
    await settled(el);
    expect(part(el, 'error'), 'it failed again').to.exist;
    expect(el.shadowRoot!.activeElement, 'the new Retry').to.equal(part(el, 'retry'));
    scheduler.advance(120_000);
    await waitUntil(() => part(el, 'error') === null && part(el, 'content'), 'the map', { timeout: 4000 });
    await settled(el);
    expect(el.shadowRoot!.activeElement, 'the map').to.equal(part(el, 'content'));
  });

  it('an unchanged answer (304) revalidates with the ETag and touches no DOM', async () => {
    const el = await start([seatsReply({ A2: '!' }, '"v1"'), { status: 304, headers: { ETag: '"v1"' }, body: '' }]);
    const grid = part(el, 'grid')!;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(grid, { subtree: true, attributes: true, childList: true, characterData: true });
    await el.refreshAvailability();
    observer.disconnect();
    const requests = await seatRequests();
    expect(requests.map((r) => r.ifNoneMatch)).to.deep.equal([null, '"v1"']);
    expect(mutations).to.deep.equal([]);
  });

  it('a changed seat re-renders as a few attribute updates on that seat alone', async () => {
    const el = await start([seatsReply({}), seatsReply({ C3: '?' })]);
    const c3 = seat(el, 'C3');
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(part(el, 'grid')!, { subtree: true, attributes: true, childList: true, characterData: true });
    await el.refreshAvailability();
    observer.disconnect();
    expect(mutations.length).to.be.greaterThan(0);
    expect(mutations.every((m) => m.type === 'attributes' && m.target === c3)).to.equal(true);
    expect(seat(el, 'C3')).to.equal(c3);
    expect(c3.dataset['state']).to.equal('held');
  });

  it('refreshAvailability() revalidates the contract record too', async () => {
    server = await scriptedServer([], busRoutes({ detail: [{ body: pluginBusBody(), headers: { ETag: '"d1"' } }] }));
    const el = seatMap({ baseUrl: `${server.origin}/wp-json`, busId: '7', dialect: 'contract' });
    await settled(el);
    await el.refreshAvailability();
    const details = (await server.requests()).filter((r) => r.path.endsWith('/buses/7'));
    expect(details.map((r) => r.ifNoneMatch)).to.deep.equal([null, '"d1"']);
  });
});
