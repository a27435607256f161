/**
 * What `<bus-route-map>` reads, in either dialect of Interface B, through the shared cache:
 * - `bus-id`: `/wbtm/v1/buses/{id}` (the same in both dialects; no dialect detection needed);
 * - `from`/`to`, plugin: `/buses/search?bp&dp&date` for the date (the site's today by default),
 *   then `/buses/{id}` for the first `maxBuses` buses by departure;
 * - `from`/`to`, contract: `/routes` (the routes whose stops run from `from` to `to`), `/buses?route_id`
 *   for at most two of them, then `/buses/{id}` for the first `maxBuses` buses by departure.
 * So a route map costs at most 3 + `maxBuses` requests (plus the index when detecting), fewer when
 * the cache already holds what a bus list or seat map on the page asked.
 */
import { getBus, listBuses, listRoutes, searchBuses } from '../../api/buses.js';
import type { ApiClient, CallOptions } from '../../api/client.js';
import { isAbort } from '../../api/errors.js';
import type { Bus, BusDialect, LocalDate, Route } from '../../api/models.js';
import { detectBusDialect, getIndexZone } from '../../api/site-capabilities.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDate } from '../../shared/wall-clock.js';
import { busMap, mapOf, segmentOf, type RouteMap } from './route-stops.js';

/** Contract dialect: the most routes whose buses are read for one `from`/`to`. */
export const MAX_ROUTES = 2;

export interface RouteMapInputs {
  /** `dialect` attribute; null = detect from the site's index (route mode only). */
  dialect: BusDialect | null;
  /** The `bus-id` attribute as written ('' for route mode). */
  busId: string;
  /** Stops exactly as the site's `/routes` lists them. */
  from: string;
  to: string;
  /** The service date; '' for the site's today. */
  date: LocalDate | '';
  /** The page's explicit site zone; null = the zone the site's index publishes, else the viewer's. */
  zone: SiteZone | null;
  /** The present (the element's scheduler). */
  now: number;
  /** Route mode: the most buses whose stops are read. */
  maxBuses: number;
  /** Learn the site's zone from its index even when nothing else needs it (`live`). */
  learnZone: boolean;
}

export type RouteMapLoad = { kind: 'prompt' } | { kind: 'map'; map: RouteMap };

/** Whether a contract route runs from `from` to `to` (either may be an intermediate stop). */
function serves(route: Route, from: string, to: string): boolean {
  const stops = [route.from, ...route.via, route.to];
  const start = stops.indexOf(from);
  return start >= 0 && stops.indexOf(to, start + 1) > start;
}

/** Soonest departure first (buses without a time last), then by id. */
function byDeparture(a: Bus, b: Bus): number {
  const at = (bus: Bus) => bus.departureTime ?? '~';
  return at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : a.id - b.id;
}

/** The buses of `from` → `to`, soonest first, and the date they are for (null for a timetable). */
async function routeBuses(client: ApiClient, inputs: RouteMapInputs, call: CallOptions): Promise<{ buses: Bus[]; date: LocalDate | null }> {
  // Route mode has from and to: the plugin's search, should the site's index be closed.
  const dialect = inputs.dialect ?? (await detectBusDialect(client, null, call, 'plugin'));
  if (dialect === 'plugin') {
    const date = inputs.date || siteDate(inputs.now, await siteZoneOf(client, inputs.zone, call.signal, getIndexZone));
    const found = await searchBuses(client, { from: inputs.from, to: inputs.to, date }, call);
    return { buses: [...found.buses].sort(byDeparture), date: found.date ?? date };
  }
  const routes = (await listRoutes(client, call)).routes.filter((route) => route.id !== null && serves(route, inputs.from, inputs.to));
  const pages = await Promise.all(routes.slice(0, MAX_ROUTES).map((route) => listBuses(client, { routeId: route.id!, perPage: 100 }, call)));
  const unique = new Map(pages.flatMap((page) => page.items).map((bus) => [bus.id, bus]));
  return { buses: [...unique.values()].sort(byDeparture), date: inputs.date || null };
}

export async function loadRouteMap(client: ApiClient, inputs: RouteMapInputs, signal?: AbortSignal): Promise<RouteMapLoad> {
  const call: CallOptions = signal ? { signal } : {};
  const busId = inputs.busId.trim();
  if (busId === '' && (inputs.from === '' || inputs.to === '')) return { kind: 'prompt' };
  // `live` reads "now" on the site's clock: learn its zone alongside (the index is shared and cached).
  const zone = inputs.learnZone ? siteZoneOf(client, inputs.zone, signal, getIndexZone) : Promise.resolve(null);
  if (busId !== '') {
    // Anything but a positive id is refused by the data layer with a clear message, before any request.
    const [bus] = await Promise.all([getBus(client, Number(busId), call), zone]);
    return { kind: 'map', map: busMap(bus, inputs.date || null) };
  }
  const [{ buses, date }] = await Promise.all([routeBuses(client, inputs, call), zone]);
  const shown = buses.slice(0, inputs.maxBuses);
  // One bus whose detail fails (gone since the search, a passing 5xx) leaves the others drawn, and
  // "N of M buses" says one is missing; only when none loads is the map an error.
  const settled = await Promise.allSettled(shown.map((bus) => getBus(client, bus.id, call)));
  const details = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed && (details.length === 0 || isAbort(failed.reason))) throw failed.reason;
  const trips = details.flatMap((bus) => {
    const stops = segmentOf(bus.stops, inputs.from, inputs.to);
    return stops ? [{ trip: { id: bus.id, name: bus.name }, stops }] : [];
  });
  const unread = settled.length - details.length;
  return { kind: 'map', map: mapOf(trips, { mode: 'route', from: inputs.from, to: inputs.to, date, total: buses.length, unread }) };
}
