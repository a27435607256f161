/**
 * Contract `/wbtm/v1/passengers` items → {@link Passenger}. Personal data: callers only ever pass
 * authenticated responses here. The plugin dialect has no such route.
 */
import { invalidResponse } from '../errors.js';
import type { LocalDate, Passenger } from '../models.js';
import { decodeEntities } from '../text.js';
import { asRecord, field, kindOf, normalizeList, parsePrice, plainText, readId, readString, toLocalDate, toLocalDateTime } from './read.js';
import { readPlace } from './read-bus.js';

/** Free text as typed: entities decoded, markup left as the characters it is (shown as text, never as HTML). */
const readText = (value: unknown): string => decodeEntities(readString(value)).trim();

function readDate(value: unknown): LocalDate | null {
  return toLocalDate(value) ?? toLocalDateTime(value)?.slice(0, 10) ?? null;
}

/** One passenger; throws `tw_invalid_response` when it has neither a booking id nor a name. */
export function normalizePassenger(raw: unknown): Passenger {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a passenger object, got ${kindOf(raw)}.`);
  const bookingId = readId(field(record, 'booking_id'));
  const name = plainText(field(record, 'name'));
  // A row with neither cannot be told apart from its neighbours, nor matched to a booking.
  if (bookingId === null && name === '') throw invalidResponse('Passenger has neither a booking id nor a name.');
  return {
    bookingId,
    name,
    email: plainText(field(record, 'email')),
    phone: plainText(field(record, 'phone')),
    busId: readId(field(record, 'bus_id')),
    busName: plainText(field(record, 'bus_name')),
    date: readDate(field(record, 'date')),
    from: readPlace(field(record, 'boarding_point')),
    to: readPlace(field(record, 'dropping_point')),
    // Entities decoded (seat and fare names come encoded, as the seat map's do), markup kept as the
    // text it is; the stops stay as sent, as `/routes` queries need them, and are decoded where shown.
    seat: readText(field(record, 'seat')),
    fareType: readText(field(record, 'ticket_type')),
    // What the booking recorded, a negative adjustment included: an export must report it, not blank it.
    price: parsePrice(field(record, 'price'), -Infinity),
    status: readText(field(record, 'status')),
  };
}

/** A list of passengers; broken items are dropped, an all-broken list is rejected. */
export function normalizePassengers(raw: unknown): Passenger[] {
  return normalizeList(raw, normalizePassenger, 'passengers');
}
