/**
 * The only routes the proxy forwards: the read-only GET routes of Interface A, of Interface B in
 * both dialects (the contract's and the bus plugin's), and the `/wp-json/` index the widgets read
 * to detect the dialect. Each route also lists the query parameters it passes on; anything else is
 * dropped, which keeps privileged switches such as `context=edit` or `status=draft` away from a
 * site we talk to with credentials, and keeps the cache from splitting on noise.
 */
export interface AllowedRoute {
  /** For logs and docs: `/wp/v2/mep_events/{id}`. */
  name: string;
  regex: RegExp;
  /** Query keys passed on, exactly as sent (`mep_cat[terms]`); others are dropped. */
  params: ReadonlySet<string>;
  /** Personal data: off unless enabled, access-checked, never cached. */
  personal: boolean;
  /** Under the bus plugin's per-visitor rate limit, so counted against our upstream budget. */
  budgeted: boolean;
}

const ID = '\\d{1,19}';
const PAGING = ['page', 'per_page'];
const POST_LIST = [...PAGING, 'order', 'orderby', '_fields', '_embed'];
const TERM_LIST = [...PAGING, 'order', 'orderby', 'hide_empty', 'parent', 'post', '_fields'];
const SINGLE = ['_fields', '_embed'];

/** Every spelling core's tax-query parsing accepts for one taxonomy filter. */
const taxonomyFilter = (name: string): string[] =>
  [name, `${name}[]`, `${name}[terms]`, `${name}[terms][]`, `${name}[include_children]`, `${name}[operator]`];

function route(name: string, params: readonly string[], flags: { personal?: boolean } = {}): AllowedRoute {
  const pattern = name.replace(/\{id\}/g, ID);
  return {
    name,
    regex: new RegExp(`^${pattern}$`),
    params: new Set(params),
    personal: flags.personal ?? false,
    budgeted: name.startsWith('/wbtm/'),
  };
}

export const ALLOWED_ROUTES: readonly AllowedRoute[] = [
  route('/', []),
  // Interface A
  route('/wp/v2/mep_events', [...POST_LIST, ...taxonomyFilter('mep_cat'), ...taxonomyFilter('mep_org'), ...taxonomyFilter('mep_tag')]),
  route('/wp/v2/mep_events/{id}', SINGLE),
  route('/wp/v2/mep_cat', TERM_LIST),
  route('/wp/v2/mep_cat/{id}', ['_fields']),
  route('/wp/v2/mep_org', TERM_LIST),
  route('/wp/v2/mep_org/{id}', ['_fields']),
  route('/wp/v2/mep_event_speaker', POST_LIST),
  route('/wp/v2/mep_event_speaker/{id}', SINGLE),
  route('/wp/v2/mep_event_attendee', [...PAGING, 'order', 'orderby', '_fields'], { personal: true }),
  // Interface B, contract dialect
  route('/wbtm/v1/routes', []),
  route('/wbtm/v1/buses', ['route_id', 'type', ...PAGING]),
  route('/wbtm/v1/buses/{id}', []),
  route('/wbtm/v1/passengers', ['bus_id', 'date', ...PAGING], { personal: true }),
  // Interface B, the bus plugin's dialect (`/routes` and `/buses/{id}` are shared)
  route('/wbtm/v1/buses/search', ['bp', 'dp', 'date', 'return_date']),
  route('/wbtm/v1/buses/{id}/seats', ['date', 'bp', 'dp']),
  route('/wp/v2/wbtm_bus', [...PAGING, 'order', 'orderby', '_fields']),
];

export function findRoute(path: string): AllowedRoute | null {
  return ALLOWED_ROUTES.find((candidate) => candidate.regex.test(path)) ?? null;
}

function encode(text: string): string {
  // Commas stay readable: `mep_cat=3,4` is how term lists are written.
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

/**
 * The query to send upstream, canonical so that equivalent URLs share one cache entry: unknown
 * keys dropped; a repeated plain key keeps its last value (PHP's reading, so the meaning is
 * unchanged); list keys (`x[]`) keep each distinct value; then sorted by key and value.
 */
export function normalizeQuery(allowed: AllowedRoute, pairs: ReadonlyArray<readonly [string, string]>): string {
  const scalars = new Map<string, string>();
  const lists = new Map<string, Set<string>>();
  for (const [key, value] of pairs) {
    if (!allowed.params.has(key)) continue;
    if (key.endsWith('[]')) lists.set(key, (lists.get(key) ?? new Set()).add(value));
    else scalars.set(key, value);
  }
  const entries: Array<[string, string]> = [...scalars];
  for (const [key, values] of lists) for (const value of values) entries.push([key, value]);
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  entries.sort(([keyA, valueA], [keyB, valueB]) => byText(keyA, keyB) || byText(valueA, valueB));
  return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}
