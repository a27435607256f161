// The build's CSS minifier (test/tools/minify-css.mjs) takes out whitespace and comments and nothing
// else: on every style sheet of the source, a CSS parser reads the same rules before and after, and
// the fallbacks the sheets write on purpose survive. The CDN build ships no CSS comment.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { transform } from 'lightningcss';
import { minifyCss } from '../tools/minify-css.mjs';
import { shipsToBrowsers } from '../tools/minify-templates.mjs';
import { CDN_DIR } from '../tools/cdn-bytes.mjs';

/** Every `css` template literal of src/, as written (no literal of ours has an expression). */
function sourceSheets() {
  const files = readdirSync('src', { recursive: true }).filter(shipsToBrowsers);
  return files.flatMap((file) =>
    [...readFileSync(path.join('src', file), 'utf8').matchAll(/\bcss`([^`]*)`/g)].map(([, text]) => ({ file, text: String.raw({ raw: [text] }) })),
  );
}

/**
 * The rules as a parser reads them, printed the same way whatever the input's layout. Values with a
 * `var()` keep their tokens as written, spacing included, so the print's own spacing is evened out.
 */
const parsed = (css) => minifyCss(transform({ filename: 'sheet.css', code: Buffer.from(css), minify: false, errorRecovery: false }).code.toString());

test('whitespace and comments go; strings, fallbacks and meaningful spaces stay', () => {
  assert.equal(minifyCss('a  >  b , c {\n  color : red ;\n  /* why */ margin:0 ;\n}\n'), 'a>b,c{color :red;margin:0}');
  assert.equal(minifyCss('.a :hover { x: 1 }'), '.a :hover{x:1}', 'a descendant pseudo-class keeps its space');
  assert.equal(minifyCss(".t::after { content: ' \\\\25BE  /* not a comment */' / ''; }"), ".t::after{content:' \\\\25BE  /* not a comment */' / ''}");
  assert.equal(minifyCss('.s { overflow: hidden; overflow: clip; }'), '.s{overflow:hidden;overflow:clip}');
  assert.equal(minifyCss('.x { inset: calc(var(--s) / -2) calc(1px + 2px); }'), '.x{inset:calc(var(--s) / -2) calc(1px + 2px)}');
  assert.equal(minifyCss('@media (forced-colors: active) {\n  :host { --_a: LinkText; }\n}'), '@media (forced-colors:active){:host{--_a:LinkText}}');
  assert.equal(minifyCss('a { content: "it\\"s" }'), 'a{content:"it\\"s"}');
});

test('every style sheet of the source reads the same to a CSS parser before and after', () => {
  const sheets = sourceSheets();
  assert.ok(sheets.length >= 14, `found ${sheets.length} css literals`);
  for (const { file, text } of sheets) {
    const minified = minifyCss(text);
    assert.ok(minified.length < text.length, `${file}: smaller`);
    assert.equal(parsed(minified), parsed(text), `${file}: the same rules`);
    assert.equal(minifyCss(minified), minified, `${file}: minifying twice changes nothing`);
  }
});

test('the CDN build ships the styles minified', () => {
  const files = readdirSync(CDN_DIR, { recursive: true }).filter((file) => file.endsWith('.js'));
  const shipped = files.map((file) => readFileSync(path.join(CDN_DIR, file), 'utf8')).join('\n');
  // A comment and a rule of the seat map's sheet, as written in the source and as built.
  assert.doesNotMatch(shipped, /A seat's shape/);
  assert.match(shipped, /overflow:hidden;overflow:clip/);
});
