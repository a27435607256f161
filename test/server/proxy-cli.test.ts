// `ticketing-widgets proxy` as a real process, and the proxy that `serve` (npm start) mounts at /proxy.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { getJson, header, ROOT, until, type RawResponse } from './helpers.js';
import type { CliExit, CliProcess } from './helpers.js';
import {
  checkLeaksAfterAll,
  createProxyHandler,
  json,
  observed,
  ProxyConfigError,
  SECRET,
  send,
  startCapture,
  startReference,
  upstreamHits,
} from './proxy-helpers.js';

checkLeaksAfterAll();

const CLI = path.join(ROOT, 'dist/server/cli.js');
// Only what the CLI needs: a clean environment, so stray TICKETING_* variables cannot interfere.
const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

/** Runs the CLI; a process still alive after `timeoutMs` is killed (its exit code is then null). */
function run(args: string[], env: NodeJS.ProcessEnv = {}, { leakCheck = true, timeoutMs = 20_000 } = {}): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...BASE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = new Promise<CliExit>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(killer);
      if (leakCheck) observed.push(output.stdout, output.stderr);
      resolve({ code, signal, ...output });
    });
  });
  return { child, output, exited };
}

/** A command that must refuse to run: it exits by itself, quickly, with a non-zero code. */
async function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliExit> {
  const done = await run(args, env, { timeoutMs: 5000 }).exited;
  assert.ok(Number.isInteger(done.code) && done.code !== 0, `expected a refusal, got code ${done.code} signal ${done.signal}\n${done.stdout}`);
  return done;
}

/** Resolves with the origin the process prints once it is listening. */
async function listening(proc: CliProcess, pattern = /listening on (http:\/\/[^\s]+)/): Promise<string> {
  const origin = (): string | undefined => pattern.exec(proc.output.stdout)?.[1];
  try {
    await until(() => origin() !== undefined || proc.child.exitCode !== null, 'the banner or an exit', 15_000);
  } catch {
    // reported below, with what the process printed
  }
  const url = origin();
  if (url !== undefined) return url;
  proc.child.kill('SIGKILL');
  throw new Error(`did not start:\n${proc.output.stdout}\n${proc.output.stderr}`);
}

async function withTempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-proxy-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const ENV_CREDENTIALS = { TICKETING_WP_USER: SECRET.user, TICKETING_WP_APP_PASSWORD: SECRET.appPassword };

describe('ticketing-widgets proxy', () => {
  test('credentials from the environment: serves Interface B, logs JSON lines, prints no secret, SIGTERM → exit 0', async (t) => {
    const ref = await startReference(t);
    const proc = run(['proxy', '--target', `${ref.url}/wp-json`, '--port', '0', '--allow-origin', 'https://shop.example'], ENV_CREDENTIALS);
    const url = await listening(proc);
    let res: RawResponse;
    try {
      res = await send(url, '/wp-json/wbtm/v1/routes', { headers: { origin: 'https://shop.example' } });
      assert.equal((await send(url, '/healthz')).status, 200);
    } finally {
      proc.child.kill('SIGTERM');
    }
    const { code, stdout } = await proc.exited;
    assert.equal(code, 0);
    assert.equal(res.status, 200);
    assert.equal(res.headers['access-control-allow-origin'], 'https://shop.example');
    assert.equal(upstreamHits(ref, '/wbtm/v1/routes')[0]?.authorization, true);
    assert.match(stdout, /Basic, as user "proxy-test"/);
    assert.match(stdout, /CORS origins +https:\/\/shop\.example/);
    assert.match(stdout, /Private data +off/);
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.filter((l) => 'method' in l).map((l) => [l.route, l.status, l.cache]),
      [
        ['/wbtm/v1/routes', 200, 'miss'],
        ['/healthz', 200, '-'],
      ],
    );
  });

  test('credentials from a 0600 file work; a world-readable file is refused with a non-zero exit', async (t) => {
    const ref = await startReference(t);
    const dir = await withTempDir(t);
    const file = path.join(dir, 'credentials');
    await writeFile(file, `# proxy credentials\n${SECRET.user}:${SECRET.appPassword}\n`);
    await chmod(file, 0o600);
    const proc = run(['proxy', '--target', `${ref.url}/wp-json`, '--port', '0', '--credentials-file', file, '--quiet']);
    const url = await listening(proc);
    try {
      assert.equal((await send(url, '/wp-json/wbtm/v1/buses?per_page=1')).status, 200);
    } finally {
      proc.child.kill('SIGINT');
    }
    const done = await proc.exited;
    assert.equal(done.code, 0);
    assert.ok(!done.stdout.includes('"method"'), '--quiet: no request lines');
    await chmod(file, 0o644);
    const worldReadable = await refused(['proxy', '--target', `${ref.url}/wp-json`, '--port', '0', '--credentials-file', file]);
    assert.match(worldReadable.stderr, /readable or writable by its group or other users/);
    assert.match(worldReadable.stderr, /chmod 600/);
  });

  test('secrets in flags are refused without echoing them; so are private routes without access control', async (t) => {
    for (const args of [
      ['--password', 'hunter2-secret'],
      ['--app-password=hunter2-secret'],
      ['--user', 'admin'],
      ['--oauth1-consumer-secret', 'hunter2-secret'],
      ['--token', 'hunter2-secret'],
    ]) {
      const done = await refused(['proxy', '--target', 'https://example.org', ...args]);
      assert.equal(done.code, 2, args.join(' '));
      assert.match(done.stderr, /credentials come from the environment/);
      assert.match(done.stderr, /TICKETING_WP_APP_PASSWORD/);
      assert.ok(!done.stderr.includes('hunter2-secret'));
    }
    const noTarget = await refused(['proxy', '--port', '0']);
    assert.equal(noTarget.code, 2);
    assert.match(noTarget.stderr, /--target/);
    const open = await refused(['proxy', '--target', 'https://example.org', '--port', '0', '--allow-private'], ENV_CREDENTIALS);
    assert.match(open.stderr, /TICKETING_PROXY_TOKEN/);
    const oauth = await refused(['proxy', '--target', 'https://example.org', '--port', '0', '--oauth1']);
    assert.match(oauth.stderr, /TICKETING_OAUTH1_CONSUMER_KEY/);
    const help = await run(['proxy', '--help']).exited;
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--upstream-rate <n>\/<unit>/);
    assert.match(help.stdout, /--allow-origin <origin>/);
  });

  test('a port already in use: one line naming it and --port, exit 1, no raw listen error, no secret', async (t) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => taken.close(() => resolve())));
    const { port } = taken.address() as AddressInfo;
    const done = await refused(['proxy', '--target', 'http://127.0.0.1:9/wp-json', '--port', String(port)], ENV_CREDENTIALS);
    assert.equal(done.code, 1);
    assert.equal(done.stdout, '');
    assert.equal(done.stderr.trim().split('\n').length, 1, done.stderr);
    assert.match(done.stderr, new RegExp(`^ticketing-widgets proxy: port ${port} on 127\\.0\\.0\\.1 is already in use: .*--port <n>`));
    assert.doesNotMatch(done.stderr, /EADDRINUSE|npm start/);
  });

  test("durations longer than Node's longest timer are refused at start-up, not turned into instant timeouts", async () => {
    // A REST root on loopback (nothing to discover): a proxy that wrongly starts asks nothing outside.
    const target = 'http://127.0.0.1:9/wp-json';
    const base = ['proxy', '--target', target, '--port', '0'];
    for (const [flag, value] of [
      ['--timeout', '2147484'],
      ['--timeout', '99999999999'],
      ['--max-age', '2147483648'],
      ['--stale-if-error', '99999999999999999999'],
    ] as const) {
      const done = await refused([...base, flag, value], ENV_CREDENTIALS);
      assert.equal(done.code, 2, `${flag} ${value}`);
      assert.match(done.stderr, new RegExp(flag));
    }
    assert.throws(
      () => createProxyHandler({ target, upstreamTimeoutMs: 2 ** 31 }),
      (error) => error instanceof ProxyConfigError && /at most 2147483647 ms/.test(error.message),
    );
    assert.doesNotThrow(() => createProxyHandler({ target, upstreamTimeoutMs: 2 ** 31 - 1 }));
  });

  test('private routes with a token from the environment; SIGTERM lets a request in progress finish', async (t) => {
    const capture = await startCapture(t, () => ({ delayMs: 400, body: [{ id: 1 }] }));
    const token = 'tok_cli_0123456789abcdef';
    const proc = run(['proxy', '--target', `${capture.url}/wp-json`, '--port', '0', '--allow-private', '--allow-ip', '127.0.0.1'], {
      ...ENV_CREDENTIALS,
      TICKETING_PROXY_TOKEN: token,
    });
    const url = await listening(proc);
    assert.match(proc.output.stdout, /Private data +on, for bearer token \(TICKETING_PROXY_TOKEN\) and clients in 127\.0\.0\.1/);
    assert.ok(!proc.output.stdout.includes(token));
    const pending = send(url, '/wp-json/wbtm/v1/passengers', { headers: { authorization: `Bearer ${token}` } });
    // In progress: the request has reached the site, which takes 400 ms to answer.
    await until(() => capture.seen.length === 1, 'the request to reach the site');
    proc.child.kill('SIGTERM');
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const { code } = await proc.exited;
    assert.equal(code, 0);
  });
});

describe('ticketing-widgets serve mounts the proxy at /proxy', () => {
  test('/proxy/wp-json/wbtm/v1/routes answers without client credentials; /wp-json/wbtm/v1/routes still needs them', async () => {
    // serve prints the public demo credentials by design, so its output is not leak-checked.
    const proc = run(['serve', '--port', '0', '--quiet'], {}, { leakCheck: false });
    const url = await listening(proc);
    try {
      assert.match(proc.output.stdout, new RegExp(`Proxy \\(Interface B for browsers\\) ${url}/proxy/wp-json/`));
      const proxied = await getJson(url, '/proxy/wp-json/wbtm/v1/routes');
      assert.equal(proxied.status, 200);
      assert.ok(Array.isArray(proxied.data) && proxied.data[0].id > 0);
      assert.equal(proxied.headers['x-cache'], 'MISS');
      assert.equal((await getJson(url, '/proxy/wp-json/wbtm/v1/routes')).headers['x-cache'], 'HIT');
      assert.equal((await getJson(url, '/wp-json/wbtm/v1/routes')).status, 401);
      assert.equal((await getJson(url, '/proxy/healthz')).status, 200);
      const passengers = await getJson(url, '/proxy/wp-json/wbtm/v1/passengers', {});
      assert.equal(passengers.status, 200, 'personal data for loopback clients (the local demo)');
      assert.equal(passengers.headers['cache-control'], 'private, no-store');
      const events = await send(url, '/proxy/wp-json/wp/v2/mep_events?per_page=2');
      assert.equal(events.status, 200);
      assert.match(header(events, 'link'), /^<\/proxy\/wp-json\/wp\/v2\/mep_events\?/);
      assert.equal(json(events).length, 2);
      // The other dialect, for the demo: plugin-shaped routes behind /proxy-plugin.
      assert.match(proc.output.stdout, new RegExp(`The plugin dialect, through its own proxy: ${url}/proxy-plugin/wp-json/`));
      const pluginRoutes = await getJson(url, '/proxy-plugin/wp-json/wbtm/v1/routes');
      assert.equal(pluginRoutes.status, 200);
      assert.ok(Array.isArray(pluginRoutes.data.boarding_points) && pluginRoutes.data.boarding_points.length > 1);
    } finally {
      proc.child.kill('SIGTERM');
    }
    assert.equal((await proc.exited).code, 0);
  });
});
