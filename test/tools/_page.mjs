import { readFileSync } from 'node:fs';
import { cdnPageFiles, gzipBytes } from './cdn-bytes.mjs';
const tags = process.argv.slice(2);
let t = 0,
  raw = 0;
const all = [];
for (const f of cdnPageFiles(tags)) {
  const b = readFileSync(f);
  const g = gzipBytes(b);
  t += g;
  raw += b.length;
  all.push(b);
  console.log(String(g).padStart(6), String(b.length).padStart(7), f);
}
console.log('total gzip', t, 'raw', raw, 'concatenated gzip', gzipBytes(Buffer.concat(all)));
