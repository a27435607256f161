import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipBytes, staticGraph } from './cdn-bytes.mjs';
const dir = process.env.DIR;
const tags = process.argv.slice(2);
const files = staticGraph([`${dir}/ticketing-widgets.js`, ...tags.map((t) => `${dir}/elements/${t}.js`)]);
let t = 0;
const all = [];
for (const f of files) {
  const b = readFileSync(f);
  const g = gzipBytes(b);
  t += g;
  all.push(b);
  if (process.env.V) console.log(String(g).padStart(6), String(b.length).padStart(7), f);
}
console.log(tags.length, 'files', files.size, 'total gzip', t, 'concat', gzipBytes(Buffer.concat(all)));
