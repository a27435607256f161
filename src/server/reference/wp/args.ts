import { WpError } from './errors.js';
import type { Query } from './query.js';

/**
 * Route arguments the WordPress way: a schema per arg, validated before the permission check
 * (core runs `has_valid_params()` first), every failure collected into one `rest_invalid_param`
 * whose message, `params` and `details` use core's own wording.
 */
export type ArgSpec =
  | { type: 'integer'; description: string; default?: number; minimum?: number; maximum?: number }
  | { type: 'string'; description: string; default?: string; enum?: readonly string[]; format?: 'date' }
  | { type: 'boolean'; description: string; default?: boolean }
  /** A taxonomy filter: `3`, `3,4`, `x[]=3`, or `x[terms][]=3&x[include_children]=true&x[operator]=AND`. */
  | { type: 'terms'; description: string };

export type ArgSpecs = Record<string, ArgSpec>;

export interface TermsFilter {
  terms: number[];
  includeChildren: boolean;
  operator: 'OR' | 'AND';
}

export type ArgValues = Record<string, string | number | boolean | TermsFilter | undefined>;

interface Failure {
  code: string;
  message: string;
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Core's rest_is_integer(): numeric and whole ("5", "5.0", " 5"). */
function toInteger(raw: string): number | null {
  const text = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isInteger(value) ? value : null;
}

function toBoolean(raw: string): boolean | null {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0' || raw === '') return false;
  return null;
}

function checkInteger(name: string, spec: { minimum?: number; maximum?: number }, raw: string): number | Failure {
  const value = toInteger(raw);
  if (value === null) return { code: 'rest_invalid_type', message: `${name} is not of type integer.` };
  const { minimum, maximum } = spec;
  if (minimum !== undefined && maximum !== undefined && (value < minimum || value > maximum)) {
    return {
      code: 'rest_out_of_bounds',
      message: `${name} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`,
    };
  }
  if (minimum !== undefined && value < minimum) {
    return { code: 'rest_out_of_bounds', message: `${name} must be greater than or equal to ${minimum}` };
  }
  if (maximum !== undefined && value > maximum) {
    return { code: 'rest_out_of_bounds', message: `${name} must be less than or equal to ${maximum}` };
  }
  return value;
}

/** A real calendar day in YYYY-MM-DD (core's pattern check, then a calendar check). */
export function isCalendarDate(text: string): boolean {
  if (!new RegExp(DATE_PATTERN).test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function checkString(name: string, spec: Extract<ArgSpec, { type: 'string' }>, raw: string): string | Failure {
  if (spec.enum && !spec.enum.includes(raw)) {
    return { code: 'rest_not_in_enum', message: `${name} is not one of ${spec.enum.join(', ')}.` };
  }
  if (spec.format === 'date') {
    if (!new RegExp(DATE_PATTERN).test(raw)) {
      return { code: 'rest_invalid_pattern', message: `${name} does not match pattern ${DATE_PATTERN}.` };
    }
    if (!isCalendarDate(raw)) return { code: 'rest_invalid_date', message: 'Invalid date.' };
  }
  return raw;
}

function checkTerms(name: string, query: Query): TermsFilter | Failure {
  const object = query.sub(name, 'terms');
  const raw = query.isArray(name) ? [...query.sub(name, ''), ...object] : [query.get(name) ?? ''];
  const parts = raw
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((p) => p !== '');
  const terms: number[] = [];
  for (const [index, part] of parts.entries()) {
    const value = toInteger(part);
    if (value === null) {
      const at = object.length > 0 ? `${name}[terms][${index}]` : `${name}[${index}]`;
      return { code: 'rest_invalid_type', message: `${at} is not of type integer.` };
    }
    terms.push(value);
  }
  const children = query.sub(name, 'include_children').at(-1);
  const includeChildren = children === undefined ? false : toBoolean(children);
  if (includeChildren === null) {
    return { code: 'rest_invalid_type', message: `${name}[include_children] is not of type boolean.` };
  }
  const operator = (query.sub(name, 'operator').at(-1) ?? 'OR').toUpperCase();
  if (operator !== 'OR' && operator !== 'AND') {
    return { code: 'rest_not_in_enum', message: `${name}[operator] is not one of OR, AND.` };
  }
  return { terms, includeChildren, operator };
}

function checkOne(name: string, spec: ArgSpec, query: Query): ArgValues[string] | Failure {
  if (spec.type === 'terms') return query.has(name) ? checkTerms(name, query) : undefined;
  if (query.isArray(name)) return { code: 'rest_invalid_type', message: `${name} is not of type ${spec.type}.` };
  const raw = query.get(name);
  if (raw === undefined) return spec.default;
  switch (spec.type) {
    case 'integer':
      return checkInteger(name, spec, raw);
    case 'boolean': {
      const value = toBoolean(raw);
      return value === null ? { code: 'rest_invalid_type', message: `${name} is not of type boolean.` } : value;
    }
    case 'string':
      return checkString(name, spec, raw);
  }
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/** Validates every declared arg; throws one `rest_invalid_param` naming all bad ones, in declaration order. */
export function validateArgs(specs: ArgSpecs, query: Query): ArgValues {
  const values: ArgValues = {};
  const params: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: null }> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const result = checkOne(name, spec, query);
    if (isFailure(result)) {
      params[name] = result.message;
      details[name] = { code: result.code, message: result.message, data: null };
    } else {
      values[name] = result;
    }
  }
  const invalid = Object.keys(params);
  if (invalid.length > 0) {
    throw new WpError('rest_invalid_param', `Invalid parameter(s): ${invalid.join(', ')}`, 400, { params, details });
  }
  return values;
}

/** The args every paged collection declares, with core's defaults and limits. */
export const PAGING_ARGS: ArgSpecs = {
  page: { type: 'integer', description: 'Current page of the collection.', default: 1, minimum: 1 },
  per_page: {
    type: 'integer',
    description: 'Maximum number of items to be returned in result set.',
    default: 10,
    minimum: 1,
    maximum: 100,
  },
};
