/**
 * Test helpers for `<bus-list>`: hand-made wire bodies in both dialects and recorded fixtures.
 * Only tests import this module.
 */
import type { ContractBusWire, PluginSearchBusWire, PluginSearchWire, StopWire } from '../../api/wire/shapes.js';
import { OriginCache } from '../../api/cache.js';
import type { PageSignals } from '../../shared/page-signals.js';
import type { Scheduler } from '../../shared/scheduler.js';
import type { BusList } from './bus-list.js';

/** A scripted server's reply (test/helpers/servers.ts `Reply`; restated so the build never reaches into test/). */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

export interface ContractBusOverrides extends Partial<Omit<ContractBusWire, 'route_stops'>> {
  /** `[place, time]` pairs from first to last stop; default Paris 09:00 → Berlin 21:30. */
  stops?: Array<[string, string]>;
  price?: number | string;
  /** Extra field the contract may carry; the normalizer reads it when present. */
  seats_left?: number;
}

export function contractBus(overrides: ContractBusOverrides = {}): ContractBusWire & { seats_left?: number } {
  const stops = overrides.stops ?? [
    ['Paris', '09:00'],
    ['Berlin', '21:30'],
  ];
  const route_stops: StopWire[] = stops.map(([place, time], index) => ({
    place,
    time,
    type: index === 0 ? 'bp' : index === stops.length - 1 ? 'dp' : 'both',
  }));
  const { stops: _stops, price, ...rest } = overrides;
  return {
    id: 1,
    name: 'Royal Bus',
    type: 'AC',
    route_id: 3,
    tickets: [
      { type: 'adult', name: 'Adult', price: price ?? 20 },
      { type: 'child', name: 'Child', price: 35 },
    ],
    features: ['Wi-Fi'],
    total_seats: 40,
    ...rest,
    route_stops,
  };
}

/** A contract page reply with WordPress's paging headers and an ETag. */
export function contractPage(buses: unknown[], options: { total?: number; pages?: number; etag?: string; delayMs?: number } = {}): Reply {
  const total = options.total ?? buses.length;
  return {
    body: buses,
    headers: {
      'X-WP-Total': String(total),
      'X-WP-TotalPages': String(options.pages ?? (total === 0 ? 0 : 1)),
      ...(options.etag && { ETag: options.etag }),
    },
    ...(options.delayMs && { delayMs: options.delayMs }),
  };
}

/** The 304 a server sends when the client's `If-None-Match` still matches. */
export function notModified(etag: string): Reply {
  return { status: 304, headers: { ETag: etag }, body: '' };
}

export function pluginBus(overrides: Partial<PluginSearchBusWire> = {}): PluginSearchBusWire {
  return {
    id: 8,
    name: 'Flix Bus Service',
    type: 'Non AC',
    boarding_point: 'Paris',
    departure_time: '2026-11-30 08:00',
    dropping_point: 'Berlin',
    arrival_time: '2026-11-30 22:30',
    prices: [{ type: 'adult', name: 'Adult', price: '20.00 ' }],
    total_seats: 64,
    seats_left: 64,
    features: [],
    ...overrides,
  };
}

export function pluginSearch(buses: PluginSearchBusWire[], date = '2026-11-30'): PluginSearchWire {
  return { boarding_point: 'Paris', dropping_point: 'Berlin', date, buses };
}

/** A recorded response (test/fixtures/recorded) as a scripted reply: its status, body and headers. */
export async function recorded(name: string, extraHeaders: Record<string, string> = {}): Promise<Reply> {
  const file = (await (await fetch(`/test/fixtures/recorded/${name}`)).json()) as { status: number; body: unknown };
  return { status: file.status, body: file.body, headers: extraHeaders };
}

/** Day of the week of a `YYYY-MM-DD` (0 = Sunday), the same in every zone. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** `YYYY-MM-DD` `days` after `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first date from `date` on (inclusive) that falls on `weekday` (0 = Sunday). */
export function nextWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}

/**
 * What the reference API's seeded timetable runs Paris → Berlin on `date`, by the rules it
 * publishes: Flix Liner 1 (07:00) and the Nachtfalter night coach (21:30) daily, Eco Move (09:00)
 * Monday to Friday only. `search` is the plugin search's order (by bus id), `board` by departure.
 */
export function referenceParisBerlin(date: string): { search: string[]; board: string[] } {
  const weekday = weekdayOf(date) >= 1 && weekdayOf(date) <= 5;
  return {
    search: ['Flix Liner 1', 'Nachtfalter Night Coach', ...(weekday ? ['Eco Move'] : [])],
    board: ['Flix Liner 1', ...(weekday ? ['Eco Move'] : []), 'Nachtfalter Night Coach'],
  };
}

/**
 * A `<bus-list board>` on the site at `origin`, on the given clock and page signals (with a cache of
 * its own on that clock), with `attributes`, appended to `parent`. Not yet settled.
 */
export function mountBoard(parent: Element, origin: string, attributes: Record<string, string>, scheduler: Scheduler, signals: PageSignals): BusList {
  const el = document.createElement('bus-list') as BusList;
  el.scheduler = scheduler;
  el.pageSignals = signals;
  el.cache = new OriginCache({ now: () => scheduler.now() });
  el.baseUrl = `${origin}/wp-json`;
  el.setAttribute('board', '');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  parent.append(el);
  return el;
}

/**
 * Resolves once `el`, a board, has rendered with its board mode's module (or with the error of a
 * module that would not load): its first render as a board starts the import.
 */
export async function boardLoaded(el: BusList): Promise<void> {
  await el.updateComplete;
  await el.boardLoaded;
  await el.updateComplete;
}
