// A list left open for days (a lobby screen): at the site's midnight the upcoming list moves on to
// the new day. The element's clock is a FakeScheduler pinned in 2031, never the wall clock.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import './event-list.js';
import type { EventList } from './event-list.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import { NO_SITE_ZONE, pagingHeaders, wireEvent } from '../../../test/helpers/wire-events.js';
import { settled, shadow, stopServerAfterEach } from '../../../test/helpers/element.js';
import { FakeScheduler } from '../../../test/helpers/test-doubles.js';

const HOUR = 3_600_000;

describe('<event-list order="upcoming"> across the site midnight', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  // 22:00 on 10 March 2031 in Berlin (UTC+1 then): two hours before the site's midnight.
  const EVENING = Date.UTC(2031, 2, 10, 21, 0);
  const tonight = wireEvent({ id: 1, title: 'Late show', meta: { event_start_datetime: '2031-03-10 20:00:00', event_end_datetime: '2031-03-10 23:30:00' } });
  const later = wireEvent({ id: 2, title: 'Matinee', meta: { event_start_datetime: '2031-03-12 10:00:00', event_end_datetime: '2031-03-12 12:00:00' } });

  /** An upcoming list on `scheduler`'s clock, settled; the site answers its reads of events with `replies` in turn (anything else unscripted with the first). */
  async function list(scheduler: FakeScheduler, replies: Reply[] = [{ body: [tonight, later], headers: pagingHeaders(2, 1) }]): Promise<EventList> {
    server = await scriptedServer([replies[0]!], {
      ...NO_SITE_ZONE,
      mep_cat: [{ body: [] }],
      mep_events: replies,
    });
    const el = document.createElement('event-list') as EventList;
    Object.assign(el, { baseUrl: `${server.origin}/wp-json`, scheduler });
    el.setAttribute('order', 'upcoming');
    el.setAttribute('time-zone', 'Europe/Berlin');
    fixtureSync(html`<div style="width: 48rem"></div>`).append(el);
    await settled(el);
    return el;
  }

  const titles = (el: EventList) => [...shadow(el).querySelectorAll('[part~="title"]')].map((t) => t.textContent?.trim());

  it("drops the evening's event once the site's day has turned, without a reload", async () => {
    const scheduler = new FakeScheduler(EVENING);
    const el = await list(scheduler);
    expect(titles(el)).to.deep.equal(['Late show', 'Matinee']);
    // 23:59:59 in Berlin: the event ended, but the day has not turned yet; no new read is due.
    scheduler.advance(2 * HOUR - 1000);
    await el.updateComplete;
    expect(titles(el), 'before midnight').to.deep.equal(['Late show', 'Matinee']);
    scheduler.advance(2000);
    await waitUntil(() => titles(el).length === 1, 'the new day leaves the late show out', { timeout: 4000 });
    expect(titles(el)).to.deep.equal(['Matinee']);
    expect(scheduler.pending, 'the next midnight is planned').to.equal(1);
  });

  it('a Retry with focus as the new day reads a failed list again gets the focus back: on the list once it works', async () => {
    const scheduler = new FakeScheduler(EVENING);
    const failure = { status: 500, body: { code: 'x', message: 'x', data: { status: 500 } } };
    const el = await list(scheduler, [failure, { body: [later], headers: pagingHeaders(1, 1) }]);
    shadow(el).querySelector<HTMLElement>('[part~="retry"]')!.focus();
    scheduler.advance(3 * HOUR);
    await waitUntil(() => titles(el).length === 1, "the new day's list", { timeout: 4000 });
    await settled(el);
    expect(shadow(el).activeElement, 'the list').to.equal(shadow(el).querySelector('[part~="content"]'));
  });

  it('keeps no timer while off the page, and catches up with a day that turned meanwhile', async () => {
    const scheduler = new FakeScheduler(EVENING);
    const el = await list(scheduler);
    const parent = el.parentElement!;
    el.remove();
    expect(scheduler.pending).to.equal(0);
    scheduler.advance(5 * HOUR);
    parent.append(el);
    await waitUntil(() => titles(el).length === 1, 'back on the page the next morning, the late show is gone', { timeout: 4000 });
    expect(scheduler.pending).to.equal(1);
  });

  it('plans no midnight for a list taken off the page, even when it updates there', async () => {
    const scheduler = new FakeScheduler(EVENING);
    const el = await list(scheduler);
    el.remove();
    // An app may still set a property on the removed list (or a read may land after removal).
    el.setAttribute('time-zone', 'Europe/Paris');
    await el.updateComplete;
    expect(scheduler.pending, 'no timer keeps a removed list alive').to.equal(0);
  });

  it('after the clock is stepped forward across midnight (NTP on a kiosk that started with a stale clock), moves on within the hour', async () => {
    /** Wall clock (now) that can be stepped; timers run on the monotonic clock underneath, as browsers do. */
    class SteppedClock extends FakeScheduler {
      step = 0;
      override now(): number {
        return super.now() + this.step;
      }
    }
    // The kiosk started believing it was 10 March, 08:00 in Berlin; it is 11 March, 08:00.
    const scheduler = new SteppedClock(Date.UTC(2031, 2, 10, 7, 0));
    const el = await list(scheduler);
    expect(titles(el)).to.deep.equal(['Late show', 'Matinee']);
    scheduler.step = 24 * HOUR;
    scheduler.advance(HOUR);
    await waitUntil(() => titles(el).length === 1, "the new day leaves yesterday's late show out", { timeout: 4000 });
  });

  it('on the night the clocks spring forward, wakes at the next midnight, not an hour after it', async () => {
    // 01:00:30 CET on 29 March 2026; at 02:00 Berlin moves to CEST, so its next midnight is 22:00 UTC.
    const scheduler = new FakeScheduler(Date.UTC(2026, 2, 29, 0, 0, 30));
    await list(scheduler);
    // It looks at the clock every hour meanwhile (at half a minute past); the last wake-up is the midnight's.
    scheduler.advanceTo(Date.UTC(2026, 2, 29, 21, 30));
    expect(scheduler.nextAt).to.equal(Date.UTC(2026, 2, 29, 22, 0, 1));
  });
});
