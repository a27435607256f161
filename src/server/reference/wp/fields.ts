/**
 * `_fields` and `_embed`, as core's rest_filter_response_fields() and rest_parse_embed_param() read them.
 */

export type FieldTree = { [key: string]: true | FieldTree };

/** `_fields=id,title.rendered` → {id: true, title: {rendered: true}}; null when no filter applies. */
export function parseFields(raw: string | undefined): FieldTree | null {
  if (raw === undefined) return null;
  const names = raw.split(/[\s,]+/).filter((name) => name !== '');
  if (names.length === 0) return null;
  const tree: FieldTree = {};
  for (const name of names) {
    const parts = name.split('.');
    let node: FieldTree = tree;
    let skipped = false;
    while (parts.length > 1) {
      const next = parts.shift() as string;
      const existing = node[next];
      if (existing === true) {
        skipped = true; // the parent is already included whole
        break;
      }
      node = node[next] = existing ?? {};
    }
    if (!skipped) node[parts[0] as string] = true;
  }
  return tree;
}

/** Whether a top-level field survives the filter (lets handlers skip computing it). */
export function wantsField(tree: FieldTree | null, name: string): boolean {
  return tree === null || name in tree;
}

export function pickFields(value: unknown, tree: FieldTree): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const rule = tree[key];
    if (rule === undefined) continue;
    result[key] = rule === true ? item : pickFields(item, rule);
  }
  return result;
}

/** `_embed` / `_embed=1` → every rel; `_embed=wp:term,author` → those rels; absent → none. */
export function parseEmbed(raw: string | undefined): ((rel: string) => boolean) | null {
  if (raw === undefined) return null;
  const rels = raw.split(/[\s,]+/).filter((rel) => rel !== '');
  if (rels.length === 0 || raw === '1' || raw === 'true') return () => true;
  return (rel) => rels.includes(rel);
}
