/**
 * `/wp/v2/mep_cat` and `/wp/v2/mep_org` items → {@link Term}. Both taxonomies are hierarchical.
 */
import { invalidResponse } from '../errors.js';
import type { Term } from '../models.js';
import { safeUrl } from '../text.js';
import { asRecord, field, kindOf, normalizeList, plainText, readCount, readId, readString } from './read.js';

/** One term; throws `tw_invalid_response` without a positive integer id. */
export function normalizeTerm(raw: unknown): Term {
  const record = asRecord(raw);
  if (record === null) throw invalidResponse(`Expected a term object, got ${kindOf(raw)}.`);
  const id = readId(field(record, 'id'));
  if (id === null) throw invalidResponse('Term has no usable id.');
  return {
    id,
    // Term names are stored entity-escaped (`&amp;`) by WordPress.
    name: plainText(field(record, 'name')),
    slug: readString(field(record, 'slug')),
    parent: readCount(field(record, 'parent')) ?? 0,
    count: readCount(field(record, 'count')) ?? 0,
    // The raw description may hold markup; no term field is meant to render as HTML.
    description: plainText(field(record, 'description')),
    link: safeUrl(field(record, 'link')),
    taxonomy: readString(field(record, 'taxonomy')),
  };
}

/** A page of terms; broken items are dropped, an all-broken page is rejected. */
export function normalizeTerms(raw: unknown): Term[] {
  return normalizeList(raw, normalizeTerm, 'terms');
}
