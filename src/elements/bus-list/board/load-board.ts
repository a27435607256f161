/**
 * What the departure board reads (`load.ts` reads the list's pages): the route's whole timetable
 * (contract) or the date's buses (plugin), continued with the following days when today's do not
 * fill the board (`lookahead.ts`). Part of the board's module: a list never loads it.
 */
import { listBuses, searchBuses } from '../../../api/buses.js';
import type { ApiClient, CallOptions } from '../../../api/client.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/errors.js';
import type { Bus, LocalDate } from '../../../api/models.js';
import { pastTheEnd } from '../../../api/paging.js';
import { getIndexZone } from '../../../api/site-capabilities.js';
import { siteZoneOf } from '../../../shared/site-zone.js';
import { siteDate } from '../../../shared/wall-clock.js';
import type { BusInputs, BusLoad, callOptions, dialectOf, LoadOptions, ofType } from '../load.js';
import { FUTURE_DAY_MAX_AGE_MS, MAX_NEW_DAYS_PER_LOAD, plausibleFor, timetableOn, withLookahead } from './lookahead.js';
import { upcoming } from './wall-clock.js';

/** Contract dialect: the most a board reads in one request (WordPress's page limit). */
export const BOARD_TIMETABLE_SIZE = 100;

/** Contract dialect: the most pages of the timetable a board reads (1 000 buses). */
export const BOARD_TIMETABLE_MAX_PAGES = 10;

/**
 * The contract dialect's timetable: every page of it (up to BOARD_TIMETABLE_MAX_PAGES), the later
 * ones at once. One page is passed on as it came, so an unchanged answer (a 304) keeps its identity
 * and the board skips re-rendering its table.
 */
async function readTimetable(client: ApiClient, inputs: BusInputs, call: CallOptions): Promise<readonly Bus[]> {
  const filter = { ...(inputs.routeId !== undefined && { routeId: inputs.routeId }), ...(inputs.type && { type: inputs.type }) };
  const read = (page: number) => listBuses(client, { ...filter, page, perPage: BOARD_TIMETABLE_SIZE }, call);
  const first = await read(1);
  const pages = Math.min(first.totalPages, BOARD_TIMETABLE_MAX_PAGES);
  if (pages <= 1) return first.items;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, n) => read(n + 2).catch(pastTheEnd)));
  return [first, ...rest].flatMap((part) => part.items);
}

/**
 * What the board's reads share with the list's (`load.ts`). Handed to the board by its loader, not
 * imported: see `BoardDeps` (board-controller.ts).
 */
export interface BusReads {
  dialectOf: typeof dialectOf;
  callOptions: typeof callOptions;
  ofType: typeof ofType;
}

/** How far a board looks ahead when today's departures do not fill it. */
export interface BoardLookahead {
  /** Days after today (0: today only). */
  days: number;
  /** The rows the board shows: fewer upcoming than this reads the next day. */
  rows: number;
}

/** Today's answer as is (first load: the cache; refresh: the server); later days kept fresh longer. */
function dayCall(call: CallOptions, index: number): CallOptions {
  return index > 0 ? { ...call, maxAgeMs: FUTURE_DAY_MAX_AGE_MS } : call;
}

/**
 * Everything the board may show: the route's timetable (contract) or the date's buses (plugin),
 * continued with the following days (lookahead.ts) while fewer than `lookahead.rows`
 * departures are still to come, unless the board shows one `date`.
 */
export async function loadBoard(
  reads: BusReads,
  client: ApiClient,
  inputs: BusInputs,
  options: LoadOptions = {},
  lookahead?: BoardLookahead,
): Promise<BusLoad> {
  const { dialectOf, callOptions, ofType } = reads;
  const dialect = await dialectOf(client, inputs, options);
  if (dialect === 'plugin' && (!inputs.from || !inputs.to)) return { kind: 'prompt', dialect };
  const timetable = dialect === 'contract' ? await readTimetable(client, inputs, callOptions(options)) : null;
  const days = inputs.date || !lookahead ? 0 : Math.max(0, Math.floor(lookahead.days));
  const zone = await siteZoneOf(client, inputs.zone, options.signal, getIndexZone);
  const today = inputs.date || siteDate(inputs.now, zone);
  let newDays = 0;
  const readDay = async (date: LocalDate, index: number): Promise<readonly Bus[] | null> => {
    // Dated from the first day on: an answer held across the site's midnight (the site down) keeps
    // meaning the day it was read for, its later days' copies the days they stand for.
    if (timetable) return timetableOn(timetable, date);
    const query = { from: inputs.from, to: inputs.to, date };
    const call = dayCall(callOptions(options), index);
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
