// The README's element reference is generated from the manifest; this keeps the two in step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { updatedReadme } from '../tools/readme-elements.mjs';

test('README element reference matches custom-elements.json (run `npm run docs` after changing an element)', () => {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const readme = readFileSync('README.md', 'utf8');
  assert.equal(updatedReadme(readme, manifest), readme);
});

test('every element documents its attributes, events, parts and custom properties', () => {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
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
