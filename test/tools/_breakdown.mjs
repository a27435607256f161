import { build } from 'esbuild';
const entry = process.argv[2] ?? 'dist/elements/event-list/event-list.js';
const r = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  splitting: true,
  format: 'esm',
  outdir: 'out',
  write: false,
  metafile: true,
  logLevel: 'silent',
});
const outs = r.metafile.outputs;
const rows = [];
for (const [k, o] of Object.entries(outs)) {
  if (!o.entryPoint && !k.includes('chunk')) {
  }
  for (const [m, i] of Object.entries(o.inputs)) rows.push([k.slice(0, 30), m, i.bytesInOutput]);
}
rows.sort((a, b) => b[2] - a[2]);
let tot = 0;
for (const r of rows) {
  tot += r[2];
  console.log(String(r[2]).padStart(7), r[0].padEnd(32), r[1]);
}
console.log('total min', tot);
