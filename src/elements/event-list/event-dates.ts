/**
 * Event dates the site cannot query: WordPress orders and filters events by publish date only, so
 * upcoming order, a start-date range and the month view read the events themselves (at most
 * EVENT_READ_MAX_PAGES pages of 100, through the shared cache, so views and widgets on a page share
 * the reads) and place each event by its occurrences: its start and every `mep_event_more_date`.
 */
import type { ApiClient } from '../../api/client.js';
import { listEvents, type EventQuery } from '../../api/events.js';
import { pastTheEnd } from '../../api/paging.js';
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

/**
 * The events the filter matches, read page by page, each once; `complete` is false past the read limit. Pages
 * the first one announces are read at once; without paging headers (a cache stripped them) a full
 * page only promises one more, so reading goes on page by page until a short one or the end.
 */
export async function readEvents(client: ApiClient, filter: EventFilter, signal: AbortSignal): Promise<{ events: EventItem[]; complete: boolean }> {
  // Past the end: the page after a full one read without paging headers, or events just deleted.
  const read = (page: number) => listEvents(client, { ...filter, page, perPage: 100 }, { signal }).catch(pastTheEnd);
  const first = await read(1);
  let pages = Math.min(first.totalPages, EVENT_READ_MAX_PAGES);
  const parts = [first, ...(await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, n) => read(n + 2))))];
  while (parts[parts.length - 1]!.totalPages > pages && pages < EVENT_READ_MAX_PAGES) parts.push(await read(++pages));
  // An event on two pages (a post published while they were read, or posts of one publish date,
  // which MySQL may order differently per page) is one event: its first reading is kept.
  const seen = new Set<number>();
  const events = parts.flatMap((part) => part.items).filter((event) => !seen.has(event.id) && seen.add(event.id));
  return { events, complete: parts[parts.length - 1]!.totalPages <= pages };
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
 * The day a dated list places an everyday run's slots around (api/occurrences.ts): where it starts
 * showing dates, the later of today (upcoming order) and the range's first day. The card, its
 * calendar links and files and the JSON-LD all use it, so they agree.
 */
export function listAround(range: DateRange, now: LocalDateTime | null): LocalDate | undefined {
  const today = now?.slice(0, 10);
  const from = range.from ?? undefined;
  return today && from ? (today > from ? today : from) : (today ?? from);
}

/**
 * The first occurrence that qualifies: it starts within the range and, for upcoming order, has not
 * ended (one under way qualifies, and is shown with its own start).
 */
export function qualifyingOccurrence(event: EventItem, range: DateRange, now: LocalDateTime | null): EventDate | null {
  for (const date of occurrencesOf(event, listAround(range, now))) {
    if (startsWithin(date, range) && (now === null || (date.end ?? date.start) >= now)) return date;
  }
  return null;
}

/**
 * A dated card's "+N more dates": the event's own dates (its start and more dates; an everyday run
 * counts once, not day by day) that start after the occurrence it shows and within the range. The
 * dates before it are past, in upcoming order, or outside the range.
 */
export function laterDates(event: DatedEvent, range: DateRange): number {
  const dates = event.start ? [{ start: event.start, end: event.end }, ...event.moreDates] : event.moreDates;
  // A start the site lists twice is one date, as the occurrences count it.
  return new Set(dates.filter((date) => date.start > event.occurrence.start && startsWithin(date, range)).map((date) => date.start)).size;
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
