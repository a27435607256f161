import type { Post, Term } from '../seed/types.js';
import { restUrl } from '../wire/context.js';
import { PAGING_ARGS, type ArgSpecs } from '../wp/args.js';
import { paginate } from '../wp/paging.js';
import type { RestContext, RestResult } from './types.js';

/** core's collection args for posts: paging plus order/orderby with their enums and defaults. */
export const POST_COLLECTION_ARGS: ArgSpecs = {
  ...PAGING_ARGS,
  search: { type: 'string', description: 'Limit results to those matching a string.' },
  order: { type: 'string', description: 'Order sort attribute ascending or descending.', default: 'desc', enum: ['asc', 'desc'] },
  orderby: {
    type: 'string',
    description: 'Sort collection by post attribute.',
    default: 'date',
    enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'],
  },
};

export const TERM_COLLECTION_ARGS: ArgSpecs = {
  ...PAGING_ARGS,
  order: { type: 'string', description: 'Order sort attribute ascending or descending.', default: 'asc', enum: ['asc', 'desc'] },
  orderby: {
    type: 'string',
    description: 'Sort collection by term attribute.',
    default: 'name',
    enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
  },
  hide_empty: { type: 'boolean', description: 'Whether to hide terms not assigned to any posts.', default: false },
  parent: { type: 'integer', description: 'Limit result set to terms assigned to a specific parent.' },
  post: { type: 'integer', description: 'Limit result set to terms assigned to a specific post.' },
};

type Comparator<T> = (a: T, b: T) => number;

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Posts in the requested order; ties (and unsupported orderbys) fall back to date, then id. */
export function sortPosts<T extends Post>(posts: readonly T[], context: RestContext): T[] {
  const keys: Record<string, Comparator<T>> = {
    id: (a, b) => a.id - b.id,
    modified: (a, b) => a.modified - b.modified,
    slug: (a, b) => byText(a.slug, b.slug),
    title: (a, b) => byText(a.title, b.title),
  };
  const primary = keys[String(context.args['orderby'])];
  const direction = context.args['order'] === 'asc' ? 1 : -1;
  return [...posts].sort((a, b) => direction * (primary?.(a, b) || 0 || a.date - b.date || a.id - b.id));
}

export function sortTerms<T extends Term & { count: number }>(terms: readonly T[], context: RestContext): T[] {
  const keys: Record<string, Comparator<T>> = {
    id: (a, b) => a.id - b.id,
    slug: (a, b) => byText(a.slug, b.slug),
    count: (a, b) => a.count - b.count,
    description: (a, b) => byText(a.description, b.description),
    name: (a, b) => byText(a.name, b.name),
  };
  const primary = keys[String(context.args['orderby'])] ?? keys['name'];
  const direction = context.args['order'] === 'desc' ? -1 : 1;
  return [...terms].sort((a, b) => direction * (primary?.(a, b) || 0 || a.id - b.id));
}

/** One page of `all`, with X-WP-Total/X-WP-TotalPages/Link pointing at `collection`. */
export function pageResult<T>(context: RestContext, all: readonly T[], kind: 'posts' | 'terms', collection: string, present: (item: T) => unknown): RestResult {
  const page = paginate(all, kind, {
    page: Number(context.args['page']),
    perPage: Number(context.args['per_page']),
    collectionUrl: restUrl(context.view, collection),
    query: context.query,
  });
  return { body: page.items.map(present), headers: page.headers };
}
