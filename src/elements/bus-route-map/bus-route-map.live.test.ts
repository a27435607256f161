// `live`: the next stop and the passed ones from the site's wall clock, stepped with a FakeScheduler.
// The site's zone is fixed (`time-zone="+01:00"`), so each moment is a known wall-clock reading.
import { expect, waitUntil } from '@open-wc/testing';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { part, parts, stopServerAfterEach } from '../../../test/helpers/element.js';
import { FakeScheduler } from '../../../test/helpers/test-doubles.js';
import type { BusRouteMap } from './bus-route-map.js';
import { busBody, PLUGIN_INDEX, routeMap, settled, shownStops, spokenStops, textOf, type Reply } from './bus-route-map.test-support.js';
import { leftOf } from '../../../test/helpers/layout.js';

const ZONE = '+01:00';
/** The instant the site's wall clock (UTC+1) reads `local` (`YYYY-MM-DDTHH:MM`). */
const at = (local: string) => Date.parse(`${local}:00+01:00`);

/** A night line: Lyon 20:00 → Dijon 22:10 → Paris 23:50 → Lille 01:30 (+1). */
const NIGHT: Array<[string, string]> = [
  ['Lyon', '20:00'],
  ['Dijon', '22:10'],
  ['Paris', '23:50'],
  ['Lille', '01:30'],
];

/** [next stop index or null, passed stop indexes] as shown. */
const live = (el: BusRouteMap) => {
  const stops = shownStops(el);
  const next = stops.findIndex((stop) => stop.next);
  return [next < 0 ? null : next, stops.flatMap((stop, index) => (stop.passed ? [index] : []))];
};

describe('<bus-route-map live>', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  async function liveMap(start: string, attributes: Record<string, string>, routes: Record<string, Reply[]>): Promise<[BusRouteMap, FakeScheduler]> {
    server = await scriptedServer([PLUGIN_INDEX], routes);
    const scheduler = new FakeScheduler(at(start));
    const el = routeMap({ 'base-url': `${server.origin}/wp-json`, live: '', 'time-zone': ZONE, ...attributes }, { scheduler });
    await settled(el);
    return [el, scheduler];
  }

  /** Moves the fake clock to `local` (minute ticks re-render), and waits for the render. */
  async function step(el: BusRouteMap, scheduler: FakeScheduler, local: string): Promise<void> {
    scheduler.advanceTo(at(local));
    await el.updateComplete;
  }

  it('before departure the first stop is next; between stops the one ahead; during a stop’s minute that stop; after arrival none', async () => {
    const [el, clock] = await liveMap(
      '2026-03-10T19:00',
      { 'bus-id': '7', date: '2026-03-10' },
      { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Night Line', NIGHT) }] },
    );
    expect(live(el)).to.deep.equal([0, []]);
    expect(part(el, 'stop')!.getAttribute('aria-current')).to.equal('step');
    expect(textOf(el, 'live-status')).to.equal('Next stop: Lyon, 8:00 PM');
    expect(part(el, 'live-status')!.getAttribute('role')).to.equal('status');
    expect(spokenStops(el)[0]).to.equal('Lyon, departs 8:00 PM, Boarding only, Next stop');
    await expect(el).to.be.accessible();

    await step(el, clock, '2026-03-10T20:00');
    expect(live(el), 'leaving Lyon this minute').to.deep.equal([0, []]);
    await step(el, clock, '2026-03-10T20:01');
    expect(live(el), 'on the way to Dijon').to.deep.equal([1, [0]]);
    expect(spokenStops(el)[0]).to.equal('Lyon, departs 8:00 PM, Boarding only, passed');
    expect(parts(el, 'passed-mark')[0]!.querySelector('[aria-hidden="true"]')!.textContent).to.equal('✓');
    await expect(el).to.be.accessible();

    await step(el, clock, '2026-03-11T00:10');
    expect(live(el), 'after midnight, before Lille (+1)').to.deep.equal([3, [0, 1, 2]]);
    expect(textOf(el, 'live-status')).to.equal('Next stop: Lille, 1:30 AM');
    await step(el, clock, '2026-03-11T01:30');
    expect(live(el), 'arriving this minute').to.deep.equal([3, [0, 1, 2]]);
    await step(el, clock, '2026-03-11T01:31');
    expect(live(el), 'arrived').to.deep.equal([null, []]);
    expect(el.shadowRoot!.querySelector('[aria-current]')).to.equal(null);
    expect(textOf(el, 'live-status')).to.equal('All trips shown have arrived.');
    await expect(el).to.be.accessible();
    // One tick a minute, no request: the clock alone moved the marks.
    expect(clock.pending).to.equal(1);
    expect((await server!.requests()).filter((r) => r.path.includes('/buses/'))).to.have.length(1);
  });

  it('without `date`, follows yesterday’s trip still on the road, then today’s', async () => {
    const [el, clock] = await liveMap('2026-03-11T00:30', { 'bus-id': '7' }, { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Night Line', NIGHT) }] });
    expect(live(el), 'yesterday’s bus nears Lille').to.deep.equal([3, [0, 1, 2]]);
    await step(el, clock, '2026-03-11T02:00');
    expect(live(el), 'today’s bus leaves Lyon tonight').to.deep.equal([0, []]);
  });

  it('route mode follows the earliest trip not yet arrived, marks its calls, and names its bus', async () => {
    const search = {
      boarding_point: 'Lyon',
      dropping_point: 'Paris',
      date: '2026-03-10',
      buses: [1, 2].map((id) => ({ id, name: `Coach ${id}`, boarding_point: 'Lyon', dropping_point: 'Paris', departure_time: `2026-03-10 0${id * 4}:00` })),
    };
    const [el, clock] = await liveMap(
      '2026-03-10T05:00',
      { from: 'Lyon', to: 'Paris', date: '2026-03-10' },
      {
        'buses/search': [{ body: search }],
        'wbtm/v1/buses/1': [
          {
            body: busBody(1, 'Coach 1', [
              ['Lyon', '04:00'],
              ['Dijon', '06:00'],
              ['Paris', '08:00'],
            ]),
          },
        ],
        'wbtm/v1/buses/2': [
          {
            body: busBody(2, 'Coach 2', [
              ['Lyon', '08:00'],
              ['Dijon', '10:00'],
              ['Paris', '12:00'],
            ]),
          },
        ],
      },
    );
    expect(live(el)).to.deep.equal([1, [0]]);
    expect(textOf(el, 'live-status')).to.equal('Coach 1: next stop Dijon, 6:00 AM');
    expect(parts(el, 'followed').map((call) => call.querySelector('[part~="call-bus"]')!.textContent)).to.deep.equal(['Coach 1', 'Coach 1', 'Coach 1']);
    await expect(el).to.be.accessible();
    await step(el, clock, '2026-03-10T08:30');
    expect(live(el), 'Coach 1 arrived: Coach 2 is followed').to.deep.equal([1, [0]]);
    expect(textOf(el, 'live-status')).to.equal('Coach 2: next stop Dijon, 10:00 AM');
    await step(el, clock, '2026-03-10T12:01');
    expect(live(el)).to.deep.equal([null, []]);
  });

  it('right-to-left stop names on a left-to-right page keep the title and the status in reading order', async () => {
    // "Cairo → Alexandria": each name runs right to left, but neither may swap places with the
    // other, nor pull the time or the arrow across it (bidi isolation of each name).
    const [cairo, alex] = ['القاهرة', 'الإسكندرية'];
    const search = {
      boarding_point: cairo,
      dropping_point: alex,
      date: '2026-03-10',
      buses: [{ id: 1, name: 'Coach 1', boarding_point: cairo, dropping_point: alex, departure_time: '2026-03-10 20:00' }],
    };
    const [el] = await liveMap(
      '2026-03-10T19:00',
      { from: cairo, to: alex, date: '2026-03-10' },
      {
        'buses/search': [{ body: search }],
        'wbtm/v1/buses/1': [
          {
            body: busBody(1, 'Coach 1', [
              [cairo, '20:00'],
              [alex, '22:10'],
            ]),
          },
        ],
      },
    );
    const status = part(el, 'live-status')!;
    expect(textOf(el, 'live-status')).to.equal(`Coach 1: next stop ${cairo}, 8:00 PM`);
    expect(leftOf(status, cairo), 'the time after the stop').to.be.below(leftOf(status, '8:00'));
    const title = part(el, 'title')!;
    expect(textOf(el, 'title')).to.equal(`${cairo} → ${alex}`);
    expect(leftOf(title, cairo), 'from first').to.be.below(leftOf(title, '→'));
    expect(leftOf(title, '→'), 'then to').to.be.below(leftOf(title, alex));
  });

  it("without time-zone, reads now on the zone the site's index publishes", async () => {
    // 07:00 UTC is 21:00 at UTC+14: Dijon is next there, whatever the viewer's zone says.
    const index = { body: { ...PLUGIN_INDEX.body, timezone_string: '', gmt_offset: 14 } };
    server = await scriptedServer([index], { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Night Line', NIGHT) }] });
    const scheduler = new FakeScheduler(Date.parse('2026-03-10T07:00:00Z'));
    const el = routeMap({ 'base-url': `${server.origin}/wp-json`, 'bus-id': '7', date: '2026-03-10', live: '' }, { scheduler });
    await settled(el);
    await el.updateComplete;
    expect(live(el)).to.deep.equal([1, [0]]);
    expect((await server.requests()).map((r) => r.path).sort()).to.deep.equal(['/wp-json/', '/wp-json/wbtm/v1/buses/7']);
  });

  const failed: Reply = { status: 503, body: '' };
  const loadsOf = async (path: string) => (await server!.requests()).filter((r) => r.path.endsWith(path)).length;

  it('a failed load is tried again (a kiosk has nobody to press Retry), backing off: after 5, 10, then 15 minutes; a success starts over', async () => {
    const [el, clock] = await liveMap(
      '2026-03-10T21:00',
      { 'bus-id': '7', date: '2026-03-10' },
      {
        'wbtm/v1/buses/7': [failed, failed, failed, { body: busBody(7, 'Night Line', NIGHT) }],
        'wbtm/v1/buses/8': [failed, { body: busBody(8, 'Night Line', NIGHT) }],
      },
    );
    const loads = () => loadsOf('/wbtm/v1/buses/7');
    expect(part(el, 'error')).to.exist;
    // [minute, loads by then]: each wait is longer than the one before.
    for (const [local, count] of [
      ['21:04', 1],
      ['21:05', 2],
      ['21:14', 2],
      ['21:15', 3],
      ['21:29', 3],
      ['21:30', 4],
    ] as const) {
      await step(el, clock, `2026-03-10T${local}`);
      await settled(el);
      expect(await loads(), local).to.equal(count);
    }
    expect(part(el, 'error')).to.equal(null);
    expect(live(el)).to.deep.equal([1, [0]]);
    await step(el, clock, '2026-03-10T22:30');
    expect(await loads(), 'a map shown is not loaded again').to.equal(4);

    // The next failure waits 5 minutes again, not 15.
    el.busId = '8';
    await waitUntil(() => part(el, 'error') && !el.hasAttribute('pending'), 'bus 8 fails', { timeout: 8000 });
    await step(el, clock, '2026-03-10T22:34');
    expect(await loadsOf('/wbtm/v1/buses/8')).to.equal(1);
    await step(el, clock, '2026-03-10T22:35');
    await settled(el);
    expect(await loadsOf('/wbtm/v1/buses/8')).to.equal(2);
    expect(part(el, 'error')).to.equal(null);
  });

  it('a Retry with focus as a failed load is tried again gets the focus back: the new Retry when it fails again, the map once it works', async () => {
    const [el, clock] = await liveMap(
      '2026-03-10T21:00',
      { 'bus-id': '7', date: '2026-03-10' },
      { 'wbtm/v1/buses/7': [failed, failed, { body: busBody(7, 'Night Line', NIGHT) }] },
    );
    part(el, 'retry')!.focus();
    await step(el, clock, '2026-03-10T21:05');
    await settled(el);
    expect(await loadsOf('/wbtm/v1/buses/7')).to.equal(2);
    expect(el.shadowRoot!.activeElement, 'the new Retry').to.equal(part(el, 'retry'));
    await step(el, clock, '2026-03-10T21:15');
    await settled(el);
    expect(part(el, 'error')).to.equal(null);
    expect(el.shadowRoot!.activeElement, 'the map').to.equal(part(el, 'content'));
  });

  it('a removed map whose load failed plans nothing and asks nothing again', async () => {
    const [el, clock] = await liveMap('2026-03-10T21:00', { 'bus-id': '7', date: '2026-03-10' }, { 'wbtm/v1/buses/7': [failed] });
    expect(part(el, 'error')).to.exist;
    el.remove();
    expect(clock.pending).to.equal(0);
    clock.advance(60 * 60_000);
    await el.updateComplete;
    expect(await loadsOf('/wbtm/v1/buses/7')).to.equal(1);
    expect(clock.pending).to.equal(0);
  });

  it('switching live off removes the marks and stops the minute tick', async () => {
    const [el, clock] = await liveMap(
      '2026-03-10T21:00',
      { 'bus-id': '7', date: '2026-03-10' },
      { 'wbtm/v1/buses/7': [{ body: busBody(7, 'Night Line', NIGHT) }] },
    );
    expect(live(el)).to.deep.equal([1, [0]]);
    el.live = false;
    await settled(el);
    expect(live(el)).to.deep.equal([null, []]);
    expect(part(el, 'live-status')).to.equal(null);
    expect(clock.pending).to.equal(0);
  });
});
