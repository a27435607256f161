/** The CDN build's module graph, read the way a browser reads it: from the served files. */
import { DYNAMIC_IMPORT, STATIC_IMPORT } from '../tools/import-patterns.mjs';

/**
 * Every module `entry` loads before it runs (its static imports, transitively), as absolute paths;
 * with `dynamic`, also everything it may load later through `import()`.
 */
export async function moduleGraph(entries: string[], options: { dynamic?: boolean } = {}): Promise<Set<string>> {
  const seen = new Set<string>();
  const visit = async (path: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const source = await (await fetch(path)).text();
    const specifiers = [...source.matchAll(STATIC_IMPORT)];
    if (options.dynamic) specifiers.push(...source.matchAll(DYNAMIC_IMPORT));
    for (const [, specifier] of specifiers) await visit(new URL(specifier!, new URL(path, location.href)).pathname);
  };
  for (const entry of entries) await visit(entry);
  return seen;
}
