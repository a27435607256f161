/**
 * Interface B in both dialects. The contract dialect (`/buses`, `/buses/{id}`, `/passengers`,
 * `/routes` with ids) needs authentication, so browsers reach it through our proxy; the plugin
 * dialect (`/routes` by stop names, `/buses/search`, `/buses/{id}`, `/buses/{id}/seats`) is public.
 * Paths are written as published, with `/wp-json`; url.ts keeps the prefix to exactly one.
 */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import type { Bus, BusDetail, LocalDate, Page, RouteList, SeatMap } from './models.js';
import {
  normalizeBusDetail,
  normalizeContractBuses,
  normalizePluginSearch,
  normalizeRouteList,
  normalizeSeatMap,
  type BusSearchResult,
} from './normalize/index.js';
import { checkDate, checkId, fetchPage, invalidArgument, type PageRequest } from './paging.js';

export interface BusQuery extends PageRequest {
  /** `route_id`: buses of one route. */
  routeId?: number;
  /** `type`: e.g. `ac`. */
  type?: string;
}

export interface SearchQuery {
  /** Boarding stop, exactly as `/routes` lists it. */
  from: string;
  /** Dropping stop, exactly as `/routes` lists it. */
  to: string;
  date: LocalDate;
  returnDate?: LocalDate;
}

/** What `/buses/search` answers, normalized (outbound and, when asked, return buses). */
export type SearchResult = BusSearchResult;

export interface SeatQuery {
  date: LocalDate;
  from?: string;
  to?: string;
}

function checkStop(value: string, name: string): string {
  if (typeof value !== 'string' || value === '') throw invalidArgument(`${name} must name a stop`);
  return value;
}

/** `GET /wp-json/wbtm/v1/routes` in either dialect. */
export async function listRoutes(client: ApiClient, call?: CallOptions): Promise<RouteList> {
  const response = await client.get('/wp-json/wbtm/v1/routes', {}, call);
  return normalizeWith(response, 'routes', normalizeRouteList);
}

/** Contract: `GET /wp-json/wbtm/v1/buses` — published buses, paged. */
export async function listBuses(client: ApiClient, query: BusQuery = {}, call?: CallOptions): Promise<Page<Bus>> {
  const type = query.type?.trim();
  return fetchPage(
    client,
    {
      path: '/wp-json/wbtm/v1/buses',
      query: {
        ...(query.routeId !== undefined && { route_id: checkId(query.routeId, 'routeId') }),
        ...(type && { type }),
      },
      key: 'buses',
      normalize: normalizeContractBuses,
    },
    query,
    call,
  );
}

/** Either dialect: `GET /wp-json/wbtm/v1/buses/{id}` — one bus in full. */
export async function getBus(client: ApiClient, id: number, call?: CallOptions): Promise<BusDetail> {
  const response = await client.get(`/wp-json/wbtm/v1/buses/${checkId(id, 'id')}`, {}, call);
  return normalizeWith(response, 'bus', normalizeBusDetail);
}

/** Plugin: `GET /wp-json/wbtm/v1/buses/search?bp&dp&date[&return_date]`. */
export async function searchBuses(client: ApiClient, query: SearchQuery, call?: CallOptions): Promise<SearchResult> {
  const response = await client.get(
    '/wp-json/wbtm/v1/buses/search',
    {
      bp: checkStop(query.from, 'from'),
      dp: checkStop(query.to, 'to'),
      date: checkDate(query.date, 'date'),
      ...(query.returnDate !== undefined && { return_date: checkDate(query.returnDate, 'returnDate') }),
    },
    call,
  );
  return normalizeWith(response, 'search', normalizePluginSearch);
}

/** Plugin: `GET /wp-json/wbtm/v1/buses/{id}/seats?date[&bp&dp]`. */
export async function getSeatMap(client: ApiClient, id: number, query: SeatQuery, call?: CallOptions): Promise<SeatMap> {
  const busId = checkId(id, 'id');
  const response = await client.get(
    `/wp-json/wbtm/v1/buses/${busId}/seats`,
    {
      date: checkDate(query.date, 'date'),
      ...(query.from && { bp: query.from }),
      ...(query.to && { dp: query.to }),
    },
    call,
  );
  return normalizeWith(response, `seats`, (body) => normalizeSeatMap(body, busId));
}
