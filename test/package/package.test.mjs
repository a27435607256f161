// What `npm pack` ships, as bundlers, Node and manifest tools meet it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { definitions, installPacked, ROOT } from './packed.mjs';

let packed;
before(() => {
  packed = installPacked();
});
after(() => packed?.cleanup());

/** Tags registered by an esbuild bundle of `source` (unminified: `defineElement("tag", …)` calls). */
async function bundledTags(source) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: packed.app, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  return { tags: [...text.matchAll(/defineElement\("([a-z-]+)"/g)].map((m) => m[1]).sort(), bytes: text.length };
}

describe('the packed npm package', () => {
  test('custom-elements.json describes the published files: dist paths, one definition per tag, typed events', () => {
    const defs = definitions(packed.manifest);
    assert.deepEqual(defs.map((d) => d.tag).sort(), [
      'bus-list',
      'bus-passenger-list',
      'bus-route-map',
      'bus-route-select',
      'bus-seat-map',
      'event-attendee-list',
      'event-category-select',
      'event-list',
      'event-organizer-select',
      'event-speaker-list',
    ]);
    for (const mod of packed.manifest.modules) {
      assert.match(mod.path, /^dist\/.+\.js$/, mod.path);
      assert.ok(packed.files.includes(mod.path), `${mod.path} is in the tarball`);
    }
    for (const def of defs) {
      assert.equal(def.module, `dist/elements/${def.tag}/${def.tag}.js`);
      assert.ok(packed.files.includes(def.declaration.module), def.declaration.module);
      const declaration = packed.manifest.modules.find((m) => m.path === def.declaration.module).declarations.find((d) => d.name === def.declaration.name);
      assert.equal(declaration.tagName, def.tag);
      for (const event of declaration.events ?? []) assert.ok(event.type?.text, `${def.tag} ${event.name} has a type`);
    }
    const pageChange = definitions(packed.manifest).find((d) => d.tag === 'event-list');
    const list = packed.manifest.modules.find((m) => m.path === pageChange.declaration.module).declarations[0];
    assert.deepEqual(
      list.events.map((e) => [e.name, e.type.text]),
      [
        ['event-select', 'CustomEvent<EventSelectDetail>'],
        ['page-change', 'CustomEvent<PageChangeDetail>'],
        ['search-change', 'CustomEvent<SearchChangeDetail>'],
        ['month-change', 'CustomEvent<MonthChangeDetail>'],
      ],
    );
  });

  test('every module reference in custom-elements.json (superclasses, re-exports) is a file of the tarball', () => {
    const references = [];
    const walk = (value) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if ((key === 'module' || key === 'path') && typeof inner === 'string') references.push(inner);
          else walk(inner);
        }
    };
    walk(packed.manifest.modules);
    const ours = references.filter((reference) => !/^(lit|@lit)/.test(reference));
    assert.ok(
      ours.some((reference) => reference === 'dist/shared/tw-element.js'),
      'a superclass reference is among them',
    );
    for (const reference of new Set(ours)) assert.ok(packed.files.includes(reference), `${reference} is in the tarball`);
    assert.ok(!packed.files.some((file) => file.endsWith('.d.ts.map')), 'no declaration maps pointing at sources the tarball does not have');
  });

  test('framework types: Svelte and Vue handlers of change/input carry our event (detail, the element as target), and attributes named unlike their property are typed', () => {
    const svelte = readFileSync(path.join(packed.pkgDir, packed.pkg.exports['./svelte'].types), 'utf8');
    const vue = readFileSync(path.join(packed.pkgDir, packed.pkg.exports['./vue'].types), 'utf8');
    const jsx = readFileSync(path.join(packed.pkgDir, packed.pkg.exports['./react-jsx'].types), 'utf8');
    // Svelte's own onchange (a union with a plain Event) is left out; ours types currentTarget.
    assert.match(svelte, /'bus-route-select': Omit<HTMLAttributes<BusRouteSelect>, [^>]*'onchange'/);
    assert.match(svelte, /'onchange'\?: \(event: CustomEvent<RouteChangeDetail> & \{ currentTarget: EventTarget & BusRouteSelect \}\)/);
    assert.match(vue, /onChange\?: \(event: CustomEvent<RouteChangeDetail> & \{ target: BusRouteSelect \}\) => void/);
    assert.match(vue, /\$props: Omit<HTMLAttributes, Own>/);
    for (const types of [svelte, vue, jsx]) {
      assert.match(types, /'nonce'\?: string/, 'nonce (restNonce)');
      assert.match(types, /'for'\?: string/, 'for (htmlFor)');
    }
    assert.doesNotMatch(vue, /'per-page'/, 'Vue maps per-page to perPage itself: typed as the property, a number');
  });

  test('exports: the root, the data layer, one entry per tag with its types, React wrappers (all, and one per tag) and framework types', () => {
    const { exports } = packed.pkg;
    for (const { tag } of definitions(packed.manifest)) {
      const entry = exports[`./${tag}.js`];
      assert.ok(entry, `./${tag}.js is exported`);
      assert.ok(existsSync(path.join(packed.pkgDir, entry.default)) && existsSync(path.join(packed.pkgDir, entry.types)), tag);
    }
    for (const key of ['.', './api.js', './react']) {
      assert.ok(existsSync(path.join(packed.pkgDir, exports[key].default)) && existsSync(path.join(packed.pkgDir, exports[key].types)), key);
    }
    for (const key of ['./react-jsx', './vue', './svelte']) assert.ok(existsSync(path.join(packed.pkgDir, exports[key].types)), key);
    for (const { tag } of definitions(packed.manifest))
      for (const file of [exports['./react/*.js'].default, exports['./react/*.js'].types])
        assert.ok(existsSync(path.join(packed.pkgDir, file.replace('*', tag))), `ticketing-widgets/react/${tag}.js: ${file}`);
    assert.ok(existsSync(path.join(packed.pkgDir, packed.pkg['web-types'])));
    assert.ok(existsSync(path.join(packed.pkgDir, exports['./vscode.html-custom-data.json'])));
    assert.deepEqual(packed.pkg.peerDependenciesMeta?.react, { optional: true });
  });

  test('sideEffects names every module that registers an element, and nothing is missing from the tarball', () => {
    const sideEffects = new Set(packed.pkg.sideEffects);
    for (const { module } of definitions(packed.manifest)) assert.ok(sideEffects.has(`./${module}`), `${module} is listed in sideEffects`);
    for (const file of packed.pkg.sideEffects.filter((f) => !f.includes('*'))) assert.ok(packed.files.includes(file.slice(2)), file);
  });

  test('the CDN loader knows every element (a tag missing there never loads from the CDN)', () => {
    const tags = readFileSync(path.join(ROOT, 'src/cdn/element-tags.ts'), 'utf8');
    for (const { tag } of definitions(packed.manifest)) assert.match(tags, new RegExp(`^  '${tag}',$`, 'm'), tag);
  });

  test('the CDN files are ASCII-only, so a page in any encoding reads their text right', () => {
    const files = packed.files.filter((file) => /^dist\/cdn\/.+\.js$/.test(file));
    for (const entry of ['dist/cdn/ticketing-widgets.js', 'dist/cdn/ticketing-widgets.iife.js', 'dist/cdn/api.js']) assert.ok(files.includes(entry), entry);
    for (const { tag } of definitions(packed.manifest)) assert.ok(files.includes(`dist/cdn/elements/${tag}.js`), `the ${tag} entry`);
    let escaped = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(packed.pkgDir, file));
      const offset = bytes.findIndex((byte) => byte > 0x7f);
      assert.equal(offset, -1, `${file}: a non-ASCII byte at offset ${offset}`);
      if (bytes.toString('latin1').includes('\\u2013')) escaped++;
    }
    // The text is still there, escaped: the en dash of a price range, for one (IIFE and strings chunk).
    assert.ok(escaped >= 2, 'the strings keep their en dash, escaped');
  });

  test("esbuild: import 'ticketing-widgets' registers every element; a per-element import registers only its own", async () => {
    const all = await bundledTags("import 'ticketing-widgets';");
    assert.equal(all.tags.length, 10, `the root registers ten elements: ${all.tags.join(', ')}`);
    assert.deepEqual(
      all.tags,
      definitions(packed.manifest)
        .map((d) => d.tag)
        .sort(),
    );
    for (const { tag } of definitions(packed.manifest)) {
      const one = await bundledTags(`import 'ticketing-widgets/${tag}.js';`);
      assert.deepEqual(one.tags, [tag], `ticketing-widgets/${tag}.js`);
      assert.ok(one.bytes < all.bytes, `${tag} alone is smaller than everything`);
    }
    const named = await bundledTags("import { EventList } from 'ticketing-widgets/event-list.js'; console.log(EventList);");
    assert.deepEqual(named.tags, ['event-list']);
  });

  test('esbuild: a React wrapper from ticketing-widgets/react brings its own element only, as its per-element entry does', async () => {
    for (const { tag } of definitions(packed.manifest)) {
      const name = packed.manifest.modules.flatMap((mod) => mod.declarations ?? []).find((d) => d.tagName === tag).name;
      const fromIndex = await bundledTags(`import { ${name} } from 'ticketing-widgets/react'; console.log(${name});`);
      assert.deepEqual(fromIndex.tags, [tag], `{ ${name} } from ticketing-widgets/react`);
      const own = await bundledTags(`import { ${name} } from 'ticketing-widgets/react/${tag}.js'; console.log(${name});`);
      assert.deepEqual(own.tags, [tag], `ticketing-widgets/react/${tag}.js`);
    }
  });

  test('Node imports the root, the data layer, every element entry and the React wrappers (all, and each alone) without throwing', () => {
    const entries = [
      'ticketing-widgets',
      'ticketing-widgets/api.js',
      'ticketing-widgets/react',
      ...definitions(packed.manifest).map((d) => `ticketing-widgets/${d.tag}.js`),
      ...definitions(packed.manifest).map((d) => `ticketing-widgets/react/${d.tag}.js`),
    ];
    const script = path.join(packed.app, 'import-all.mjs');
    writeFileSync(
      script,
      `for (const entry of ${JSON.stringify(entries)}) {
        const mod = await import(entry);
        if (Object.keys(mod).length === 0) throw new Error(entry + ' exports nothing');
      }
      const { listEvents, ApiClient } = await import('ticketing-widgets/api.js');
      if (typeof listEvents !== 'function' || typeof ApiClient !== 'function') throw new Error('data layer');
      console.log('imported ${entries.length} entries');`,
    );
    const out = execFileSync(process.execPath, [script], { cwd: packed.app, encoding: 'utf8' });
    assert.match(out, new RegExp(`imported ${entries.length} entries`));
  });
});
