import { seedAttendees } from './attendees.js';
import { seedBookings } from './bookings.js';
import { seedBuses } from './buses.js';
import { SeedClock } from './clock.js';
import { seedEvents } from './events.js';
import { ROUTES, routeById } from './network.js';
import { seedSpeakers } from './speakers.js';
import { TERMS } from './terms.js';
import type { Media, Seed } from './types.js';

export type { Seed } from './types.js';

/** The whole seeded site for the UTC day of `now`. Pure: the same day always gives the same data. */
export function buildSeed(now: number): Seed {
  const clock = new SeedClock(now);
  const media = new Map<number, Media>();
  const speakers = seedSpeakers(clock, media);
  const events = seedEvents(clock, media, speakers.map((speaker) => speaker.id));
  const buses = seedBuses(clock, media, (routeId) => routeById(routeId)?.stops.map((stop) => stop.place) ?? []);
  return {
    dayStart: clock.dayStart,
    terms: [...TERMS],
    media,
    events,
    speakers,
    attendees: seedAttendees(clock, events),
    routes: [...ROUTES],
    buses,
    bookings: seedBookings(clock, buses),
  };
}

/**
 * Seeds keyed by day. With a fixed `now` that is one seed forever; on the live clock a server left
 * running for days (a kiosk demo) moves on to the next day's data at midnight UTC.
 */
export function seedSource(fixedNow: number | undefined): () => Seed {
  let cached: Seed | undefined;
  return () => {
    const now = fixedNow ?? Date.now();
    const day = Math.floor(now / 86_400_000) * 86_400_000;
    if (cached?.dayStart !== day) cached = buildSeed(now);
    return cached;
  };
}
