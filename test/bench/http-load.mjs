// A small keep-alive HTTP load generator for `npm run bench` where `wrk` is not installed: run as
// `node http-load.mjs <url> <connections> <seconds>`, it keeps that many GETs in flight for that
// long and prints one JSON line {requests, seconds, bad, errors}. It runs in its own process so
// that the proxy under test, living in the bench's process, does not share an event loop with it.
import http from 'node:http';

const [url, connections = '25', seconds = '5'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = performance.now() + Number(seconds) * 1000;
let requests = 0;
let bad = 0;
let errors = 0;

const get = () =>
  new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        if (res.statusCode >= 400) bad++;
        res.resume();
        res.on('end', resolve);
      })
      .on('error', () => {
        errors++;
        resolve();
      });
  });

const started = performance.now();
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (performance.now() < until) {
      await get();
      requests++;
    }
  }),
);
agent.destroy();
console.log(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000, bad, errors }));
