// `npm start` (package.json's start script, run as npm runs it: `sh -c`) while another program holds
// its port: it must stop before building, with serve's own one line and exit 1, so a second
// `npm start` does not rebuild dist/ under the first one's running server. The build is a stand-in
// `npm` first on PATH that writes down each call, so the test knows whether a build was started
// without ever running (or waiting for) one.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;

/** A PATH directory whose `npm` appends its arguments to `calls` and succeeds; removed after the test. */
function fakeNpm(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-start-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const calls = path.join(dir, 'calls');
  writeFileSync(path.join(dir, 'npm'), `#!/bin/sh\necho "$*" >> '${calls}'\n`);
  chmodSync(path.join(dir, 'npm'), 0o755);
  return { env: { PATH: `${dir}${path.delimiter}${process.env.PATH}` }, calls: () => (existsSync(calls) ? readFileSync(calls, 'utf8') : '') };
}

/** A plain server holding a loopback port until the test ends. */
async function occupiedPort(t) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return server.address().port;
}

/** `npm start [-- args]` as npm runs it; without PORT unless `env` sets it. */
const start = (args, env) => {
  const { PORT: _, npm_execpath: __, ...inherited } = process.env;
  return spawnSync('sh', ['-c', [START, ...args].join(' ')], { cwd: ROOT, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 20_000 });
};

/** What serve itself says about the port (the line npm start must repeat). */
const serveSays = (port) =>
  spawnSync(process.execPath, ['dist/server/cli.js', 'serve', '--quiet', '--port', String(port)], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 }).stderr;

for (const [how, args, env] of [
  ['PORT', [], (port) => ({ PORT: String(port) })],
  ['--port', (port) => ['--port', String(port)], () => ({})],
]) {
  test(`a port taken (chosen with ${how}): serve's one line, exit 1, and no build`, async (t) => {
    const port = await occupiedPort(t);
    const npm = fakeNpm(t);
    const { status, stderr, stdout } = start(typeof args === 'function' ? args(port) : args, { ...npm.env, ...env(port) });
    assert.equal(npm.calls(), '', 'no build started');
    assert.equal(status, 1, stdout + stderr);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.match(stderr, new RegExp(`^ticketing-widgets serve: port ${port} on 127\\.0\\.0\\.1 is already in use`));
    assert.equal(stderr, serveSays(port));
  });
}

test('a free port: the build first, then serve on it; Ctrl+C (SIGINT to the group, as a terminal sends it) stops it with exit 0', async (t) => {
  const npm = fakeNpm(t);
  const { PORT: _, npm_execpath: __, ...inherited } = process.env;
  // detached: a process group of its own, which the test signals as a terminal would; exec, so the
  // exit seen is the script's own, not that of a shell the signal also reached.
  const child = spawn('sh', ['-c', `exec ${START} --port 0 --quiet`], {
    cwd: ROOT,
    env: { ...inherited, ...npm.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 20_000);
  t.after(() => clearTimeout(killer));
  while (!stdout.includes('Press Ctrl+C to stop.') && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(npm.calls(), 'run build\n', 'built before serving');
  assert.match(stdout, /listening on http:\/\/127\.0\.0\.1:\d+/, stdout);
  process.kill(-child.pid, 'SIGINT');
  assert.deepEqual(await exited, { code: 0, signal: null }, stdout);
  assert.match(stdout, /SIGINT: shutting down/);
});

/** What serve itself answers these arguments with (its usage text): exit code and both streams. */
const serveAnswers = (args, env = {}) => {
  const { PORT: _, ...inherited } = process.env;
  const { status, stdout, stderr } = spawnSync(process.execPath, ['dist/server/cli.js', 'serve', ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status, stdout, stderr };
};

// A typo must not cost a build, nor rebuild dist/ under an earlier npm start's running server.
for (const [what, args, env, code] of [
  ['PORT=abc', [], { PORT: 'abc' }, 2],
  ['an option serve does not know', ['--prot', '9000'], {}, 2],
  ['--help', ['--help'], {}, 0],
]) {
  test(`${what}: serve's own answer and exit ${code}, and no build`, (t) => {
    const npm = fakeNpm(t);
    const { status, stdout, stderr } = start(args, { ...npm.env, ...env });
    assert.equal(npm.calls(), '', 'no build started');
    assert.equal(status, code, stdout + stderr);
    const serve = serveAnswers(args, env);
    assert.equal(serve.status, code, 'serve answers so too');
    assert.equal(stderr, serve.stderr);
    // After npm's own header lines ("> ticketing-widgets@… start"), when npm runs the script.
    assert.ok(stdout.endsWith(serve.stdout), stdout);
  });
}
