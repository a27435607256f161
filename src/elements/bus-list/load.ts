/**
 * What `<bus-list>` reads, in either dialect of Interface B:
 * - contract: `/wbtm/v1/buses?route_id&type&page&per_page` (a timetable, paged by the server);
 * - plugin: `/wbtm/v1/buses/search?bp&dp&date` (one date's buses, filtered by type and paged here).
 * The plugin dialect cannot list buses without both stops: that is a prompt, not a request.
 * Arrays handed out are the cache's memoized models (or memoized views of them), so an answer the
 * server confirms with a 304 comes back as the very same array.
 */
import { listBuses, searchBuses } from '../../api/buses.js';
import type { ApiClient, CallOptions } from '../../api/client.js';
import type { Bus, BusDialect, LocalDate } from '../../api/models.js';
import { typeKey } from '../../api/normalize/read-bus.js';
import { detectBusDialect, getIndexZone } from '../../api/site-capabilities.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDate } from '../../shared/wall-clock.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../api/errors.js';
import { FUTURE_DAY_MAX_AGE_MS, MAX_NEW_DAYS_PER_LOAD, plausibleFor, timetableOn, withLookahead } from './board/lookahead.js';
import { upcoming } from './board/wall-clock.js';

/** Contract dialect: the most a board reads in one request (WordPress's page limit). */
export const BOARD_TIMETABLE_SIZE = 100;

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
function ofType(buses: Bus[], type: string): Bus[] {
  const key = typeKey(type);
  if (!key) return buses;
  let views = byType.get(buses);
  if (!views) byType.set(buses, (views = new Map()));
  let view = views.get(key);
  if (!view) views.set(key, (view = buses.filter((bus) => bus.typeKey === key)));
  return view;
}

async function dialectOf(client: ApiClient, inputs: BusInputs, options: LoadOptions): Promise<BusDialect> {
  if (inputs.dialect) return inputs.dialect;
  if (options.knownDialect) return options.knownDialect;
  return detectBusDialect(client, null, options.signal ? { signal: options.signal } : {});
}

function callOptions(options: LoadOptions): CallOptions {
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
  const start = (paging.page - 1) * paging.perPage;
  return { kind: 'buses', dialect, buses: all.slice(start, start + paging.perPage), page: paging.page, totalPages };
}

/** How far a board looks ahead when today's departures do not fill it. */
export interface BoardLookahead {
  /** Days after today (0: today only). */
  days: number;
  /** The rows the board shows: fewer upcoming than this reads the next day. */
  rows: number;
}

/** Today's answer as is (first load: the cache; refresh: the server); later days kept fresh longer. */
function dayCall(options: LoadOptions, index: number): CallOptions {
  const call = callOptions(options);
  return index > 0 ? { ...call, maxAgeMs: FUTURE_DAY_MAX_AGE_MS } : call;
}

/**
 * Everything the board may show: the route's timetable (contract) or the date's buses (plugin),
 * continued with the following days (board/lookahead.ts) while fewer than `lookahead.rows`
 * departures are still to come, unless the board shows one `date`.
 */
export async function loadBoard(client: ApiClient, inputs: BusInputs, options: LoadOptions = {}, lookahead?: BoardLookahead): Promise<BusLoad> {
  const dialect = await dialectOf(client, inputs, options);
  if (dialect === 'plugin' && (!inputs.from || !inputs.to)) return { kind: 'prompt', dialect };
  const timetable =
    dialect === 'contract'
      ? (
          await listBuses(
            client,
            {
              ...(inputs.routeId !== undefined && { routeId: inputs.routeId }),
              ...(inputs.type && { type: inputs.type }),
              page: 1,
              perPage: BOARD_TIMETABLE_SIZE,
            },
            callOptions(options),
          )
        ).items
      : null;
  const days = inputs.date || !lookahead ? 0 : Math.max(0, Math.floor(lookahead.days));
  const zone = await siteZoneOf(client, inputs.zone, options.signal, getIndexZone);
  const today = inputs.date || siteDate(inputs.now, zone);
  let newDays = 0;
  const readDay = async (date: LocalDate, index: number): Promise<readonly Bus[] | null> => {
    if (timetable) return index === 0 ? timetable : timetableOn(timetable, date);
    const query = { from: inputs.from, to: inputs.to, date };
    const call = dayCall(options, index);
    if (index > 0) {
      // A later day the cache holds costs nothing; one it does not spends this load's budget.
      const cached = await searchBuses(client, query, { ...call, onlyIfCached: true }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.notCached) return null;
        throw error;
      });
      if (cached) return plausibleFor(ofType(cached.buses, inputs.type), date);
      if (newDays >= MAX_NEW_DAYS_PER_LOAD) return null;
      newDays++;
    }
    return plausibleFor(ofType((await searchBuses(client, query, call)).buses, inputs.type), date);
  };
  const enough = (buses: Bus[]) => upcoming(buses, inputs.now, zone).length >= (lookahead?.rows ?? 0);
  const buses = await withLookahead(today, days, readDay, enough);
  return { kind: 'buses', dialect, buses, page: 1, totalPages: 1 };
}
