/**
 * An event's occurrences as the plugin means them: its start and every `mep_event_more_date`, and for
 * an `everyday` event one slot per day between its start and end (the start's time to the end's time
 * each day), not one block lasting weeks. Shared by the list, the month view, the structured data and
 * calendar files, so they all place an event on the same dates.
 */
import type { EventDate, EventItem, LocalDate } from './models.js';
import { addDays, localEpochOf } from './site-time.js';

/**
 * How many of an everyday event's daily slots are placed: its first year; asked about a day, two
 * years, all of a run that fits, else from a year before that day (from the first day of a run
 * still to come, the last two years of one long over). A run of many years would otherwise be placed
 * only in its first year, and read as over long before it is.
 */
export const EVERYDAY_MAX_DAYS = 366;

const nextDay = (day: LocalDate): LocalDate => addDays(day, 1);

/**
 * One slot per day from the start's day to the end's day, each from the start's time to the end's;
 * see {@link EVERYDAY_MAX_DAYS} for how many, and which with `around`.
 */
function daily(date: EventDate, around: LocalDate | undefined): EventDate[] {
  const [startDay, endDay] = [date.start.slice(0, 10), date.end?.slice(0, 10) ?? ''];
  if (endDay <= startDay) return [date];
  const [startTime, endTime] = [date.start.slice(10), date.end!.slice(10)];
  let day = startDay;
  let count = EVERYDAY_MAX_DAYS;
  if (around) {
    count *= 2;
    const from = addDays(around, -EVERYDAY_MAX_DAYS);
    const lastFirst = addDays(endDay, 1 - count);
    day = from > lastFirst ? lastFirst : from;
    if (day < startDay) day = startDay;
  }
  const slots: EventDate[] = [];
  for (; day <= endDay && slots.length < count; day = nextDay(day)) {
    // A slot whose end time is not after its start time runs past midnight.
    slots.push({ start: day + startTime, end: (endTime > startTime ? day : nextDay(day)) + endTime });
  }
  return slots;
}

/**
 * Each event's occurrences, worked out once per day asked about: a card asks for them for its
 * badges, its calendar button and the list's download, and an everyday event has up to two years of
 * them. Models are never changed after normalizing, so an event object's occurrences stay what they
 * were. Only an everyday event's depend on the day; a few days are kept (a kiosk asks about a new
 * one every day, for weeks).
 */
const occurrenceCache = new WeakMap<EventItem, Map<string, readonly EventDate[]>>();
const calendarCache = new WeakMap<EventItem, Map<string, readonly EventDate[]>>();

function remembered(cache: WeakMap<EventItem, Map<string, readonly EventDate[]>>, event: EventItem, around: LocalDate | undefined, work: () => EventDate[]) {
  const key = event.recurrence === 'everyday' ? (around ?? '') : '';
  let known = cache.get(event);
  if (!known || known.size > 3) cache.set(event, (known = new Map()));
  let dates = known.get(key);
  if (!dates) known.set(key, (dates = work()));
  return dates;
}

/**
 * Every occurrence, in time order (LocalDateTime text order is time order), each start once; an
 * everyday event's daily slots around the day `around` (see {@link EVERYDAY_MAX_DAYS}). Shared: not
 * to be changed.
 */
export function eventOccurrences(event: EventItem, around?: LocalDate): readonly EventDate[] {
  return remembered(occurrenceCache, event, around, () => {
    const dates = [...(event.start ? [{ start: event.start, end: event.end }] : []), ...event.moreDates];
    const all = event.recurrence === 'everyday' ? dates.flatMap((date) => daily(date, around)) : dates;
    all.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    return all.filter((date, n) => n === 0 || date.start !== all[n - 1]!.start);
  });
}

/**
 * Every occurrence with a readable start, what a calendar can hold. Here, not with the calendar
 * file's writer, because the list's "Add to calendar" button needs it before anything is opened.
 * Shared: not to be changed.
 */
export function calendarOccurrences(event: EventItem, around?: LocalDate): readonly EventDate[] {
  return remembered(calendarCache, event, around, () => eventOccurrences(event, around).filter((date) => localEpochOf(date.start) !== null));
}
