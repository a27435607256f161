// The templates' minifier (test/tools/minify-templates.mjs, used by the build and the browser tests)
// changes whitespace, quoting and entity spelling, nothing else, and never glues two words: on every
// `html` literal of the browser source, the minified template spells the same markup, and wherever
// the source had space between two characters that are not a tag's brackets, one space is left.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLiterals } from '@lit-labs/rollup-plugin-minify-html-literals/lib/parse-literals.js';
import { minifyTemplates, shipsToBrowsers } from '../tools/minify-templates.mjs';
import { decodeEntities } from '../../src/api/text.ts';

const EXPRESSION = '\u0000';

/** The `html` literals of a module, each as its strings joined by a marker for the expressions. */
const htmlTemplates = (code, fileName) =>
  parseLiterals(code, { fileName })
    .filter((template) => template.tag === 'html')
    .map((template) => template.parts.map((part) => part.text).join(EXPRESSION));

/** One template's markup and its spaces: each visible character and whether space came before it. */
function spelled(template) {
  const text = decodeEntities(template).replaceAll('"', '').replaceAll('/>', '>');
  const chars = [];
  let space = false;
  for (const char of text) {
    if (/\s/.test(char)) space = true;
    else {
      chars.push({ char, space });
      space = false;
    }
  }
  return { chars, trailing: space };
}

const minifiedTemplate = async (source) => (await minifyTemplates(`html\`${source}\`;`, 'x.ts'))?.code.slice(5, -2) ?? source;

test('the space a nested template starts or ends with on purpose stays; layout whitespace goes', async () => {
  assert.equal(await minifiedTemplate(' &mdash; ${name}'), ' &mdash; ${name}');
  assert.equal(await minifiedTemplate('${a} '), '${a} ');
  assert.equal(await minifiedTemplate('\n  <li>\n    <article>${x}</article>\n  </li>\n'), '<li><article>${x}</article></li>');
  assert.equal(await minifiedTemplate('<p>${a} ${b}</p>'), '<p>${a} ${b}</p>');
  assert.equal(await minifiedTemplate('<span>a</span> <span>b</span>'), '<span>a</span> <span>b</span>');
  assert.equal(await minifiedTemplate('<img alt="" src=${s} />'), '<img alt="" src="${s}">', 'an empty alt stays');
});

test('every html template of the browser source keeps its markup and every space between words', async () => {
  const files = readdirSync('src', { recursive: true }).filter(shipsToBrowsers);
  let templates = 0;
  for (const file of files) {
    const source = readFileSync(path.join('src', file), 'utf8');
    const before = htmlTemplates(source, file);
    if (before.length === 0) continue;
    const after = htmlTemplates((await minifyTemplates(source, file))?.code ?? source, file);
    assert.equal(after.length, before.length, `${file}: as many templates after as before`);
    before.forEach((template, i) => {
      templates++;
      const was = spelled(template);
      const is = spelled(after[i]);
      const where = `${file}, template ${i + 1}: ${template.replaceAll(EXPRESSION, '${…}').replace(/\s+/g, ' ').slice(0, 80)}`;
      assert.equal(is.chars.map((c) => c.char).join(''), was.chars.map((c) => c.char).join(''), `${where}: same markup`);
      was.chars.forEach(({ char, space }, at) => {
        const previous = was.chars[at - 1]?.char;
        // Next to a tag's bracket whitespace is the minifier's to judge (block or inline); between two
        // other characters (words, expressions) it is a space in the text.
        if (!space || at === 0 || previous === '>' || char === '<' || char === '>') return;
        assert.ok(is.chars[at].space, `${where}: the space before "${char}" (after "${previous}") is kept`);
      });
      const first = was.chars[0]?.char;
      if (was.chars[0]?.space && first !== '<' && !/\n/.test(template.slice(0, template.length - template.trimStart().length)))
        assert.ok(is.chars[0].space, `${where}: the space at its start is kept`);
      const last = was.chars.at(-1)?.char;
      if (was.trailing && last !== '>' && !/\n/.test(template.slice(template.trimEnd().length)))
        assert.ok(is.trailing, `${where}: the space at its end is kept`);
    });
  }
  assert.ok(templates >= 150, `checked ${templates} templates`);
});
