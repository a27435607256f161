/**
 * The columns of the staff tables and their exports, in one place for the browser elements and the
 * `export` command: a stable key (the `columns` attribute, the `--columns` option, JSON keys), an
 * English label (elements show their localized one) and the cell value.
 */
import type { Attendee, Passenger } from '../models.js';
import { decodeEntities } from '../text.js';
import type { CellValue } from './csv.js';

export interface Column<T> {
  readonly key: string;
  readonly label: string;
  /**
   * How the column sorts (missing values last): as text (locale-aware), as a number, or as a date —
   * by the site's `YYYY-MM-DD[THH:MM:SS]` reading, never by the text a locale writes it in, where
   * "Aug" < "Dec" < "Sep" and "01.09." < "30.08.".
   */
  readonly sort: 'text' | 'number' | 'date';
  value(row: T): CellValue;
}

export const PASSENGER_COLUMNS = [
  { key: 'name', label: 'Name', sort: 'text', value: (p) => p.name },
  { key: 'seat', label: 'Seat', sort: 'text', value: (p) => p.seat },
  { key: 'boarding', label: 'Boarding', sort: 'text', value: (p) => decodeEntities(p.from) },
  { key: 'dropping', label: 'Dropping', sort: 'text', value: (p) => decodeEntities(p.to) },
  { key: 'ticket-type', label: 'Ticket type', sort: 'text', value: (p) => p.fareType },
  { key: 'price', label: 'Price', sort: 'number', value: (p) => p.price },
  { key: 'email', label: 'E-mail', sort: 'text', value: (p) => p.email },
  { key: 'phone', label: 'Phone', sort: 'text', value: (p) => p.phone },
  { key: 'booking-id', label: 'Booking', sort: 'number', value: (p) => p.bookingId },
  { key: 'bus', label: 'Bus', sort: 'text', value: (p) => p.busName },
  { key: 'date', label: 'Date', sort: 'date', value: (p) => p.date },
  { key: 'status', label: 'Status', sort: 'text', value: (p) => p.status },
] as const satisfies readonly Column<Passenger>[];

/** Shown unless `columns` says otherwise. */
export const DEFAULT_PASSENGER_COLUMNS = ['name', 'seat', 'boarding', 'dropping', 'ticket-type', 'price', 'email', 'phone', 'booking-id'] as const;

export const ATTENDEE_COLUMNS = [
  { key: 'name', label: 'Name', sort: 'text', value: (a) => a.name },
  { key: 'email', label: 'E-mail', sort: 'text', value: (a) => a.email },
  { key: 'phone', label: 'Phone', sort: 'text', value: (a) => a.phone },
  { key: 'ticket-type', label: 'Ticket type', sort: 'text', value: (a) => a.ticketType },
  { key: 'event', label: 'Event', sort: 'text', value: (a) => a.eventTitle },
  { key: 'event-date', label: 'Event date', sort: 'date', value: (a) => a.eventDate },
  { key: 'order-id', label: 'Order', sort: 'number', value: (a) => a.orderId },
  { key: 'checked-in', label: 'Checked in', sort: 'text', value: (a) => a.checkedIn },
  { key: 'event-id', label: 'Event id', sort: 'number', value: (a) => a.eventId },
  { key: 'registered', label: 'Registered', sort: 'date', value: (a) => a.registered },
  { key: 'id', label: 'Attendee id', sort: 'number', value: (a) => a.id },
] as const satisfies readonly Column<Attendee>[];

export const DEFAULT_ATTENDEE_COLUMNS = ['name', 'email', 'phone', 'ticket-type', 'event', 'event-date', 'order-id', 'checked-in'] as const;

/**
 * The columns a list such as `name, seat price` names, in that order; unknown and repeated keys are
 * dropped; none known → the defaults.
 */
export function pickColumns<T>(all: readonly Column<T>[], wanted: string | readonly string[] | null | undefined, defaults: readonly string[]): Column<T>[] {
  const keys = typeof wanted === 'string' ? wanted.split(/[\s,]+/) : (wanted ?? []);
  const byKey = new Map(all.map((column) => [column.key, column]));
  const picked = [...new Set(keys.map((key) => key.trim().toLowerCase()))].flatMap((key) => byKey.get(key) ?? []);
  return picked.length > 0 ? picked : defaults.flatMap((key) => byKey.get(key) ?? []);
}

/** The rows as a CSV-ready table: labels (or the given ones) and cell values. */
export function tableOf<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
  labels?: (column: Column<T>) => string,
): { header: string[]; cells: CellValue[][] } {
  return {
    header: columns.map((column) => (labels ? labels(column) : column.label)),
    cells: rows.map((row) => columns.map((column) => column.value(row))),
  };
}

/** The rows as JSON records keyed by column key (`booking-id`, …), for dashboards and CRM imports. */
export function recordsOf<T>(columns: readonly Column<T>[], rows: readonly T[]): Record<string, CellValue>[] {
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column.key, column.value(row)])));
}
