// Each widget declares the English string families it shows (`englishFor(...)`), so a page loads only
// those. A key used by any module a widget imports but missing from its families would show
// "undefined": this test reads each widget's source graph and fails on such a key. It matches keys
// as whole words anywhere in the code, so it errs towards asking for a family too many.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ANY_SOURCE_IMPORT as IMPORT } from '../tools/import-patterns.mjs';

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

function sourceGraph(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) sourceGraph(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
  return seen;
}

const TAGS = readdirSync('src/elements', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

for (const tag of TAGS) {
  test(`<${tag}> declares every string family its code uses`, () => {
    const component = readFileSync(`src/elements/${tag}/${tag}.component.ts`, 'utf8');
    const declared = component.match(/static override english = englishFor\(([^)]*)\)/);
    assert.ok(declared, `${tag}.component.ts declares its English families`);
    const own = new Set(families.get('COMMON_EN'));
    for (const name of declared[1]
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      assert.ok(families.has(name), `${name} is a string family`);
      for (const key of families.get(name)) own.add(key);
    }
    const code = [...sourceGraph(`src/elements/${tag}/${tag}.ts`)].filter((file) => !file.includes('/localize/')).map((file) => readFileSync(file, 'utf8'));
    const missing = allKeys.filter((key) => !own.has(key) && code.some((text) => new RegExp(`\\b${key}\\b`).test(text)));
    assert.deepEqual(missing, [], `<${tag}> uses strings outside its families`);
  });
}
