import type { PluginSearchBusWire, PluginSearchWire, PluginSeatsWire } from '../../../api/wire/shapes.js';
import { DAY_MS, restDate } from '../seed/clock.js';
import { canBoard, canDrop, occupancy, runsOn, segment, stopTimes } from '../seed/bus-facts.js';
import type { Bus, Seed } from '../seed/types.js';
import { busPostItem } from '../wire/post-types.js';
import { decksWire, legPrices, pluginBus, pluginRoutes, published, seatType, totalSeats } from '../wire/buses.js';
import { isCalendarDate } from '../wp/args.js';
import { forbidden, invalidPostId, WpError } from '../wp/errors.js';
import { pageResult, POST_COLLECTION_ARGS, sortPosts } from './collection.js';
import type { RestContext, RouteDef } from './types.js';

/**
 * Interface B as the bus plugin (5.9.1) publishes it: anonymous, rate limited, stop names instead of
 * route ids, and its own validation order and messages (copied from the plugin's WBTM_REST_API).
 */
const MESSAGES = {
  missing: 'Both "bp" (boarding point) and "dp" (dropping point) parameters are required.',
  unknownStop: 'Unknown boarding or dropping point. See /wbtm/v1/routes for valid stops.',
  invalidBus: 'Bus not found.',
  noRoute: 'This bus has no route configured.',
};

const pluginError = (code: string, message: string) => new WpError(code, message, 400);

/** sanitize_text_field(), near enough: tags stripped, whitespace collapsed and trimmed. */
function text(value: string | undefined): string {
  return (value ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The plugin's validate_date(): YYYY-MM-DD that strtotime() accepts, normalized (02-30 rolls over). */
function validDate(raw: string | undefined, param: string): string {
  const value = (raw ?? '').trim();
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || m < 1 || m > 12 || d < 1 || d > 31) {
    throw pluginError('wbtm_invalid_date', `Invalid or missing "${param}" parameter. Expected format: YYYY-MM-DD.`);
  }
  return isCalendarDate(value) ? value : new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

function findBus(seed: Seed, id: string | undefined): Bus {
  const bus = published(seed).find((candidate) => candidate.id === Number(id));
  if (!bus) throw pluginError('wbtm_invalid_bus', MESSAGES.invalidBus);
  return bus;
}

const ymdHm = (ms: number) => restDate(ms).slice(0, 16).replace('T', ' ');

function searchItems(seed: Seed, bp: string, dp: string, date: string): PluginSearchBusWire[] {
  const day = Date.parse(`${date}T00:00:00Z`);
  return published(seed).flatMap((bus) => {
    const leg = segment(bus, bp, dp);
    if (!leg || !runsOn(bus, day, seed.dayStart)) return [];
    // Times roll over midnight from the first stop; shift so the boarding stop falls on `date`.
    const times = stopTimes(bus, day);
    const shift = Math.floor(((times[leg.from] as number) - day) / DAY_MS) * DAY_MS;
    const total = totalSeats(bus);
    return [
      {
        id: bus.id,
        name: bus.title,
        type: bus.type,
        boarding_point: bp,
        departure_time: ymdHm((times[leg.from] as number) - shift),
        dropping_point: dp,
        arrival_time: ymdHm((times[leg.to] as number) - shift),
        prices: legPrices(bus, leg.from, leg.to),
        total_seats: total,
        seats_left: Math.max(0, total - occupancy(bus, seed.bookings, date, bp, dp).count),
        features: bus.features,
      },
    ];
  });
}

function search(context: RestContext): PluginSearchWire {
  const bp = text(context.query.get('bp'));
  const dp = text(context.query.get('dp'));
  if (bp === '' || dp === '') throw pluginError('wbtm_missing_param', MESSAGES.missing);
  const date = validDate(context.query.get('date'), 'date');
  const stops = pluginRoutes(context.seed);
  const known = [...stops.boarding_points, ...stops.dropping_points];
  if (!known.includes(bp) || !known.includes(dp)) throw pluginError('wbtm_unknown_stop', MESSAGES.unknownStop);
  const rawReturn = context.query.get('return_date');
  // PHP truthiness: '' and '0' mean "no return trip".
  const returnDate = rawReturn && rawReturn !== '0' ? validDate(rawReturn, 'return_date') : null;
  const body: PluginSearchWire = { boarding_point: bp, dropping_point: dp, date, buses: searchItems(context.seed, bp, dp, date) };
  if (returnDate) {
    body.return_date = returnDate;
    body.return_buses = searchItems(context.seed, dp, bp, returnDate);
  }
  return body;
}

function seats(context: RestContext): PluginSeatsWire {
  const bus = findBus(context.seed, context.params['id']);
  const date = validDate(context.query.get('date'), 'date');
  const firstBoarding = bus.stops.find((stop) => canBoard(stop.type))?.place ?? '';
  const lastDropping = [...bus.stops].reverse().find((stop) => canDrop(stop.type))?.place ?? '';
  const bp = text(context.query.get('bp')) || firstBoarding;
  const dp = text(context.query.get('dp')) || lastDropping;
  if (bp === '' || dp === '') throw pluginError('wbtm_no_route', MESSAGES.noRoute);
  const taken = occupancy(bus, context.seed.bookings, date, bp, dp);
  const body: PluginSeatsWire = { id: bus.id, date, boarding_point: bp, dropping_point: dp, seat_type: seatType(bus) };
  if (bus.seatPlan) {
    body.decks = decksWire(bus, (seat) => taken.seats.get(seat) ?? 'available');
  } else {
    const total = totalSeats(bus);
    body.total_seats = total;
    body.booked = taken.count;
    body.available = Math.max(0, total - taken.count);
  }
  return body;
}

export function pluginRoutesTable(): RouteDef[] {
  const limited = { namespace: 'wbtm/v1', rateLimited: true } as const;
  return [
    { ...limited, pattern: '/wbtm/v1/routes', handler: ({ seed }) => ({ body: pluginRoutes(seed) }) },
    { ...limited, pattern: '/wbtm/v1/buses/search', handler: (context) => ({ body: search(context) }) },
    {
      ...limited,
      pattern: '/wbtm/v1/buses/(?P<id>\\d+)',
      handler: (context) => ({ body: pluginBus(context.seed, findBus(context.seed, context.params['id']), context.view) }),
    },
    { ...limited, pattern: '/wbtm/v1/buses/(?P<id>\\d+)/seats', handler: (context) => ({ body: seats(context) }) },
    {
      pattern: '/wp/v2/wbtm_bus',
      namespace: 'wp/v2',
      args: POST_COLLECTION_ARGS,
      handler: (context) => {
        const buses = sortPosts(published(context.seed), context);
        return pageResult(context, buses, 'posts', '/wp/v2/wbtm_bus', (bus) => busPostItem(bus, context.view));
      },
    },
    {
      pattern: '/wp/v2/wbtm_bus/(?P<id>[\\d]+)',
      namespace: 'wp/v2',
      handler: (context) => {
        const bus = context.seed.buses.find((candidate) => candidate.id === Number(context.params['id']));
        if (!bus) throw invalidPostId();
        if (bus.status !== 'publish') throw forbidden(context.user !== null);
        return { body: busPostItem(bus, context.view) };
      },
    },
  ];
}
