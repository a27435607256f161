// Byte figures of the built JavaScript, shared by the budget test and `npm run bench`: gzip
// (level 9) sizes of what a page or an app must download before an element can run. Deterministic:
// the same build gives the same numbers on any machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { STATIC_IMPORT } from './import-patterns.mjs';

export const CDN_DIR = 'dist/cdn';
export const LOADER = `${CDN_DIR}/ticketing-widgets.js`;

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** `file` and every module it imports statically, transitively: what loads before it runs. */
export function staticGraph(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const imported = [...source.matchAll(STATIC_IMPORT)].map(([, specifier]) => path.join(path.dirname(file), specifier));
    staticGraph(imported, seen);
  }
  return seen;
}

/** Sum of the files' gzip sizes, each compressed on its own as a server sends it. */
export function gzipTotal(files) {
  let total = 0;
  for (const file of files) total += gzipBytes(readFileSync(file));
  return total;
}

export const elementEntry = (tag) => `${CDN_DIR}/elements/${tag}.js`;

/** The loader and the static graphs of these elements' entries: a CDN page showing only them. */
export function cdnPageFiles(tags) {
  return staticGraph([LOADER, ...tags.map(elementEntry)]);
}

/**
 * What an app bundles for one npm entry (esbuild, minified, code-split as app bundlers do): the
 * entry chunk and its static imports, Lit included; chunks loaded later by `import()` (German
 * strings, DOMPurify) left out.
 */
export async function appEntryBytes(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const contents = new Map(result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.contents]));
  const entryOut = Object.keys(outputs).find((key) => outputs[key].entryPoint);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of outputs[key].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entryOut);
  let total = 0;
  for (const key of seen) total += gzipBytes(contents.get(key));
  return total;
}
