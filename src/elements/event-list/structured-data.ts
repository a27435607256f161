/**
 * schema.org `Event` structured data (JSON-LD) for the events a list shows, so search engines can
 * read them from the page. Pure: models in, plain objects and text out; `structured-data-script.ts`
 * puts the text into the page.
 *
 * Rules, and why:
 * - One `Event` per occurrence (the start and every `mep_event_more_date`): schema.org says repeated
 *   events "may be structured as separate Event objects", and Google's event guidelines ask for one
 *   `Event` per date and time rather than one event spanning them all.
 * - Dates carry the site's UTC offset at that instant (DST included), read from the site's zone. With
 *   no known zone the local time is written without an offset: the only zone at hand would be the
 *   viewer's, which for a crawler is its data centre's, and a wrong offset is a wrong instant, while a
 *   missing one leaves the reader to take the venue's zone (Google's own fallback; it does ask for an
 *   offset on online events, which only a known site zone can give).
 * - Only what the data says: absent values are left out, never written as `''`. No `eventStatus`
 *   (the plugin has no cancelled/postponed/moved flag; `EventScheduled` is the default when absent).
 *   Offer `availability` only where the data decides it, no `validThrough` (see {@link offersOf}).
 * - Every string is untrusted site text. It is data here; `jsonLdText` makes it safe inside a
 *   `<script>` element.
 *
 * Note: Google shows event rich results from markup on each event's own page; markup on a listing
 * page is valid schema.org but may not earn a rich result on its own.
 */
import type { EventDate, EventItem, LocalDateTime, Speaker, Term, TicketType, Venue } from '../../api/models.js';
import { instantOfLocal, localEpochOf, offsetMinutesAt, wallClock, type SiteZone } from '../../api/site-time.js';
import { safeUrl } from '../../api/text.js';
import { eventOccurrences } from '../../api/occurrences.js';
import { ticketSoldOut } from '../../api/tickets.js';

/** What the JSON-LD of a page of events needs besides the events. */
export interface StructuredDataContext {
  /** The site's time zone; null when unknown (dates are then written without an offset). */
  zone: SiteZone | null;
  /** ISO 4217 code of the site's prices (`EUR`); without a valid one offers carry no `priceCurrency`. */
  currency: string | undefined;
  /** Organizer terms (`mep_org`) by id; names of the ids an event lists, when loaded. */
  organizers: ReadonlyMap<number, Term> | undefined;
  /** Speakers by post id; each speaker an event lists becomes a `performer`, when loaded. */
  speakers: ReadonlyMap<number, Speaker> | undefined;
}

/** A JSON-LD node: only strings, numbers, nested nodes and arrays of them. */
type LdNode = { [key: string]: JsonValue };
type JsonValue = string | number | LdNode | JsonValue[];

const SCHEMA = 'https://schema.org';
const CURRENCY = /^[A-Z]{3}$/;

const ATTENDANCE_MODE: Record<EventItem['mode'], string> = {
  offline: `${SCHEMA}/OfflineEventAttendanceMode`,
  online: `${SCHEMA}/OnlineEventAttendanceMode`,
  hybrid: `${SCHEMA}/MixedEventAttendanceMode`,
};

/**
 * One schema.org `Event` per occurrence of each event, in the events' order and each event's
 * occurrences in time order. Events without a start date are left out (`startDate` is required).
 */
export function eventsJsonLd(events: readonly EventItem[], context: StructuredDataContext): object[] {
  const zone = usableZone(context.zone);
  const currency = context.currency?.trim().toUpperCase();
  const shared = { ...context, zone, currency: currency && CURRENCY.test(currency) ? currency : undefined };
  const nodes: LdNode[] = [];
  for (const event of events) {
    const common = eventProperties(event, shared);
    for (const date of eventOccurrences(event)) {
      const dates = datesOf(date, zone);
      if (dates) nodes.push({ '@context': SCHEMA, '@type': 'Event', ...common.head, ...dates, ...common.tail });
    }
  }
  return nodes;
}

/**
 * JSON for a `<script type="application/ld+json">`: `JSON.stringify`, then `<`, `>`, `&`, U+2028 and
 * U+2029 as `\uXXXX` escapes. No value can then end the script element (`</script>`), open the
 * parser's escaped states (`<!--`, `<script`) or break a page that embeds the text in JavaScript;
 * those characters only occur inside JSON strings, so `JSON.parse` reads the same value back.
 * `undefined` (which has no JSON) is written as `null`.
 */
export function jsonLdText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---------------------------------------------------------------- parts

interface Shared {
  zone: SiteZone | null;
  currency: string | undefined;
  organizers: ReadonlyMap<number, Term> | undefined;
  speakers: ReadonlyMap<number, Speaker> | undefined;
}

/** Properties every occurrence of an event shares, split around the dates for a readable order. */
function eventProperties(event: EventItem, shared: Shared): { head: LdNode; tail: LdNode } {
  const url = safeUrl(event.link);
  const image = event.imageUrl ? safeUrl(event.imageUrl) : '';
  const head: LdNode = {};
  put(head, 'name', event.title.trim());
  put(head, 'description', event.excerptText.trim());
  put(head, 'url', url);
  put(head, 'image', image);
  const tail: LdNode = { eventAttendanceMode: ATTENDANCE_MODE[event.mode] };
  // No `eventStatus`: the plugin records no cancellation, postponement or move online.
  const location = locationOf(event, url);
  if (location) tail['location'] = location;
  const organizers = namesOf(event.organizerIds, shared.organizers).map((name): LdNode => ({ '@type': 'Organization', name }));
  if (organizers.length > 0) tail['organizer'] = organizers;
  const performers = namesOf(event.speakerIds, shared.speakers).map((name): LdNode => ({ '@type': 'Person', name }));
  if (performers.length > 0) tail['performer'] = performers;
  const offers = offersOf(event, url, shared.currency);
  if (offers.length > 0) tail['offers'] = offers;
  return { head, tail };
}

/** `startDate`/`endDate` of one occurrence; null when its start is not a usable date-time. */
function datesOf(date: EventDate, zone: SiteZone | null): LdNode | null {
  const start = isoDateTime(date.start, zone);
  if (start === null) return null;
  const node: LdNode = { startDate: start };
  // An end before the start is a data error: better no end than an impossible one. Compared as
  // instants: a start in the hour a spring switch skips moves forward, past an end just after it.
  const end = date.end !== null ? isoDateTime(date.end, zone) : null;
  if (end !== null && Date.parse(end) >= Date.parse(start)) node['endDate'] = end;
  return node;
}

/**
 * A site-local date-time as ISO 8601 with the zone's offset at that instant
 * (`2026-12-31T16:00:00+01:00`); without a zone, the local time as given. A reading that never
 * occurs (the hour a spring switch skips) is written as the instant it stands for, on the clock
 * after the switch, so the text and its offset always agree; a reading that occurs twice is the
 * earlier instant (as `instantOfLocal` reads it, like PHP).
 */
export function isoDateTime(local: LocalDateTime, zone: SiteZone | null): string | null {
  // A whole reading with seconds, as the model writes it (`localEpochOf` also reads `HH:MM`).
  const epoch = local.length === 19 ? localEpochOf(local) : null;
  if (epoch === null) return null;
  if (zone === null) return local;
  const instant = instantOfLocal(epoch, zone);
  return `${wallClock(instant, zone).dateTime}${offsetText(offsetMinutesAt(instant, zone))}`;
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The zone if this runtime can compute its offsets; else null. `offsetMinutesAt` falls back to the
 * viewer's zone for an IANA name it does not know, which here would print a wrong offset.
 */
function usableZone(zone: SiteZone | null): SiteZone | null {
  if (zone === null || zone.kind === 'offset') return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone.name });
    return zone;
  } catch {
    return null;
  }
}

/**
 * `Place` for a venue event, `VirtualLocation` (the event's page, the only URL the data has; the
 * join link is not published) for an online one, both for a hybrid one; null when neither is known.
 */
function locationOf(event: EventItem, url: string): LdNode | LdNode[] | null {
  const place = event.mode !== 'online' && event.venue ? placeOf(event.venue) : null;
  const virtual: LdNode | null = event.mode !== 'offline' && url ? { '@type': 'VirtualLocation', url } : null;
  if (place && virtual) return [place, virtual];
  return place ?? virtual;
}

function placeOf(venue: Venue): LdNode | null {
  const address: LdNode = {};
  put(address, 'streetAddress', venue.street.trim());
  put(address, 'addressLocality', venue.city.trim());
  put(address, 'addressRegion', venue.state.trim());
  put(address, 'postalCode', venue.postcode.trim());
  put(address, 'addressCountry', venue.country.trim());
  const place: LdNode = { '@type': 'Place' };
  put(place, 'name', venue.name.trim());
  // Many sites type the whole address into the venue name and leave the parts empty; the name is
  // not split into guessed parts.
  if (Object.keys(address).length > 0) place['address'] = { '@type': 'PostalAddress', ...address };
  return Object.keys(place).length > 1 ? place : null;
}

/** Names of the listed ids the map knows, in the event's order, each once. */
function namesOf(ids: readonly number[], terms: ReadonlyMap<number, { name: string }> | undefined): string[] {
  if (!terms) return [];
  const names: string[] = [];
  for (const id of new Set(ids)) {
    const name = terms.get(id)?.name.trim();
    if (name) names.push(name);
  }
  return names;
}

/**
 * Offers by the event's registration mode (mage-eventpress 5.5, `templates/layout/registration_content.php`):
 * - `on`: one `Offer` per enabled ticket type with a price (0 is free);
 * - `rsvp`: the free RSVP form the plugin shows instead of ticket types: one free `Offer`;
 * - `off`: the plugin's listing mode, no registration at all: no offers.
 *
 * `availability` is written only where the data decides it, per ticket type: `SoldOut` when its
 * capacity does not exceed its reservations, as the plugin sells `quantity - (sold + held + reserved)`
 * (`MPWEM_Functions::get_available_ticket`), which is then at most 0 for every date whatever was sold
 * (the same rule as the list's "sold out" badge). `InStock` is never written: no field counts what
 * was sold. `mep_total_seat_left` cannot say either: it is 0/empty when never computed, one number for
 * all dates and ticket types, and in 5.5 every order overwrites it with the number of seats *sold*
 * (`mep_get_count_total_available_seat` in `inc/mep_functions.php`; the subtraction is commented out),
 * while the settings migrations write capacity minus sold and reserved. No `validFrom`/`validThrough`:
 * the model carries no sales window (the plugin's early-bird `option_sale_end_date_t` is not read).
 */
function offersOf(event: EventItem, url: string, currency: string | undefined): LdNode[] {
  if (event.registration === 'off') return [];
  if (event.registration === 'rsvp') return [offer('', 0, url, currency)];
  return event.tickets
    .filter((ticket): ticket is TicketType & { price: number } => ticket.enabled && ticket.price !== null && Number.isFinite(ticket.price))
    .map((ticket) => offer(ticket.name.trim(), ticket.price, url, currency, ticketSoldOut(ticket)));
}

function offer(name: string, price: number, url: string, currency: string | undefined, isSoldOut = false): LdNode {
  const node: LdNode = { '@type': 'Offer' };
  put(node, 'name', name);
  node['price'] = price;
  put(node, 'priceCurrency', currency ?? '');
  put(node, 'url', url);
  if (isSoldOut) node['availability'] = `${SCHEMA}/SoldOut`;
  return node;
}

/** Sets a text property only when there is text. */
function put(node: LdNode, key: string, value: string): void {
  if (value !== '') node[key] = value;
}
