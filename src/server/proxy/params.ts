import { WpError } from '../shared/wp-error.js';

/**
 * Query parameters checked here, before any cache lookup or budget is spent: a request that the
 * site would refuse (or that only differs to bust the cache: `page=1x`, `date=tomorrow`) is
 * answered `400 rest_invalid_param` by the proxy itself, in core's shape, and never reaches the
 * site. Values that pass are sent on as given, except choices from a list (`order=ASC`), which go
 * in the site's own spelling: core compares an enum case-sensitively, so `ASC` would be its 400.
 */
export type ParamCheck = ((value: string) => string | null) & {
  /** The form to send on, when it may differ from what the client wrote. */
  canonical?: (value: string) => string;
};

/** A value that passed, in the form to send on, or why it is refused. */
export type CheckedParam = { kind: 'ok'; value: string } | { kind: 'refused'; reason: string };

const INT = /^\d{1,9}$/;
const IDS = /^\d{1,19}(,\d{1,19}){0,99}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const integer =
  (min: number, max: number): ParamCheck =>
  (value) => {
    if (!INT.test(value)) return `must be an integer`;
    const n = Number(value);
    return n < min || n > max ? `must be between ${min} (inclusive) and ${max} (inclusive)` : null;
  };

/** One of `allowed`, in any case; sent on as written in `allowed`. */
function oneOf(...allowed: string[]): ParamCheck {
  const spelling = new Map(allowed.map((choice) => [choice.toLowerCase(), choice]));
  const check = (value: string): string | null => (spelling.has(value.toLowerCase()) ? null : `must be one of ${allowed.join(', ')}`);
  return Object.assign(check, { canonical: (value: string) => spelling.get(value.toLowerCase()) ?? value });
}

const text =
  (max: number): ParamCheck =>
  (value) =>
    value.length > max ? `must be at most ${max} characters` : /[\u0000-\u001f\u007f]/.test(value) ? 'must not contain control characters' : null;

/** The bus plugin's own date rule: `YYYY-MM-DD` with a month 1–12 and a day 1–31 (it rolls `02-30` over itself). */
const date: ParamCheck = (value) => {
  const match = DATE.exec(value);
  if (!match) return 'must be a date as YYYY-MM-DD';
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month < 1 || month > 12 || day < 1 || day > 31 ? 'must be a date as YYYY-MM-DD' : null;
};

const ids: ParamCheck = (value) => (IDS.test(value) ? null : 'must be a term id or a comma-separated list of term ids');
const fields: ParamCheck = (value) => (/^[A-Za-z0-9_.,-]{1,500}$/.test(value) ? null : 'must be a comma-separated list of field names');
const boolean = oneOf('true', 'false', '1', '0');

/** How each parameter the allow-list passes on is checked. */
export const PARAM_CHECKS: Readonly<Record<string, ParamCheck>> = {
  page: integer(1, 1_000_000),
  per_page: integer(1, 100),
  order: oneOf('asc', 'desc'),
  orderby: (value) => (/^[a-z_]{1,40}$/.test(value) ? null : 'must be a field name'),
  _fields: fields,
  hide_empty: boolean,
  parent: integer(0, 1_000_000_000),
  post: integer(1, 1_000_000_000),
  route_id: integer(1, 1_000_000_000),
  bus_id: integer(1, 1_000_000_000),
  type: text(100),
  bp: text(200),
  dp: text(200),
  date,
  return_date: date,
};

/** The checks of the taxonomy filter spellings (`mep_cat`, `mep_cat[]`, `mep_cat[terms]` …). */
function taxonomyCheck(key: string): ParamCheck | null {
  const match = /^mep_(?:cat|org|tag)(\[\]|\[terms\]|\[terms\]\[\]|\[include_children\]|\[operator\])?$/.exec(key);
  if (!match) return null;
  switch (match[1]) {
    case undefined:
    case '[terms]':
      return ids;
    case '[]':
    case '[terms][]':
      return integer(1, Number.MAX_SAFE_INTEGER);
    case '[include_children]':
      return boolean;
    default:
      // core's enum for the taxonomy operator is upper case.
      return oneOf('AND', 'OR');
  }
}

/** `value` for `key` in the form to send on, or why it is refused. `_embed` is not checked here (see `embedValue`). */
export function checkParam(key: string, value: string): CheckedParam {
  const check = PARAM_CHECKS[key] ?? taxonomyCheck(key);
  const reason = check ? check(value) : null;
  if (reason !== null) return { kind: 'refused', reason };
  return { kind: 'ok', value: check?.canonical ? check.canonical(value) : value };
}

/**
 * `_embed` pulls linked resources in, fetched by the site for the proxy's request. Only the two the
 * widgets use are ever asked for, whatever the client sent: featured images and terms.
 */
export const EMBEDDABLE = ['wp:featuredmedia', 'wp:term'] as const;

/** The `_embed` value to send: the embeddable relations asked for (all of them for a bare `_embed`), or null for none. */
export function embedValue(value: string): string | null {
  const asked = value.trim();
  if (asked === '' || asked === '1' || asked.toLowerCase() === 'true') return EMBEDDABLE.join(',');
  const wanted = new Set(asked.split(',').map((rel) => rel.trim()));
  const kept = EMBEDDABLE.filter((rel) => wanted.has(rel));
  return kept.length > 0 ? kept.join(',') : null;
}

/** The proxy's own `400 rest_invalid_param`, naming each refused parameter like core does. */
export function invalidParams(reasons: Record<string, string>): WpError {
  const names = Object.keys(reasons).join(', ');
  return new WpError('rest_invalid_param', `Invalid parameter(s): ${names}`, 400, { params: reasons });
}
