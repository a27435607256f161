/**
 * A real WordPress 6.1 (Debian 12's `wordpress` package) with the event, bus and OAuth 1.0a plugins
 * from test/fixtures/wordpress-plugins and their own demo data, on loopback only:
 *
 *   MariaDB    `mariadbd` with a private datadir and socket in a temp dir (no TCP, no systemd)
 *   WordPress  `php -S 127.0.0.1:<free port> -t /usr/share/wordpress php/router.php`, configured by
 *              /etc/wordpress/config-<name>.php (name chosen per run, removed on stop)
 *   content    plugins in /var/lib/wordpress/wp-content/plugins (Debian's place; replaced each
 *              run), uploads and logs in the temp dir
 *
 * `startWordPress()` resolves to `{ skipped: reason }` when this machine cannot run it (not Debian,
 * packages missing and no root to install them, ...), otherwise to the running stack's facts and
 * `stop()`. Every run starts from an empty database, so it can be repeated as often as wanted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(HERE, '..', '..');
const PHP_DIR = join(HERE, 'php');
const PLUGIN_ARCHIVES = join(PROJECT, 'test', 'fixtures', 'wordpress-plugins');

export const WP_ROOT = '/usr/share/wordpress';
export const WP_CONTENT = '/var/lib/wordpress/wp-content';
const WP_CONFIG_DIR = '/etc/wordpress';
const CONFIG_PREFIX = 'ticketing-widgets-test-';

/** Debian packages: WordPress itself pulls php, php-gd, php-mysql, php-getid3; the plugins use mbstring, xml, curl. */
export const PACKAGES = ['wordpress', 'mariadb-server', 'php-cli', 'php-mysql', 'php-xml', 'php-mbstring', 'php-curl'];

/** The plugin folders the archives unpack to, each with the main file `activate_plugin()` gets. */
export const PLUGINS = {
  'mage-eventpress': 'woocommerce-event-press.php',
  'bus-ticket-booking-with-seat-reservation': 'woocommerce-bus.php',
  'rest-api-oauth1': 'oauth-server.php',
};

class Skip extends Error {}

function defaultLog(line) {
  process.stderr.write(`[wordpress] ${line}\n`);
}

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function writable(path) {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Packages of PACKAGES that dpkg does not list as installed. */
function missingPackages() {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status}\\n', ...PACKAGES], { encoding: 'utf8' });
  const installed = new Set(
    (query.stdout ?? '')
      .split('\n')
      .filter((line) => line.endsWith(' install ok installed'))
      .map((line) => line.split(' ')[0]),
  );
  return PACKAGES.filter((name) => !installed.has(name));
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${output}`);
  }
  return result.stdout ?? '';
}

function lastLine(text) {
  return text.trim().split('\n').filter(Boolean).pop() ?? '';
}

/** Installs what is missing, or throws Skip saying exactly why it cannot. */
function ensurePackages(log) {
  if (process.platform !== 'linux') throw new Skip(`needs Linux (Debian 12), this is ${process.platform}`);
  if (!which('dpkg-query')) throw new Skip('needs Debian packages (no dpkg-query on this machine)');
  const missing = missingPackages();
  if (missing.length === 0) return false;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) throw new Skip(`Debian packages not installed (${missing.join(', ')}) and not root, so cannot apt-get install them`);
  if (!which('apt-get')) throw new Skip(`Debian packages not installed (${missing.join(', ')}) and no apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  log(`installing Debian packages: ${missing.join(', ')} (apt-get update first)`);
  const update = spawnSync('apt-get', ['update'], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (update.status !== 0) log(`apt-get update failed (${lastLine(update.stderr || update.stdout)}); trying the install anyway`);
  const result = install();
  if (result.status !== 0) {
    throw new Skip(`apt-get install failed: ${lastLine(result.stderr || result.stdout) || `exit ${result.status}`}`);
  }
  const still = missingPackages();
  if (still.length > 0) throw new Skip(`apt-get install left packages missing: ${still.join(', ')}`);
  return true;
}

function checkMachine() {
  for (const [path, what] of [
    [join(WP_ROOT, 'wp-load.php'), "Debian's WordPress"],
    ['/usr/sbin/mariadbd', 'mariadbd'],
    ['/usr/bin/mariadb-install-db', 'mariadb-install-db'],
  ]) {
    if (!existsSync(path)) throw new Skip(`${what} not found at ${path}`);
  }
  if (!which('php')) throw new Skip('php not on PATH');
  if (!which('tar')) throw new Skip('tar not on PATH');
  if (!writable(WP_CONFIG_DIR)) throw new Skip(`${WP_CONFIG_DIR} is not writable by this user (run as root)`);
  if (!writable(join(WP_CONTENT, 'plugins'))) throw new Skip(`${WP_CONTENT}/plugins is not writable by this user (run as root)`);
  const modules = run('php', ['-m']);
  for (const module of ['mysqli', 'json']) {
    if (!new RegExp(`^${module}$`, 'm').test(modules)) throw new Skip(`PHP has no ${module} extension`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    try {
      if (await check()) return;
    } catch (error) {
      last = String(error?.message ?? error);
    }
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms${last ? ` (${last})` : ''}`);
}

/** Removes config files of earlier runs whose temp dir is gone (a run that was killed). */
function removeStaleConfigs(log) {
  for (const name of readdirSync(WP_CONFIG_DIR)) {
    if (!name.startsWith(`config-${CONFIG_PREFIX}`) || !name.endsWith('.php')) continue;
    const file = join(WP_CONFIG_DIR, name);
    const state = /TW_STATE_DIR', '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!state || !existsSync(state)) {
      rmSync(file, { force: true });
      log(`removed stale ${file}`);
    }
  }
}

function installPlugins() {
  const target = join(WP_CONTENT, 'plugins');
  for (const [folder, main] of Object.entries(PLUGINS)) {
    const archive = readdirSync(PLUGIN_ARCHIVES).find((name) => name.startsWith(`${folder}-`) && name.endsWith('.tar.gz'));
    if (!archive) throw new Error(`no ${folder}-*.tar.gz in ${PLUGIN_ARCHIVES}`);
    rmSync(join(target, folder), { recursive: true, force: true });
    run('tar', ['-xzf', join(PLUGIN_ARCHIVES, archive), '-C', target]);
    if (!existsSync(join(target, folder, main))) throw new Error(`${archive} did not unpack to ${folder}/${main}`);
  }
}

function phpString(value) {
  return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Starts the stack. Options: `log(line)` for progress (default: stderr), `installPackages`
 * (default true: apt-get install what is missing when root).
 */
export async function startWordPress({ log = defaultLog, installPackages = true } = {}) {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const step = (line) => log(`${elapsed()} ${line}`);

  try {
    if (installPackages) {
      if (ensurePackages(step)) step('packages installed');
    } else if (missingPackages().length > 0) {
      throw new Skip(`Debian packages not installed: ${missingPackages().join(', ')}`);
    }
    checkMachine();
  } catch (error) {
    if (error instanceof Skip) return { skipped: error.message };
    throw error;
  }

  const children = [];
  const state = mkdtempSync(join(tmpdir(), 'tw-wordpress-'));
  const configName = `${CONFIG_PREFIX}${randomBytes(4).toString('hex')}`;
  const configFile = join(WP_CONFIG_DIR, `config-${configName}.php`);
  let stopped = false;

  const stopSync = (removeState = false) => {
    if (stopped) return;
    stopped = true;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    rmSync(configFile, { force: true });
    if (removeState) rmSync(state, { recursive: true, force: true });
  };
  const stop = async () => {
    const waits = children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            try {
              process.kill(child.pid, 'SIGKILL');
            } catch {
              // gone
            }
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    );
    stopSync();
    await Promise.all(waits);
    rmSync(state, { recursive: true, force: true });
  };
  process.once('exit', () => stopSync(true));
  // Interrupted while setting up: nothing of this run may stay behind (the caller takes over after).
  const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = () => {
    stopSync(true);
    process.exit(130);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const setupDone = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };

  try {
    removeStaleConfigs(step);
    installPlugins();
    step(`plugins unpacked into ${WP_CONTENT}/plugins`);

    // --- MariaDB, private to this run.
    const dataDir = join(state, 'mysql');
    const socket = join(state, 'mysqld.sock');
    const asRoot = process.getuid?.() === 0;
    run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${dataDir}`,
      ...(asRoot ? ['--user=root'] : []),
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
    ]);
    const mysqld = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${socket}`,
        `--pid-file=${join(state, 'mysqld.pid')}`,
        `--log-error=${join(state, 'mysqld.err')}`,
        ...(asRoot ? ['--user=root'] : []),
        '--skip-networking',
        '--skip-name-resolve',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=64M',
        '--innodb-flush-log-at-trx-commit=0',
        '--innodb-doublewrite=0',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
      ],
      { stdio: 'ignore' },
    );
    children.push(mysqld);
    const mariadb = (sql) => run('mariadb', ['--no-defaults', `--socket=${socket}`, '-u', 'root', '-e', sql]);
    await waitFor(
      'MariaDB',
      () => existsSync(socket) && spawnSync('mariadb-admin', ['--no-defaults', `--socket=${socket}`, '-u', 'root', 'ping']).status === 0,
      30_000,
      mysqld,
    ).catch((error) => {
      const errors = existsSync(join(state, 'mysqld.err')) ? readFileSync(join(state, 'mysqld.err'), 'utf8').split('\n').slice(-10).join('\n') : '';
      throw new Error(`${error.message}\n${errors}`);
    });
    const dbPassword = randomBytes(12).toString('hex');
    mariadb(
      `CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;` +
        `CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '${dbPassword}';` +
        `GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';`,
    );
    step(`MariaDB ready (socket ${socket})`);

    // --- WordPress configuration for this run.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const uploads = join(state, 'uploads');
    mkdirSync(uploads);
    const salt = () => phpString(randomBytes(32).toString('base64'));
    writeFileSync(
      configFile,
      [
        '<?php',
        '// Written by ticketing-widgets test/wordpress/stack.mjs for one test run; removed when it stops.',
        `define('TW_STATE_DIR', ${phpString(state)});`,
        `define('DB_NAME', 'wordpress');`,
        `define('DB_USER', 'wordpress');`,
        `define('DB_PASSWORD', ${phpString(dbPassword)});`,
        `define('DB_HOST', ${phpString(`localhost:${socket}`)});`,
        `define('DB_CHARSET', 'utf8mb4');`,
        `define('DB_COLLATE', '');`,
        '// Application passwords over plain http.',
        `define('WP_ENVIRONMENT_TYPE', 'local');`,
        `define('WPMU_PLUGIN_DIR', ${phpString(join(PHP_DIR, 'mu-plugins'))});`,
        `define('WPMU_PLUGIN_URL', ${phpString(`${url}/tw-mu-plugins`)});`,
        '// Offline and quiet: no cron loopbacks, no update checks, nothing but this machine over HTTP.',
        `define('DISABLE_WP_CRON', true);`,
        `define('AUTOMATIC_UPDATER_DISABLED', true);`,
        `define('WP_HTTP_BLOCK_EXTERNAL', true);`,
        `define('WP_DEBUG', false);`,
        ...['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'].map(
          (name) => `define('${name}', ${salt()});`,
        ),
        '',
      ].join('\n'),
      { mode: 0o640 },
    );

    const facts = join(state, 'facts.json');
    const phpIni = ['-d', 'display_errors=stderr', '-d', 'log_errors=1', '-d', `error_log=${join(state, 'php-errors.log')}`, '-d', 'memory_limit=512M'];
    const env = {
      ...process.env,
      TW_WP_CONFIG: configName,
      TW_WP_ROOT: WP_ROOT,
      TW_WP_CONTENT: WP_CONTENT,
      TW_WP_UPLOADS: uploads,
      TW_URL: url,
      TW_FACTS: facts,
    };
    for (const name of ['install', 'activate', 'seed']) {
      const result = spawnSync('php', [...phpIni, '-d', 'display_errors=0', join(PHP_DIR, 'setup.php'), name], {
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      });
      for (const line of (result.stderr ?? '').split('\n')) if (line.startsWith('  [php] ')) step(line.slice(8));
      if (result.status !== 0) {
        const errors = existsSync(join(state, 'php-errors.log')) ? readFileSync(join(state, 'php-errors.log'), 'utf8').split('\n').slice(-15).join('\n') : '';
        throw new Error(
          `setup.php ${name} failed (exit ${result.status}${result.signal ? `, ${result.signal}` : ''}):\n${(result.stderr ?? '').trim()}\n${(result.stdout ?? '').trim().slice(-2000)}\n${errors}`,
        );
      }
      step(`setup ${name} done`);
    }

    // --- The web server.
    const php = spawn('php', [...phpIni, '-d', 'display_errors=0', '-S', `127.0.0.1:${port}`, '-t', WP_ROOT, join(PHP_DIR, 'router.php')], {
      // One process (no PHP_CLI_SERVER_WORKERS): forked workers outlive a stopped master.
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(php);
    let phpOutput = '';
    php.stderr.on('data', (chunk) => {
      phpOutput = (phpOutput + chunk).slice(-20_000);
    });
    await waitFor(
      'php -S',
      async () => {
        const response = await fetch(`${url}/wp-json/`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        return response.status === 200;
      },
      30_000,
      php,
    );
    step(`WordPress serving ${url} (REST at ${url}/wp-json and ${url}/?rest_route=)`);

    const made = JSON.parse(readFileSync(facts, 'utf8'));
    setupDone();
    return {
      url,
      restRoot: `${url}/wp-json`,
      queryRoot: `${url}/?rest_route=`,
      admin: { id: made.admin.id, user: made.admin.user, appPassword: made.admin.appPassword },
      oauth1: made.oauth1,
      ids: made.ids,
      titles: made.titles,
      demo: made.demo,
      bus: made.bus,
      plugins: made.plugins,
      wordpressVersion: made.wordpressVersion,
      stateDir: state,
      requestLog: join(state, 'rest-requests.log'),
      phpErrorLog: join(state, 'php-errors.log'),
      setupSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      serverOutput: () => phpOutput,
      stop,
    };
  } catch (error) {
    setupDone();
    await stop();
    throw error;
  }
}
