/**
 * `/wp/v2/mep_event_speaker` items → {@link Speaker}: a plain post whose title is the name, whose
 * excerpt is the role line and whose content is the bio.
 */
import type { Speaker } from '../models.js';
import { safeUrl, stripTags } from '../text.js';
import { embeddedImageUrl, requirePost, requireTitle } from './post.js';
import { field, normalizeList, readCount, readRendered, readString, toLocalDateTime } from './read.js';

/**
 * Without a hand-written excerpt WordPress generates one from the content (its first 55 words, then
 * `[…]`): that is the bio again, not a role line, so it reads as no role.
 */
function roleLine(excerptText: string, bioText: string): string {
  if (excerptText === '' || excerptText === bioText) return '';
  const trimmed = excerptText.replace(/\s*(?:\[…\]|…)$/, '');
  return trimmed !== excerptText && trimmed !== '' && bioText.startsWith(trimmed) ? '' : excerptText;
}

/** One speaker; throws `tw_invalid_response` without an integer id or a title. */
export function normalizeSpeaker(raw: unknown): Speaker {
  const { record, id } = requirePost(raw, 'speaker');
  const bioHtml = readRendered(field(record, 'content'));
  const bioText = stripTags(bioHtml);
  return {
    id,
    name: requireTitle(record, 'speaker', id),
    slug: readString(field(record, 'slug')),
    link: safeUrl(field(record, 'link')),
    role: roleLine(stripTags(readRendered(field(record, 'excerpt'))), bioText),
    bioHtml,
    bioText,
    imageId: readCount(field(record, 'featured_media')) ?? 0,
    imageUrl: embeddedImageUrl(record),
    published: toLocalDateTime(field(record, 'date')),
  };
}

/** A page of speakers; broken items are dropped, an all-broken page is rejected. */
export function normalizeSpeakers(raw: unknown): Speaker[] {
  return normalizeList(raw, normalizeSpeaker, 'speakers');
}
