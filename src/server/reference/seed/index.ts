import { seedAttendees } from './attendees.js';
import { seedBookings } from './bookings.js';
import { seedBuses } from './buses.js';
import { localEpoch, type SiteZone } from '../../../api/site-time.js';
import { DAY_MS, SeedClock } from './clock.js';
import { seedEvents } from './events.js';
import { ROUTES, routeById } from './network.js';
import { seedSpeakers } from './speakers.js';
import { TERMS } from './terms.js';
import type { Media, Seed } from './types.js';

export type { Seed } from './types.js';

/** The whole seeded site for the UTC day of `now`. Pure: the same day always gives the same data. */
/** @param localNow the site's wall clock now, as local epoch (see SeedClock). */
export function buildSeed(localNow: number, zone: SiteZone): Seed {
  const clock = new SeedClock(localNow);
  const media = new Map<number, Media>();
  const speakers = seedSpeakers(clock, media);
  const events = seedEvents(
    clock,
    media,
    speakers.map((speaker) => speaker.id),
  );
  const buses = seedBuses(clock, media, (routeId) => routeById(routeId)?.stops.map((stop) => stop.place) ?? []);
  return {
    dayStart: clock.dayStart,
    zone,
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
 * Seeds keyed by the site's day. With a fixed `now` that is one seed forever; on the live clock a
 * server left running for days (a kiosk demo) moves on to the next day's data at the site's midnight.
 */
export function seedSource(fixedNow: number | undefined, zone: SiteZone): () => Seed {
  let cached: Seed | undefined;
  return () => {
    const local = localEpoch(fixedNow ?? Date.now(), zone);
    const day = Math.floor(local / DAY_MS) * DAY_MS;
    if (cached?.dayStart !== day) cached = buildSeed(local, zone);
    return cached;
  };
}
