/**
 * What a driver's manifest and a check-in desk need at a glance, computed from the rows: head counts,
 * seats, revenue per ticket type, and boardings/alightings per stop.
 */
import type { Attendee, Passenger } from '../models.js';

export interface TicketTypeTotal {
  type: string;
  count: number;
  /** Sum of the known prices; null when no row of this type has one. */
  revenue: number | null;
}

export interface StopCount {
  stop: string;
  boarding: number;
  alighting: number;
}

export interface PassengerSummary {
  passengers: number;
  /**
   * Seats taken: distinct seats per bus and travel date, so seat A1 on two trips counts twice and a
   * seat booked for two legs of one trip once (a row without a seat counts none).
   */
  seats: number;
  revenue: number | null;
  byTicketType: TicketTypeTotal[];
  /** In `stopOrder` when given (the bus's route), then in order of first appearance. */
  byStop: StopCount[];
}

export interface AttendeeSummary {
  attendees: number;
  checkedIn: number;
  byTicketType: TicketTypeTotal[];
}

/** Sums in cents: 0.1 + 0.2 must print 0.30, not 0.30000000000000004. */
function addMoney(a: number | null, b: number | null): number | null {
  if (b === null) return a;
  return Math.round(((a ?? 0) + b) * 100) / 100;
}

function byTicketType<T>(rows: readonly T[], type: (row: T) => string, price: (row: T) => number | null): TicketTypeTotal[] {
  const totals = new Map<string, TicketTypeTotal>();
  for (const row of rows) {
    const key = type(row);
    const entry = totals.get(key) ?? { type: key, count: 0, revenue: null };
    entry.count += 1;
    entry.revenue = addMoney(entry.revenue, price(row));
    totals.set(key, entry);
  }
  return [...totals.values()];
}

export function summarizePassengers(rows: readonly Passenger[], stopOrder: readonly string[] = []): PassengerSummary {
  const stops = new Map<string, StopCount>(stopOrder.map((stop) => [stop, { stop, boarding: 0, alighting: 0 }]));
  const stop = (name: string) => {
    const entry = stops.get(name) ?? { stop: name, boarding: 0, alighting: 0 };
    stops.set(name, entry);
    return entry;
  };
  for (const row of rows) {
    if (row.from) stop(row.from).boarding += 1;
    if (row.to) stop(row.to).alighting += 1;
  }
  return {
    passengers: rows.length,
    // JSON keeps the three values apart whatever a seat name contains.
    seats: new Set(rows.filter((row) => row.seat !== '').map((row) => JSON.stringify([row.busId, row.date, row.seat]))).size,
    revenue: rows.reduce<number | null>((sum, row) => addMoney(sum, row.price), null),
    byTicketType: byTicketType(
      rows,
      (row) => row.fareType,
      (row) => row.price,
    ),
    byStop: [...stops.values()].filter((entry) => entry.boarding > 0 || entry.alighting > 0),
  };
}

export function summarizeAttendees(rows: readonly Attendee[]): AttendeeSummary {
  return {
    attendees: rows.length,
    checkedIn: rows.filter((row) => row.checkedIn).length,
    byTicketType: byTicketType(
      rows,
      (row) => row.ticketType,
      () => null,
    ),
  };
}
