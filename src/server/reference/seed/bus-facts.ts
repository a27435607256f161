import { DAY_MS, minutesOf } from './clock.js';
import { routeById } from './network.js';
import type { Booking, Bus, PriceStyle } from './types.js';

/**
 * What both dialects derive from a bus record: fares per segment, stop times on a date, and seat
 * occupancy. Kept in one place so /buses/search, /seats and the contract detail never disagree.
 */

export function canBoard(type: string): boolean {
  return type === 'bp' || type === 'both';
}

export function canDrop(type: string): boolean {
  return type === 'dp' || type === 'both';
}

/** Stop indexes of a bp → dp trip on this bus, or null when the bus does not serve it. */
export function segment(bus: Bus, bp: string, dp: string): { from: number; to: number } | null {
  const from = bus.stops.findIndex((stop) => stop.place === bp && canBoard(stop.type));
  const to = bus.stops.findIndex((stop, index) => index > from && stop.place === dp && canDrop(stop.type));
  return from >= 0 && to > from ? { from, to } : null;
}

/** Every bookable segment, in stop order. */
export function segments(bus: Bus): Array<{ from: number; to: number }> {
  const result: Array<{ from: number; to: number }> = [];
  bus.stops.forEach((start, from) => {
    if (!canBoard(start.type)) return;
    for (let to = from + 1; to < bus.stops.length; to++) {
      if (canDrop((bus.stops[to] as Bus['stops'][number]).type)) result.push({ from, to });
    }
  });
  return result;
}

/** Fare of one ticket type between two stops, rounded to half units. */
export function fare(bus: Bus, from: number, to: number, factor: number): number {
  const route = routeById(bus.routeId);
  const km = (index: number) => route?.stops.find((stop) => stop.place === bus.stops[index]?.place)?.km ?? 0;
  const value = Math.round(Math.abs(km(to) - km(from)) * bus.farePerKm * factor * 2) / 2;
  return Math.max(1, value);
}

/** A price as the plugin emits it for this bus: a number, `"20.00 "`, or `"20.00 incl. VAT"`. */
export function formatPrice(value: number, style: PriceStyle): number | string {
  if (style === 'trailing-space') return `${value.toFixed(2)} `;
  if (style === 'vat-suffix') return `${value.toFixed(2)} incl. VAT`;
  return value;
}

/** ms epoch at each stop for a departure on `day` (00:00 UTC): a time earlier than the previous one is the next day. */
export function stopTimes(bus: Bus, day: number): number[] {
  let dayShift = 0;
  let previous = -1;
  return bus.stops.map((stop) => {
    const minutes = minutesOf(stop.time);
    if (minutes < previous) dayShift += 1;
    previous = minutes;
    return day + dayShift * DAY_MS + minutes * 60_000;
  });
}

/** Whether the bus departs on `day` (00:00 UTC): from today for `horizon` days, off days excluded. */
export function runsOn(bus: Bus, day: number, today: number, horizonDays = 90): boolean {
  if (bus.stops.length === 0 || day < today || day > today + horizonDays * DAY_MS) return false;
  return !bus.offDays.includes(new Date(day).getUTCDay());
}

/** Indexes of a booking's segment on the bus; unknown stops count as the whole route. */
function span(bus: Bus, bp: string, dp: string): { from: number; to: number } {
  const from = bus.stops.findIndex((stop) => stop.place === bp);
  const to = bus.stops.findIndex((stop) => stop.place === dp);
  return from >= 0 && to > from ? { from, to } : { from: 0, to: Math.max(1, bus.stops.length - 1) };
}

/**
 * Seats taken on `date` for the bp → dp leg: confirmed bookings are `booked`, pending ones `held`,
 * cancelled ones free. Overlap is by stop index, so a seat can be sold twice on disjoint legs.
 */
export function occupancy(bus: Bus, bookings: readonly Booking[], date: string, bp: string, dp: string) {
  const wanted = span(bus, bp, dp);
  const seats = new Map<string, 'booked' | 'held'>();
  let count = 0;
  for (const booking of bookings) {
    if (booking.busId !== bus.id || booking.date !== date || booking.status === 'cancelled') continue;
    const leg = span(bus, booking.boardingPoint, booking.droppingPoint);
    if (leg.from >= wanted.to || leg.to <= wanted.from) continue;
    for (const passenger of booking.passengers) {
      count += 1;
      if (passenger.seat !== '') seats.set(passenger.seat, booking.status === 'confirmed' ? 'booked' : 'held');
    }
  }
  return { seats, count };
}
