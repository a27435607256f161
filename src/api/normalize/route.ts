/**
 * `/wbtm/v1/routes` → {@link RouteList}, for either dialect, told apart by shape alone: the contract
 * answers an array of routes with ids, the plugin an object of two stop-name lists.
 *
 * Stop names are kept byte-exact (not decoded, not trimmed): the plugin matches `bp`/`dp` against
 * them character for character, and WordPress stores term names entity-escaped (`&amp;`), so a
 * "cleaned" name would be refused with `wbtm_unknown_stop`. Display code decodes them.
 */
import { invalidResponse } from '../errors.js';
import type { Route, RouteList } from '../models.js';
import { asRecord, field, kindOf, normalizeList, readId } from './read.js';
import { readPlace, readStringArray } from './read-bus.js';

function byLocale(a: string, b: string): number {
  return a.localeCompare(b);
}

/** Distinct usable names, sorted for a dropdown. */
function distinctSorted(names: Iterable<string>): string[] {
  return [...new Set([...names].filter((name) => readPlace(name) !== ''))].sort(byLocale);
}

function normalizeContractRoute(raw: unknown): Route {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a route object, got ${kindOf(raw)}.`);
  const id = readId(field(record, 'id'));
  if (id === null) throw invalidResponse('Route has no usable id.');
  const from = readPlace(field(record, 'start'));
  const to = readPlace(field(record, 'end'));
  if (from === '' || to === '') throw invalidResponse(`Route ${id} has no start or end.`);
  const stops = readStringArray(field(record, 'stops')).filter((stop) => readPlace(stop) !== '');
  // `stops` repeats start and end around the intermediate stops; strip only those two ends.
  if (stops[0] === from) stops.shift();
  if (stops[stops.length - 1] === to) stops.pop();
  return { id, from, to, via: stops };
}

function contractRouteList(raw: unknown[]): RouteList {
  const routes = normalizeList(raw, normalizeContractRoute, 'routes').sort((a, b) => byLocale(a.from, b.from) || byLocale(a.to, b.to));
  // One may board at a start or an intermediate stop, and leave at an intermediate stop or an end.
  const boarding = routes.flatMap((route) => [route.from, ...route.via]);
  const dropping = routes.flatMap((route) => [...route.via, route.to]);
  return { dialect: 'contract', routes, boardingPoints: distinctSorted(boarding), droppingPoints: distinctSorted(dropping) };
}

function pluginRouteList(record: Record<string, unknown>): RouteList {
  return {
    dialect: 'plugin',
    routes: [],
    boardingPoints: distinctSorted(readStringArray(field(record, 'boarding_points'))),
    droppingPoints: distinctSorted(readStringArray(field(record, 'dropping_points'))),
  };
}

/** Routes of either dialect; throws `tw_invalid_response` for any other shape. */
export function normalizeRouteList(raw: unknown): RouteList {
  if (Array.isArray(raw)) return contractRouteList(raw);
  const record = asRecord(raw);
  const boarding = field(record, 'boarding_points');
  const dropping = field(record, 'dropping_points');
  // Either list alone is usable; a present list of the wrong type means we misread the shape.
  const listOrAbsent = (v: unknown): boolean => v === undefined || Array.isArray(v);
  if (record !== null && (Array.isArray(boarding) || Array.isArray(dropping)) && listOrAbsent(boarding) && listOrAbsent(dropping)) {
    return pluginRouteList(record);
  }
  throw invalidResponse(`Expected routes (a list, or boarding and dropping points), got ${kindOf(raw)}.`);
}
