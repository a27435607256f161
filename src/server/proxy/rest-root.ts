import { parseRestRoot, type RestRoot } from '../../api/url.js';
import { USER_AGENT, UpstreamFailure, type UpstreamHttp } from './upstream-http.js';

export { parseRestRoot, routeUrl as upstreamUrl, type RestRoot } from '../../api/url.js';

/**
 * Where the site's REST API lives and how to address a route there. A target with a path or a
 * `rest_route` is a REST root already; a bare site address (`https://example.org`) is asked once,
 * the way WordPress clients do: every front-end page announces
 * `Link: <https://example.org/wp-json/>; rel="https://api.w.org/"`.
 */
const API_REL = 'https://api.w.org/';
const MAX_REDIRECTS = 5;

/** Whether a target names a site rather than its REST root. */
export function isBareSite(target: string): boolean {
  const url = new URL(target);
  return (url.pathname === '/' || url.pathname === '') && url.search === '';
}

/**
 * `<url>; rel="…"` entries of a Link header (URLs may contain commas, so not a plain split). A URL
 * never holds `<`: with `[^<>]`, a header full of `<` is read once, not from each `<` to its end.
 */
export function parseLinks(header: string): Array<{ url: string; params: string }> {
  const links: Array<{ url: string; params: string }> = [];
  const pattern = /<([^<>]*)>((?:\s*;\s*[^,;=]+(?:=(?:"[^"]*"|[^,;]*))?)*)/g;
  for (const match of header.matchAll(pattern)) links.push({ url: match[1] ?? '', params: match[2] ?? '' });
  return links;
}

function restLinkOf(header: string | string[] | undefined, base: string): string | null {
  const text = Array.isArray(header) ? header.join(', ') : header;
  if (!text) return null;
  for (const { url, params } of parseLinks(text)) {
    if (/;\s*rel\s*=\s*"?https:\/\/api\.w\.org\/"?/i.test(params)) return new URL(url, base).href;
  }
  return null;
}

/**
 * Finds the REST root of a bare site: HEAD the home page (following a few redirects, never from
 * https down to http), read the `rel="https://api.w.org/"` link. Anonymous on purpose: the
 * credentials go only to the REST root, never to pages along the way.
 */
export async function discoverRestRoot(http: UpstreamHttp, site: string, deadline: number, log: (message: string) => void): Promise<RestRoot> {
  let url = new URL(site);
  const httpsOnly = url.protocol === 'https:';
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await http.send({
      method: 'HEAD',
      url: url.href,
      headers: { Accept: 'text/html, application/json', 'User-Agent': USER_AGENT },
      deadline,
    });
    const found = restLinkOf(response.headers.link, url.href);
    if (found) return checkedRoot(found, httpsOnly);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && typeof location === 'string') {
      url = new URL(location, url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') break;
      continue;
    }
    if (response.status >= 500) throw new UpstreamFailure('unreachable', `${url.origin}/ answered ${response.status} while discovering the REST root`);
    break;
  }
  // No announcement (hidden by a plugin, or a non-pretty-permalink site): this form always works.
  log(`${url.origin}/ announced no REST root (Link rel="${API_REL}"); using ${url.origin}/?rest_route=`);
  return checkedRoot(`${url.origin}/?rest_route=`, httpsOnly);
}

function checkedRoot(href: string, httpsOnly: boolean): RestRoot {
  const root = parseRestRoot(href);
  if (httpsOnly && !root.origin.startsWith('https:')) {
    throw new UpstreamFailure('unreachable', `the site announced a REST root over plain http (${root.origin}); refusing to send credentials there`);
  }
  return root;
}

/** The REST route (percent-encoded, as a path) and query an upstream URL addresses, or null when it is not under the REST root. */
function routeOf(root: RestRoot, href: string): { route: string; search: string } | null {
  let url: URL;
  try {
    url = new URL(href, root.origin);
  } catch {
    return null;
  }
  if (url.origin !== root.origin) return null;
  const params = new URLSearchParams(url.search);
  const restRoute = params.get('rest_route');
  if (restRoute !== null) {
    params.delete('rest_route');
    return { route: encodeRoute(restRoute), search: params.toString() };
  }
  const prefixes = [new URL(root.base).pathname.replace(/\/$/, ''), '/wp-json'];
  for (const prefix of prefixes) {
    if (root.kind === 'path' || prefix === '/wp-json') {
      if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
        return { route: url.pathname.slice(prefix.length) || '/', search: url.search.slice(1) };
      }
    }
  }
  return null;
}

/**
 * The Link header with upstream URLs pointing at the proxy instead, as path-absolute references
 * (`</proxy/wp-json/wp/v2/mep_events?page=2>`): they resolve against whatever host the client used,
 * so a cached header is right for every client. Links that lead elsewhere are dropped.
 */
export function rewriteLinks(header: string | string[] | undefined, root: RestRoot, mountPath: string): string | null {
  const text = Array.isArray(header) ? header.join(', ') : header;
  if (!text) return null;
  const rewritten: string[] = [];
  for (const { url, params } of parseLinks(text)) {
    const target = routeOf(root, url);
    if (!target) continue;
    const search = target.search === '' ? '' : `?${target.search}`;
    const link = `<${mountPath}/wp-json${target.route}${search}>${params}`;
    // Node refuses to write anything else in a header; a link that still has it is dropped, not sent.
    if (HEADER_SAFE.test(link)) rewritten.push(link);
  }
  return rewritten.length > 0 ? rewritten.join(', ') : null;
}

/** Visible ASCII, space and tab: what a header value may carry whatever Node's version. */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

/**
 * A `rest_route=` value as a path: it arrives decoded (`€`, CR LF, `?`, `>`), so each segment is
 * encoded again (a pathname route is encoded already by the URL parser).
 */
function encodeRoute(route: string): string {
  return route.split('/').map(encodeURIComponent).join('/');
}
