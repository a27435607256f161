/**
 * An event's occurrences as the plugin means them: its start and every `mep_event_more_date`, and for
 * an `everyday` event one slot per day between its start and end (the start's time to the end's time
 * each day), not one block lasting weeks. Shared by the list, the month view, the structured data and
 * calendar files, so they all place an event on the same dates.
 */
import type { EventDate, EventItem, LocalDate } from './models.js';
import { localEpochOf } from './site-time.js';

/** At most this many days of an everyday event are placed (a year). */
export const EVERYDAY_MAX_DAYS = 366;

function nextDay(day: LocalDate): LocalDate {
  const date = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + 1));
  return date.toISOString().slice(0, 10);
}

/** One slot per day from the start's day to the end's day, each from the start's time to the end's. */
function daily(date: EventDate): EventDate[] {
  if (!date.end || date.end.slice(0, 10) <= date.start.slice(0, 10)) return [date];
  const [startTime, endTime] = [date.start.slice(10), date.end.slice(10)];
  const slots: EventDate[] = [];
  for (let day = date.start.slice(0, 10); day <= date.end.slice(0, 10) && slots.length < EVERYDAY_MAX_DAYS; day = nextDay(day)) {
    // A slot whose end time is not after its start time runs past midnight.
    slots.push({ start: day + startTime, end: (endTime > startTime ? day : nextDay(day)) + endTime });
  }
  return slots;
}

/**
 * Each event's occurrences, worked out once: a card asks for them for its badges, its calendar
 * button and the list's download, and an everyday event has up to a year of them. Models are never
 * changed after normalizing, so an event object's occurrences stay what they were.
 */
const occurrenceCache = new WeakMap<EventItem, readonly EventDate[]>();
const calendarCache = new WeakMap<EventItem, readonly EventDate[]>();

/** Every occurrence, in time order (LocalDateTime text order is time order), each start once. Shared: not to be changed. */
export function eventOccurrences(event: EventItem): readonly EventDate[] {
  let known = occurrenceCache.get(event);
  if (!known) {
    const dates = [...(event.start ? [{ start: event.start, end: event.end }] : []), ...event.moreDates];
    const all = event.recurrence === 'everyday' ? dates.flatMap(daily) : dates;
    all.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    known = all.filter((date, n) => n === 0 || date.start !== all[n - 1]!.start);
    occurrenceCache.set(event, known);
  }
  return known;
}

/**
 * Every occurrence with a readable start, what a calendar can hold. Here, not with the calendar
 * file's writer, because the list's "Add to calendar" button needs it before anything is opened.
 * Shared: not to be changed.
 */
export function calendarOccurrences(event: EventItem): readonly EventDate[] {
  let known = calendarCache.get(event);
  if (!known) {
    known = eventOccurrences(event).filter((date) => localEpochOf(date.start) !== null);
    calendarCache.set(event, known);
  }
  return known;
}
