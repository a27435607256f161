/**
 * WordPress caps `per_page` at 100. A caller asking for more gets the 100-item pages that cover the
 * requested window, fetched in parallel (the cache still limits concurrency per origin), and one
 * combined page whose totals are recomputed for the requested page size.
 */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import { ApiError, CLIENT_ERROR_CODES as CODES } from './errors.js';
import type { Page } from './models.js';
import type { Query } from './url.js';

export const WP_MAX_PER_PAGE = 100;
/** Upper bound for one logical page: ten server pages. */
export const MAX_PER_PAGE = 1000;
/** Upper bound for "all pages" reads (terms): 5 000 items. */
export const MAX_ALL_PAGES = 50;

export interface PageRequest {
  page?: number;
  perPage?: number;
}

export interface ListSpec<T> {
  path: string;
  query: Query;
  /** Memo key for the normalizer (one per model type). */
  key: string;
  normalize: (body: unknown) => T[];
  noStore?: boolean;
  /**
   * A row's unique id, for reads of every page: a row added while they run shifts the pages, and
   * the row pushed across a page boundary must not be counted twice.
   */
  identity?: (row: T) => string;
  /**
   * For rows without a unique id (passengers): every field of a row. Two equal keys may be two
   * people (a party booked under one name on a free-seating bus), so only a run that page N+1
   * starts with and page N ended with, no longer than the total grew between them, is read once.
   */
  rowKey?: (row: T) => string;
}

export function checkPaging(request: PageRequest, defaultPerPage = 10): { page: number; perPage: number } {
  const page = request.page ?? 1;
  const perPage = request.perPage ?? defaultPerPage;
  if (!Number.isInteger(page) || page < 1) throw invalidArgument(`page must be a whole number from 1, got ${page}`);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw invalidArgument(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}, got ${perPage}`);
  }
  return { page, perPage };
}

export async function fetchPage<T>(client: ApiClient, spec: ListSpec<T>, request: PageRequest, call: CallOptions = {}): Promise<Page<T>> {
  const { page, perPage } = checkPaging(request);
  if (perPage <= WP_MAX_PER_PAGE) {
    const response = await client.get(spec.path, { ...spec.query, per_page: perPage, page }, { ...call, noStore: spec.noStore ?? false });
    const items = normalizeWith(response, spec.key, spec.normalize);
    return toPage(items, response.meta, page, perPage);
  }
  const firstIndex = (page - 1) * perPage;
  const firstServerPage = Math.floor(firstIndex / WP_MAX_PER_PAGE) + 1;
  let lastServerPage = Math.floor((firstIndex + perPage - 1) / WP_MAX_PER_PAGE) + 1;
  const load = async (serverPage: number) => {
    const response = await client.get(spec.path, { ...spec.query, per_page: WP_MAX_PER_PAGE, page: serverPage }, { ...call, noStore: spec.noStore ?? false });
    return { response, items: normalizeWith(response, spec.key, spec.normalize) };
  };
  const first = await load(firstServerPage);
  if (first.response.meta.totalPages !== null) lastServerPage = Math.min(lastServerPage, first.response.meta.totalPages);
  // Without paging headers a server page after the first may be past the end: no items, not an error.
  const rest = await Promise.all(range(firstServerPage + 1, lastServerPage).map((serverPage) => load(serverPage).catch(pastTheEnd)));
  const all = [first, ...rest].flatMap((part) => part.items);
  const offset = firstIndex - (firstServerPage - 1) * WP_MAX_PER_PAGE;
  return toPage(all.slice(offset, offset + perPage), { total: first.response.meta.total, totalPages: null }, page, perPage);
}

/** Every page of a small collection (terms), 100 at a time. */
export async function fetchAll<T>(client: ApiClient, spec: ListSpec<T>, call: CallOptions = {}): Promise<T[]> {
  const response = await client.get(spec.path, { ...spec.query, per_page: WP_MAX_PER_PAGE, page: 1 }, { ...call, noStore: spec.noStore ?? false });
  const firstItems = normalizeWith(response, spec.key, spec.normalize);
  if (response.meta.totalPages === null) {
    return firstItems.length === WP_MAX_PER_PAGE ? pageUntilShort(client, spec, firstItems, call) : firstItems;
  }
  const lastPage = Math.min(response.meta.totalPages, MAX_ALL_PAGES);
  const rest = await Promise.all(range(2, lastPage).map((page) => fetchPage(client, spec, { page, perPage: WP_MAX_PER_PAGE }, call)));
  return [firstItems, ...rest.map((part) => part.items)].flat();
}

/**
 * A full first page without paging headers: they were stripped (some caches and security plugins
 * do). Ask page after page until a short or empty one, or WordPress's
 * past-the-end error, ends the collection.
 */
async function pageUntilShort<T>(client: ApiClient, spec: ListSpec<T>, firstItems: T[], call: CallOptions): Promise<T[]> {
  const items = [...firstItems];
  for (let page = 2; page <= MAX_ALL_PAGES; page++) {
    const next = await fetchPage(client, spec, { page, perPage: WP_MAX_PER_PAGE }, call).catch(pastTheEnd);
    items.push(...next.items);
    if (next.items.length < WP_MAX_PER_PAGE) break;
  }
  return items;
}

/**
 * Without paging headers (stripped by a cache or security plugin), a full page may have more after
 * it: one more page is offered, and a short page ends the collection. Knowing would cost a request
 * per page, so the Next after an exactly full last page lands past the end: an empty page there is
 * WordPress's past-the-end answer, which every paged widget shows as such with "First page", where
 * "No events found" would be untrue and leave no way back.
 */
function toPage<T>(items: T[], meta: { total: number | null; totalPages: number | null }, page: number, perPage: number): Page<T> {
  if (meta.total === null && page > 1 && !items.length) throw pastTheEndError();
  const total = meta.total ?? (page - 1) * perPage + items.length;
  const totalPages =
    meta.totalPages ?? (total === 0 ? 0 : meta.total !== null || items.length < perPage ? Math.max(page, Math.ceil(total / perPage)) : page + 1);
  return { items, total, totalPages, page, perPage };
}

/** WordPress's answer for a page past the last (`rest_post_invalid_page_number`), for pages it does not answer itself. */
export function pastTheEndError(): ApiError {
  return new ApiError({ status: 400, code: 'rest_post_invalid_page_number', message: 'Past the last page' });
}

/** WordPress's answer for a page past the last, read as an empty page; any other failure stays one. */
export function pastTheEnd(error: unknown): { items: never[]; totalPages: 0 } {
  if (error instanceof ApiError && error.code === 'rest_post_invalid_page_number') return { items: [], totalPages: 0 };
  throw error;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

export function invalidArgument(message: string): ApiError {
  return new ApiError({ status: 0, code: CODES.invalidArgument, message });
}

/** Ids go into URLs: only positive safe integers pass. */
export function checkId(id: number, name: string): number {
  if (!Number.isSafeInteger(id) || id < 1) throw invalidArgument(`${name} must be a positive whole number, got ${id}`);
  return id;
}

/** Whether `value` is a day that exists, `YYYY-MM-DD` (`2031-02-30` does not: it would read as 2031-03-02). */
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const day = new Date(Date.UTC(+value.slice(0, 4), +value.slice(5, 7) - 1, +value.slice(8, 10)));
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A `YYYY-MM-DD` argument, or a `tw_invalid_argument` error naming it. */
export function checkDate(value: string, name: string): string {
  if (!isDate(value)) throw invalidArgument(`${name} must be a date like 2026-11-30, got "${value}"`);
  return value;
}
