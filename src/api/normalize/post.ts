/**
 * Checks shared by every `/wp/v2/<type>` post normalizer (events, speakers, attendees).
 */
import { invalidResponse } from '../errors.js';
import { safeUrl } from '../text.js';
import { asRecord, field, kindOf, plainText, readId, readRendered } from './read.js';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The post as a record with its positive integer id, or a clear error. `what` is a noun: "event". */
export function requirePost(raw: unknown, what: string): { record: Record<string, unknown>; id: number } {
  const record = asRecord(raw);
  const article = /^[aeiou]/i.test(what) ? 'an' : 'a';
  if (record === null) throw invalidResponse(`Expected ${article} ${what} object, got ${kindOf(raw)}.`);
  const id = readId(field(record, 'id'));
  if (id === null) throw invalidResponse(`${capitalize(what)} has no usable id.`);
  return { record, id };
}

/**
 * `title.rendered` as plain text. The field must be present (an empty title is allowed: WordPress
 * lets editors publish one), because without it we would be guessing what the object is.
 */
export function requireTitle(record: Record<string, unknown>, what: string, id: number): string {
  const title = field(record, 'title');
  if (typeof title !== 'string' && typeof field(asRecord(title), 'rendered') !== 'string') {
    throw invalidResponse(`${capitalize(what)} ${id} has no title.`);
  }
  return plainText(readRendered(title));
}

/**
 * `_embedded['wp:featuredmedia'][0].source_url`, present only when the request asked for `_embed`;
 * a relative one resolved against `base` (the post's link).
 */
export function embeddedImageUrl(record: Record<string, unknown>, base?: string): string | null {
  const media = field(asRecord(field(record, '_embedded')), 'wp:featuredmedia');
  const first = Array.isArray(media) ? media[0] : undefined;
  const url = safeUrl(field(asRecord(first), 'source_url'), base);
  return url === '' ? null : url;
}
