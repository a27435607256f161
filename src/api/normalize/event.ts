/**
 * `/wp/v2/mep_events` items → {@link EventItem}. Only `id` and `title` are required: everything from
 * `event_informations` is optional, because `_fields` can trim that field away entirely and real
 * sites leave most meta empty.
 */
import type { EventItem, EventDate, EventMode, Recurrence, RegistrationStatus, TicketType, Venue } from '../models.js';
import { safeUrl, stripTags } from '../text.js';
import { unserializeList } from './php-meta.js';
import { embeddedImageUrl, requirePost, requireTitle } from './post.js';
import {
  asRecord,
  field,
  joinDateTime,
  normalizeList,
  parsePrice,
  plainText,
  readCount,
  readId,
  readIntArray,
  readMeta,
  readRendered,
  readString,
  toLocalDateTime,
} from './read.js';

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  const key = value.trim().toLowerCase();
  return (allowed as readonly string[]).includes(key) ? (key as T) : fallback;
}

function readMode(value: string): EventMode {
  // Real sites send `off` (a leftover checkbox value) for ordinary venue events.
  const key = value.trim().toLowerCase();
  return key === 'online' || key === 'hybrid' ? key : 'offline';
}

function readVenue(meta: unknown): Venue | null {
  const venue: Venue = {
    name: plainText(readMeta(meta, 'mep_location_venue')),
    street: plainText(readMeta(meta, 'mep_street')),
    city: plainText(readMeta(meta, 'mep_city')),
    state: plainText(readMeta(meta, 'mep_state')),
    postcode: plainText(readMeta(meta, 'mep_postcode')),
    country: plainText(readMeta(meta, 'mep_country')),
  };
  return Object.values(venue).some((part) => part !== '') ? venue : null;
}

function readBoundary(meta: unknown, prefix: 'start' | 'end'): string | null {
  return (
    toLocalDateTime(readMeta(meta, `event_${prefix}_datetime`)) ?? joinDateTime(readMeta(meta, `event_${prefix}_date`), readMeta(meta, `event_${prefix}_time`))
  );
}

/**
 * An end before its start is a slip in the admin (often an overnight event given the start's date):
 * kept, it would make an event that has not begun read as over. No end is the honest reading.
 */
const endAfter = (start: string | null, end: string | null): string | null => (start !== null && end !== null && end < start ? null : end);

function readMoreDates(meta: unknown): EventDate[] {
  const dates: EventDate[] = [];
  for (const entry of unserializeList(readMeta(meta, 'mep_event_more_date'))) {
    const record = asRecord(entry);
    const start = joinDateTime(field(record, 'event_more_start_date'), field(record, 'event_more_start_time'));
    if (start === null) continue;
    const end = joinDateTime(field(record, 'event_more_end_date'), field(record, 'event_more_end_time'));
    dates.push({ start, end: endAfter(start, end) });
  }
  // LocalDateTime strings have a fixed width, so text order is time order.
  return dates.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

function readTickets(meta: unknown): TicketType[] {
  const tickets: TicketType[] = [];
  for (const entry of unserializeList(readMeta(meta, 'mep_event_ticket_type'))) {
    const record = asRecord(entry);
    if (record === null) continue;
    const name = plainText(field(record, 'option_name_t'));
    const price = parsePrice(field(record, 'option_price_t'));
    if (name === '' && price === null) continue;
    tickets.push({
      name,
      price,
      quantity: readCount(field(record, 'option_qty_t')),
      reserved: readCount(field(record, 'option_rsv_t')),
      // The plugin only writes this key when an admin switches a ticket off.
      enabled: readString(field(record, 'option_ticket_enable')).trim().toLowerCase() !== 'no',
      details: plainText(field(record, 'option_details_t')),
    });
  }
  return tickets;
}

function priceRangeOf(tickets: TicketType[]): EventItem['priceRange'] {
  const prices = tickets.filter((t) => t.enabled && t.price !== null).map((t) => t.price as number);
  return prices.length === 0 ? null : { min: Math.min(...prices), max: Math.max(...prices) };
}

function readSpeakerIds(meta: unknown): number[] {
  // The plugin stores the ids as strings in a serialized list; anything else is not an id.
  return unserializeList(readMeta(meta, 'mep_event_speakers_list'))
    .map((entry) => readId(entry))
    .filter((id): id is number => id !== null);
}

/** The featured image; a relative path (a "relative URLs" plugin) is resolved against the event's own link. */
function readImage(record: Record<string, unknown>, meta: unknown, link: string): string | null {
  const featured = safeUrl(readMeta(meta, 'event_feature_image'), link);
  return featured !== '' ? featured : embeddedImageUrl(record, link);
}

/** One event; throws `tw_invalid_response` without an integer id or a title. */
export function normalizeEvent(raw: unknown): EventItem {
  const { record, id } = requirePost(raw, 'event');
  const title = requireTitle(record, 'event', id);
  // A non-object here (absent, `null`, `[]` from PHP) simply means "no meta".
  const meta = asRecord(field(record, 'event_informations'));
  const tickets = readTickets(meta);
  const excerptHtml = readRendered(field(record, 'excerpt'));
  const start = readBoundary(meta, 'start');
  const link = safeUrl(field(record, 'link'));
  return {
    id,
    title,
    slug: readString(field(record, 'slug')),
    link,
    published: toLocalDateTime(field(record, 'date')),
    start,
    end: endAfter(start, readBoundary(meta, 'end')),
    moreDates: readMoreDates(meta),
    recurrence: oneOf<Recurrence>(readMeta(meta, 'mep_enable_recurring'), ['no', 'yes', 'everyday'], 'no'),
    mode: readMode(readMeta(meta, 'mep_event_type')),
    venue: readVenue(meta),
    tickets,
    priceRange: priceRangeOf(tickets),
    // `on` is the plugin's own default when the admin never touched the setting.
    registration: oneOf<RegistrationStatus>(readMeta(meta, 'mep_reg_status'), ['on', 'off', 'rsvp'], 'on'),
    seatsLeft: readCount(readMeta(meta, 'mep_total_seat_left')),
    categoryIds: readIntArray(field(record, 'mep_cat')),
    organizerIds: readIntArray(field(record, 'mep_org')),
    tagIds: readIntArray(field(record, 'mep_tag')),
    speakerIds: readSpeakerIds(meta),
    imageUrl: readImage(record, meta, link),
    excerptHtml,
    excerptText: stripTags(excerptHtml),
    contentHtml: readRendered(field(record, 'content')),
  };
}

/** A page of events; broken items are dropped, an all-broken page is rejected. */
export function normalizeEvents(raw: unknown): EventItem[] {
  return normalizeList(raw, normalizeEvent, 'events');
}
