// The CDN build's chunks import chunks only, never an entry (the loader, api.js, an element's
// entry): a page may load an entry under another URL (WordPress adds `?ver=`), and a chunk that
// imported it by its plain path would run a second copy of it, registering nothing twice but
// downloading it again. Entries are imported by the loader alone.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CDN_DIR } from '../tools/cdn-bytes.mjs';
import { DYNAMIC_IMPORT, STATIC_IMPORT } from '../tools/import-patterns.mjs';

const CHUNKS = path.join(CDN_DIR, 'chunks');

test('no CDN chunk imports an entry, statically or with import()', () => {
  const chunks = readdirSync(CHUNKS).filter((file) => file.endsWith('.js'));
  assert.ok(chunks.length > 0, 'the CDN build has chunks');
  for (const chunk of chunks) {
    const source = readFileSync(path.join(CHUNKS, chunk), 'utf8');
    for (const [, specifier] of [...source.matchAll(STATIC_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]) {
      const target = path.relative(CDN_DIR, path.join(CHUNKS, specifier));
      assert.match(target, /^chunks\//, `${chunk} imports ${specifier}, an entry`);
    }
  }
});
