// `npm run bench`, proxy vs nginx: cached GET throughput of one proxy copy against the baseline an
// operator would otherwise reach for, a plain nginx proxy_cache directly in front of the SAME
// reference API (no credentials, no allow-list, no CORS: just a caching reverse proxy). Both caches
// are warmed, then `wrk -t2 -c50 -d5s` runs against each for a small JSON answer (mep_cat) and a
// 20-event page. Without wrk, two processes of http-load.mjs with 25 keep-alive connections each
// stand in for its two threads (a Node client saturates sooner than wrk, so the nginx figure is a
// floor; the report names the client). Reports through run.mjs's `report(name, value, unit)`; never
// throws, never asserts. Without nginx it prints one line and returns. Installs nothing.
//
// The nginx baseline runs ONE worker process, like the one Node process of the proxy, so the ratio
// compares what each does per core; wrk's two threads share the machine with both.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findExecutable, freePort, nginxVersion, ROOT, startNginx } from '../deploy/nginx-harness.mjs';
import { testMoment } from '../tools/test-moment.mjs';

const WRK_ARGS = ['-t2', '-c50', '-d5s'];
const NODE_CLIENT = { processes: 2, connections: 25, seconds: 5 };
const HTTP_LOAD = fileURLToPath(new URL('./http-load.mjs', import.meta.url));
const CASES = [
  { label: 'mep_cat', path: '/wp-json/wp/v2/mep_cat' },
  { label: 'mep_events per_page=20', path: '/wp-json/wp/v2/mep_events?per_page=20' },
];

/** The baseline: what "put nginx in front and cache it" looks like with no proxy at all. */
function baselineConfig({ dir, port, upstreamPort }) {
  // As root the workers would run as nobody and could not enter the 0700 temp dir.
  const user = typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;' : '';
  return `# test/bench/nginx.mjs baseline: nginx proxy_cache in front of the reference API.
${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/cache/body;
    proxy_temp_path ${dir}/cache/temp;
    proxy_cache_path ${dir}/cache/bench levels=1:2 keys_zone=bench:10m use_temp_path=off;
    upstream reference {
        server 127.0.0.1:${upstreamPort};
        keepalive 16;
        keepalive_timeout 4s;
    }
    server {
        listen 127.0.0.1:${port};
        location / {
            proxy_pass http://reference;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_cache bench;
            # The reference API answers like WordPress (Cache-Control: no-cache): the baseline
            # caches regardless, as an operator putting nginx in front of a site would have to.
            proxy_ignore_headers Cache-Control Expires;
            proxy_cache_valid 200 60s;
            proxy_cache_lock on;
            proxy_buffers 16 16k;
            add_header X-Cache-Status $upstream_cache_status;
        }
    }
}
`;
}

function getOnce(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      })
      .on('error', reject);
  });
}

/** Runs wrk asynchronously (the proxy under test lives in this process's event loop). */
function runWrk(wrk, url) {
  return new Promise((resolve) => {
    const child = spawn(wrk, [...WRK_ARGS, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ rps: null, out: String(error) }));
    child.on('close', () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      const errors = /Socket errors:[^\n]*/.exec(out)?.[0] ?? null;
      resolve({ rps: Number.isFinite(rps) ? rps : null, bad, errors, out });
    });
  });
}

/** One run of http-load.mjs; resolves its JSON line, or null when it gave none. */
function runHttpLoad(url) {
  return new Promise((resolve) => {
    const { connections, seconds } = NODE_CLIENT;
    const child = spawn(process.execPath, [HTTP_LOAD, url, String(connections), String(seconds)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.on('error', () => resolve(null));
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        resolve(null);
      }
    });
  });
}

/** The Node client in wrk's shape: processes in parallel, their requests summed. */
async function runNodeClient(url) {
  const runs = await Promise.all(Array.from({ length: NODE_CLIENT.processes }, () => runHttpLoad(url)));
  if (runs.some((run) => run === null)) return { rps: null, out: 'http-load.mjs gave no figure' };
  const rps = runs.reduce((sum, run) => sum + run.requests / run.seconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return { rps, bad: runs.reduce((sum, run) => sum + run.bad, 0), errors: errors ? `Socket errors: ${errors}` : null, out: '' };
}

export async function benchNginx(report) {
  const nginx = findExecutable('nginx');
  if (!nginx) {
    console.log('proxy vs nginx: skipped (nginx not installed)');
    return;
  }
  const wrk = findExecutable('wrk');
  const load = wrk ? (url) => runWrk(wrk, url) : runNodeClient;
  const { processes, connections, seconds } = NODE_CLIENT;
  const client = wrk ? `wrk ${WRK_ARGS.join(' ')}` : `Node client, ${processes}×${connections} conn, ${seconds} s`;
  const short = wrk ? 'wrk 50 conn' : `Node client ${processes * connections} conn`;
  const cleanups = [];
  try {
    const dist = (relative) => import(pathToFileURL(path.join(ROOT, 'dist/server', relative)).href);
    const { startReferenceApi, DEMO_USER, DEMO_APP_PASSWORD } = await dist('reference/index.js');
    const { startProxy } = await dist('proxy/index.js');
    const reference = await startReferenceApi({ port: 0, host: '127.0.0.1', now: testMoment(), log: () => {} });
    cleanups.push(() => reference.close());
    const proxy = await startProxy({
      target: `${reference.url}/wp-json`,
      port: 0,
      host: '127.0.0.1',
      credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
      // nginx is one client with many connections (demo/deploy/README.md).
      maxConnectionsPerClient: 1024,
      log: () => {},
    });
    cleanups.push(() => proxy.close());

    const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-nginx-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const port = await freePort();
    const running = await startNginx({
      nginx,
      dir,
      config: baselineConfig({ dir, port, upstreamPort: reference.port }),
      port,
      errorLogFile: 'logs/error.log',
    });
    cleanups.push(() => running.stop());
    const nginxUrl = `http://127.0.0.1:${port}`;

    // Warm both caches and check that the second answer is a hit on each.
    for (const { label, path: target } of CASES) {
      for (const [who, url, header] of [
        ['proxy', proxy.url, 'x-cache'],
        ['nginx', nginxUrl, 'x-cache-status'],
      ]) {
        await getOnce(url + target);
        const again = await getOnce(url + target);
        if (again.status !== 200 || again.headers[header] !== 'HIT') {
          console.log(`proxy vs nginx: skipped (${who} did not serve ${label} from its cache: ${again.status})`);
          return;
        }
      }
    }

    const before = reference.requests.length;
    const version = nginxVersion(nginx) ?? '?';
    for (const { label, path: target } of CASES) {
      const ours = await load(proxy.url + target);
      const theirs = await load(nginxUrl + target);
      if (ours.rps === null || theirs.rps === null) {
        console.log(`proxy vs nginx ${label}: the load client gave no figure\n${ours.out}\n${theirs.out}`);
        continue;
      }
      const conn = `(${client})`;
      report(`proxy cached GET ${label} ${conn}`, Math.round(ours.rps), 'req/s');
      report(`nginx ${version} proxy_cache (1 worker) cached GET ${label} ${conn}`, Math.round(theirs.rps), 'req/s');
      report(`proxy vs nginx cached GET ${label} (${short})`, Number((ours.rps / theirs.rps).toFixed(2)), 'ratio');
      for (const [who, run] of [
        ['proxy', ours],
        ['nginx', theirs],
      ]) {
        if (run.bad > 0) console.log(`  note: ${who} answered ${run.bad} non-2xx/3xx responses during ${label}`);
        if (run.errors) console.log(`  note: ${who} ${run.errors.trim()} during ${label}`);
      }
    }
    report('proxy vs nginx: reference API requests during the load runs', reference.requests.length - before, 'requests');
  } catch (error) {
    console.log(`proxy vs nginx: failed (${String(error?.message ?? error).split('\n')[0]})`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // best effort; benchmarks never fail the build
      }
    }
  }
}
