/**
 * Test helpers for `<bus-route-map>`: wire bodies, element set-up, what the map shows (read from the
 * DOM), and what it should show (derived from raw wire JSON, never from the element). Only tests
 * import this module.
 */
import { fixtureSync, html } from '@open-wc/testing';
import { clean, part, parts, settled as settledOn } from '../../../test/helpers/element.js';
import { decodeEntities } from '../../api/text.js';
import type { PluginBusWire, StopWire } from '../../api/wire/shapes.js';
import './bus-route-map.js';
import type { BusRouteMap } from './bus-route-map.js';

export { recorded } from '../bus-list/bus-list.test-support.js';
export type { Reply } from '../bus-list/bus-list.test-support.js';

/** A `/wp-json/` index naming the plugin dialect's routes. */
export const PLUGIN_INDEX = { body: { namespaces: ['wbtm/v1'], routes: { '/wbtm/v1/buses/search': {}, '/wbtm/v1/routes': {} } } };

/** A plugin `/buses/{id}` body; `stops` as `[place, time, type?]` (type defaults bp … both … dp). */
export function busBody(id: number, name: string, stops: Array<[string, string, StopWire['type']?]>): PluginBusWire {
  return {
    id,
    name,
    type: 'AC',
    route_stops: stops.map(([place, time, type], index) => ({
      place,
      time,
      type: type ?? (index === 0 ? 'bp' : index === stops.length - 1 ? 'dp' : 'both'),
    })),
    tickets: [{ type: 'adult', name: 'Adult', price: 20 }],
    features: [],
    gallery: [],
  };
}

/** A route map in the page (inside a box of `width` px when given), attributes and properties set before connecting. */
export function routeMap(attributes: Record<string, string>, props: Partial<BusRouteMap> = {}, width?: number): BusRouteMap {
  const el = document.createElement('bus-route-map');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  Object.assign(el, props);
  const box = fixtureSync(html`<div style=${width ? `width:${width}px` : ''}></div>`);
  box.append(el);
  return el;
}

export const settled = (el: BusRouteMap) => settledOn(el, ['list', 'empty', 'error', 'prompt'], 'the route map settles');

/** One stop as shown: name, `<time datetime>` values, "+N" marks, kind part, live marks. */
export interface ShownStop {
  name: string;
  times: string[];
  nextDay: string[];
  kind: string;
  next: boolean;
  passed: boolean;
}

export function shownStops(el: BusRouteMap): ShownStop[] {
  return parts(el, 'stop').map((stop) => ({
    name: clean(stop.querySelector('[part~="stop-name"]')?.textContent),
    times: [...stop.querySelectorAll('time')].map((time) => time.getAttribute('datetime')!),
    nextDay: [...stop.querySelectorAll('[part~="next-day"] [aria-hidden="true"]')].map((mark) => mark.textContent!),
    kind: stop
      .getAttribute('part')!
      .split(' ')
      .find((name) => name.startsWith('stop-'))!,
    next: stop.getAttribute('aria-current') === 'step',
    passed: stop.matches('[part~="passed"]'),
  }));
}

/** What a screen reader reads for each stop: the list item's text without its `aria-hidden` parts. */
export function spokenStops(el: BusRouteMap): string[] {
  return parts(el, 'stop').map((stop) => {
    const copy = stop.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return clean(copy.textContent);
  });
}

export const textOf = (el: BusRouteMap, name: string) => clean(part(el, name)?.textContent);

const KIND: Record<string, string> = { bp: 'stop-boarding', dp: 'stop-dropping', both: 'stop-both' };

/**
 * The stops a bus's raw `route_stops` should show, by the plugin's rules: names decoded, blank
 * places skipped, a time earlier than the previous one on the next day ("+1", counted from the first
 * stop), `bp`/`dp`/`both` as the kind. `date` gives times a date, as the element's `datetime` does.
 */
export function expectedStops(raw: ReadonlyArray<{ place: string; type: string; time: string }>, date?: string): ShownStop[] {
  let previous: string | null = null;
  let days = 0;
  return raw
    .filter((stop) => stop.place.trim() !== '')
    .map((stop) => {
      if (previous !== null && stop.time < previous) days += 1;
      previous = stop.time;
      const day = date ? `${shiftDate(date, days)}T` : '';
      return {
        name: decodeEntities(stop.place).replace(/\s+/g, ' ').trim(),
        times: [`${day}${stop.time}`],
        nextDay: days > 0 ? [`+${days}`] : [],
        kind: KIND[stop.type] ?? 'stop-both',
        next: false,
        passed: false,
      };
    });
}

/** `YYYY-MM-DD` plus `days`. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Raw JSON of a GET (what the element would read), with optional headers. */
export async function rawJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The calls a route map should draw for `from` → `to`: per stop (in travel order) the buses' `datetime`s. */
export function expectedRoute(buses: Array<{ stops: StopWire[] }>, from: string, to: string, date: string | null): Array<[string, string[]]> {
  const perStop = new Map<string, string[]>();
  for (const bus of buses) {
    const start = bus.stops.findIndex((stop) => stop.place === from && stop.type !== 'dp');
    const end = bus.stops.findIndex((stop, index) => index > start && stop.place === to && stop.type !== 'bp');
    if (start < 0 || end < 0) continue;
    // Day offsets counted from `from`, which falls on the date.
    const shown = expectedStops(bus.stops.slice(start, end + 1), date ?? undefined);
    for (const stop of shown) perStop.set(stop.name, [...(perStop.get(stop.name) ?? []), ...stop.times]);
  }
  return [...perStop];
}

/** Per stop shown: its name and its calls' `datetime`s. */
export const shownRoute = (el: BusRouteMap) =>
  parts(el, 'stop').map((stop): [string, string[]] => [
    stop.querySelector('[part~="stop-name"]')!.textContent!.trim(),
    [...stop.querySelectorAll('time')].map((time) => time.getAttribute('datetime')!),
  ]);
