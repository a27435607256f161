import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import type { BusDetail, EventItem, RouteList, SeatMap, SiteCapabilities, Speaker, Term } from '../../../src/api/models.js';
import {
  normalizeBusDetail,
  normalizeEvents,
  normalizePluginSearch,
  normalizeRouteList,
  normalizeSeatMap,
  normalizeSiteIndex,
  normalizeSpeakers,
  normalizeTerms,
  type BusSearchResult,
} from '../../../src/api/normalize/index.js';
import { readWpError } from '../../../src/api/wire/wp-error.js';

interface Recorded {
  request: { method: string; path: string; query: Record<string, string> };
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** How a request path is read by the data layer; `normalize` is null for a route no widget reads. */
interface Route {
  pattern: RegExp;
  normalize: ((body: unknown, match: RegExpExecArray) => unknown) | null;
}

const ROUTES: Route[] = [
  { pattern: /^\/wp-json\/$/, normalize: normalizeSiteIndex },
  { pattern: /^\/wp-json\/wp\/v2\/mep_events$/, normalize: normalizeEvents },
  { pattern: /^\/wp-json\/wp\/v2\/mep_(?:cat|org)$/, normalize: normalizeTerms },
  { pattern: /^\/wp-json\/wp\/v2\/mep_event_speaker$/, normalize: normalizeSpeakers },
  { pattern: /^\/wp-json\/wbtm\/v1\/routes$/, normalize: normalizeRouteList },
  { pattern: /^\/wp-json\/wbtm\/v1\/buses\/search$/, normalize: normalizePluginSearch },
  { pattern: /^\/wp-json\/wbtm\/v1\/buses\/(\d+)\/seats$/, normalize: (body, m) => normalizeSeatMap(body, Number(m[1])) },
  { pattern: /^\/wp-json\/wbtm\/v1\/buses\/\d+$/, normalize: normalizeBusDetail },
  // The plugin's core post type route: no widget reads it (see its expectation below).
  { pattern: /^\/wp-json\/wp\/v2\/wbtm_bus$/, normalize: null },
];

const byId = <T extends { id: number }>(items: T[], id: number): T => {
  const item = items.find((x) => x.id === id);
  expect(item, `item ${id}`).to.not.equal(undefined);
  return item as T;
};

/** Specific expectations per recorded success file. */
const SUCCESS: Record<string, (result: unknown, file: Recorded) => void> = {
  'wp-json-index.json': (result) => {
    const caps = result as SiteCapabilities;
    expect(caps.events).to.equal(true);
    expect(caps.speakers).to.equal(true);
    expect(caps.categories).to.equal(true);
    expect(caps.organizers).to.equal(true);
    expect(caps.attendees).to.equal(false);
    expect(caps.busDialect).to.equal('plugin');
    expect(caps.passengers).to.equal(false);
    expect(caps.seats).to.equal(true);
    expect(caps.namespaces).to.include('wbtm/v1');
  },
  'mep-cat-list.json': (result) => {
    const terms = result as Term[];
    expect(terms).to.have.length(9);
    expect(byId(terms, 12)).to.deep.include({ name: 'Business Event', slug: 'business-event', parent: 0, count: 3, taxonomy: 'mep_cat' });
    expect(byId(terms, 12).link).to.equal('https://example.org/mep_cat/business-event/');
  },
  'mep-org-list.json': (result) => {
    const terms = result as Term[];
    expect(terms).to.have.length(8);
    expect(byId(terms, 29)).to.deep.include({ name: 'Duperstar LLC', count: 8, taxonomy: 'mep_org' });
    expect(byId(terms, 31).count).to.equal(0);
  },
  'mep-event-speaker-list.json': (result) => {
    const speakers = result as Speaker[];
    expect(speakers.map((s) => s.id)).to.deep.equal([28, 26, 24, 22, 20, 18]);
    const priya = byId(speakers, 28);
    expect(priya).to.deep.include({ name: 'Priya Nair', role: 'Growth Lead · Orbit Commerce', imageId: 29, imageUrl: null });
    expect(priya.bioText).to.match(/^Priya Nair specializes in growth marketing/);
    expect(priya.bioHtml).to.match(/^<p>/);
    expect(priya.published).to.equal('2026-11-21T17:59:10');
  },
  'mep-events-page-1-per-page-5.json': (result) => {
    const events = result as EventItem[];
    expect(events.map((e) => e.id)).to.deep.equal([54, 52, 50, 48, 46]);
    const carnival = byId(events, 54);
    expect(carnival.title).to.equal('Electronic Dance Music Carnival');
    expect(carnival.start).to.equal('2026-12-31T16:00:00');
    expect(carnival.end).to.equal('2027-01-01T02:00:00');
    expect(carnival.tickets.map((t) => [t.name, t.price, t.quantity, t.enabled])).to.deep.equal([
      ['GA Dance Floor', 90, 800, true],
      ['VIP Lounge', 220, 200, true],
      ['Backstage Pass', 350, 50, true],
    ]);
    expect(carnival.priceRange).to.deep.equal({ min: 90, max: 350 });
    // The site's `mep_event_type` is "off": a venue event.
    expect(carnival.mode).to.equal('offline');
    expect(carnival.venue?.name).to.equal('Ultra Beach Arena, Miami, FL, USA');
    expect(carnival.venue?.city).to.equal('');
    expect(carnival.imageUrl).to.equal('https://example.org/wp-content/uploads/2026/11/event-1-1.jpg');
    expect(carnival.categoryIds).to.deep.equal([16, 17]);
    expect(carnival.tagIds).to.deep.equal([22, 21]);
    expect(carnival.registration).to.equal('on');
    expect(carnival.seatsLeft).to.equal(0);
    expect(carnival.published).to.equal('2026-11-21T17:59:11');
    expect(carnival.excerptText).to.match(/^Lorem ipsum .* occaecat \[…\]$/);
    expect(byId(events, 52).title).to.equal('Jazz Night & Acoustic Sessions');
    expect(byId(events, 46).recurrence).to.equal('everyday');
    expect(byId(events, 48).recurrence).to.equal('yes');
    expect(byId(events, 48).moreDates).to.have.length(4);
  },
  'mep-events-category-business-event.json': (result) => {
    const events = result as EventItem[];
    expect(events).to.have.length(3);
    for (const event of events) expect(event.categoryIds).to.include(12);
    expect(byId(events, 40).title).to.equal('Exclusive Tech Hiring & Networking Event');
    const summit = byId(events, 48);
    expect(summit.title).to.equal('Global Economic Leadership Summit');
    expect(summit.moreDates).to.deep.equal([
      { start: '2026-12-31T09:00:00', end: '2027-01-10T19:00:00' },
      { start: '2027-01-10T09:00:00', end: '2027-01-20T19:00:00' },
      { start: '2027-01-20T09:00:00', end: '2027-01-30T19:00:00' },
      { start: '2027-01-30T09:00:00', end: '2027-02-09T19:00:00' },
    ]);
    expect(summit.start).to.equal('2026-11-21T09:00:00');
    expect(byId(events, 36).title).to.equal('City Festival & Community Gathering');
  },
  'wbtm-routes.json': (result) => {
    const routes = result as RouteList;
    expect(routes.dialect).to.equal('plugin');
    expect(routes.routes).to.deep.equal([]);
    expect(routes.boardingPoints).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
    expect(routes.droppingPoints).to.deep.equal(['Berlin', 'Frankfurt', 'Hamburg', 'Paris']);
  },
  'wbtm-buses-search-paris-berlin.json': (result) => {
    const search = result as BusSearchResult;
    expect(search).to.deep.include({ from: 'Paris', to: 'Berlin', date: '2026-11-30', returnDate: null, returnBuses: [] });
    expect(search.buses.map((b) => b.id)).to.deep.equal([8, 14, 16]);
    const royal = byId(search.buses, 14);
    expect(royal).to.deep.include({
      name: 'Royal Bus',
      typeKey: 'ac',
      date: '2026-11-30',
      departureTime: '09:00',
      arrivalTime: '01:30',
      arrivalDayOffset: 1,
      seatsLeft: 29,
      totalSeats: 32,
      lowestFare: 20,
    });
    const flix = byId(search.buses, 8);
    expect(flix).to.deep.include({ type: 'Non AC', typeKey: 'non-ac', arrivalDayOffset: 0, departureTime: '08:00', arrivalTime: '22:30' });
    expect(flix.fares).to.deep.equal([{ type: 'adult', name: 'Adult', price: 20 }]);
  },
  'wbtm-buses-search-paris-berlin-with-return.json': (result) => {
    const search = result as BusSearchResult;
    expect(search.buses).to.have.length(3);
    expect(search.returnDate).to.equal('2026-12-03');
    expect(search.returnBuses.map((b) => b.id)).to.deep.equal([9, 12, 13, 17]);
    for (const bus of search.returnBuses) {
      expect(bus).to.deep.include({ from: 'Berlin', to: 'Paris', date: '2026-12-03', arrivalDayOffset: 0 });
    }
  },
  'wbtm-bus-royal-bus.json': (result) => {
    const bus = result as BusDetail;
    expect(bus).to.deep.include({ id: 14, name: 'Royal Bus', type: 'AC', typeKey: 'ac', routeId: null, seatMap: null, gallery: [], features: [] });
    expect(bus.stops.map((s) => [s.place, s.kind, s.time, s.dayOffset])).to.deep.equal([
      ['Paris', 'boarding', '09:00', 0],
      ['Frankfurt', 'both', '10:30', 0],
      ['Hamburg', 'both', '12:00', 0],
      ['Berlin', 'dropping', '01:30', 1],
    ]);
    expect(bus.boardingPoints.map((s) => s.place)).to.deep.equal(['Paris', 'Frankfurt', 'Hamburg']);
    expect(bus.droppingPoints.map((s) => s.place)).to.deep.equal(['Frankfurt', 'Hamburg', 'Berlin']);
    expect(bus.fares).to.deep.equal([{ type: 'adult', name: 'Adult', price: 20 }]);
  },
  'wbtm-bus-flix-bus-service.json': (result) => {
    const bus = result as BusDetail;
    expect(bus).to.deep.include({ id: 8, name: 'Flix Bus Service', typeKey: 'non-ac' });
    expect(bus.stops.map((s) => s.dayOffset)).to.deep.equal([0, 0, 0, 0]);
    expect(bus.stops[3]).to.deep.equal({ place: 'Berlin', kind: 'dropping', time: '22:30', dayOffset: 0 });
  },
  'wbtm-bus-seats-royal-bus.json': (result) => {
    const map = result as SeatMap;
    expect(map).to.deep.include({ busId: 14, date: '2026-11-30', from: 'Paris', to: 'Berlin', seatType: 'wbtm_seat_plan' });
    expect(map.decks).to.have.length(1);
    const [deck] = map.decks;
    expect(deck).to.deep.include({ level: 'lower', rows: 8, cols: 5 });
    expect(deck!.cells.every((row) => row.length === 5)).to.equal(true);
    expect(deck!.cells[0]![2]).to.equal(null);
    expect(deck!.cells[0]![1]).to.deep.equal({ kind: 'seat', name: 'A2', status: 'booked', row: 0, col: 1 });
    expect(map).to.deep.include({ totalSeats: 32, bookedSeats: 3, availableSeats: 29 });
  },
  'wbtm-bus-seats-regio-shuttle.json': (result) => {
    const map = result as SeatMap;
    expect(map).to.deep.equal({
      busId: 114,
      date: '2026-11-30',
      from: 'Paris',
      to: 'Frankfurt',
      seatType: 'wbtm_without_seat_plan',
      decks: [],
      totalSeats: 30,
      bookedSeats: 2,
      availableSeats: 28,
    });
  },
  'wp-v2-wbtm-bus-list.json': (_result, file) => {
    // No widget reads this route: the plugin registers the post type with `bus_informations`
    // null, so the posts carry no timetable. Should that change, this fails and a normalizer is due.
    const posts = file.body as Array<Record<string, unknown>>;
    expect(posts).to.have.length(10);
    for (const post of posts) expect(post['bus_informations']).to.equal(null);
  },
};

/** WordPress/plugin error codes of the recorded error files. */
const ERRORS: Record<string, { code: string; params?: Record<string, string> }> = {
  'mep-events-page-out-of-range.json': { code: 'rest_post_invalid_page_number' },
  'mep-events-per-page-101.json': {
    code: 'rest_invalid_param',
    params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
  },
  'wbtm-bus-not-found.json': { code: 'wbtm_invalid_bus' },
  'wbtm-buses-search-bad-date.json': { code: 'wbtm_invalid_date' },
  'wbtm-rate-limited.json': { code: 'wbtm_rate_limited' },
};

async function loadAll(): Promise<Map<string, Recorded>> {
  const names = (await (await fetch('/__recorded__/')).json()) as string[];
  const files = new Map<string, Recorded>();
  for (const name of names) {
    const response = await fetch(`/test/fixtures/recorded/${name}`);
    expect(response.ok, name).to.equal(true);
    files.set(name, (await response.json()) as Recorded);
  }
  return files;
}

function routeOf(file: Recorded): { route: Route; match: RegExpExecArray } | null {
  for (const route of ROUTES) {
    const match = route.pattern.exec(file.request.path);
    if (match) return { route, match };
  }
  return null;
}

describe('normalizers against every recorded real response', () => {
  let files: Map<string, Recorded>;

  before(async () => {
    files = await loadAll();
  });

  it('finds the recorded files', () => {
    expect(files.size).to.be.greaterThan(15);
  });

  it('maps every file to a route and an expectation', () => {
    for (const [name, file] of files) {
      expect(routeOf(file), `${name}: no route for ${file.request.path}`).to.not.equal(null);
      const expected = file.status >= 400 ? ERRORS[name] : SUCCESS[name];
      expect(expected, `${name}: no expectation for status ${file.status}`).to.not.equal(undefined);
    }
  });

  it('normalizes every success file as expected', () => {
    for (const [name, file] of files) {
      if (file.status >= 400) continue;
      const found = routeOf(file);
      const result = found?.route.normalize ? found.route.normalize(file.body, found.match) : undefined;
      try {
        SUCCESS[name]!(result, file);
      } catch (error) {
        (error as Error).message = `${name}: ${(error as Error).message}`;
        throw error;
      }
    }
  });

  it('reads every error file as a WordPress error, and its route normalizer refuses the body', () => {
    for (const [name, file] of files) {
      if (file.status < 400) continue;
      const error = readWpError(file.body);
      const expected = ERRORS[name]!;
      expect(error?.code, name).to.equal(expected.code);
      expect(error?.data?.status, name).to.equal(file.status);
      if (expected.params) expect(error?.params, name).to.deep.equal(expected.params);
      const found = routeOf(file)!;
      // An error body must never pass as an (empty) result.
      expect(() => found.route.normalize?.(file.body, found.match), name)
        .to.throw(ApiError)
        .with.property('code', 'tw_invalid_response');
    }
  });
});
