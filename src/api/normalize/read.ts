/**
 * Small typed readers every normalizer builds on. Each takes `unknown` and either returns a usable
 * value or a neutral one (`null`, `''`, `[]`); only the normalizers decide what is fatal.
 */
import { invalidResponse } from '../errors.js';
import type { LocalDate, LocalDateTime, LocalTime } from '../models.js';
import { stripTags } from '../text.js';

/**
 * A JSON object (or a null-prototype record from the PHP unserializer), never an array, a class
 * instance or a primitive.
 */
export function asRecord(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? (value as Record<string, unknown>) : null;
}

/**
 * An own property only: `record.constructor` or `record.toString` would otherwise hand back
 * `Object.prototype`'s members for keys the server never sent.
 */
export function field(record: Record<string, unknown> | null, key: string): unknown {
  return record !== null && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Short description of a wire value for error messages (never echoes the value itself). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const INT_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A safe integer from a number or an integer string such as `"12"` (PHP meta is all strings). */
export function readInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!INT_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** A WordPress object id: a positive safe integer. */
export function readId(value: unknown): number | null {
  const n = readInt(value);
  return n !== null && n > 0 ? n : null;
}

/** A count or capacity: a non-negative safe integer. */
export function readCount(value: unknown): number | null {
  const n = readInt(value);
  return n !== null && n >= 0 ? n : null;
}

/** A finite number from a number or a wholly numeric string (`"1.5"`, `"2e3"`); not `"1.5 kg"`. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Strings as they are, finite numbers as text, anything else `''`. */
export function readString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * Decoded, tag-free, whitespace-collapsed text for display fields; `''` when nothing in it is visible
 * (a lone zero-width space is WordPress's trick for a "hidden" title), so an element's fallback shows.
 */
export function plainText(value: unknown): string {
  const text = stripTags(readString(value));
  return /[^\p{Cf}]/u.test(text) ? text : '';
}

/** Positive integer ids, in first-seen order, without duplicates; anything else is skipped. */
export function readIntArray(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  for (const item of value) {
    const id = readId(item);
    if (id !== null) seen.add(id);
  }
  return [...seen];
}

/** `{rendered}` as core sends `title`/`content`/`excerpt`; a bare string is accepted too. */
export function readRendered(value: unknown): string {
  if (typeof value === 'string') return value;
  const rendered = field(asRecord(value), 'rendered');
  return typeof rendered === 'string' ? rendered : '';
}

/**
 * A price with the plugins' own `parseFloat(String(price))` semantics, so `"20.00 "` and
 * `"20.00 incl. VAT"` read 20 just as they do on the site. Non-finite prices are null, and so are
 * ones below `min`: a fare or ticket on sale cannot cost less than nothing, while an amount a
 * booking recorded (a passenger's, `min` -Infinity) is reported as the site holds it.
 */
export function parsePrice(value: unknown, min = 0): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const n = typeof value === 'number' ? value : parseFloat(value);
  if (!Number.isFinite(n) || n < min) return null;
  return n === 0 ? 0 : n; // folds -0 into 0
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function validDate(y: string, m: string, d: string): LocalDate | null {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  // A year before 1000 is a typo (`0026` for 2026) that `Date.UTC` would read as 1926.
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${y}-${m}-${d}`;
}

function validTime(h: string, m: string, s: string | undefined): [number, number, number] | null {
  const hours = Number(h);
  const minutes = Number(m);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return [hours, minutes, seconds];
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Site-local `YYYY-MM-DD HH:MM[:SS]` (space or `T`) as `YYYY-MM-DDTHH:MM:SS`, never shifted to a
 * zone. Impossible dates (`2026-02-30`), years before 1000 and WordPress's `0000-00-00 00:00:00` are null.
 */
export function toLocalDateTime(value: unknown): LocalDateTime | null {
  if (typeof value !== 'string') return null;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const date = validDate(m[1]!, m[2]!, m[3]!);
  const time = validTime(m[4]!, m[5]!, m[6]);
  if (date === null || time === null) return null;
  return `${date}T${time.map(pad2).join(':')}`;
}

/** `YYYY-MM-DD`, validated against the calendar. */
export function toLocalDate(value: unknown): LocalDate | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value.trim());
  return m ? validDate(m[1]!, m[2]!, m[3]!) : null;
}

/** `HH:MM` from `HH:MM`, `H:MM` or `HH:MM:SS` (seconds dropped). */
export function toLocalTime(value: unknown): LocalTime | null {
  if (typeof value !== 'string') return null;
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const time = validTime(m[1]!, m[2]!, m[3]);
  return time === null ? null : `${pad2(time[0])}:${pad2(time[1])}`;
}

/**
 * A date plus an optional time as a LocalDateTime. A missing time means midnight (the plugin lets
 * an admin leave it empty); a time that is present but unreadable makes the whole value null
 * rather than inventing one.
 */
export function joinDateTime(date: unknown, time: unknown): LocalDateTime | null {
  const day = toLocalDate(date);
  if (day === null) return null;
  if (readString(time).trim() === '') return `${day}T00:00:00`;
  const hm = toLocalTime(time);
  return hm === null ? null : `${day}T${hm}:00`;
}

/**
 * One event-plugin meta value. The plugin sends each as a one-element string array; a bare
 * string is tolerated; anything else (missing key, empty array, numbers, objects) reads `''`.
 */
export function readMeta(meta: unknown, key: string): string {
  const value = field(asRecord(meta), key);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Normalizes a JSON array item by item. A broken item is dropped so it cannot blank its
 * neighbours; but when every item of a non-empty list is broken, the list is rejected, since an
 * empty result would then hide a shape we do not understand.
 */
export function normalizeList<T>(raw: unknown, one: (item: unknown) => T, what: string): T[] {
  if (!Array.isArray(raw)) throw invalidResponse(`Expected a list of ${what}, got ${kindOf(raw)}.`);
  const items: T[] = [];
  let firstProblem: string | null = null;
  raw.forEach((item, index) => {
    try {
      items.push(one(item));
    } catch (error) {
      firstProblem ??= `item ${index}: ${messageOf(error)}`;
    }
  });
  if (items.length === 0 && firstProblem !== null) {
    throw invalidResponse(`None of the ${raw.length} ${what} could be used (${firstProblem}).`);
  }
  return items;
}
