/**
 * What a staff table shows, as pure functions: sorting (numbers as numbers, dates as time, text in the page's
 * language with numeric parts compared as numbers, so seat A2 comes before A10; empty cells last;
 * ties keep the site's order), searching (case- and accent-insensitive over the shown columns) and
 * the slice of one page.
 */
import type { Column } from '../../api/export/columns.js';

export type SortDirection = 'ascending' | 'descending';

export interface SortOrder {
  key: string;
  direction: SortDirection;
}

/** A column with the text a row shows in it (formatted price, localized yes/no …). */
export interface ShownColumn<T> {
  column: Column<T>;
  label: string;
  text: (row: T) => string;
}

const collators = new Map<string, Intl.Collator>();
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    try {
      found = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    } catch {
      found = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    }
    collators.set(locale, found);
  }
  return found;
}

export function sortRows<T>(rows: readonly T[], shown: ShownColumn<T> | undefined, direction: SortDirection, locale: string): T[] {
  if (!shown) return [...rows];
  const sign = direction === 'ascending' ? 1 : -1;
  const compareText = collator(locale).compare;
  const keyed = rows.map((row, index) => ({ row, index, value: shown.column.value(row), text: shown.text(row) }));
  keyed.sort((a, b) => {
    const aEmpty = a.value === null || a.text === '';
    const bEmpty = b.value === null || b.text === '';
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    const order = aEmpty ? 0 : compareValues(shown.column.sort, a, b, compareText);
    return order !== 0 ? order * sign : a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** Two non-empty cells of a column: numbers by value, dates by their ISO reading, else the shown text. */
function compareValues(
  kind: Column<unknown>['sort'],
  a: { value: unknown; text: string },
  b: { value: unknown; text: string },
  compareText: (x: string, y: string) => number,
): number {
  if (kind === 'number' && typeof a.value === 'number' && typeof b.value === 'number') return a.value - b.value;
  // `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SS` order as time when compared code unit by code unit.
  if (kind === 'date' && typeof a.value === 'string' && typeof b.value === 'string') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  return compareText(a.text, b.text);
}

/** Lower case without accents, so "zurich" finds "Zürich". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Rows whose shown text contains every word of `query`, in any column. */
export function searchRows<T>(rows: readonly T[], columns: readonly ShownColumn<T>[], query: string): T[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = foldText(columns.map((shown) => shown.text(row)).join('\n'));
    return words.every((word) => haystack.includes(word));
  });
}

export interface PageSlice<T> {
  rows: T[];
  page: number;
  totalPages: number;
  /** 1-based positions of the first and last row shown; 0 and 0 when there are none. */
  from: number;
  to: number;
}

export function pageSlice<T>(rows: readonly T[], page: number, perPage: number): PageSlice<T> {
  const totalPages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  return { rows: slice, page: current, totalPages, from: slice.length ? start + 1 : 0, to: start + slice.length };
}

/** The next order after activating the header of `key`: a new column ascends, the same one flips. */
export function nextSort(current: SortOrder | null, key: string): SortOrder {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}
