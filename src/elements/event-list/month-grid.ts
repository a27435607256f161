/**
 * Date math of the month view, on plain site-local dates (`YYYY-MM-DD`, `YYYY-MM`): no zone, no
 * DOM, no Lit. Which days a month grid shows, where a key moves to, and which events start on which
 * day.
 */
import { invalidArgument } from '../../api/paging.js';
import type { EventDate, EventItem, LocalDate } from '../../api/models.js';
import { addDays } from '../../shared/wall-clock.js';
import type { occurrencesOf } from './event-dates.js';

/** A month as `YYYY-MM`. */
export type YearMonth = string;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** A `YYYY-MM` argument, or a `tw_invalid_argument` error naming it (as `checkDate` does for days). */
export function checkMonth(value: string, name: string): YearMonth {
  if (!MONTH.test(value)) throw invalidArgument(`${name} must be a month like 2026-11, got "${value}"`);
  return value;
}

export function monthOf(date: LocalDate): YearMonth {
  return date.slice(0, 7);
}

/** `month` plus `months` (negative goes back). */
export function addMonths(month: YearMonth, months: number): YearMonth {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: YearMonth): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** Day `day` of `month`, clamped to the month's length (31 → 30 in November, 28 or 29 in February). */
export function dayIn(month: YearMonth, day: number): LocalDate {
  return `${month}-${String(Math.min(Math.max(day, 1), daysInMonth(month))).padStart(2, '0')}`;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  const utc = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
  return utc.getUTCDay() || 7;
}

interface WeekInfo {
  firstDay?: number;
}
type LocaleWithWeekInfo = Intl.Locale & { weekInfo?: WeekInfo; getWeekInfo?: () => WeekInfo };

/**
 * The locale's first day of the week (ISO: 1 Monday … 7 Sunday) from `Intl.Locale` week info
 * (`weekInfo`, or `getWeekInfo()` where the accessor became a method); Monday where Intl does not say.
 */
export function firstDayOfWeek(locale: string): number {
  try {
    const intl = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const day = intl.weekInfo?.firstDay ?? intl.getWeekInfo?.().firstDay;
    return typeof day === 'number' && day >= 1 && day <= 7 ? day : 1;
  } catch {
    return 1; // an unreadable language tag
  }
}

/**
 * The weeks of the month as rows of seven dates, each row starting on `firstDay`; a slot is null
 * where the row reaches into the previous or next month.
 */
export function monthWeeks(month: YearMonth, firstDay: number): Array<Array<LocalDate | null>> {
  const first = `${month}-01`;
  const lead = (isoWeekday(first) - firstDay + 7) % 7;
  const length = daysInMonth(month);
  const weeks: Array<Array<LocalDate | null>> = [];
  for (let start = -lead; start < length; start += 7) {
    weeks.push(Array.from({ length: 7 }, (_, column) => (start + column >= 0 && start + column < length ? dayIn(month, start + column + 1) : null)));
  }
  return weeks;
}

/** The seven ISO weekdays in column order, starting on `firstDay`. */
export function weekdayColumns(firstDay: number): number[] {
  return Array.from({ length: 7 }, (_, column) => ((firstDay - 1 + column) % 7) + 1);
}

/** What a key asks for on a day of the grid. */
export type DayMove = 'next-day' | 'previous-day' | 'next-week' | 'previous-week' | 'week-start' | 'week-end' | 'next-month' | 'previous-month';

/** The move a key stands for; ArrowLeft and ArrowRight swap right-to-left. Null for other keys. */
export function moveForKey(key: string, rtl: boolean): DayMove | null {
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'previous-day' : 'next-day';
    case 'ArrowLeft':
      return rtl ? 'next-day' : 'previous-day';
    case 'ArrowDown':
      return 'next-week';
    case 'ArrowUp':
      return 'previous-week';
    case 'Home':
      return 'week-start';
    case 'End':
      return 'week-end';
    case 'PageDown':
      return 'next-month';
    case 'PageUp':
      return 'previous-month';
    default:
      return null;
  }
}

/**
 * Where a move lands from `date`. Days and weeks may cross into a neighbouring month; Home and End
 * stay on the days of this month in the week row; a month away keeps the day number, clamped.
 */
export function moveFrom(date: LocalDate, move: DayMove, firstDay: number): LocalDate {
  const month = monthOf(date);
  const column = (isoWeekday(date) - firstDay + 7) % 7;
  const day = Number(date.slice(8, 10));
  switch (move) {
    case 'next-day':
      return addDays(date, 1);
    case 'previous-day':
      return addDays(date, -1);
    case 'next-week':
      return addDays(date, 7);
    case 'previous-week':
      return addDays(date, -7);
    case 'week-start':
      return dayIn(month, day - column);
    case 'week-end':
      return dayIn(month, day + 6 - column);
    case 'next-month':
      return dayIn(addMonths(month, 1), day);
    case 'previous-month':
      return dayIn(addMonths(month, -1), day);
  }
}

/** One occurrence of an event on one of its days. */
export interface DayEvent {
  event: EventItem;
  date: EventDate;
  /** A later day of an occurrence that started on an earlier one. */
  continued: boolean;
}

/**
 * The last day an occurrence takes place on: its end's day, the day before when it ends at midnight
 * (an event until 00:00 does not take place on the next day); its start day when it has no end or
 * an end before its start.
 */
function lastDay(date: EventDate): LocalDate {
  const first = date.start.slice(0, 10);
  if (!date.end || date.end <= date.start) return first;
  const day = date.end.slice(0, 10);
  const last = date.end.slice(11, 16) === '00:00' ? addDays(day, -1) : day;
  return last < first ? first : last;
}

/**
 * Every occurrence of every event on each day of `month` it takes place (site time), from its start
 * day to its end day; each day in start order (then by event id, so equal times keep one order). An
 * everyday event's daily slots are each on their own day, also when one runs past midnight: the
 * next day has a slot of its own. Only the month's days are placed, however far an end reaches.
 */
export function placeByDay(events: readonly EventItem[], occurrences: typeof occurrencesOf, month: YearMonth): Map<LocalDate, DayEvent[]> {
  const first = dayIn(month, 1);
  const last = dayIn(month, daysInMonth(month));
  const days = new Map<LocalDate, DayEvent[]>();
  const place = (day: LocalDate, entry: DayEvent): void => {
    const list = days.get(day);
    if (list) list.push(entry);
    else days.set(day, [entry]);
  };
  for (const event of events) {
    const daily = event.recurrence === 'everyday';
    for (const date of occurrences(event)) {
      const start = date.start.slice(0, 10);
      const end = daily ? start : lastDay(date);
      if (end < first || start > last) continue;
      if (start >= first) place(start, { event, date, continued: false });
      const until = end < last ? end : last;
      for (let day = start < first ? first : addDays(start, 1); day <= until; day = addDays(day, 1)) place(day, { event, date, continued: true });
    }
  }
  for (const list of days.values()) list.sort((a, b) => (a.date.start < b.date.start ? -1 : a.date.start > b.date.start ? 1 : a.event.id - b.event.id));
  return days;
}
