/**
 * `/wp/v2/mep_event_attendee` items → {@link Attendee}. Personal data: callers only ever pass
 * authenticated responses here. The attendee's details live in `attendee_informations` meta.
 */
import type { Attendee, LocalDateTime } from '../models.js';
import { requirePost } from './post.js';
import { asRecord, field, joinDateTime, normalizeList, plainText, readId, readMeta, readRendered, toLocalDateTime } from './read.js';

/** The plugin writes `ea_event_date` with or without a time. */
function readEventDate(value: string): LocalDateTime | null {
  return toLocalDateTime(value) ?? joinDateTime(value, '');
}

/** One attendee; throws `tw_invalid_response` without an integer id. */
export function normalizeAttendee(raw: unknown): Attendee {
  const { record, id } = requirePost(raw, 'attendee');
  const meta = asRecord(field(record, 'attendee_informations'));
  const name = plainText(readMeta(meta, 'ea_name'));
  const checkin = readMeta(meta, 'mep_checkin').trim().toLowerCase();
  return {
    id,
    // The plugin titles attendee posts after the attendee, so the title is a fair fallback.
    name: name !== '' ? name : plainText(readRendered(field(record, 'title'))),
    email: plainText(readMeta(meta, 'ea_email')),
    phone: plainText(readMeta(meta, 'ea_phone')),
    eventId: readId(readMeta(meta, 'ea_event_id')),
    eventTitle: plainText(readMeta(meta, 'ea_event_name')),
    ticketType: plainText(readMeta(meta, 'ea_ticket_type')),
    eventDate: readEventDate(readMeta(meta, 'ea_event_date')),
    orderId: readId(readMeta(meta, 'ea_order_id')),
    checkedIn: checkin === 'yes' || checkin === '1',
    registered: toLocalDateTime(field(record, 'date')),
  };
}

/** A page of attendees; broken items are dropped, an all-broken page is rejected. */
export function normalizeAttendees(raw: unknown): Attendee[] {
  return normalizeList(raw, normalizeAttendee, 'attendees');
}
