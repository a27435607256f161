/**
 * The month view's words from `Intl`: month names, weekday names and day labels in the element's
 * language. Site-local dates are formatted as UTC (as `shared/format.ts` does), so no zone shifts a
 * day; formatters are kept per language and style.
 */
import type { LocalDate } from '../../api/models.js';
import type { YearMonth } from './month-grid.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${style}|${locale}`;
  let known = formatters.get(key);
  if (!known) {
    try {
      // The grid is Gregorian: a language whose default calendar is another (fa-IR, ar-SA) keeps
      // its digits and month words, but names the grid's months and days, not its own calendar's.
      known = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC', calendar: 'gregory' });
    } catch {
      known = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }); // an unreadable language tag
    }
    formatters.set(key, known);
  }
  return known;
}

const utcDay = (date: LocalDate) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** "December 2026". */
export function monthLabel(month: YearMonth, locale: string): string {
  return formatter(locale, 'my', { month: 'long', year: 'numeric' }).format(utcDay(`${month}-01`));
}

/** "December": the month a Previous / Next button shows. */
export function monthName(month: YearMonth, locale: string): string {
  return formatter(locale, 'm', { month: 'long' }).format(utcDay(`${month}-01`));
}

/** Short and full names of an ISO weekday (1 Monday … 7 Sunday): "Mon", "Monday". */
export function weekdayNames(isoDay: number, locale: string): { short: string; long: string } {
  // 2024-01-01 was a Monday.
  const date = Date.UTC(2024, 0, isoDay);
  return {
    short: formatter(locale, 'ws', { weekday: 'short' }).format(date),
    long: formatter(locale, 'wl', { weekday: 'long' }).format(date),
  };
}

/** The day of the month as the language writes it ("31", "٣١"). */
export function dayNumber(date: LocalDate, locale: string): string {
  return formatter(locale, 'd', { day: 'numeric' }).format(utcDay(date));
}

/** "Thursday, December 31, 2026": what a screen reader hears on a day cell. */
export function fullDate(date: LocalDate, locale: string): string {
  return formatter(locale, 'full', { dateStyle: 'full' }).format(utcDay(date));
}

/** "Thursday, December 31": a day heading of the agenda, whose month is in its caption. */
export function dayHeading(date: LocalDate, locale: string): string {
  return formatter(locale, 'dh', { weekday: 'long', day: 'numeric', month: 'long' }).format(utcDay(date));
}
