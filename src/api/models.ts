/**
 * Typed models the widgets render. Normalizers in `normalize/` produce them from `unknown` wire JSON;
 * nothing else in the product reads raw WordPress JSON.
 *
 * Date-time conventions: WordPress and both plugins speak site-local wall-clock time with no zone.
 * We keep it that way so a visitor in another zone sees the time printed on the ticket.
 * - `LocalDateTime`: `YYYY-MM-DDTHH:MM:SS` (site-local, no offset)
 * - `LocalDate`: `YYYY-MM-DD`
 * - `LocalTime`: `HH:MM`
 */

import type { SiteZone } from './site-time.js';

export type LocalDateTime = string;
export type LocalDate = string;
export type LocalTime = string;

/** One page of a paginated collection, with WordPress's totals. */
export interface Page<T> {
  items: T[];
  /** `X-WP-Total`; the item count when the server did not send it. */
  total: number;
  /** `X-WP-TotalPages`; 1 (or 0 for an empty collection) when the server did not send it. */
  totalPages: number;
  page: number;
  perPage: number;
}

// ---------------------------------------------------------------- Interface A

export interface Venue {
  name: string;
  street: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

export interface TicketType {
  name: string;
  /** Price in the site's currency; 0 means free; null when the site gave no usable number. */
  price: number | null;
  /** Capacity as configured (may be stale on real sites). */
  quantity: number | null;
  /** Seats held back for reservations. */
  reserved: number | null;
  enabled: boolean;
  details: string;
}

export interface EventDate {
  start: LocalDateTime;
  end: LocalDateTime | null;
}

export type EventMode = 'online' | 'offline' | 'hybrid';
export type Recurrence = 'no' | 'yes' | 'everyday';
export type RegistrationStatus = 'on' | 'off' | 'rsvp';

export interface EventItem {
  id: number;
  /** Decoded, tag-free plain text. */
  title: string;
  slug: string;
  /** Event page on the site; only http(s) URLs survive normalization, else ''. */
  link: string;
  /** Publish date (site-local); not the event date. */
  published: LocalDateTime | null;
  /** First (or only) occurrence, site-local. */
  start: LocalDateTime | null;
  end: LocalDateTime | null;
  /** Further occurrences from `mep_event_more_date`, in order; empty for single-date events. */
  moreDates: EventDate[];
  recurrence: Recurrence;
  mode: EventMode;
  /** Null when the event has no venue text (typically online events). */
  venue: Venue | null;
  tickets: TicketType[];
  /** Lowest and highest enabled ticket price; null when no ticket has a price. */
  priceRange: { min: number; max: number } | null;
  registration: RegistrationStatus;
  /** `mep_total_seat_left`; may be stale on real sites. */
  seatsLeft: number | null;
  categoryIds: number[];
  organizerIds: number[];
  tagIds: number[];
  /** Speaker post ids from `mep_event_speakers_list`, in the site's order. */
  speakerIds: number[];
  imageUrl: string | null;
  /** Untrusted HTML from the site: sanitize before rendering. */
  excerptHtml: string;
  /** The excerpt as decoded plain text. */
  excerptText: string;
  /** Untrusted HTML from the site: sanitize before rendering. */
  contentHtml: string;
}

/** @deprecated use {@link EventItem} (this name shadows the DOM's `Event` wherever it is imported). */
export type Event = EventItem;

export interface Term {
  id: number;
  /** Decoded plain text. */
  name: string;
  slug: string;
  /** 0 for a top-level term. */
  parent: number;
  count: number;
  description: string;
  link: string;
  taxonomy: string;
}

export interface Speaker {
  id: number;
  name: string;
  slug: string;
  link: string;
  /** Short role line from the excerpt, plain text. */
  role: string;
  /** Untrusted HTML from the site: sanitize before rendering. */
  bioHtml: string;
  bioText: string;
  /** Featured image id (0 when none). */
  imageId: number;
  /** From `_embed`'s `wp:featuredmedia` when requested and present. */
  imageUrl: string | null;
  published: LocalDateTime | null;
}

/** Personal data: only ever read through authenticated requests. */
export interface Attendee {
  id: number;
  name: string;
  email: string;
  phone: string;
  eventId: number | null;
  eventTitle: string;
  ticketType: string;
  eventDate: LocalDateTime | null;
  orderId: number | null;
  checkedIn: boolean;
  registered: LocalDateTime | null;
}

// ---------------------------------------------------------------- Interface B

/**
 * Which shape of Interface B a site speaks: `contract` (the documented `/wbtm/v1/routes` with route
 * ids, `/wbtm/v1/buses` with paging and `route_id`) or `plugin` (what the bus plugin really serves:
 * routes as stop names, `/wbtm/v1/buses/search?from&to&date`, seats under `/buses/{id}/seats`).
 */
export type BusDialect = 'contract' | 'plugin';

/** A route as both dialects can express it: contract routes have ids, plugin routes are stop names. */
export interface Route {
  /** Contract dialect route id (usable as `route_id`); null in the plugin dialect. */
  id: number | null;
  /** Stop names exactly as sent, for querying; `decodeEntities` before display. */
  from: string;
  to: string;
  /** Intermediate stops when the server lists them, in travel order. */
  via: string[];
}

export interface RouteList {
  dialect: BusDialect;
  /** Explicit routes (contract dialect); empty in the plugin dialect, which has no pairs. */
  routes: Route[];
  /** Distinct boarding stops, sorted. */
  boardingPoints: string[];
  /** Distinct dropping stops, sorted. */
  droppingPoints: string[];
}

export interface Fare {
  /** Machine key such as `adult`, `child`, `infant`. */
  type: string;
  /** Display name, decoded. */
  name: string;
  /** Parsed from numbers or strings like `"20.00 "` / `"20.00 incl. VAT"`; null if unusable. */
  price: number | null;
  /** Segment the fare applies to, when the server gives per-segment tiers. */
  from?: string;
  to?: string;
}

/** Normalized `"AC"`, `"Non AC"`, `"non-ac"` … for filtering; display text stays in `type`. */
export type BusTypeKey = string;

export interface Bus {
  id: number;
  /** Decoded plain text. */
  name: string;
  /** Display text as the site wrote it (`AC`, `Non AC`). */
  type: string;
  /** Lower-case slug of `type` (`ac`, `non-ac`). */
  typeKey: BusTypeKey;
  routeId: number | null;
  from: string;
  to: string;
  /** Service date when the server answered for a date (plugin search); null for a timetable. */
  date: LocalDate | null;
  departureTime: LocalTime | null;
  arrivalTime: LocalTime | null;
  /** Days between departure and arrival (0 same day, 1 = "+1"). */
  arrivalDayOffset: number;
  fares: Fare[];
  /** Lowest usable fare, null when none. */
  lowestFare: number | null;
  totalSeats: number | null;
  seatsLeft: number | null;
  features: string[];
}

export type StopKind = 'boarding' | 'dropping' | 'both';

export interface Stop {
  /** Stop name exactly as sent (the plugin matches `bp`/`dp` byte for byte); `decodeEntities` before display. */
  place: string;
  kind: StopKind;
  time: LocalTime | null;
  /** Days after the first stop's day (times earlier than the previous stop roll over). */
  dayOffset: number;
}

export interface BusDetail {
  id: number;
  name: string;
  type: string;
  typeKey: BusTypeKey;
  routeId: number | null;
  stops: Stop[];
  /** Stops where passengers may board, in travel order. */
  boardingPoints: Stop[];
  /** Stops where passengers may leave, in travel order. */
  droppingPoints: Stop[];
  fares: Fare[];
  features: string[];
  gallery: string[];
  /** Capacity as sent (contract dialect) or counted from the seat layout; null when unknown. */
  totalSeats: number | null;
  /** Seat layout when the detail record carries it (contract dialect); null otherwise. */
  seatMap: SeatMap | null;
}

export type SeatStatus = 'available' | 'booked' | 'held';
export type FixtureKind = 'driver' | 'door' | 'aisle' | 'toilet' | 'stairs' | 'other';

export interface SeatCell {
  kind: 'seat';
  name: string;
  status: SeatStatus;
  /** 0-based index into `Deck.cells`. */
  row: number;
  col: number;
}

export interface FixtureCell {
  kind: 'fixture';
  /** Label as the site wrote it (e.g. "Driver"). */
  name: string;
  fixture: FixtureKind;
  row: number;
  col: number;
}

/** `null` is an empty gap in the layout. */
export type Cell = SeatCell | FixtureCell | null;

export interface Deck {
  level: 'lower' | 'upper';
  rows: number;
  /** Width of the widest row; shorter (ragged) rows are padded with gaps. */
  cols: number;
  /** Rectangular: `rows` arrays of `cols` cells each. */
  cells: Cell[][];
}

export interface SeatMap {
  busId: number;
  date: LocalDate | null;
  from: string | null;
  to: string | null;
  /** `wbtm_seat_plan`, `wbtm_without_seat_plan`, … as the site sent it. */
  seatType: string;
  /** Decks that actually contain seats; empty for a bus without a seat plan. */
  decks: Deck[];
  /** Seat counts: derived from the decks, or as sent by a bus without a seat plan. */
  totalSeats: number;
  bookedSeats: number;
  availableSeats: number;
}

/** Personal data: only ever read through authenticated requests. */
export interface Passenger {
  bookingId: number | null;
  name: string;
  email: string;
  phone: string;
  busId: number | null;
  busName: string;
  date: LocalDate | null;
  from: string;
  to: string;
  seat: string;
  fareType: string;
  /** As the booking recorded it, a negative adjustment included; null when the site gave no usable number. */
  price: number | null;
  status: string;
}

// ---------------------------------------------------------------- discovery

/** What a site's `/wp-json/` index says it offers. */
export interface SiteCapabilities {
  name: string;
  namespaces: string[];
  /** Events REST is on in the event plugin's settings. */
  events: boolean;
  speakers: boolean;
  attendees: boolean;
  categories: boolean;
  organizers: boolean;
  /** Which Interface B dialect the site speaks, null when the bus plugin is absent. */
  busDialect: BusDialect | null;
  passengers: boolean;
  seats: boolean;
  /** The site's time zone (`timezone_string`, else `gmt_offset`); null when the index does not say. */
  timeZone: SiteZone | null;
}
