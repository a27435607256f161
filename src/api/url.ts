/**
 * Base-URL rules (the `base-url` attribute and `configure({ baseUrl })`): the base is the site's REST root in one of these forms —
 *   https://example.org/wp-json            pretty permalinks
 *   https://example.org/blog/wp-json       a subdirectory install
 *   https://example.org/?rest_route=       no pretty permalinks (also /index.php?rest_route=)
 *   https://proxy.example.org/wp-json      our credentials proxy (any path works: it is used verbatim)
 *   https://example.org                    a bare site address: `/wp-json` is added
 * with or without a trailing slash. Routes are given as `/wp/v2/...` or, as Interface B publishes
 * them, `/wp-json/wbtm/v1/...`; the built URL carries the REST prefix exactly once.
 */
import { notConfiguredError } from './errors.js';

export type QueryValue = string | number | boolean | ReadonlyArray<string | number> | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** A parsed base URL: either a path prefix or a `rest_route` query parameter. */
export interface RestRoot {
  kind: 'path' | 'query';
  /** For `path`: origin + prefix without trailing slash. For `query`: the URL without `rest_route`. */
  base: string;
  origin: string;
}

const PUBLISHED_PREFIX = /^\/wp-json(?=\/|$)/;

export function parseRestRoot(baseUrl: string, relativeTo?: string): RestRoot {
  const trimmed = baseUrl.trim();
  let url: URL;
  try {
    url = new URL(trimmed, relativeTo ?? (typeof location !== 'undefined' ? location.href : undefined));
  } catch {
    throw notConfiguredError(`"${trimmed}" is not a usable base URL; expected e.g. https://example.org/wp-json`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw notConfiguredError(`Base URL must be http(s), got ${url.protocol}`);
  }
  url.hash = '';
  if (url.searchParams.has('rest_route')) {
    url.searchParams.delete('rest_route');
    return { kind: 'query', base: url.href, origin: url.origin };
  }
  let path = url.pathname.replace(/\/+$/, '');
  // A bare site address: WordPress's REST root lives at /wp-json.
  if (path === '' && url.search === '') path = '/wp-json';
  return { kind: 'path', base: url.origin + path + url.search, origin: url.origin };
}

/** Strips the published `/wp-json` prefix so every route reads `/namespace/...`. */
export function toRoute(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const route = withSlash.replace(PUBLISHED_PREFIX, '');
  return route === '' ? '/' : route;
}

/** Query string with keys sorted and empty values dropped, so equal requests share a cache key. */
export function encodeQuery(query: Query = {}): string {
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text).replace(/%2C/g, ',')}`);
  }
  return parts.join('&');
}

/** The full URL for a route (`/wp/v2/mep_events` or `/wp-json/wbtm/v1/buses`) under a REST root. */
export function buildUrl(root: RestRoot, path: string, query?: Query): string {
  return routeUrl(root, path, encodeQuery(query));
}

/** Like {@link buildUrl} with a query that is already encoded (`a=1&b=2`), as a proxy forwards it. */
export function routeUrl(root: RestRoot, path: string, search: string): string {
  const route = toRoute(path);
  if (root.kind === 'query') {
    // Keep the route's slashes readable; WordPress accepts them unencoded in rest_route.
    const routeParam = `rest_route=${encodeURIComponent(route).replace(/%2F/g, '/')}`;
    const separator = root.base.includes('?') ? (root.base.endsWith('?') || root.base.endsWith('&') ? '' : '&') : '?';
    return root.base + separator + routeParam + (search ? `&${search}` : '');
  }
  const [prefix, baseSearch] = splitSearch(root.base);
  const joined = prefix + (route === '/' ? '/' : route);
  const allSearch = [baseSearch, search].filter(Boolean).join('&');
  return allSearch ? `${joined}?${allSearch}` : joined;
}

function splitSearch(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}
