/**
 * Wire shapes, as documentation and as the types the reference API emits. Clients never trust
 * them: every response is `unknown` until a normalizer in `../normalize/` has checked it.
 *
 * Interface A and the plugin dialect of Interface B are what real sites send (recorded from
 * WordPress 6.1 running the event and bus plugins' published code, in `test/fixtures/recorded/`). The contract dialect of Interface B does not show record fields, so it
 * reuses the plugin's field names and shapes and adds what the contract promises on top:
 * route ids, `route_id` on buses, per-segment fare tiers, seat layout in the detail record, passengers.
 */

/** `{"code","message","data":{"status",...}}`, used by core and both plugins. */
export interface WpErrorWire {
  code: string;
  message: string;
  data?: { status?: number; params?: Record<string, string>; [key: string]: unknown } | null;
}

export interface RenderedWire {
  rendered: string;
  protected?: boolean;
}

/** A standard post as `/wp/v2/<type>` returns it (fields we use). */
export interface PostWire {
  id: number;
  date: string;
  date_gmt: string;
  modified: string;
  slug: string;
  status: string;
  type: string;
  link: string;
  title: RenderedWire;
  content: RenderedWire;
  excerpt?: RenderedWire;
  featured_media: number;
  _embedded?: { 'wp:featuredmedia'?: Array<{ source_url?: string; alt_text?: string }> };
}

/** Post meta as the event plugin exposes it: every value a one-element array of strings. */
export type MetaWire = Record<string, string[] | string>;

export interface EventWire extends PostWire {
  mep_cat: number[];
  mep_org: number[];
  mep_tag: number[];
  /** All post meta; array-valued meta is PHP-serialized text. `event_feature_image` is a plain string. */
  event_informations: MetaWire;
}

export interface TermWire {
  id: number;
  count: number;
  description: string;
  link: string;
  name: string;
  slug: string;
  taxonomy: string;
  parent: number;
  meta: unknown[] | Record<string, unknown>;
}

/**
 * `/wp/v2/mep_event_attendee` (registered by the contract, not by the free plugin). Meta keys
 * follow the plugin's attendee post meta: `ea_name`, `ea_email`, `ea_phone`, `ea_event_id`,
 * `ea_event_name`, `ea_ticket_type`, `ea_event_date`, `ea_order_id`, `mep_checkin` (`yes`/`no`).
 */
export interface AttendeeWire extends PostWire {
  attendee_informations: MetaWire;
}

/** `/wp-json/` — real sites send `routes` as an object keyed by route pattern; trimmed copies as a list. */
export interface IndexWire {
  name?: string;
  namespaces: string[];
  routes: Record<string, unknown> | string[];
}

// ----- Interface B, shared by both dialects

export interface StopWire {
  place: string;
  type: 'bp' | 'dp' | 'both';
  /** `HH:MM`, site-local; earlier than the previous stop means the next day. */
  time: string;
}

export interface PriceWire {
  type: string;
  name: string;
  /** A number, or a string such as `"20.00 "` / `"20.00 incl. VAT"`. */
  price: number | string;
  /** Contract dialect only: the segment this tier applies to. */
  boarding_point?: string;
  dropping_point?: string;
}

/** `null` = gap; `non_seat` = driver, door, aisle, toilet, stairs …; `seat` with a status. */
export type CellWire = null | { name: string; type: 'non_seat' } | { name: string; type: 'seat'; status?: 'available' | 'booked' | 'held' };

export interface DeckWire {
  deck?: 'lower' | 'upper';
  rows: number;
  /** The first row's width; rows may be ragged. */
  cols: number;
  seats: CellWire[][];
}

// ----- Interface B, plugin dialect (anonymous)

export interface PluginRoutesWire {
  boarding_points: string[];
  dropping_points: string[];
}

export interface PluginSearchBusWire {
  id: number;
  name: string;
  type: string;
  boarding_point: string;
  /** `Y-m-d H:i` */
  departure_time: string;
  dropping_point: string;
  arrival_time: string;
  prices: PriceWire[];
  total_seats: number;
  seats_left: number;
  features: string[];
}

export interface PluginSearchWire {
  boarding_point: string;
  dropping_point: string;
  date: string;
  buses: PluginSearchBusWire[];
  return_date?: string;
  return_buses?: PluginSearchBusWire[];
}

export interface PluginBusWire {
  id: number;
  name: string;
  type: string;
  route_stops: StopWire[];
  /** Whole-route fares only. */
  tickets: PriceWire[];
  features: string[];
  gallery: string[];
}

export interface PluginSeatsWire {
  id: number;
  date: string;
  boarding_point: string;
  dropping_point: string;
  seat_type: string;
  decks?: DeckWire[];
  /** Only for a bus without a seat plan (no `decks`). */
  total_seats?: number;
  booked?: number;
  available?: number;
}

// ----- Interface B, contract dialect (authenticated; the reference API's shapes)

/** `/wbtm/v1/routes`: an array of these. */
export interface ContractRouteWire {
  id: number;
  start: string;
  end: string;
  /** All stops in travel order, first = start, last = end. */
  stops: string[];
}

/** `/wbtm/v1/buses` (paged with `X-WP-Total`/`X-WP-TotalPages`): an array of these. */
export interface ContractBusWire {
  id: number;
  name: string;
  type: string;
  route_id: number;
  route_stops: StopWire[];
  tickets: PriceWire[];
  features: string[];
  total_seats: number;
}

/** `/wbtm/v1/buses/{id}`: one bus in full. */
export interface ContractBusDetailWire extends ContractBusWire {
  gallery: string[];
  /** Fare tiers per segment (`boarding_point` → `dropping_point`). */
  prices: PriceWire[];
  seat_type: string;
  decks?: DeckWire[];
}

/** `/wbtm/v1/passengers?bus_id&date`: an array of these (confirmed bookings only). */
export interface ContractPassengerWire {
  booking_id: number;
  name: string;
  email: string;
  phone: string;
  bus_id: number;
  bus_name: string;
  /** `YYYY-MM-DD` */
  date: string;
  boarding_point: string;
  dropping_point: string;
  seat: string;
  ticket_type: string;
  price: number | string;
  status: 'confirmed';
}
