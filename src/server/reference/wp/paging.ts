import { invalidPageNumber } from './errors.js';
import type { Query } from './query.js';

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

export interface PageRequest {
  page: number;
  perPage: number;
  /** `{origin}/wp-json{route}`: where the prev/next links point. */
  collectionUrl: string;
  query: Query;
}

/**
 * One page of a collection with core's headers. Posts past the last page are an error
 * (`rest_post_invalid_page_number`, but only when there is anything at all); terms answer `[]`.
 * Like core, the paging `Link` replaces the `rel="https://api.w.org/"` one.
 */
export function paginate<T>(all: readonly T[], kind: 'posts' | 'terms', request: PageRequest): Page<T> {
  const { page, perPage, collectionUrl, query } = request;
  const total = all.length;
  const maxPages = Math.ceil(total / perPage);
  if (kind === 'posts' && page > maxPages && total > 0) throw invalidPageNumber();

  const headers: Record<string, string> = {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(maxPages),
  };
  const links: string[] = [];
  if (page > 1) {
    const prev = Math.min(page - 1, maxPages);
    links.push(`<${collectionUrl}${query.linkSearch(prev)}>; rel="prev"`);
  }
  if (maxPages > page) links.push(`<${collectionUrl}${query.linkSearch(page + 1)}>; rel="next"`);
  if (links.length > 0) headers['Link'] = links.join(', ');

  const start = (page - 1) * perPage;
  return { items: all.slice(start, start + perPage), headers };
}
