import type { PostWire } from '../../../api/wire/shapes.js';
import { instantOfLocal } from '../../../api/site-time.js';
import { restDate } from '../seed/clock.js';
import type { Post, Seed } from '../seed/types.js';
import { CURIES, restUrl, type Links, type View } from './context.js';
import { mediaItem } from './media.js';

/** The standard fields of a post, in core's key order (plus the two core always adds: guid, template). */
export interface PostItem extends PostWire {
  guid: { rendered: string };
  modified_gmt: string;
  template: string;
}

export interface PostTypeInfo {
  type: string;
  /** Public permalink base (`events` → /events/slug/); null for non-public types. */
  permalinkBase: string | null;
  excerpt: boolean;
}

export function permalink(post: Post, info: PostTypeInfo, view: View): string {
  return info.permalinkBase === null ? `${view.origin}/?post_type=${info.type}&p=${post.id}` : `${view.origin}/${info.permalinkBase}/${post.slug}/`;
}

export function postFields(post: Post, info: PostTypeInfo, view: View): PostItem {
  const link = permalink(post, info, view);
  const item: PostItem = {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restDate(instantOfLocal(post.date, view.zone)),
    guid: { rendered: link },
    modified: restDate(post.modified),
    modified_gmt: restDate(instantOfLocal(post.modified, view.zone)),
    slug: post.slug,
    status: post.status,
    type: info.type,
    link,
    title: { rendered: post.title },
    content: { rendered: post.content, protected: false },
    featured_media: post.featuredMedia,
    template: '',
  };
  if (!info.excerpt) return item;
  // Re-insert so `excerpt` sits between `content` and `featured_media`, as core orders it.
  const { featured_media, template, ...head } = item;
  return { ...head, excerpt: { rendered: post.excerpt, protected: false }, featured_media, template };
}

/** A taxonomy linked from a post: its name and its REST base (they differ for the bus plugin's). */
export interface TaxonomyLink {
  taxonomy: string;
  base: string;
}

export function postLinks(post: Post, info: PostTypeInfo, view: View, terms: readonly TaxonomyLink[] = []): Links {
  const links: Links = {
    self: [{ href: restUrl(view, `/wp/v2/${info.type}/${post.id}`) }],
    collection: [{ href: restUrl(view, `/wp/v2/${info.type}`) }],
    about: [{ href: restUrl(view, `/wp/v2/types/${info.type}`) }],
  };
  if (post.featuredMedia > 0) {
    links['wp:featuredmedia'] = [{ embeddable: true, href: restUrl(view, `/wp/v2/media/${post.featuredMedia}`) }];
  }
  links['wp:attachment'] = [{ href: restUrl(view, `/wp/v2/media?parent=${post.id}`) }];
  if (terms.length > 0) {
    links['wp:term'] = terms.map(({ taxonomy, base }) => ({
      taxonomy,
      embeddable: true,
      href: restUrl(view, `/wp/v2/${base}?post=${post.id}`),
    }));
  }
  links['curies'] = CURIES;
  return links;
}

/** `_embedded['wp:featuredmedia']` for a post with an image. */
export function featuredMediaEmbed(seed: Seed, post: Post, view: View): () => unknown {
  return () => {
    const media = seed.media.get(post.featuredMedia);
    return media ? [mediaItem(media, view)] : undefined;
  };
}
