import { metaDateTime, type SeedClock } from './clock.js';
import { person } from './people.js';
import { Prng } from './prng.js';
import { PublishTimes } from './publish.js';
import type { SeedAttendee, SeedEvent } from './types.js';

/**
 * Attendee posts (ids 500 …), registered for a dozen events, some past (checked in), some upcoming.
 * Their meta follows the event plugin's attendee keys. Personal data: served behind auth only.
 */
export const ATTENDEE_COUNT = 48;

export function seedAttendees(clock: SeedClock, events: readonly SeedEvent[]): SeedAttendee[] {
  const rng = new Prng(0x5eed_0003);
  const publish = new PublishTimes(clock, rng);
  const chosen = rng.sample(events, 12);
  const attendees: SeedAttendee[] = [];
  for (let i = 0; i < ATTENDEE_COUNT; i++) {
    const event = chosen[i % chosen.length] as SeedEvent;
    const who = person(rng, i + 1);
    const id = 500 + i;
    const eventDay = Math.floor((event.start - clock.dayStart) / 86_400_000);
    const date = publish.on(Math.min(eventDay - rng.int(1, 40), -1));
    const past = event.start < clock.dayStart;
    attendees.push({
      id,
      slug: `attendee-${id}`,
      status: 'publish',
      date,
      modified: date,
      // title.rendered is texturized; the meta keeps the name as typed.
      title: who.name.replace(/'/g, '&#8217;'),
      content: '',
      excerpt: '',
      featuredMedia: 0,
      meta: [
        ['ea_name', who.name],
        ['ea_email', who.email],
        ['ea_phone', who.phone],
        ['ea_event_id', String(event.id)],
        ['ea_event_name', event.title],
        ['ea_ticket_type', rng.pick(event.ticketTypes)],
        ['ea_event_date', metaDateTime(event.start)],
        ['ea_order_id', String(9000 + Math.floor(i / 2))],
        ['mep_checkin', past && rng.chance(0.8) ? 'yes' : 'no'],
      ],
    });
  }
  return attendees;
}
