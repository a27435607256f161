// The elements of custom-elements.json in the shape every integration generator needs. The manifest
// is the single source: framework types, wrappers and editor data are derived from it at build time.

/** Names used in event types that are not ours to import (DOM globals). */
const GLOBAL_TYPES = new Set(['Event', 'CustomEvent', 'HTMLElement', 'FocusEvent', 'KeyboardEvent', 'MouseEvent']);

/** `page-change` → `PageChange` */
export const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

/** Every type name in a TypeScript type text (`CustomEvent<PageChangeDetail>` → [CustomEvent, PageChangeDetail]). */
const typeNames = (text) => [...String(text ?? '').matchAll(/\b[A-Z][A-Za-z0-9_]*\b/g)].map((m) => m[0]);

/**
 * @returns {Array<{ tag: string, className: string, module: string, summary: string,
 *   attributes: Array<{ name: string, fieldName?: string, type: string, description: string }>,
 *   properties: Array<{ name: string, type: string, description: string }>,
 *   events: Array<{ name: string, type: string, description: string }>,
 *   slots: Array<{ name: string, description: string }>, cssParts: Array<{ name: string, description: string }>,
 *   cssProperties: Array<{ name: string, description: string }>, imports: string[] }>}
 *   `module` is the published registration module (`dist/elements/x/x.js`), `imports` the type names
 *   its event types need from it.
 */
export function elementsOf(manifest) {
  const declarations = new Map();
  for (const mod of manifest.modules) for (const d of mod.declarations ?? []) declarations.set(`${mod.path}#${d.name}`, d);
  const elements = [];
  for (const mod of manifest.modules) {
    for (const definition of mod.exports ?? []) {
      if (definition.kind !== 'custom-element-definition') continue;
      const d = declarations.get(`${definition.declaration.module}#${definition.declaration.name}`);
      if (!d) throw new Error(`custom-elements.json: no declaration ${definition.declaration.name} for <${definition.name}>`);
      const events = (d.events ?? []).filter((e) => e.name).map((e) => ({ name: e.name, type: e.type?.text ?? 'Event', description: e.description ?? '' }));
      const properties = (d.members ?? [])
        .filter((m) => m.kind === 'field' && !m.static && !m.readonly && (m.privacy ?? 'public') === 'public')
        .map((m) => ({ name: m.name, type: m.type?.text ?? 'unknown', description: m.description ?? '' }));
      elements.push({
        tag: definition.name,
        className: d.name,
        module: mod.path,
        summary: d.summary ?? d.description ?? '',
        attributes: (d.attributes ?? []).map((a) => ({
          name: a.name,
          fieldName: a.fieldName,
          type: a.type?.text ?? 'string',
          description: a.description ?? '',
        })),
        properties,
        events,
        slots: (d.slots ?? []).map((s) => ({ name: s.name ?? '', description: s.description ?? '' })),
        cssParts: (d.cssParts ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
        cssProperties: (d.cssProperties ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
        imports: [...new Set(events.flatMap((e) => typeNames(e.type)).filter((n) => !GLOBAL_TYPES.has(n)))],
      });
    }
  }
  if (elements.length === 0) throw new Error('custom-elements.json defines no elements');
  return elements.sort((a, b) => a.tag.localeCompare(b.tag));
}

/** An import specifier from a file in `fromDir` (relative to the package root) to a published module. */
export function relativeModule(fromDir, module) {
  // Both live under dist/: only the folders below it count.
  const depth = fromDir.split('/').filter(Boolean).length - 1;
  return `${'../'.repeat(depth) || './'}${module.replace(/^dist\//, '')}`;
}

/** The type-only imports of every element (class and event detail types) for a d.ts in `fromDir`. */
export function typeImports(elements, fromDir, classAlias = (name) => name) {
  // A detail type several elements share (PageChangeDetail) is imported once.
  const seen = new Set();
  return elements
    .map((el) => {
      const alias = classAlias(el.className);
      const names = [alias === el.className ? el.className : `${el.className} as ${alias}`, ...el.imports.filter((name) => !seen.has(name) && seen.add(name))];
      return `import type { ${names.join(', ')} } from '${relativeModule(fromDir, el.module)}';`;
    })
    .join('\n');
}

/** ` * text` JSDoc lines. */
export const jsdoc = (text, indent = '') => (text ? `${indent}/** ${String(text).replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '');

/** The public writable properties of an element as a `Pick` of its class. */
export function propertyPick(el) {
  return el.properties.length ? `Partial<Pick<${el.className}, ${el.properties.map((p) => `'${p.name}'`).join(' | ')}>>` : '{}';
}

/**
 * Attributes spelled differently from their property (`per-page` for `perPage`, `nonce` for
 * `restNonce`, `for` for `htmlFor`), typed loosely as attribute values.
 */
export function dashedAttributes(el) {
  return el.attributes
    .filter((a) => a.name.includes('-') || (a.fieldName !== undefined && a.fieldName !== a.name))
    .map((a) => {
      const type = /\bboolean\b/.test(a.type) ? 'boolean | string' : /\bnumber\b/.test(a.type) ? 'number | string' : 'string';
      return { name: a.name, fieldName: a.fieldName, type, description: a.description };
    });
}
