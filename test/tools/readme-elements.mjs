// Generates the README's element reference from custom-elements.json (the manifest is the single
// source; the README is never edited by hand between the markers).
//   node test/tools/readme-elements.mjs          rewrite README.md
//   node test/tools/readme-elements.mjs --check  exit 1 when README.md is out of date
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- elements:start (generated from custom-elements.json by `npm run docs`) -->';
const END = '<!-- elements:end -->';

const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text) => (text ? `\`${cell(text)}\`` : '');

function table(headers, rows) {
  if (rows.length === 0) return '';
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n') + '\n';
}

export function renderElements(manifest) {
  const elements = manifest.modules
    .flatMap((mod) => mod.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  const out = [];
  for (const el of elements) {
    out.push(`### \`<${el.tagName}>\`\n`);
    if (el.summary) out.push(`${cell(el.summary)}\n`);
    const attributes = (el.attributes ?? []).map((a) => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), cell(a.description)]);
    if (attributes.length) out.push('**Attributes**\n\n' + table(['attribute', 'property', 'type', 'default', 'description'], attributes));
    const properties = (el.members ?? []).filter(
      (m) => m.kind === 'field' && !m.attribute && m.privacy !== 'private' && m.privacy !== 'protected' && m.description,
    );
    if (properties.length)
      out.push(
        '**Properties**\n\n' +
          table(
            ['property', 'type', 'description'],
            properties.map((p) => [code(p.name), code(p.type?.text), cell(p.description)]),
          ),
      );
    const events = (el.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]);
    if (events.length) out.push('**Events**\n\n' + table(['event', 'type', 'description'], events));
    const slots = (el.slots ?? []).map((s) => [code(s.name || '(default)'), cell(s.description)]);
    if (slots.length) out.push('**Slots**\n\n' + table(['slot', 'description'], slots));
    const parts = (el.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]);
    if (parts.length) out.push('**CSS parts**\n\n' + table(['part', 'description'], parts));
    const props = (el.cssProperties ?? []).map((p) => [code(p.name), cell(p.description)]);
    if (props.length) out.push('**CSS custom properties**\n\n' + table(['property', 'description'], props));
  }
  return out.join('\n');
}

/**
 * README.md with the element reference between its markers rendered from the manifest.
 * @param {string} readme
 * @param {{ modules: unknown[] }} manifest custom-elements.json
 * @returns {string}
 */
export function updatedReadme(readme, manifest) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} … ${END}`);
  return `${readme.slice(0, start + START.length)}\n\n${renderElements(manifest)}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const readme = readFileSync('README.md', 'utf8');
  const next = updatedReadme(readme, manifest);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md is out of date with custom-elements.json: run `npm run docs`.');
      process.exit(1);
    }
  } else {
    writeFileSync('README.md', next);
  }
}
