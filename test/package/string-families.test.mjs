// Each widget declares the English string families it shows (`englishFor(...)`), so a page loads only
// those. A key used by any module a widget runs but missing from its families would show
// "undefined": this test reads each widget's source graph and fails on such a key. What loads with
// the widget is checked against the component's families. A module it loads later by `import()` is
// checked, with all it loads, against the families that module declares itself (`<bus-list board>`:
// the board's strings arrive with the board's code) or, declaring none, against its importer's.
// Only imports that load code are followed: an `import type` runs nothing. It matches keys as whole
// words anywhere in the code, so it errs towards asking for a family too many.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DYNAMIC_IMPORT, SOURCE_VALUE_IMPORT } from '../tools/import-patterns.mjs';

const EN_DIR = 'src/shared/localize/en';

/** Family constant (`EVENTS_EN`) → its keys, read from `en/<family>.ts`. */
const families = new Map(
  readdirSync(EN_DIR)
    .filter((file) => file !== 'index.ts')
    .map((file) => {
      const source = readFileSync(path.join(EN_DIR, file), 'utf8');
      const name = source.match(/export const (\w+_EN) =/)[1];
      return [name, new Set([...source.matchAll(/^ {2}(\w+):/gm)].map(([, key]) => key))];
    }),
);
const allKeys = [...families.values()].flatMap((keys) => [...keys]);

/** The keys of COMMON_EN and of the families an `englishFor(...)` call names (its argument list). */
function keysOf(argumentList) {
  const own = new Set(families.get('COMMON_EN'));
  for (const name of argumentList
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    assert.ok(families.has(name), `${name} is a string family`);
    for (const key of families.get(name)) own.add(key);
  }
  return own;
}

/** `root` and the modules it loads with it, and the targets of the `import()` calls among them. */
function loadedWith(root) {
  const files = new Set();
  const later = new Set();
  const visit = (file) => {
    if (files.has(file) || !existsSync(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const resolve = (specifier) => path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
    for (const [, specifier] of source.matchAll(SOURCE_VALUE_IMPORT)) visit(resolve(specifier));
    for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) later.add(resolve(specifier));
  };
  visit(root);
  return { files, later };
}

const TAGS = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

for (const tag of TAGS) {
  test(`<${tag}> declares every string family its code uses`, () => {
    const component = readFileSync(`src/elements/${tag}/${tag}.component.ts`, 'utf8');
    const declared = component.match(/static override english = englishFor\(([^)]*)\)/);
    assert.ok(declared, `${tag}.component.ts declares its English families`);
    const checked = new Set();
    const check = (root, own, what) => {
      const { files, later } = loadedWith(root);
      const code = [...files].filter((file) => !file.includes('/localize/')).map((file) => readFileSync(file, 'utf8'));
      const missing = allKeys.filter((key) => !own.has(key) && code.some((text) => new RegExp(`\\b${key}\\b`).test(text)));
      assert.deepEqual(missing, [], `${what} uses strings outside its families`);
      for (const file of later) {
        if (checked.has(file) || !existsSync(file)) continue;
        checked.add(file);
        const brought = readFileSync(file, 'utf8').match(/\benglishFor\(([^)]*)\)/);
        check(file, brought ? keysOf(brought[1]) : own, `${what}, once it has loaded ${file}`);
      }
    };
    check(`src/elements/${tag}/${tag}.ts`, keysOf(declared[1]), `<${tag}>`);
  });
}
