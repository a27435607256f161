import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
const gz = (f) => gzipSync(readFileSync(f), { level: 9 }).length;
function graph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.[^"']+)["']/g)) graph(path.resolve(path.dirname(file), m[1]), seen);
  return seen;
}
const loader = graph(path.resolve('dist/cdn/ticketing-widgets.js'));
const sum = (s) => [...s].reduce((a, f) => a + gz(f), 0);
console.log('loader', sum(loader), [...loader].map(f=>path.basename(f)+':'+gz(f)).join(' '));
const all = new Set(loader);
for (const f of process.argv.slice(2)) {
  const g = graph(path.resolve(f), new Set(loader));
  for (const x of g) all.add(x);
  console.log(f, sum(g), [...g].filter(x=>!loader.has(x)).map(f=>path.basename(f)+':'+gz(f)).join(' '));
}
console.log('all', sum(all));
