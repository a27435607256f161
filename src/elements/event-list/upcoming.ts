/**
 * `order="upcoming"`: WordPress only orders events by publish date, so upcoming order is built
 * here: read up to UPCOMING_MAX_PAGES pages of 100, drop events whose every date has passed, sort by
 * the next occurrence, and page the result locally.
 */
import type { ApiClient } from '../../api/client.js';
import { listEvents, type EventQuery } from '../../api/events.js';
import type { EventItem, LocalDateTime, Page } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDateTime } from '../../shared/wall-clock.js';

/** At most this many 100-event pages are read for upcoming order (1 000 events). */
export const UPCOMING_MAX_PAGES = 10;

export interface UpcomingEvent extends EventItem {
  /** The next occurrence that has not ended, used for sorting and display. */
  next: LocalDateTime;
}

/** The first occurrence whose end (or start, when it has no end) is not before `now`. */
export function nextOccurrence(event: EventItem, now: LocalDateTime): LocalDateTime | null {
  const dates = [...(event.start ? [{ start: event.start, end: event.end }] : []), ...event.moreDates];
  dates.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  for (const date of dates) {
    if ((date.end ?? date.start) >= now) return date.start >= now ? date.start : now;
  }
  return null;
}

/** When "now" is: the present, and the page's explicit site zone (null: the zone the site's index publishes, else the viewer's). */
export interface UpcomingClock {
  now: number;
  zone: SiteZone | null;
}

export async function loadUpcoming(
  client: ApiClient,
  filter: Omit<EventQuery, 'page' | 'perPage'>,
  page: number,
  perPage: number,
  clock: UpcomingClock,
  signal: AbortSignal,
): Promise<Page<UpcomingEvent>> {
  // The site's zone (its index, usually already cached) is read while the first page loads.
  const [first, zone] = await Promise.all([listEvents(client, { ...filter, page: 1, perPage: 100 }, { signal }), siteZoneOf(client, clock.zone, signal)]);
  const now = siteDateTime(clock.now, zone);
  const lastPage = Math.min(first.totalPages, UPCOMING_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, lastPage - 1) }, (_, n) => listEvents(client, { ...filter, page: n + 2, perPage: 100 }, { signal })),
  );
  const upcoming: UpcomingEvent[] = [];
  for (const event of [first, ...rest].flatMap((part) => part.items)) {
    const next = nextOccurrence(event, now);
    if (next) upcoming.push({ ...event, next });
  }
  upcoming.sort((a, b) => (a.next < b.next ? -1 : a.next > b.next ? 1 : a.id - b.id));
  const totalPages = Math.ceil(upcoming.length / perPage);
  return {
    items: upcoming.slice((page - 1) * perPage, page * perPage),
    total: upcoming.length,
    totalPages,
    page,
    perPage,
  };
}
