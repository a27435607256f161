// `npm run bench`: one line per figure, `name: value unit`. Benchmarks report; they never fail the build.
// Figures so far: min+gzip size of each CDN bundle and of each npm entry point (own code only,
// Lit/@lit/task/DOMPurify left external as an app would share them).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const figures = [];
const report = (name, value, unit) => {
  figures.push({ name, value, unit });
  console.log(`${name}: ${value} ${unit}`);
};

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

for (const file of ['dist/cdn/ticketing-widgets.js', 'dist/cdn/ticketing-widgets.iife.js']) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (run npm run build)`);
    continue;
  }
  const raw = readFileSync(file);
  report(`size ${file} min`, raw.length, 'B');
  report(`size ${file} min+gzip`, gzipBytes(raw), 'B');
}

const entries = { 'ticketing-widgets': 'dist/index.js', 'ticketing-widgets/api.js': 'dist/api/index.js' };
for (const [name, file] of Object.entries(entries)) {
  if (!existsSync(file)) continue;
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: ['lit', 'lit/*', '@lit/*', 'dompurify'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  report(`size npm ${name} (deps external) min+gzip`, gzipBytes(code), 'B');
}

if (process.env.BENCH_JSON) console.log(JSON.stringify(figures));
