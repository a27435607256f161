/**
 * Test helpers for `<bus-seat-map>`: seat layouts written compactly, wire bodies in both dialects,
 * element set-up and DOM queries. Only tests import this module.
 */
import { part, parts, text } from '../../../test/helpers/element.js';
import { siteDate } from '../../shared/wall-clock.js';
import { runMoment } from '../../../test/helpers/test-doubles.js';
import { fixtureSync, html, waitUntil } from '@open-wc/testing';
import type { CellWire, ContractBusDetailWire, DeckWire, PluginBusWire, PluginSeatsWire, PriceWire, StopWire } from '../../api/wire/shapes.js';
import './bus-seat-map.js';
import type { BusSeatMap } from './bus-seat-map.js';

/** A scripted server's reply (test/helpers/servers.ts `Reply`; restated so the build never reaches into test/). */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

/** A recorded response (test/fixtures/recorded) as a scripted reply: its status, body and headers. */
export async function recorded(name: string, extraHeaders: Record<string, string> = {}): Promise<Reply> {
  const file = (await (await fetch(`/test/fixtures/recorded/${name}`)).json()) as { status: number; body: unknown };
  return { status: file.status, body: file.body, headers: extraHeaders };
}

/**
 * One deck from rows of strings: '' a gap, `#driver` a non-seat named "driver", `A1` an available
 * seat, `A1!` booked, `A1?` held.
 */
export function deck(rows: string[][], level?: 'lower' | 'upper'): DeckWire {
  const seats = rows.map((row) =>
    row.map((cell): CellWire => {
      if (cell === '') return null;
      if (cell.startsWith('#')) return { name: cell.slice(1), type: 'non_seat' };
      if (cell.endsWith('!')) return { name: cell.slice(0, -1), type: 'seat', status: 'booked' };
      if (cell.endsWith('?')) return { name: cell.slice(0, -1), type: 'seat', status: 'held' };
      return { name: cell, type: 'seat', status: 'available' };
    }),
  );
  return { rows: seats.length, cols: seats[0]?.length ?? 0, seats, ...(level && { deck: level }) };
}

/** A 2+2 coach: driver and door, then `rows` rows A…, seats 1–2 | gap | 3–4. */
export function coach(rows: number, mark: Record<string, '!' | '?'> = {}, prefix = ''): string[][] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const seat = (name: string) => `${name}${mark[name] ?? ''}`;
  return [
    ['#driver', '', '', '', '#door'],
    ...Array.from({ length: rows }, (_, r) => {
      const n = (k: number) => seat(`${prefix}${letters[r]}${k}`);
      return [n(1), n(2), '', n(3), n(4)];
    }),
  ];
}

export const STOPS: StopWire[] = [
  { place: 'Paris', type: 'bp', time: '21:00' },
  { place: 'Frankfurt', type: 'both', time: '23:30' },
  { place: 'Hamburg', type: 'both', time: '02:10' },
  { place: 'Berlin', type: 'dp', time: '06:45' },
];

export function pluginBusBody(overrides: Partial<PluginBusWire> = {}): PluginBusWire {
  return {
    id: 7,
    name: 'Night Liner',
    type: 'AC',
    route_stops: STOPS,
    tickets: [
      { type: 'adult', name: 'Adult', price: '40.00 ' },
      { type: 'child', name: 'Child', price: 20 },
    ],
    features: [],
    gallery: [],
    ...overrides,
  };
}

export function pluginSeatsBody(decks: DeckWire[] | null, overrides: Partial<PluginSeatsWire> = {}): PluginSeatsWire {
  return {
    id: 7,
    date: '2026-11-30',
    boarding_point: 'Paris',
    dropping_point: 'Berlin',
    seat_type: decks ? 'wbtm_seat_plan' : 'wbtm_without_seat_plan',
    ...(decks ? { decks } : { total_seats: 30, booked: 2, available: 28 }),
    ...overrides,
  };
}

/** Per-segment tiers: adult `base × legs`, child half of it. */
export function segmentPrices(stops: StopWire[], base = 10): PriceWire[] {
  const prices: PriceWire[] = [];
  stops.forEach((from, i) =>
    stops.forEach((to, j) => {
      if (j <= i || from.type === 'dp' || to.type === 'bp') return;
      const adult = base * (j - i);
      prices.push({ type: 'adult', name: 'Adult', price: adult, boarding_point: from.place, dropping_point: to.place });
      prices.push({ type: 'child', name: 'Child', price: adult / 2, boarding_point: from.place, dropping_point: to.place });
    }),
  );
  return prices;
}

export function contractDetailBody(decks: DeckWire[] | null, overrides: Partial<ContractBusDetailWire> = {}): ContractBusDetailWire {
  const stops = overrides.route_stops ?? STOPS;
  return {
    id: 7,
    name: 'Night Liner',
    type: 'AC',
    route_id: 70,
    route_stops: stops,
    tickets: [{ type: 'adult', name: 'Adult', price: 30 }],
    features: [],
    total_seats: 40,
    gallery: [],
    prices: segmentPrices(stops),
    seat_type: decks ? 'wbtm_seat_plan' : 'wbtm_without_seat_plan',
    ...(decks && { decks }),
    ...overrides,
  };
}

/**
 * Scripted routes for one bus: its seats, the search and its detail. The keys must not depend on
 * their order (the test runner sends the routes with sorted keys): `/seats` sorts first and only
 * seat requests contain it; the detail key matches what is left.
 */
export function busRoutes(replies: { detail: Reply[]; seats?: Reply[]; search?: Reply[] }): Record<string, Reply[]> {
  return {
    '/seats': replies.seats ?? [{ status: 404, body: { code: 'rest_no_route', message: 'No seats here' } }],
    'buses/search': replies.search ?? [{ status: 404, body: { code: 'rest_no_route', message: 'No search here' } }],
    'wbtm/v1/buses/': replies.detail,
  };
}

// ------------------------------------------------------------------ element and DOM

/** Creates the element with `props`, appended to a fresh fixture wrapper (never awaited: background pages get no frames). */
export function seatMap(props: Partial<BusSeatMap> & Record<string, unknown>, width?: string): BusSeatMap {
  const wrapper = fixtureSync(html`<div></div>`) as HTMLDivElement;
  if (width) wrapper.style.width = width;
  const el = document.createElement('bus-seat-map');
  Object.assign(el, props);
  wrapper.append(el);
  return el;
}

/** Waits until loading is over, then for the render that follows. */
export async function settled(el: BusSeatMap): Promise<void> {
  // A pending update may be about to start a load.
  await el.updateComplete;
  await waitUntil(() => !el.pending && (part(el, 'content') || part(el, 'error') || part(el, 'prompt')), 'the seat map settles', { timeout: 8000 });
  await el.updateComplete;
}

/** A seat's accessible label, with Intl's no-break spaces as plain spaces. */
export const labelOf = (node: Element) => (node.getAttribute('aria-label') ?? '').replace(/\u00a0/g, ' ');

/** The seat button (or read-only cell) named `name`, if the map shows it (for `waitUntil`, which a throw would end). */
export const findSeat = (el: BusSeatMap, name: string): HTMLElement | undefined => parts(el, 'seat').find((node) => node.textContent === name);

/** The seat button (or read-only cell) named `name`. */
export function seat(el: BusSeatMap, name: string): HTMLElement {
  const found = findSeat(el, name);
  if (!found) throw new Error(`no seat ${name}`);
  return found;
}

/** Seat names per deck, row by row, '.' for a gap and `[name]` for a fixture cell. */
export function drawn(el: BusSeatMap): string[][] {
  return parts(el, 'grid').map((grid) =>
    [...grid.querySelectorAll('[role="row"]')].map((row) =>
      [...row.querySelectorAll('[role="gridcell"]')]
        .map((cell) => {
          const button = cell.querySelector('[part~="seat"]') ?? (cell.matches('[part~="seat"]') ? cell : null);
          if (button) return button.textContent ?? '';
          if (cell.matches('[part~="fixture"]')) return `[${text(cell)}]`;
          return '.';
        })
        .join(' '),
    ),
  );
}

export const announced = (el: BusSeatMap) => text(part(el, 'announcer')).replace(/\u00a0/g, '');

/**
 * `YYYY-MM-DD` of the day the loopback reference API is seeded at: the run's moment, where the page's
 * clock started. Not the page's clock now, which may have passed midnight since.
 */
export function today(): string {
  return siteDate(runMoment(), null);
}
