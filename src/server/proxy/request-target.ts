import type { WpError } from '../shared/wp-error.js';
import { invalidPath, noRoute, uriTooLong } from './errors.js';

/**
 * What a client's request target asks for, decided before anything else happens. The rules are
 * deliberately narrower than what a URL may contain: every route the proxy serves is spelled with
 * `[A-Za-z0-9_-]` segments, so anything else in a path (percent-escapes of any kind, backslashes,
 * dot or empty segments) can only be an attempt to make the proxy and the site disagree about which
 * route is meant, and is refused instead of normalised.
 */
export type RequestTarget =
  { kind: 'rest'; route: string; pairs: Array<[string, string]> } | { kind: 'health' } | { kind: 'refused'; error: WpError; path: string };

const PATH_CHARS = /^[A-Za-z0-9._~\-/]*$/;
const CONTROL = /[\x00-\x1f\x7f]/;
const REST_PREFIX = '/wp-json';

/** Why a path (or a `rest_route` value) is unsafe, or null when it is a plain `/a/b/c` path. */
function pathProblem(path: string): string | null {
  if (path.includes('%')) return 'percent-encoded characters in the path';
  if (path.includes('\\')) return 'backslash in the path';
  if (!PATH_CHARS.test(path)) return 'unexpected characters in the path';
  // One trailing slash is harmless (WordPress ignores it); any other empty segment is `//`.
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  if (segments.some((segment) => segment === '')) return 'empty path segment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'dot segment in the path';
  return null;
}

/** PHP turns `.` `space` and a lone `[` in a parameter's base name into `_`: `rest.route` IS `rest_route`. */
function phpBaseName(key: string): string {
  const bracket = key.indexOf('[');
  const closes = bracket >= 0 && key.indexOf(']', bracket) > bracket;
  const base = closes ? key.slice(0, bracket) : key;
  return base.replace(/[. []/g, '_');
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Decoded query pairs, or a reason to refuse them. */
function parseQuery(search: string): Array<[string, string]> | string {
  const pairs: Array<[string, string]> = [];
  for (const part of search.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = decodeComponent(equals < 0 ? part : part.slice(0, equals));
    const value = decodeComponent(equals < 0 ? '' : part.slice(equals + 1));
    if (key === null || value === null) return 'malformed percent-encoding in the query';
    if (CONTROL.test(key) || CONTROL.test(value)) return 'control characters in the query';
    pairs.push([key, value]);
  }
  return pairs;
}

const untrail = (route: string): string => route.replace(/\/$/, '') || '/';

/**
 * Parses `req.url` for a proxy mounted at `mountPath` ('' or `/name`). REST routes are reachable as
 * `{mount}/wp-json/{route}` and as `{mount}/?rest_route={route}` (also `/index.php?rest_route=`),
 * both yielding the same route string, so one allow-list decides for both spellings.
 */
export function parseRequestTarget(rawUrl: string, mountPath: string, maxUrlLength: number): RequestTarget {
  const cut = rawUrl.indexOf('?');
  const path = cut < 0 ? rawUrl : rawUrl.slice(0, cut);
  const shownPath = path.slice(0, 200);
  const refuse = (error: WpError): RequestTarget => ({ kind: 'refused', error, path: shownPath });
  if (rawUrl.length > maxUrlLength) return refuse(uriTooLong(maxUrlLength));
  if (!rawUrl.startsWith('/')) return refuse(invalidPath('the target must be a path'));
  if (CONTROL.test(rawUrl) || rawUrl.includes('#') || rawUrl.includes(' ')) return refuse(invalidPath('control characters'));
  const problem = pathProblem(path);
  if (problem) return refuse(invalidPath(problem));
  const pairs = parseQuery(cut < 0 ? '' : rawUrl.slice(cut + 1));
  if (typeof pairs === 'string') return refuse(invalidPath(pairs));

  if (path !== mountPath && !path.startsWith(`${mountPath}/`)) return refuse(noRoute());
  const rest = path.slice(mountPath.length) || '/';
  const routeParams = pairs.filter(([key]) => phpBaseName(key) === 'rest_route');
  const others = pairs.filter(([key]) => phpBaseName(key) !== 'rest_route');

  if (rest === '/healthz') return { kind: 'health' };
  if (rest === REST_PREFIX || rest.startsWith(`${REST_PREFIX}/`)) {
    // WordPress prefers `rest_route` over the path, so a second route in the query is smuggling.
    if (routeParams.length > 0) return refuse(invalidPath('rest_route is not allowed next to a /wp-json/ path'));
    return { kind: 'rest', route: untrail(rest.slice(REST_PREFIX.length)), pairs: others };
  }
  if (rest === '/' || rest === '/index.php') {
    if (routeParams.length === 0) return refuse(noRoute());
    const [param, ...more] = routeParams;
    if (more.length > 0 || !param || param[0] !== 'rest_route') return refuse(invalidPath('exactly one rest_route parameter is allowed'));
    const route = param[1];
    const routeProblem = route.startsWith('/') ? pathProblem(route) : 'rest_route must start with /';
    if (routeProblem) return refuse(invalidPath(routeProblem.replace('path', 'rest_route')));
    return { kind: 'rest', route: untrail(route), pairs: others };
  }
  return refuse(noRoute());
}
