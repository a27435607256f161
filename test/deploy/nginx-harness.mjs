// Running nginx in tests and benchmarks: find the binaries, render demo/deploy/nginx.conf for a
// temporary prefix, start nginx in the foreground and stop it (and only it) again. Installs
// nothing: callers skip with one line when a binary is missing. Not a test file itself.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHIPPED_CONFIG = path.join(ROOT, 'demo/deploy/nginx.conf');

/** The public host name the shipped config serves (server_name, certificate, Host upstream). */
export const PUBLIC_HOST = 'proxy.example';

/** An executable on PATH or in the sbin directories (Debian puts nginx in /usr/sbin), else null. */
export function findExecutable(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** `nginx -v` as "1.22.1", or null. */
export function nginxVersion(nginx) {
  const result = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  return /nginx\/(\S+)/.exec(`${result.stderr}${result.stdout}`)?.[1] ?? null;
}

/** A port that was free a moment ago (listen on 0, read it, close). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Replaces `from` by `to` in the directives (comment lines stay as they are), exactly `count` times. */
function replaceExactly(text, from, to, count) {
  let found = 0;
  const lines = text.split('\n').map((line) => {
    if (line.trimStart().startsWith('#') || !line.includes(from)) return line;
    found += line.split(from).length - 1;
    return line.split(from).join(to);
  });
  if (found !== count) {
    throw new Error(
      `demo/deploy/nginx.conf changed shape: expected ${count} × "${from}" in its directives, found ${found}; ` +
        'update its SITE-SPECIFIC VALUES list and renderShippedConfig() together',
    );
  }
  return lines.join('\n');
}

/**
 * demo/deploy/nginx.conf for a test run: exactly the literals listed under SITE-SPECIFIC VALUES
 * in its header are replaced (paths into `dir`, listen addresses onto loopback ports, the two
 * upstream copies onto `proxyPorts`); every other line is the shipped file as it is.
 */
export function renderShippedConfig({ dir, httpPort, httpsPort, proxyPorts }, text = readFileSync(SHIPPED_CONFIG, 'utf8')) {
  if (proxyPorts.length !== 2) throw new Error('the shipped config lists two proxy copies; give two ports');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const replacements = [
    // As root the workers would switch to www-data, which cannot enter a 0700 temp dir; as
    // anyone else nginx cannot switch users at all and would only warn.
    ['user www-data;', isRoot ? 'user root;' : '# user: unchanged (not root)', 1],
    ['/run/ticketing-widgets-nginx.pid', path.join(dir, 'nginx.pid'), 1],
    ['/var/log/nginx/', `${path.join(dir, 'logs')}/`, 2],
    ['/var/cache/nginx/ticketing-widgets', path.join(dir, 'cache'), 2],
    ['/etc/letsencrypt/live/proxy.example/', `${path.join(dir, 'tls')}/`, 2],
    ['listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`, 2],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`, 1],
    ['server 127.0.0.1:8787 ', `server 127.0.0.1:${proxyPorts[0]} `, 1],
    ['server 127.0.0.1:8788 ', `server 127.0.0.1:${proxyPorts[1]} `, 1],
  ];
  let rendered = text;
  for (const [from, to, count] of replacements) rendered = replaceExactly(rendered, from, to, count);
  return rendered;
}

/** A self-signed certificate for PUBLIC_HOST in `dir` (fullchain.pem, privkey.pem); needs openssl. */
export async function makeCertificate(openssl, dir) {
  await mkdir(dir, { recursive: true });
  const result = spawnSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'privkey.pem'),
      '-out',
      path.join(dir, 'fullchain.pem'),
      '-days',
      '2',
      '-subj',
      `/CN=${PUBLIC_HOST}`,
      '-addext',
      `subjectAltName=DNS:${PUBLIC_HOST}`,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return readFileSync(path.join(dir, 'fullchain.pem'));
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Writes `config` to `dir`/nginx.conf, checks it (`nginx -t`), then runs nginx in the foreground
 * in its own process group and resolves once `port` accepts connections. `stop()` ends that
 * process group only: SIGTERM to the master, SIGKILL to the group if it has not exited in 3 s.
 * A process exit hook makes sure it never outlives the caller.
 */
export async function startNginx({ nginx, dir, config, port, errorLogFile = 'logs/ticketing-widgets.error.log' }) {
  for (const sub of ['logs', 'cache']) await mkdir(path.join(dir, sub), { recursive: true });
  const confPath = path.join(dir, 'nginx.conf');
  await writeFile(confPath, config);
  const args = ['-p', dir, '-c', confPath];
  const checked = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t rejected the rendered config:\n${checked.stderr}`);

  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  exited.then(() => (running = false));
  const killGroup = () => {
    if (!running) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, errorLogFile), 'utf8');
    } catch {
      return '';
    }
  };

  const deadline = Date.now() + 5000;
  while (!(await canConnect(port))) {
    if (!running) throw new Error(`nginx exited at start:\n${stderr}\n${errorLog()}`);
    if (Date.now() > deadline) {
      killGroup();
      throw new Error(`nginx did not listen on ${port} within 5 s:\n${stderr}\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (running) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        const timer = new Promise((resolve) => setTimeout(resolve, 3000).unref());
        await Promise.race([exited, timer]);
        killGroup();
      }
      process.off('exit', killGroup);
    })());
  return { pid: child.pid, stop, stderr: () => stderr, errorLog };
}
