/**
 * Every page of a personal-data collection (passengers, attendees), one request after another: an
 * export or a staff list must see all of it, and sequential requests stay far below the bus
 * plugin's 30 requests a minute. Unlike `fetchAll` (terms, silently capped) the result says
 * whether it is complete. A row pushed across a page boundary by an insert during the read is
 * kept once (`ListSpec.identity`, or `ListSpec.rowKey` where rows have no id); one removed
 * meanwhile can still be missed, as with any paging.
 */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import { ApiError, invalidResponse } from './errors.js';
import { WP_MAX_PER_PAGE, type ListSpec } from './paging.js';

export interface AllPagesOptions extends CallOptions {
  /** Stop after this many pages of 100 (default 50: 5 000 rows); `complete` then says false. */
  maxPages?: number;
  /** Called after each page: rows read so far and the total the site announced (null when unknown). */
  onProgress?: (progress: { read: number; total: number | null; page: number; pages: number | null }) => void;
}

export interface AllPages<T> {
  items: T[];
  /**
   * The number the site announced (`X-WP-Total`), else the number read when the read ended; null
   * when `maxPages` stopped it and the site announced none (more may exist, or not).
   */
  total: number | null;
  /** False when `maxPages` stopped the reading early. */
  complete: boolean;
}

export const DEFAULT_MAX_PAGES = 50;

/**
 * No read goes past this many pages of 100, whatever `maxPages` says (Infinity too): a million
 * rows is far beyond any real site, and one that seems to have more (answering pages without end)
 * fails with {@link TOO_MANY_PAGES} rather than read forever. A `maxPages` of this or fewer is an
 * ordinary bound (`complete: false`).
 */
export const PAGE_LIMIT = 10_000;
export const TOO_MANY_PAGES = 'tw_too_many_pages';

export async function readAllPages<T>(client: ApiClient, spec: ListSpec<T>, options: AllPagesOptions = {}): Promise<AllPages<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const call = {
    noStore: spec.noStore ?? false,
    ...(options.signal && { signal: options.signal }),
    ...(options.maxAgeMs !== undefined && { maxAgeMs: options.maxAgeMs }),
  };
  const items: T[] = [];
  const seen = new Set<string>();
  /** The previous page's row keys and total (rowKey only). */
  let previous: { keys: string[]; total: number | null } | undefined;
  for (let page = 1; ; page++) {
    let response;
    try {
      response = await client.get(spec.path, { ...spec.query, per_page: WP_MAX_PER_PAGE, page }, call);
    } catch (error) {
      // Past the end (a total that shrank between two pages): what was read is all there is.
      if (page > 1 && error instanceof ApiError && error.code === 'rest_post_invalid_page_number') return { items, total: items.length, complete: true };
      throw error;
    }
    const rows = normalizeWith(response, spec.key, spec.normalize);
    const { total, totalPages } = response.meta;
    let fresh = rows;
    let repeated = false;
    if (spec.rowKey) {
      const keys = rows.map(spec.rowKey);
      repeated = previous !== undefined && keys.length === previous.keys.length && keys.every((key, n) => key === previous!.keys[n]);
      const grew = previous && previous.total !== null && total !== null ? total - previous.total : 0;
      fresh = rows.slice(previous ? shiftedRows(previous.keys, keys, grew) : 0);
      previous = { keys, total };
    }
    const before = items.length;
    for (const row of fresh) {
      const identity = spec.identity?.(row);
      if (identity !== undefined && seen.has(identity)) continue;
      if (identity !== undefined) seen.add(identity);
      items.push(row);
    }
    const full = rows.length === WP_MAX_PER_PAGE;
    // A full page that brings nothing new, or repeats the page before row for row, is a site that
    // ignores `page` (a cache keyed without the query string): reading on would never end.
    if (page > 1 && full && (items.length === before || (repeated && fresh.length === rows.length))) {
      throw invalidResponse(`Page ${page} repeats the rows already read: the site (or a cache in front of it) ignores the page parameter.`);
    }
    options.onProgress?.({ read: items.length, total, page, pages: totalPages });
    // Without paging headers (stripped by a cache or a security plugin) a short page is the last.
    // A full last page while fewer than the announced total were read: the page count was wrong,
    // and the next page (or WordPress's past-the-end answer) tells.
    // Every announced row read is the end too, X-WP-TotalPages or not; past that test, fewer than
    // an announced total have been read.
    const last = (total !== null && items.length >= total) || (totalPages === null || (full && total !== null) ? !full : page >= totalPages);
    if (last || rows.length === 0) return { items, total: Math.max(total ?? 0, items.length), complete: true };
    // A bound the caller set is kept (`complete: false`); the limit ends only reads bounded higher.
    if (page >= maxPages) return { items, total, complete: false };
    if (page >= PAGE_LIMIT) throw new ApiError({ status: 200, code: TOO_MANY_PAGES, message: `Over ${PAGE_LIMIT} pages` });
  }
}

/**
 * How many rows at the start of a page repeat the end of the page before, pushed across the
 * boundary by rows added meanwhile: the longest such run, at most `grew` (how much the total grew
 * between the two reads). Without growth nothing moved, and equal rows are different people.
 */
function shiftedRows(before: readonly string[], after: readonly string[], grew: number): number {
  for (let run = Math.min(grew, before.length, after.length); run > 0; run--) {
    if (after.slice(0, run).every((key, n) => key === before[before.length - run + n])) return run;
  }
  return 0;
}
