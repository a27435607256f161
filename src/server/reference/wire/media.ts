import { restDate } from '../seed/clock.js';
import type { Media } from '../seed/types.js';
import { CURIES, restUrl, uploadsUrl, type View } from './context.js';

/** An attachment as `/wp/v2/media/{id}` (and `_embedded['wp:featuredmedia']`) shows it. */
export function mediaItem(media: Media, view: View): Record<string, unknown> {
  const source = uploadsUrl(view, media.file);
  return {
    id: media.id,
    date: restDate(media.date),
    slug:
      media.file
        .split('/')
        .pop()
        ?.replace(/\.svg$/, '') ?? String(media.id),
    type: 'attachment',
    link: `${view.origin}/?attachment_id=${media.id}`,
    title: { rendered: media.title },
    author: 1,
    featured_media: 0,
    caption: { rendered: '' },
    alt_text: media.alt,
    media_type: 'image',
    mime_type: 'image/svg+xml',
    media_details: { width: media.width, height: media.height, file: media.file, sizes: {} },
    source_url: source,
    _links: {
      self: [{ href: restUrl(view, `/wp/v2/media/${media.id}`) }],
      collection: [{ href: restUrl(view, '/wp/v2/media') }],
      about: [{ href: restUrl(view, '/wp/v2/types/attachment') }],
      curies: CURIES,
    },
  };
}
