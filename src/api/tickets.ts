/**
 * What a ticket type says about availability, shared by the list's "sold out" badge and the
 * structured data's offers so both read the plugin's counts the same way.
 */
import type { TicketType } from './models.js';

/**
 * A ticket type with no seat beyond its reservations: it cannot be sold on any date (the plugin
 * sells `quantity - (sold + held + reserved)`). Without a capacity nothing is known.
 */
export function ticketSoldOut(ticket: TicketType): boolean {
  return ticket.quantity !== null && ticket.quantity - (ticket.reserved ?? 0) <= 0;
}
