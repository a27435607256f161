/**
 * Event dates the site cannot query: WordPress orders and filters events by publish date only, so
 * upcoming order, a start-date range and the month view read the events themselves (at most
 * EVENT_READ_MAX_PAGES pages of 100, through the shared cache, so views and widgets on a page share
 * the reads) and place each event by its occurrences: its start and every `mep_event_more_date`.
 */
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { listEvents, type EventQuery } from '../../api/events.js';
import type { EventDate, EventItem, LocalDate, LocalDateTime, Page } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDateTime } from '../../shared/wall-clock.js';
import { eventOccurrences } from '../../api/occurrences.js';

/** At most this many 100-event pages are read where events must be placed by date: 1 000 events. */
export const EVENT_READ_MAX_PAGES = 10;

export type EventFilter = Omit<EventQuery, 'page' | 'perPage'>;

/** An event placed at one of its occurrences (the next one, or the first in the asked range). */
export interface DatedEvent extends EventItem {
  occurrence: EventDate;
}

/** Every occurrence of an event, in time order, each start once (an everyday event day by day). */
export const occurrencesOf = eventOccurrences;

/** The events the filter matches, read page by page; `complete` is false past the read limit. */
export async function readEvents(client: ApiClient, filter: EventFilter, signal: AbortSignal): Promise<{ events: EventItem[]; complete: boolean }> {
  const first = await listEvents(client, { ...filter, page: 1, perPage: 100 }, { signal });
  const lastPage = Math.min(first.totalPages, EVENT_READ_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, lastPage - 1) }, (_, n) =>
      // Past the end: the page after a full one read without paging headers, or events just deleted.
      listEvents(client, { ...filter, page: n + 2, perPage: 100 }, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'rest_post_invalid_page_number') return { items: [] };
        throw error;
      }),
    ),
  );
  return { events: [first, ...rest].flatMap((part) => part.items), complete: first.totalPages <= EVENT_READ_MAX_PAGES };
}

/** Start-date bounds in site time, both inclusive; either may be open. */
export interface DateRange {
  from: LocalDate | null;
  to: LocalDate | null;
}

/** Whether an occurrence starts within the range (whole days, site time). */
export function startsWithin(date: EventDate, range: DateRange): boolean {
  const day = date.start.slice(0, 10);
  return (range.from === null || day >= range.from) && (range.to === null || day <= range.to);
}

/** When "now" is: the present, and the page's explicit site zone (null: the zone the site's index publishes, else the viewer's). */
export interface SiteClock {
  now: number;
  zone: SiteZone | null;
}

/** What the list shows when it must place events itself: past events hidden and/or a range. */
export interface DatedQuery {
  upcoming: boolean;
  range: DateRange;
  page: number;
  perPage: number;
}

/**
 * The first occurrence that qualifies: it starts within the range and, for upcoming order, has not
 * ended (one under way qualifies, and is shown with its own start).
 */
export function qualifyingOccurrence(event: EventItem, range: DateRange, now: LocalDateTime | null): EventDate | null {
  // An everyday event's slots around the day that matters: today, or the range's first day.
  for (const date of occurrencesOf(event, now?.slice(0, 10) ?? range.from ?? undefined)) {
    if (startsWithin(date, range) && (now === null || (date.end ?? date.start) >= now)) return date;
  }
  return null;
}

/** Events placed by date, sorted by the qualifying occurrence, paged here. */
export async function loadDated(client: ApiClient, filter: EventFilter, query: DatedQuery, clock: SiteClock, signal: AbortSignal): Promise<Page<DatedEvent>> {
  // The site's zone (its index, usually already cached) is read while the events load.
  const [{ events }, zone] = await Promise.all([readEvents(client, filter, signal), query.upcoming ? siteZoneOf(client, clock.zone, signal) : null]);
  const now = query.upcoming ? siteDateTime(clock.now, zone) : null;
  const dated: DatedEvent[] = [];
  for (const event of events) {
    const occurrence = qualifyingOccurrence(event, query.range, now);
    if (occurrence) dated.push({ ...event, occurrence });
  }
  // Events under way (started before now) come first, as they sort by their own starts.
  dated.sort((a, b) => (a.occurrence.start < b.occurrence.start ? -1 : a.occurrence.start > b.occurrence.start ? 1 : a.id - b.id));
  const { perPage } = query;
  const totalPages = Math.ceil(dated.length / perPage);
  // Paged here, a page past the end (a filter narrowed the list) is its last page, not an empty one.
  const page = Math.min(query.page, Math.max(1, totalPages));
  return {
    items: dated.slice((page - 1) * perPage, page * perPage),
    total: dated.length,
    totalPages,
    page,
    perPage,
  };
}
