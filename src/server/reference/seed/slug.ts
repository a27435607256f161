/** Entities texturize leaves in titles, mapped back to what sanitize_title() sees. */
const ENTITIES: Record<string, string> = {
  '&#038;': '&',
  '&amp;': '&',
  '&#8211;': '-',
  '&#8212;': '-',
  '&#8217;': '',
  '&#8216;': '',
  '&#8220;': '',
  '&#8221;': '',
};

/** sanitize_title() for our seed: tags and entities dropped, accents removed, dashes between words. */
export function slugify(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .replace(/&#?\w+;/g, (entity) => ENTITIES[entity] ?? '')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Slugs unique per post type, suffixed -2, -3 … as wp_unique_post_slug() does. */
export function uniqueSlugger(): (title: string) => string {
  const used = new Set<string>();
  return (title) => {
    const base = slugify(title) || 'untitled';
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

/** Plain text of a rendered title (tags dropped, texturize entities decoded), for alt text and labels. */
export function plainText(rendered: string): string {
  return rendered
    .replace(/<[^>]*>/g, '')
    .replace(/&#038;|&amp;/g, '&')
    .replace(/&#8211;/g, '\u2013')
    .replace(/&#8217;/g, '\u2019')
    .replace(/&#8220;/g, '\u201c')
    .replace(/&#8221;/g, '\u201d');
}
