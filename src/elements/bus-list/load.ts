/**
 * What `<bus-list>` reads, in either dialect of Interface B:
 * - contract: `/wbtm/v1/buses?route_id&type&page&per_page` (a timetable, paged by the server);
 * - plugin: `/wbtm/v1/buses/search?bp&dp&date` (one date's buses, filtered by type and paged here).
 * The plugin dialect cannot list buses without both stops: that is a prompt, not a request.
 * Arrays handed out are the cache's memoized models (or memoized views of them), so an answer the
 * server confirms with a 304 comes back as the very same array. The board reads through
 * `board/load-board.ts`, with the helpers exported here.
 */
import { listBuses, searchBuses } from '../../api/buses.js';
import type { ApiClient, CallOptions } from '../../api/client.js';
import { pastTheEndError } from '../../api/paging.js';
import type { Bus, BusDialect, LocalDate } from '../../api/models.js';
import { typeKey } from '../../api/normalize/read-bus.js';
import { detectBusDialect, getIndexZone } from '../../api/site-capabilities.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDate } from '../../shared/wall-clock.js';

export interface BusInputs {
  /** `dialect` attribute; null = detect from the site's index. */
  dialect: BusDialect | null;
  /** Contract: route id, or undefined for every route. */
  routeId: number | undefined;
  /** Bus type filter (`ac`); '' for every type. */
  type: string;
  /** Plugin: stops exactly as `/routes` lists them. */
  from: string;
  to: string;
  /** Plugin: the service date; '' for the site's today. */
  date: LocalDate | '';
  /** The page's explicit site zone for "today"; null = the zone the site's index publishes, else the viewer's. */
  zone: SiteZone | null;
  /** The present, for "today" (the element's scheduler). */
  now: number;
}

export type BusLoad =
  | { kind: 'prompt'; dialect: BusDialect }
  | {
      kind: 'buses';
      dialect: BusDialect;
      /** Stable identity while the server's answer is unchanged. */
      buses: Bus[];
      page: number;
      totalPages: number;
    };

export interface LoadOptions extends CallOptions {
  /** A dialect detected earlier for the same inputs: skip reading the index again. */
  knownDialect?: BusDialect;
}

const byType = new WeakMap<Bus[], Map<string, Bus[]>>();

/** `buses` of one type (by `typeKey`), memoized per source array so identity survives a 304. */
export function ofType(buses: Bus[], type: string): Bus[] {
  const key = typeKey(type);
  if (!key) return buses;
  let views = byType.get(buses);
  if (!views) byType.set(buses, (views = new Map()));
  let view = views.get(key);
  if (!view) views.set(key, (view = buses.filter((bus) => bus.typeKey === key)));
  return view;
}

/** The `dialect` attribute's, else one detected earlier for the same inputs, else the site index's. */
export async function dialectOf(client: ApiClient, inputs: BusInputs, options: LoadOptions): Promise<BusDialect> {
  if (inputs.dialect) return inputs.dialect;
  if (options.knownDialect) return options.knownDialect;
  // From and to without a route id can only be the plugin's search: used when the index is closed.
  const guess = inputs.from && inputs.to && inputs.routeId === undefined ? 'plugin' : undefined;
  return detectBusDialect(client, null, options.signal ? { signal: options.signal } : {}, guess);
}

export function callOptions(options: LoadOptions): CallOptions {
  return { ...(options.signal && { signal: options.signal }), ...(options.maxAgeMs !== undefined && { maxAgeMs: options.maxAgeMs }) };
}

/** Plugin dialect: the date's buses of the route (and type), or a prompt without both stops. */
async function search(client: ApiClient, inputs: BusInputs, options: LoadOptions): Promise<Bus[] | null> {
  if (!inputs.from || !inputs.to) return null;
  const date = inputs.date || siteDate(inputs.now, await siteZoneOf(client, inputs.zone, options.signal, getIndexZone));
  const result = await searchBuses(client, { from: inputs.from, to: inputs.to, date }, callOptions(options));
  return ofType(result.buses, inputs.type);
}

/** One page for the list view. */
export async function loadBusPage(
  client: ApiClient,
  inputs: BusInputs,
  paging: { page: number; perPage: number },
  options: LoadOptions = {},
): Promise<BusLoad> {
  const dialect = await dialectOf(client, inputs, options);
  if (dialect === 'contract') {
    const page = await listBuses(
      client,
      { ...(inputs.routeId !== undefined && { routeId: inputs.routeId }), ...(inputs.type && { type: inputs.type }), ...paging },
      callOptions(options),
    );
    return { kind: 'buses', dialect, buses: page.items, page: page.page, totalPages: page.totalPages };
  }
  const all = await search(client, inputs, options);
  if (all === null) return { kind: 'prompt', dialect };
  const totalPages = Math.ceil(all.length / paging.perPage);
  // Paged here: a page past the end (a filter narrowed the list) is WordPress's answer for one, so
  // the list offers "First page" as in the contract dialect, not "No buses found".
  if (paging.page > totalPages && totalPages > 0) throw pastTheEndError();
  const start = (paging.page - 1) * paging.perPage;
  return { kind: 'buses', dialect, buses: all.slice(start, start + paging.perPage), page: paging.page, totalPages };
}
