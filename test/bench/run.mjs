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

// What a page downloads through the real embed, in Chromium, and what apps bundle (test/bench/embed.mjs).
await (await import('./embed.mjs')).benchEmbed(report);

// Proxy throughput: cached GETs over loopback at a fixed concurrency, the reference API upstream.
{
  const http = await import('node:http');
  const { startReferenceApi, DEMO_USER, DEMO_APP_PASSWORD } = await import('../../dist/server/reference/index.js');
  const { startProxy } = await import('../../dist/server/proxy/index.js');
  const reference = await startReferenceApi({ port: 0, log: () => {} });
  const proxy = await startProxy({
    target: `${reference.url}/wp-json`,
    port: 0,
    credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
    log: () => {},
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = `${proxy.url}/wp-json/wbtm/v1/routes`;
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .on('error', reject);
    });
  await get(); // warm the cache: one upstream request
  const concurrency = 16;
  const total = 4000;
  let sent = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++;
        await get();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  report(`proxy cached GET throughput (loopback, concurrency ${concurrency}, ${total} requests)`, Math.round(total / seconds), 'req/s');
  report('proxy upstream requests for those', proxy.stats.upstreamRequests, 'requests');
  agent.destroy();
  await proxy.close();
  await reference.close();
}

// Seat-map render: <bus-seat-map> first render of 500 seats against hand-written DOM, and the
// re-render after one seat changes, in one Chromium run (test/bench/seat-map.mjs; never throws).
{
  const { benchSeatMap } = await import('./seat-map.mjs');
  await benchSeatMap(report);
}

// Event-list render: <event-list> first render of 100 events against hand-written DOM of the same
// cards, in one Chromium run (test/bench/event-list.mjs; never throws).
await (await import('./event-list.mjs')).benchEventList(report);

// Proxy vs nginx proxy_cache on the same upstream, wrk 50 connections (test/bench/nginx.mjs; never throws).
await (await import('./nginx.mjs')).benchNginx(report);

if (process.env.BENCH_JSON) console.log(JSON.stringify(figures));
