/**
 * Availability and kind badges from what the event data can honestly say.
 *
 * The plugin's `mep_total_seat_left` reads 0 both before the plugin has counted and when every seat
 * is gone (the plugin itself treats 0 as "count again"), so 0 alone never means sold out: an event
 * is sold out when no enabled ticket type has a seat beyond its reservations. "Few left" reads the
 * count as seats left (as the published interface describes it) only when the page asks for it with a
 * threshold: plugin 5.5 stores the seats *sold* under that name.
 */
import type { EventDate, EventItem, LocalDateTime } from '../../api/models.js';
import { ticketSoldOut } from '../../api/tickets.js';
import { occurrencesOf } from './event-dates.js';

export type EventBadge = 'sold-out' | 'few-left' | 'registration-closed' | 'past' | 'online' | 'hybrid';

export interface BadgeRules {
  /** Site-local now; null when not known (no "past" badge then). */
  now: LocalDateTime | null;
  /** "Few left" at this many seats or fewer. */
  fewLeft: number;
}

function noSeatsForSale(event: EventItem): boolean {
  const enabled = event.tickets.filter((ticket) => ticket.enabled);
  return enabled.length > 0 && enabled.every(ticketSoldOut);
}

/** Whether every occurrence has ended (or, without an end, started) before `now`. */
export function hasEnded(event: EventItem, now: LocalDateTime): boolean {
  const dates = occurrencesOf(event, now.slice(0, 10));
  return dates.length > 0 && dates.every((date) => (date.end ?? date.start) < now);
}

/**
 * The badges an event carries, most important first. `shown`: the date the card shows (a range or
 * upcoming list); "past" then speaks of that date, else of the whole event.
 */
export function badgesOf(event: EventItem, rules: BadgeRules, shown: EventDate | null = null): EventBadge[] {
  const badges: EventBadge[] = [];
  const past = rules.now !== null && (shown ? (shown.end ?? shown.start) < rules.now : hasEnded(event, rules.now));
  if (past) badges.push('past');
  else if (noSeatsForSale(event)) badges.push('sold-out');
  else if (event.seatsLeft !== null && event.seatsLeft > 0 && event.seatsLeft <= rules.fewLeft) badges.push('few-left');
  if (!past && event.registration === 'off') badges.push('registration-closed');
  if (event.mode !== 'offline') badges.push(event.mode);
  return badges;
}
