import type { WpError } from '../shared/wp-error.js';
import { checkParam, embedValue, invalidParams } from './params.js';

/**
 * The only routes the proxy forwards: the read-only GET routes of Interface A, of Interface B in
 * both dialects (the contract's and the bus plugin's), and the `/wp-json/` index the widgets read
 * to detect the dialect. Each route also lists the query parameters it passes on; anything else is
 * dropped, which keeps privileged switches such as `context=edit` or `status=draft` away from the
 * site, and keeps the cache from splitting on noise.
 *
 * Credentials go upstream only where a route needs them: Interface B (`/wbtm/`, authenticated in
 * the contract) and the personal-data routes. Public Interface A routes are asked anonymously, so
 * the site answers what any visitor may see: never a draft, private or scheduled post, whatever
 * the proxy's user could read.
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
  /** The proxy's credentials are sent upstream (Interface B and personal data only). */
  credentials: boolean;
  /** Answers are posts with a `status`; anything but `publish` is withheld from public answers. */
  posts: boolean;
}

const ID = '\\d{1,19}';
const PAGING = ['page', 'per_page'];
const POST_LIST = [...PAGING, 'order', 'orderby', '_fields', '_embed'];
const TERM_LIST = [...PAGING, 'order', 'orderby', 'hide_empty', 'parent', 'post', '_fields'];
const SINGLE = ['_fields', '_embed'];

/** Every spelling core's tax-query parsing accepts for one taxonomy filter. */
const taxonomyFilter = (name: string): string[] => [name, `${name}[]`, `${name}[terms]`, `${name}[terms][]`, `${name}[include_children]`, `${name}[operator]`];

function route(name: string, params: readonly string[], flags: { personal?: boolean; posts?: boolean } = {}): AllowedRoute {
  const pattern = name.replace(/\{id\}/g, ID);
  const personal = flags.personal ?? false;
  const bus = name.startsWith('/wbtm/');
  return {
    name,
    regex: new RegExp(`^${pattern}$`),
    params: new Set(params),
    personal,
    budgeted: bus,
    credentials: bus || personal,
    posts: flags.posts ?? false,
  };
}

export const ALLOWED_ROUTES: readonly AllowedRoute[] = [
  route('/', []),
  // Interface A
  route('/wp/v2/mep_events', [...POST_LIST, ...taxonomyFilter('mep_cat'), ...taxonomyFilter('mep_org'), ...taxonomyFilter('mep_tag')], { posts: true }),
  route('/wp/v2/mep_events/{id}', SINGLE, { posts: true }),
  route('/wp/v2/mep_cat', TERM_LIST),
  route('/wp/v2/mep_cat/{id}', ['_fields']),
  route('/wp/v2/mep_org', TERM_LIST),
  route('/wp/v2/mep_org/{id}', ['_fields']),
  route('/wp/v2/mep_event_speaker', POST_LIST, { posts: true }),
  route('/wp/v2/mep_event_speaker/{id}', SINGLE, { posts: true }),
  route('/wp/v2/mep_event_attendee', [...PAGING, 'order', 'orderby', '_fields'], { personal: true }),
  // Interface B, contract dialect
  route('/wbtm/v1/routes', []),
  route('/wbtm/v1/buses', ['route_id', 'type', ...PAGING]),
  route('/wbtm/v1/buses/{id}', []),
  route('/wbtm/v1/passengers', ['bus_id', 'date', ...PAGING], { personal: true }),
  // Interface B, the bus plugin's dialect (`/routes` and `/buses/{id}` are shared)
  route('/wbtm/v1/buses/search', ['bp', 'dp', 'date', 'return_date']),
  route('/wbtm/v1/buses/{id}/seats', ['date', 'bp', 'dp']),
  route('/wp/v2/wbtm_bus', [...PAGING, 'order', 'orderby', '_fields'], { posts: true }),
];

export function findRoute(path: string): AllowedRoute | null {
  return ALLOWED_ROUTES.find((candidate) => candidate.regex.test(path)) ?? null;
}

function encode(text: string): string {
  // Commas stay readable: `mep_cat=3,4` is how term lists are written.
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

/** The query to send upstream, or why the request is refused before it costs anything. */
export type PreparedQuery =
  | {
      kind: 'ok';
      search: string;
      /** `status` was added to the client's `_fields` so unpublished items can be recognised; remove it again. */
      stripStatus: boolean;
    }
  | { kind: 'invalid'; error: WpError };

/**
 * The query to send upstream, canonical so that equivalent URLs share one cache entry: unknown
 * keys dropped; values checked, choices spelled as the site expects (`params.ts`); a repeated plain
 * key keeps its last value (PHP's reading, so the meaning is unchanged); list keys (`x[]`) keep each
 * distinct value; of `x` and any nested spelling (`x[]`, `x[terms]`), the later wins, as in PHP; `_embed` narrowed to what the widgets embed; then sorted by key and value.
 */
export function prepareQuery(allowed: AllowedRoute, pairs: ReadonlyArray<readonly [string, string]>): PreparedQuery {
  const scalars = new Map<string, string>();
  const lists = new Map<string, Set<string>>();
  const refused: Record<string, string> = {};
  for (const [key, raw] of pairs) {
    if (!allowed.params.has(key)) continue;
    let value: string;
    if (key === '_embed') {
      const embed = embedValue(raw);
      if (embed === null) continue;
      value = embed;
    } else {
      const checked = checkParam(key, raw);
      if (checked.kind === 'refused') {
        refused[key] = `${key} ${checked.reason}.`;
        continue;
      }
      value = checked.value;
    }
    // PHP reads `x`, `x[]` and `x[terms]` as one name: a plain value replaces whatever came before
    // under that name, and a nested one replaces a plain value. So does this, or the sorting below
    // (which puts `x` first) would change which one the site reads.
    for (const plain of [...scalars.keys()]) if (key.startsWith(`${plain}[`)) scalars.delete(plain);
    if (key.endsWith('[]')) {
      lists.set(key, (lists.get(key) ?? new Set()).add(value));
    } else {
      for (const held of [scalars, lists]) for (const nested of [...held.keys()]) if (nested.startsWith(`${key}[`)) held.delete(nested);
      scalars.set(key, value);
    }
  }
  if (Object.keys(refused).length > 0) return { kind: 'invalid', error: invalidParams(refused) };
  let stripStatus = false;
  let fields = scalars.get('_fields');
  if (allowed.posts && fields !== undefined) {
    // `content.rendered` alone would come without `content.protected`, which the publish check needs.
    fields = [...new Set(fields.split(',').map((field) => field.replace(/^(content|excerpt)\..*$/, '$1')))].join(',');
    if (!fields.split(',').includes('status')) {
      fields = `${fields},status`;
      stripStatus = true;
    }
    scalars.set('_fields', fields);
  }
  const entries: Array<[string, string]> = [...scalars];
  for (const [key, values] of lists) for (const value of values) entries.push([key, value]);
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  entries.sort(([keyA, valueA], [keyB, valueB]) => byText(keyA, keyB) || byText(valueA, valueB));
  return { kind: 'ok', search: entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'), stripStatus };
}
