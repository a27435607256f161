import type { SiteZone } from '../../../api/site-time.js';
import type { FieldTree } from '../wp/fields.js';

/** What turning a record into JSON depends on: the origin links point at, and `_fields` / `_embed`. */
export interface View {
  origin: string;
  /** The site's time zone, for `*_gmt` fields. */
  zone: SiteZone;
  fields: FieldTree | null;
  embed: ((rel: string) => boolean) | null;
}

export type Links = Record<string, Array<Record<string, unknown>>>;

export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

export function restUrl(view: Pick<View, 'origin'>, route: string): string {
  return `${view.origin}/wp-json${route}`;
}

export function uploadsUrl(view: Pick<View, 'origin'>, file: string): string {
  return `${view.origin}/wp-content/uploads/${file}`;
}
