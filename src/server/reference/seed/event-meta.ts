import { phpSerialize } from '../wp/php-serialize.js';
import { DAY_MS, hhmm, metaDateTime, ymd } from './clock.js';
import type { Venue } from './event-catalog.js';

/**
 * The event plugin's post meta for one event, in the order it stores it. Values are the raw strings
 * WordPress keeps; list-valued meta is PHP-serialized, just as `event_informations` exposes it.
 */
export interface EventMetaInput {
  mediaId: number;
  eventType: 'online' | 'offline' | 'hybrid';
  venue: Venue;
  regStatus: 'on' | 'off' | 'rsvp';
  tickets: Array<{ name: string; details: string; price: string; qty: number }>;
  extras: Array<{ name: string; price: string; qty: number }>;
  start: number;
  end: number;
  recurring: 'no' | 'yes' | 'everyday';
  /** Further dates of a 'yes' event: [start, end] pairs. */
  moreDates: Array<[number, number]>;
  seatsLeft: number;
  speakers: number[];
}

function ticketList(input: EventMetaInput): string {
  const saleEnd = metaDateTime(input.start - DAY_MS);
  return phpSerialize(
    input.tickets.map((ticket) => ({
      option_name_t: ticket.name,
      option_details_t: ticket.details,
      option_price_t: ticket.price,
      option_qty_t: String(ticket.qty),
      option_rsv_t: '0',
      option_default_qty_t: '0',
      option_qty_t_type: 'inputbox',
      option_sale_end_date: '',
      option_sale_end_time: '',
      option_sale_end_date_t: saleEnd,
      option_ticket_enable: 'yes',
    })),
  );
}

export function eventMeta(input: EventMetaInput): Array<[string, string]> {
  const { venue, start, end } = input;
  const online = input.eventType === 'online';
  const virtual = input.eventType === 'offline' ? '' : '<p>Join via the link in your confirmation e-mail.</p>';
  const meta: Array<[string, string]> = [];
  if (input.mediaId > 0) meta.push(['_thumbnail_id', String(input.mediaId)]);
  meta.push(
    ['mep_event_type', input.eventType],
    ['mp_event_virtual_type_des', virtual],
    ['mep_org_address', '0'],
    ['mep_location_venue', online ? '' : venue.venue],
    ['mep_street', online ? '' : venue.street],
    ['mep_city', online ? '' : venue.city],
    ['mep_state', online ? '' : venue.state],
    ['mep_postcode', online ? '' : venue.postcode],
    ['mep_country', online ? '' : venue.country],
    ['mep_sgm', '1'],
    ['mep_reg_status', input.regStatus],
    ['mep_display_slider', 'off'],
    ['mep_event_ticket_type', ticketList(input)],
  );
  if (input.extras.length > 0) {
    const extras = input.extras.map((extra) => ({
      option_name: extra.name,
      option_price: extra.price,
      option_qty: String(extra.qty),
      option_qty_type: 'inputbox',
    }));
    meta.push(['mep_events_extra_prices', phpSerialize(extras)]);
  }
  meta.push(
    ['event_start_date', ymd(start)],
    ['event_start_time', hhmm(start)],
    ['event_end_date', ymd(end)],
    ['event_end_time', hhmm(end)],
    ['event_start_datetime', metaDateTime(start)],
    ['event_end_datetime', metaDateTime(end)],
    ['event_expire_datetime', metaDateTime(end)],
    ['mep_enable_recurring', input.recurring],
  );
  if (input.recurring === 'yes') {
    const more = input.moreDates.map(([from, to]) => ({
      event_more_start_date: ymd(from),
      event_more_start_time: hhmm(from),
      event_more_end_date: ymd(to),
      event_more_end_time: hhmm(to),
    }));
    meta.push(['mep_event_more_date', phpSerialize(more)]);
  }
  if (input.recurring === 'everyday') meta.push(['mep_repeated_periods', '1']);
  // Stale on real sites (only refreshed on checkout); kept as the plugin leaves it.
  meta.push(['mep_total_seat_left', String(input.seatsLeft)]);
  if (input.speakers.length > 0) {
    meta.push(['mep_event_enable_speaker', 'yes']);
    meta.push(['mep_event_speakers_list', phpSerialize(input.speakers.map(String))]);
  }
  // The plugin's WooCommerce product price: always 0, not a ticket price.
  meta.push(['_price', '0']);
  return meta;
}
