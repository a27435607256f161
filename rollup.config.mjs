// Four outputs from one source tree:
//  1. npm ESM: one module per source file, Lit left as a bare import so apps share one copy.
//  2. CDN ESM: a small loader (ticketing-widgets.js) that loads each element's entry
//     (elements/<tag>.js) when its tag appears; entries share minified chunks (Lit, data layer).
//  3. CDN IIFE bundle: everything in one classic script, for CMSes that strip type="module".
//  4. Node build of src/server (the `ticketing-widgets` CLI): Node built-ins stay external.
import { readdirSync, realpathSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { templateMinifierOptions } from './test/tools/minify-templates.mjs';

const ts = (target = 'es2021') => esbuild({ target, tsconfig: 'tsconfig.json' });
/**
 * The `html` and `css` literals minified in place (test/tools/minify-templates.mjs, which the browser
 * tests use too): terser leaves template literals as written. Before esbuild, on the TypeScript source.
 */
const minifyTemplates = () => minifyHtmlLiterals({ include: ['src/**/*.ts'], failOnError: true, options: templateMinifierOptions });
/**
 * ASCII-only output (non-ASCII escaped as \uXXXX): a classic script served without a charset is
 * decoded in the page's encoding, so on a page without a UTF-8 declaration "90 – 350" would read
 * "90 â€“ 350". Escaped, the bundle reads the same in any encoding.
 * `pure_getters`: no getter here (ours, Lit's, DOMPurify's) changes anything a caller sees, so terser
 * may drop or reorder reads of properties; 54 B gzip off a page with every element. `hoist_funs`
 * moves function declarations to the top of their scope, where the language puts them anyway; the
 * chunks compress better so: 76 B off that page, 68 B off the list's.
 */
const minify = () => terser({ ecma: 2021, compress: { passes: 2, pure_getters: true, hoist_funs: true }, format: { comments: false, ascii_only: true } });
const external = [/^lit(\/|$)/, /^@lit\//, /^dompurify$/];
/**
 * The server imports src/api from the npm build's dist/api (the same relative layout), and never
 * re-emits it: a partial copy would overwrite the browser build's modules.
 */
function keepDataLayerExternal() {
  const apiDir = `${path.sep}src${path.sep}api${path.sep}`;
  return {
    name: 'keep-data-layer-external',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      if (!path.resolve(path.dirname(importer), source).includes(apiDir)) return null;
      return { id: source, external: 'absolute' };
    },
  };
}

/** `elements/<tag>` → the tag's registration module, one CDN entry per element folder. */
const elementEntries = Object.fromEntries(
  readdirSync('src/elements', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => [`elements/${name}`, `src/elements/${name}/${name}.ts`]),
);

/** Every module `roots` import statically, transitively, roots included. */
function staticModules(roots, getModuleInfo) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Small shared modules kept together by hand. Each group is below the minimum chunk size, and rollup
 * merged it into a neighbour that put code on pages that never run it (measured with every page,
 * tools/cdn-bytes.mjs):
 *  - `clock`: what the four elements that keep a clock (event list, bus list, route map, seat map)
 *    share and no other element uses: the site-zone reader, the wall clock, the announcer. Merged
 *    elsewhere they put event occurrences on each bus page (+0.6 KB) or the clock on the staff lists.
 *  - `task`: the data task and the Lit directive base it needs. Merged with the announcer they put
 *    clock code on the select pages.
 *  - `site-html`: the site-HTML renderer with its allow-list. Merged with the speaker reader (which
 *    the list's JSON-LD builder loads lazily) they put it on the list's page (0.6 KB).
 *  - `occurrences`: an event's dates and the sold-out rule, which the list's lazily loaded JSON-LD
 *    builder and .ics writer import too. Inside the list's own chunk they made rollup split the
 *    list's entry into a facade and a chunk (0.26 KB and one request more).
 *  - `adopt-styles`: what the lazily loaded parts (the list's month view, the bus list's board) use
 *    to add their styles. Only they import it, so it loads with them; merged into a chunk they share
 *    with first renders, it put code on pages that never load either part (0.15 KB on four pages).
 *  - `sanitize-html`: DOMPurify, loaded on first need. Pinned for its name, which tests look for:
 *    rollup names a chunk after one of its modules, and picked `index` once the escaping helpers
 *    moved in beside it.
 * Named by real path, as rollup names modules: `node_modules` may be a link (a git worktree's).
 */
const PINNED_CHUNKS = Object.entries({
  clock: ['src/api/site.ts', 'src/shared/site-zone.ts', 'src/shared/wall-clock.ts', 'src/shared/announcer.ts'],
  task: ['node_modules/@lit/task/task.js', 'src/shared/data-task.ts', 'node_modules/lit-html/directive.js', 'node_modules/lit-html/directive-helpers.js'],
  'site-html': ['src/shared/site-html.ts', 'src/api/html-policy.ts'],
  occurrences: ['src/api/occurrences.ts', 'src/api/tickets.ts'],
  'adopt-styles': ['src/shared/adopt-styles.ts'],
  'sanitize-html': ['src/api/sanitize-html.ts', 'src/api/text-escape.ts', 'node_modules/dompurify/dist/purify.es.mjs'],
}).flatMap(([chunk, files]) => files.map((file) => [realpathSync(file), chunk]));

/**
 * Chunks by hand; rollup places the rest.
 *  - `loader-shared`: the modules the loader shares with the other entries (config, the language
 *    loader). Left to the minimum chunk size below they would be merged with element code the loader
 *    does not need. What only the loader imports stays in it.
 *  - `common`: the modules every element imports (Lit, the base element, the data layer's core).
 *    Rollup would cut them into several chunks by which other entries share them, and every page
 *    loads them all anyway: one file compresses better and is one request.
 *  - PINNED_CHUNKS, above.
 */
function sharedChunks() {
  const loader = path.resolve('src/cdn/ticketing-widgets.ts');
  const pinned = new Map(PINNED_CHUNKS);
  let loaderShared;
  let common;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!loaderShared) {
      const entries = [...getModuleIds()].filter((module) => module !== loader && getModuleInfo(module)?.isEntry);
      const elsewhere = staticModules(entries, getModuleInfo);
      loaderShared = new Set([...staticModules([loader], getModuleInfo)].filter((module) => elsewhere.has(module)));
      const [first, ...others] = Object.values(elementEntries).map((entry) => staticModules([path.resolve(entry)], getModuleInfo));
      common = new Set([...first].filter((module) => others.every((graph) => graph.has(module))));
      const known = new Set(getModuleIds());
      const gone = [...pinned.keys()].filter((module) => !known.has(module));
      if (gone.length > 0) throw new Error(`PINNED_CHUNKS names modules the build no longer has: ${gone.join(', ')}`);
    }
    if (loaderShared.has(id)) return 'loader-shared';
    if (common.has(id)) return 'common';
    return pinned.get(id);
  };
}

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

// TW_BUILD=server builds only the Node CLI (handy while browser code is mid-edit).
const all = [
  {
    // Each public entry point is an input, so its module survives even when it only re-exports.
    input: ['src/index.ts', 'src/api/index.ts'],
    external,
    output: { dir: 'dist', format: 'es', sourcemap: true, preserveModules: true, preserveModulesRoot: 'src' },
    plugins: [minifyTemplates(), ts()],
  },
  {
    input: { 'ticketing-widgets': 'src/cdn/ticketing-widgets.ts', api: 'src/api/index.ts', ...elementEntries },
    // No `preserveEntrySignatures: 'allow-extension'`: it saves a request by letting chunks import
    // code from an element's entry, and a page that loads that entry under another URL (WordPress
    // adds `?ver=`) would then run a second copy of it. Entries are imported by the loader alone.
    output: {
      dir: 'dist/cdn',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      manualChunks: sharedChunks(),
      // Rollup gives every set of elements sharing code a chunk of its own, many under 1 KB, each
      // compressed on its own. Side-effect-free chunks below this size (bytes before minifying) are
      // merged where they load anyway. Chosen by measuring every one-element page and the
      // all-element page (gzip, tools/cdn-bytes.mjs) at sizes from 0 to 5 KB, `common` in place:
      // against no merging, at 1.2 KB the all-element page is 0.9 KB smaller, four one-element pages
      // (bus list, seat map, speakers, event list) 0.1-0.4 KB smaller, two the same, four (route map,
      // route select, category and organizer selects) 0.2 KB larger, and the build has 32 chunks, not
      // 37; larger values made pages load code they do not use.
      experimentalMinChunkSize: 1200,
    },
    plugins: [nodeResolve({ browser: true }), minifyTemplates(), ts(), minify()],
  },
  {
    input: 'src/index.ts',
    output: {
      file: 'dist/cdn/ticketing-widgets.iife.js',
      format: 'iife',
      name: 'TicketingWidgets',
      sourcemap: true,
      // One classic script cannot load chunks: German strings and DOMPurify come inline.
      inlineDynamicImports: true,
    },
    plugins: [nodeResolve({ browser: true }), minifyTemplates(), ts(), minify()],
  },
  {
    input: 'src/server/cli.ts',
    external: nodeBuiltins,
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      preserveModules: true,
      preserveModulesRoot: 'src',
      banner: (chunk) => (chunk.facadeModuleId?.endsWith('cli.ts') ? '#!/usr/bin/env node' : ''),
    },
    plugins: [keepDataLayerExternal(), esbuild({ target: 'node20', tsconfig: 'tsconfig.server.json' })],
  },
];

export default process.env.TW_BUILD === 'server' ? all.slice(3) : all;
