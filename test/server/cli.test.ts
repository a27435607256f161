// The `ticketing-widgets` CLI as a real process.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { AUTH, DEMO_APP_PASSWORD, DEMO_USER, getJson, request, ROOT, until } from './helpers.js';
import type { CliExit, CliProcess } from './helpers.js';

const CLI = path.join(ROOT, 'dist/server/cli.js');

function run(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise<CliExit>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal, ...output }));
  });
  return { child, output, exited };
}

/** Resolves with the origin the server prints once it is listening. */
async function listening(proc: CliProcess): Promise<string> {
  const origin = (): string | undefined => {
    const match = /listening on (http:\/\/[^\s]+)/.exec(proc.output.stdout);
    // The banner may arrive in more than one chunk: wait for its last line.
    return match && proc.output.stdout.includes('Press Ctrl+C to stop.') ? match[1] : undefined;
  };
  try {
    await until(() => origin() !== undefined || proc.child.exitCode !== null, 'the banner or an exit', 15_000);
  } catch {
    // reported below, with what the process printed
  }
  const url = origin();
  if (url !== undefined) return url;
  proc.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${proc.output.stdout}\n${proc.output.stderr}`);
}

describe('ticketing-widgets serve', () => {
  test('prints URL and public demo credentials, serves both interfaces, exits 0 on SIGTERM', async () => {
    const proc = run(['serve', '--port', '0']);
    const url = await listening(proc);
    try {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(proc.output.stdout.includes(DEMO_USER));
      assert.ok(proc.output.stdout.includes(DEMO_APP_PASSWORD));
      assert.match(proc.output.stdout, /public demo/i);
      assert.match(proc.output.stdout, /curl /);
      const events = await getJson(url, '/wp-json/wp/v2/mep_events?per_page=5');
      assert.equal(events.status, 200);
      assert.equal(events.headers['x-wp-totalpages'], String(Math.ceil(Number(events.headers['x-wp-total']) / 5)));
      assert.ok(Number(events.headers['x-wp-totalpages']) >= 30);
      const routes = await getJson(url, '/?rest_route=/wbtm/v1/routes', { authorization: AUTH });
      assert.equal(routes.status, 200);
      assert.ok(Array.isArray(routes.data) && routes.data[0].id > 0);
      assert.equal((await getJson(url, '/?rest_route=/wbtm/v1/routes')).status, 401);
    } finally {
      proc.child.kill('SIGTERM');
    }
    const { code, stdout } = await proc.exited;
    assert.equal(code, 0);
    assert.match(stdout, /\/wp-json\/wp\/v2\/mep_events\?per_page=5 200/, 'requests are logged');
  });

  test('--allow-origin (repeatable) opens the proxy mounts to an app on its own dev server, and no other origin', async () => {
    const proc = run(['serve', '--port', '0', '--quiet', '--allow-origin', 'http://localhost:5173', '--allow-origin', 'http://127.0.0.1:4200']);
    const url = await listening(proc);
    try {
      assert.match(proc.output.stdout, /CORS on the proxy mounts: http:\/\/localhost:5173, http:\/\/127\.0\.0\.1:4200/);
      for (const mount of ['/proxy', '/proxy-plugin']) {
        const allowed = await getJson(url, `${mount}/wp-json/wbtm/v1/routes`, { origin: 'http://localhost:5173' });
        assert.equal(allowed.status, 200, mount);
        assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:5173', mount);
        const preflight = await request(url, `${mount}/wp-json/wbtm/v1/routes`, {
          method: 'OPTIONS',
          headers: { origin: 'http://127.0.0.1:4200', 'access-control-request-method': 'GET' },
        });
        assert.equal(preflight.headers['access-control-allow-origin'], 'http://127.0.0.1:4200', mount);
        const foreign = await getJson(url, `${mount}/wp-json/wbtm/v1/routes`, { origin: 'http://evil.example' });
        assert.equal(foreign.headers['access-control-allow-origin'], undefined, mount);
      }
    } finally {
      proc.child.kill('SIGTERM');
    }
    assert.equal((await proc.exited).code, 0);
    const bad = run(['serve', '--port', '0', '--allow-origin', 'not an origin']);
    assert.equal((await bad.exited).code, 2);
  });

  test('--dialect plugin, --host, and the port from $PORT; the proxy mounts of both dialects', async () => {
    const proc = run(['serve', '--dialect', 'plugin', '--host', '127.0.0.1', '--quiet'], { PORT: '0' });
    const url = await listening(proc);
    try {
      const routes = await getJson(url, '/wp-json/wbtm/v1/routes');
      assert.equal(routes.status, 200);
      assert.ok(Array.isArray(routes.data.boarding_points));
      assert.equal((await getJson(url, '/wp-json/wbtm/v1/passengers')).status, 404);
      // Demo pages that show one dialect on purpose name its mount: both exist whichever is served.
      const plugin = await getJson(url, '/proxy-plugin/wp-json/wbtm/v1/routes');
      assert.equal(plugin.status, 200);
      assert.ok(Array.isArray(plugin.data.boarding_points), 'the served (plugin) dialect under its own name');
      const contract = await getJson(url, '/proxy-contract/wp-json/wbtm/v1/routes');
      assert.equal(contract.status, 200);
      assert.ok(Array.isArray(contract.data), 'the other (contract) dialect');
    } finally {
      proc.child.kill('SIGINT');
    }
    const { code, stdout } = await proc.exited;
    assert.equal(code, 0);
    assert.doesNotMatch(stdout, /GET \/wp-json/);
  });

  test('a port already in use: one line saying so and how to choose another, exit 1, no stack trace', async () => {
    const first = run(['serve', '--port', '0', '--quiet']);
    const url = await listening(first);
    try {
      const port = new URL(url).port;
      const second = run(['serve', '--quiet'], { PORT: port });
      // A second server left listening on its internal port would never exit on its own.
      const timer = setTimeout(() => second.child.kill('SIGKILL'), 10_000);
      const { code, signal, stdout, stderr } = await second.exited;
      clearTimeout(timer);
      assert.equal(signal, null, `still running after 10 s:\n${stdout}\n${stderr}`);
      assert.equal(code, 1);
      assert.equal(stderr.trim().split('\n').length, 1, stderr);
      assert.match(stderr, new RegExp(`port ${port} .*in use`));
      assert.match(stderr, /PORT=\d+ npm start/);
      assert.doesNotMatch(stderr, /\n\s+at /);
    } finally {
      first.child.kill('SIGTERM');
    }
    assert.equal((await first.exited).code, 0);
  });

  test('a --host that names no address of this machine (a typo, a link-local address without its interface): one line saying so, exit 1, no stack trace', async () => {
    for (const host of ['locahost.invalid', 'fe80::1', '10.255.255.1']) {
      const { code, stdout, stderr } = await run(['serve', '--quiet', '--port', '0', '--host', host]).exited;
      assert.equal(code, 1, host);
      assert.equal(stdout, '', host);
      assert.equal(stderr, `ticketing-widgets serve: ${host} is not an address of this machine: use --host 127.0.0.1 (or 0.0.0.0 for all)\n`);
    }
  });

  test('--help prints the usage; bad commands and options exit 2 with the usage on stderr', async () => {
    const help = await run(['--help']).exited;
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: ticketing-widgets <command>/);
    assert.match(help.stdout, /--dialect/);
    const serveHelp = await run(['serve', '-h']).exited;
    assert.equal(serveHelp.code, 0);
    assert.match(serveHelp.stdout, /Usage:/);
    for (const args of [['frobnicate'], [], ['serve', '--dialect', 'soap'], ['serve', '--port', 'http'], ['serve', '--nope']]) {
      const result = await run(args).exited;
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, /Usage: ticketing-widgets/, args.join(' '));
      assert.equal(result.stdout, '');
    }
  });

  test('a stray argument (an application password pasted without its option) is refused without being repeated', async () => {
    const secret = 'admin:abcd EFGH ijkl MNOP qrst UVWX';
    for (const args of [
      ['serve', secret],
      ['proxy', '--target', 'http://127.0.0.1:9/wp-json', secret],
    ]) {
      const result = await run(args).exited;
      assert.equal(result.code, 2, args[0]);
      assert.match(result.stderr, /unexpected argument/i, args[0]);
      assert.ok(!result.stderr.includes('abcd') && !result.stdout.includes('abcd'), `${args[0]} repeated the stray argument:\n${result.stderr}`);
    }
  });
});
