import { pickFields, wantsField } from '../wp/fields.js';
import type { Links, View } from './context.js';

/**
 * The last steps core applies to an item: `_links` (only when `_fields` asks for them or for
 * `_embedded`, as since WP 5.x), `_embedded` for the requested embeddable rels, then `_fields`.
 * Embeds are thunks so nothing is computed that the request did not ask for.
 */
export function present(data: object, links: Links, view: View, embeds: Record<string, () => unknown> = {}): Record<string, unknown> {
  const item: Record<string, unknown> = { ...data };
  const withLinks = view.fields === null || wantsField(view.fields, '_links') || wantsField(view.fields, '_embedded');
  if (withLinks) {
    item['_links'] = links;
    if (view.embed) {
      const embedded: Record<string, unknown> = {};
      for (const [rel, build] of Object.entries(embeds)) {
        if (!view.embed(rel) || !(rel in links)) continue;
        const value = build();
        if (value !== undefined) embedded[rel] = value;
      }
      if (Object.keys(embedded).length > 0) item['_embedded'] = embedded;
    }
  }
  return view.fields ? (pickFields(item, view.fields) as Record<string, unknown>) : item;
}
