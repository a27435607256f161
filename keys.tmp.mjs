import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
const src = readFileSync('src/shared/localize/strings.ts', 'utf8');
const body = src.slice(src.indexOf('export const EN = {'), src.indexOf('};\n\nexport type Strings'));
const keys = [...body.matchAll(/\n  (\w+):/g)].map((m) => m[1]);
const IMPORT = /(?:import|export)\s*(?:type\s+)?(?:[\w$*{}\s,]+from\s*)?\(?["'](\.[^"']+)["']/g;
function graph(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) graph(path.join(path.dirname(file), spec.replace(/\.js$/, '.ts')), seen);
  return seen;
}
for (const tag of readdirSync('src/elements')) {
  const files = [...graph(`src/elements/${tag}/${tag}.ts`)].filter((f) => !f.includes('localize/'));
  const used = new Set();
  for (const f of files) { const t = readFileSync(f, 'utf8'); for (const k of keys) if (new RegExp(`\\b${k}\\b`).test(t)) used.add(k); }
  console.log(tag, [...used].join(' '));
}
