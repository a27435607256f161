/**
 * Dates, times and prices with `Intl`. Site-local wall-clock times (`2026-12-31T16:00:00`) are
 * formatted as if they were UTC and printed in UTC, so the visitor sees the time on the ticket,
 * never one shifted into their own zone.
 */
import type { LocalDate, LocalDateTime, LocalTime } from '../api/models.js';
import { format, type Strings } from './localize/strings.js';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function asUtc(local: LocalDateTime | LocalDate): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return Number.isNaN(date.getTime()) ? null : date;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** One formatter per key for the page's life: making one costs far more than using it. */
export function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const supported = new Map<string, string>();
/** The locale if Intl knows it, else English; remembered, because the check is costly per call. */
function safeLocale(locale: string): string {
  let known = supported.get(locale);
  if (known === undefined) {
    try {
      known = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
    } catch {
      known = 'en';
    }
    supported.set(locale, known);
  }
  return known;
}

/** "Thu, 31 Dec" in the given locale: a day heading close to today; '' for an unreadable date. */
export function formatWeekday(local: LocalDate, locale: string): string {
  const date = asUtc(local);
  if (!date) return '';
  const lang = safeLocale(locale);
  return cached(`wd|${lang}`, () => new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })).format(date);
}

/** "Thu, 31 Dec 2026, 16:00" in the given locale; '' for an unreadable value. */
export function formatDateTime(local: LocalDateTime, locale: string): string {
  const date = asUtc(local);
  if (!date) return '';
  const lang = safeLocale(locale);
  return cached(`dt|${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })).format(date);
}

export function formatDate(local: LocalDate | LocalDateTime, locale: string): string {
  const date = asUtc(local.slice(0, 10));
  if (!date) return '';
  const lang = safeLocale(locale);
  return cached(`d|${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })).format(date);
}

export function formatTime(time: LocalTime, locale: string): string {
  const date = asUtc(`1970-01-01T${time}`);
  if (!date) return '';
  const lang = safeLocale(locale);
  return cached(`t|${lang}`, () => new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone: 'UTC' })).format(date);
}

/** Machine-readable value for `<time datetime>`. */
export function isoLocal(local: LocalDateTime): string {
  return local.length === 19 ? local.slice(0, 16) : local;
}

export function formatPrice(amount: number, locale: string, currency?: string): string {
  const lang = safeLocale(locale);
  if (currency) {
    try {
      return cached(`c|${lang}|${currency}`, () => new Intl.NumberFormat(lang, { style: 'currency', currency })).format(amount);
    } catch {
      // An unknown currency code falls back to a plain number.
    }
  }
  return cached(`n|${lang}`, () => new Intl.NumberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 })).format(amount);
}

/** "Free", "€90", or "€90 – €350" (with "Free" for a zero end). */
export function formatPriceRange(range: { min: number; max: number } | null, strings: Strings, locale: string, currency?: string): string {
  if (!range) return '';
  const one = (amount: number) => (amount === 0 ? strings.free : formatPrice(amount, locale, currency));
  if (range.min === range.max) return one(range.min);
  return format(strings.priceRange, { min: one(range.min), max: one(range.max) });
}
