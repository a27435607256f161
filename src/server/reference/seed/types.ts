/**
 * The seeded site, origin-free. `wire/` turns these records into the exact JSON shapes for whatever
 * origin a request arrives on. Text fields hold what WordPress stores and renders: titles already
 * texturized (`&#038;`, `&#8217;`), term names HTML-escaped (`&amp;`).
 */
import type { SiteZone } from '../../../api/site-time.js';

export type Taxonomy = 'mep_cat' | 'mep_org' | 'mep_tag';

export interface Term {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  parent: number;
}

/** An attachment; the file itself is a generated SVG served from `/wp-content/uploads/{file}`. */
export interface Media {
  id: number;
  /** Below the uploads directory: `YYYY/MM/name.svg`. */
  file: string;
  title: string;
  alt: string;
  /** Text drawn on the placeholder. */
  label: string;
  width: number;
  height: number;
  date: number;
  parent: number;
}

export interface Post {
  id: number;
  slug: string;
  status: 'publish' | 'draft';
  /** Publish time, ms epoch (site time is UTC). */
  date: number;
  modified: number;
  /** `title.rendered` */
  title: string;
  content: string;
  excerpt: string;
  featuredMedia: number;
}

export interface SeedEvent extends Post {
  categories: number[];
  organizers: number[];
  tags: number[];
  /** Post meta in storage order; each becomes a one-element string array on the wire. */
  meta: Array<[string, string]>;
  /** Event start/end, ms epoch (site-local = UTC). */
  start: number;
  end: number;
  ticketTypes: string[];
}

export interface SeedAttendee extends Post {
  meta: Array<[string, string]>;
}

export interface Route {
  id: number;
  stops: Array<{ place: string; km: number }>;
}

export type StopType = 'bp' | 'dp' | 'both';

export type PriceStyle = 'number' | 'trailing-space' | 'vat-suffix';

/** Seat plan rows as the plugin stores them: '' is a gap, a non-seat keyword, or a seat name. */
export type SeatRows = string[][];

export interface Bus extends Post {
  /** Free text, as the plugin stores it: "AC", "Non AC". */
  type: string;
  routeId: number | null;
  stops: Array<{ place: string; type: StopType; time: string }>;
  /** Adult fare per km; other ticket types are a factor of it. */
  farePerKm: number;
  ticketTypes: Array<{ type: string; name: string; factor: number }>;
  priceStyle: PriceStyle;
  features: string[];
  gallery: number[];
  /**
   * `upperHidden`: the upper deck was filled in, then switched off (`show_upper_desk` = `no`): the
   * plugin still sends it with its seats (PHP reads `no` as true), but neither sells nor counts them.
   */
  seatPlan: { lower: SeatRows; upper: SeatRows | null; upperHidden?: boolean } | null;
  /** Seats of a bus without a seat plan. */
  capacity: number;
  /** Days of the week (0 = Sunday) the bus does not run. */
  offDays: number[];
}

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled';

export interface Booking {
  id: number;
  busId: number;
  /** `YYYY-MM-DD` */
  date: string;
  boardingPoint: string;
  droppingPoint: string;
  status: BookingStatus;
  passengers: Array<{ name: string; email: string; phone: string; seat: string; ticketType: string }>;
}

export interface Seed {
  /** 00:00 site time of the anchor day, as local epoch (see SeedClock). */
  dayStart: number;
  /** The site's time zone: seed times are its wall-clock readings. */
  zone: SiteZone;
  terms: Term[];
  media: Map<number, Media>;
  events: SeedEvent[];
  speakers: Post[];
  attendees: SeedAttendee[];
  routes: Route[];
  buses: Bus[];
  bookings: Booking[];
}
