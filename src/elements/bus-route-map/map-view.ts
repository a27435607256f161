/**
 * `<bus-route-map>`'s markup: the title, the live status, and the stops as an ordered list that the
 * styles draw as the line diagram. Each stop reads as a sentence ("Lyon, departs 7:30 AM, Boarding
 * only"); the line and the stop markers are decoration (pseudo-elements and `aria-hidden` spans).
 * Names are decoded to plain text and rendered as text, never as markup.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { StopKind } from '../../api/models.js';
import { decodeEntities } from '../../api/text.js';
import { formatTime } from '../../shared/format.js';
import { formatIsolated } from '../../shared/format-isolated.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { emptyState } from '../../shared/states.js';
import { addDays } from '../../shared/wall-clock.js';
import type { RouteMapLayout } from './orientation.js';
import type { LiveState } from './progress.js';
import type { MapCall, MapStop, RouteMap } from './route-stops.js';

export interface MapViewContext {
  strings: Strings;
  locale: string;
  /** `lang` of the site's names and the times formatted for the page when the interface speaks another language ('': none). */
  content: string;
  layout: RouteMapLayout;
  /** The live state, null without `live`. */
  live: LiveState | null;
}

const KIND_TEXT: Record<StopKind, keyof Strings> = { boarding: 'routeMapBoarding', dropping: 'routeMapDropping', both: 'routeMapBoth' };
const VERB: Record<StopKind, keyof Strings> = { boarding: 'routeMapDeparts', dropping: 'routeMapArrives', both: 'routeMapCalls' };

/** The bus's name, or "Bus 12" when the site left it empty. */
function tripName(map: RouteMap, trip: number, strings: Strings): string {
  const found = map.trips[trip];
  return found?.name || format(strings.busUnnamed, { id: found?.id ?? '' });
}

/** The bus's name (bus mode) or "Paris → Berlin" (route mode), put together by `as` (`format`, or `formatIsolated` for markup). */
function mapTitle<T>(map: RouteMap, strings: Strings, as: (template: string, values: Record<string, string>) => T): T | string {
  if (map.mode === 'bus') return tripName(map, 0, strings);
  return as(strings.routeFromTo, { from: decodeEntities(map.from), to: decodeEntities(map.to) });
}

/** "+1" for a call on a later day than the trip's first stop; read as "the next day". */
function nextDay(days: number, strings: Strings): TemplateResult | typeof nothing {
  if (days < 1) return nothing;
  const spoken = days === 1 ? strings.routeMapNextDay : format(strings.routeMapDaysLater, { count: days });
  return html`<span part="next-day"><span aria-hidden="true">+${days}</span><span class="visually-hidden"> ${spoken}</span></span>`;
}

function callTime(call: MapCall, map: RouteMap, context: MapViewContext): TemplateResult {
  const { strings, locale } = context;
  if (call.time === null) return html`<span part="time" class="unknown">${strings.timeUnknown}</span>`;
  const datetime = map.date ? `${addDays(map.date, call.dayOffset)}T${call.time}` : call.time;
  return html`<time part="time" datetime=${datetime} lang=${context.content || nothing}>${formatTime(call.time, locale)}</time
    >${nextDay(call.dayOffset, strings)}`;
}

function calls(stop: MapStop, map: RouteMap, context: MapViewContext): TemplateResult {
  const verb = html`<span class="visually-hidden">, ${context.strings[VERB[stop.kind]]}${map.mode === 'bus' ? ' ' : ': '}</span>`;
  if (map.mode === 'bus') return html`<span part="times">${verb}${stop.calls.map((call) => callTime(call, map, context))}</span>`;
  const followed = context.live?.trip;
  const items = stop.calls.map(
    (call) =>
      html`<li part=${call.trip === followed ? 'call followed' : 'call'}>
        ${callTime(call, map, context)}
        <span part="call-bus" lang=${(map.trips[call.trip]?.name && context.content) || nothing}>${tripName(map, call.trip, context.strings)}</span>
      </li>`,
  );
  return html`<span part="times"
    >${verb}
    <ul part="calls">
      ${items}
    </ul></span
  >`;
}

function liveMark(index: number, context: MapViewContext): TemplateResult | typeof nothing {
  const live = context.live;
  if (live?.next === index) return html`<strong part="next-stop"><span class="visually-hidden">, </span>${context.strings.routeMapNextStop}</strong>`;
  if (live?.passed.has(index))
    return html`<span part="passed-mark"
      ><span aria-hidden="true">&#10003;</span><span class="visually-hidden">, ${context.strings.routeMapPassed}</span></span
    >`;
  return nothing;
}

function stopItem(stop: MapStop, index: number, map: RouteMap, context: MapViewContext): TemplateResult {
  const next = context.live?.next === index;
  const passed = context.live?.passed.has(index) ?? false;
  const part = `stop stop-${stop.kind}${next ? ' next' : ''}${passed ? ' passed' : ''}`;
  // No white space between the parts: the item reads "Lyon, departs 7:30 AM, Boarding only".
  const marker = html`<span part="marker" class="marker" aria-hidden="true"></span>`;
  const name = html`<span part="stop-name" lang=${context.content || nothing}>${decodeEntities(stop.place)}</span>`;
  const kind = html`<span part="kind"><span class="visually-hidden">, </span>${context.strings[KIND_TEXT[stop.kind]]}</span>`;
  return html`<li part=${part} aria-current=${next ? 'step' : nothing}>${marker}${name}${calls(stop, map, context)}${kind}${liveMark(index, context)}</li>`;
}

/** "Next stop: Köln, 12:45", "Flix Liner 1: next stop Köln, 12:45", or "All trips shown have arrived." */
function liveStatus(map: RouteMap, context: MapViewContext): TemplateResult | typeof nothing {
  const live = context.live;
  if (!live) return nothing;
  const { strings, locale } = context;
  let text: string | ReturnType<typeof formatIsolated> = strings.routeMapLiveOver;
  if (live.trip !== null && live.next !== null) {
    const stop = decodeEntities(map.stops[live.next]!.place);
    const time = live.nextCall?.time ? formatTime(live.nextCall.time, locale) : strings.timeUnknown;
    text = formatIsolated(map.mode === 'bus' ? strings.routeMapLiveNext : strings.routeMapLiveNextBus, { stop, time, bus: tripName(map, live.trip, strings) });
  }
  return html`<p part="live-status" role="status">${text}</p>`;
}

/** The whole map, or its empty state. */
export function routeMapView(map: RouteMap, context: MapViewContext): TemplateResult {
  const { strings } = context;
  if (map.stops.length === 0) return emptyState(map.mode === 'bus' ? strings.routeMapNoStops : strings.routeMapNoBuses);
  const title = mapTitle(map, strings, format);
  const partial = map.mode === 'route' && map.total > map.trips.length;
  return html`<div part="content">
    <p part="title" lang=${((map.mode === 'route' || map.trips[0]?.name) && context.content) || nothing}>${mapTitle(map, strings, formatIsolated)}</p>
    ${liveStatus(map, context)}
    ${
      partial
        ? html`<p part="more">${format(map.unread ? strings.routeMapSomeUnread : strings.routeMapSomeBuses, { shown: map.trips.length, total: map.total })}</p>`
        : nothing
    }
    <ol part="list" class=${context.layout} data-layout=${context.layout} aria-label=${format(strings.routeMapStops, { name: title })}>
      ${map.stops.map((stop, index) => stopItem(stop, index, map, context))}
    </ol>
  </div>`;
}
