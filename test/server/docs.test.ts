// The README's element reference is generated from the manifest; this keeps the two in step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { updatedReadme } from '../tools/readme-elements.mjs';

/** What this test reads of custom-elements.json. */
interface Manifest {
  modules: Array<{ declarations?: Declaration[] }>;
}
interface Declaration {
  customElement?: boolean;
  tagName?: string;
  summary?: string;
  attributes?: Array<{ name: string; description?: string }>;
  events?: Array<{ name: string; description?: string }>;
  cssParts?: unknown[];
  cssProperties?: unknown[];
}
const readManifest = (): Manifest => JSON.parse(readFileSync('custom-elements.json', 'utf8'));

test('README element reference matches custom-elements.json (run `npm run docs` after changing an element)', () => {
  const manifest = readManifest();
  const readme = readFileSync('README.md', 'utf8');
  assert.equal(updatedReadme(readme, manifest), readme);
});

test('every element documents its attributes, events, parts and custom properties', () => {
  const manifest = readManifest();
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
  assert.ok(elements.length > 0);
  for (const element of elements) {
    assert.ok(element.summary, `${element.tagName} has a @summary`);
    for (const attribute of element.attributes ?? []) assert.ok(attribute.description, `${element.tagName}[${attribute.name}] is documented`);
    assert.ok((element.cssParts ?? []).length > 0, `${element.tagName} documents its parts`);
    assert.ok((element.cssProperties ?? []).length > 0, `${element.tagName} documents its custom properties`);
    for (const event of element.events ?? []) assert.ok(event.description, `${element.tagName} @event ${event.name} is documented`);
  }
});
