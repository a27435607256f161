import { DAY_MS, type SeedClock } from './clock.js';
import { CITIES, HOSTILE_CONTENT, HOSTILE_EXCERPT, LOREM, THEMES, TICKETS, type Theme } from './event-catalog.js';
import { eventMeta, type EventMetaInput } from './event-meta.js';
import { makeMedia } from './media.js';
import { Prng } from './prng.js';
import { PublishTimes } from './publish.js';
import { plainText, uniqueSlugger } from './slug.js';
import { ORG, TAG } from './terms.js';
import type { Media, SeedEvent } from './types.js';

/**
 * 160 events (ids 100, 102 … 418; the attachment of event N is N+1), a third in the past, published
 * in an order unrelated to their event dates, with the quirks real sites show spread through them:
 * multi-date ('yes') and daily ('everyday') recurrence, online/hybrid, free tickets, events without an
 * image, events without a category, hostile HTML in content and excerpt.
 */
export const EVENT_COUNT = 160;
const FIRST_EVENT_ID = 100;
/** Index positions of events whose content/excerpt carry hostile HTML. */
const HOSTILE = new Set([7, 48, 121]);
const ORGANIZERS = [ORG.acme, ORG.arts, ORG.harbor, ORG.nordlicht];

function startTime(theme: Theme, rng: Prng): string {
  switch (theme.kind) {
    case 'concert':
      return rng.pick(['19:00', '19:30', '20:00']);
    case 'party':
      return rng.pick(['21:00', '22:00']);
    case 'talk':
      return rng.pick(['09:00', '09:30', '10:00']);
    case 'food':
      return rng.pick(['11:00', '16:00', '18:00']);
    default:
      return rng.pick(['10:00', '14:00', '15:30']);
  }
}

/** Hours an occurrence lasts; parties run past midnight, some talks span two days. */
function durationHours(theme: Theme, index: number): number {
  if (theme.kind === 'party') return 6;
  if (theme.kind === 'talk') return index % 3 === 0 ? 32 : 8;
  if (theme.kind === 'concert') return 3;
  return theme.kind === 'food' ? 5 : 2;
}

function price(min: number, max: number, rng: Prng): string {
  const value = rng.int(min * 2, max * 2) / 2;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function tickets(theme: Theme, city: string, rng: Prng): EventMetaInput['tickets'] {
  if (theme.free) return [{ name: 'Free entry', details: 'Registration keeps the head count.', price: '0', qty: 200 }];
  return TICKETS[theme.kind].map(([name, details, min, max]) => ({
    // German-speaking venues sell early-bird tickets under a UTF-8 name (byte-length checks).
    name: name === 'Early Bird' && ['Berlin', 'München', 'Wien', 'Köln'].includes(city) ? 'Frühbucher' : name,
    details,
    price: price(min, max, rng),
    qty: rng.int(5, 40) * 10,
  }));
}

export function seedEvents(clock: SeedClock, media: Map<number, Media>, speakerIds: number[]): SeedEvent[] {
  const rng = new Prng(0x5eed_0001);
  const publish = new PublishTimes(clock, rng);
  const slug = uniqueSlugger();
  // Event days spread evenly from 120 days ago to 240 days ahead, in shuffled order.
  const offsets = rng.shuffle(Array.from({ length: EVENT_COUNT }, (_, i) => -120 + Math.floor((i * 360) / EVENT_COUNT)));
  // Make sure something is on today and tomorrow.
  offsets[0] = 0;
  offsets[1] = 1;
  const events: SeedEvent[] = [];
  for (let i = 0; i < EVENT_COUNT; i++) {
    const theme = THEMES[i % THEMES.length] as Theme;
    const city = CITIES[Math.floor(i / THEMES.length) % CITIES.length] as (typeof CITIES)[number];
    const venue = rng.pick(city.venues);
    const id = FIRST_EVENT_ID + 2 * i;
    const title = i < THEMES.length ? theme.title : `${theme.title} &#8211; ${city.name}`;
    const dayOffset = offsets[i] as number;
    const start = clock.at(dayOffset, startTime(theme, rng));
    const recurring = i % 16 === 5 ? 'yes' : i % 16 === 11 ? 'everyday' : 'no';
    const hours = durationHours(theme, i);
    const end = recurring === 'everyday' ? start + rng.int(14, 28) * DAY_MS + hours * 3_600_000 : start + hours * 3_600_000;
    const moreDates: Array<[number, number]> =
      recurring === 'yes' ? [1, 2, 3].map((week) => [start + week * 7 * DAY_MS, start + week * 7 * DAY_MS + hours * 3_600_000]) : [];
    const date = publish.on(Math.min(dayOffset - rng.int(7, 150), -1));
    const hasImage = i % 13 !== 12;
    const mediaId = hasImage ? id + 1 : 0;
    if (hasImage) {
      media.set(
        mediaId,
        makeMedia({
          id: mediaId,
          name: `event-${id}.svg`,
          title: plainText(title),
          alt: i % 5 === 0 ? '' : plainText(title),
          label: plainText(title),
          width: 1200,
          height: 675,
          date,
          parent: id,
        }),
      );
    }
    const intro = `<p>${title} at ${venue.venue}, ${venue.city}.</p>\n`;
    const hostile = HOSTILE.has(i);
    const eventType = i % 7 === 3 ? 'online' : i % 7 === 6 ? 'hybrid' : 'offline';
    const ticketTypes = tickets(theme, city.name, rng);
    const capacity = ticketTypes.reduce((sum, ticket) => sum + ticket.qty, 0);
    const tags = [...theme.tags];
    if (eventType !== 'offline' && !tags.includes(TAG.accessible)) tags.push(TAG.accessible);
    events.push({
      id,
      slug: slug(title),
      status: 'publish',
      date,
      modified: publish.modified(date),
      title,
      content: hostile ? HOSTILE_CONTENT : `${intro}<p>${LOREM}</p>\n`,
      excerpt: hostile ? HOSTILE_EXCERPT : `<p>${LOREM.split(' ').slice(0, 30).join(' ')} [&hellip;]</p>\n`,
      featuredMedia: mediaId,
      categories: theme.categories,
      organizers: rng.sample(ORGANIZERS, rng.int(1, 2)),
      tags,
      start,
      end,
      ticketTypes: ticketTypes.map((ticket) => ticket.name),
      meta: eventMeta({
        mediaId,
        eventType,
        venue,
        regStatus: i % 19 === 4 ? 'off' : i % 23 === 9 ? 'rsvp' : 'on',
        tickets: ticketTypes,
        extras: theme.kind === 'concert' ? [{ name: 'Tour T-Shirt', price: '25', qty: 100 }] : [],
        start,
        end,
        recurring,
        moreDates,
        seatsLeft: Math.max(0, capacity - rng.int(0, capacity)),
        speakers: theme.kind === 'talk' ? rng.sample(speakerIds, rng.int(1, 3)) : [],
      }),
    });
  }
  return events;
}
