/**
 * A staff list's id filter attribute (`event-id`, `bus-id`): empty means every one, a positive whole number
 * names one, and anything else is the page's mistake. A mistake is refused, never read as "no
 * filter": a typo (`7,8`, a template's unfilled `{{id}}`) must not widen a list of personal data
 * to the whole site.
 */
import type { ApiError } from '../../api/errors.js';
import { invalidArgument } from '../../api/paging.js';

export type IdFilter = { kind: 'all' } | { kind: 'one'; id: number } | { kind: 'invalid'; error: ApiError };

export function readIdFilter(value: string | number, name: string): IdFilter {
  const text = `${value}`.trim();
  if (text === '') return { kind: 'all' };
  // Digits only: `Number()` would also read `0x1f`, `1e3` and `7.0` as ids.
  if (/^\d{1,15}$/.test(text) && Number(text) > 0) return { kind: 'one', id: Number(text) };
  return { kind: 'invalid', error: invalidArgument(`${name} must be a positive whole number, got "${text}"`) };
}
