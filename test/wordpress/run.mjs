#!/usr/bin/env node
/**
 * `npm run test:wordpress`: real WordPress (Debian 12 packages) with the event, bus and OAuth 1.0a
 * plugins and their demo data, then the *.test.mjs files here against it through the built proxy.
 *
 * Prints `test:wordpress skipped: <reason>` and exits 0 on a machine that cannot run it (see
 * stack.mjs). Otherwise exits non-zero when a test fails; the last line is the summary.
 * Builds dist/ first (npm run build) only when it is missing. TW_WORDPRESS_DIST=<folder> tests
 * another build of the same layout (server/proxy/index.js, api/index.js) instead of dist/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, STACK_ENV } from './helpers.mjs';
import { startWordPress } from './stack.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(HERE, '..', '..');
const started = performance.now();
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1);

function ensureBuilt() {
  const needed = [join(DIST, 'server', 'proxy', 'index.js'), join(DIST, 'api', 'index.js')];
  if (needed.every((file) => existsSync(file))) return;
  if (process.env.TW_WORDPRESS_DIST) {
    console.error(`test:wordpress: TW_WORDPRESS_DIST=${DIST} has no server/proxy/index.js and api/index.js`);
    process.exit(1);
  }
  console.error('[wordpress] dist/ is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: PROJECT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`test:wordpress: npm run build failed (exit ${build.status})`);
    process.exit(1);
  }
}

/** Counts from the TAP report: `# pass 3`, `# fail 1`, ... (the run's totals are the last ones). */
function countsFrom(tap) {
  const count = (name) => {
    const all = [...tap.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  return { pass: count('pass'), fail: count('fail'), skipped: count('skipped'), todo: count('todo'), cancelled: count('cancelled') };
}

ensureBuilt();

let stack;
try {
  stack = await startWordPress();
} catch (error) {
  console.error(`test:wordpress: the WordPress stack did not start:\n${error?.stack ?? error}`);
  process.exit(1);
}
if (stack.skipped) {
  console.log(`test:wordpress skipped: ${stack.skipped}`);
  process.exit(0);
}
const setupSeconds = seconds();

let child;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await stack.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(130));

const { stop, serverOutput, ...facts } = stack;
const factsFile = join(stack.stateDir, 'stack.json');
writeFileSync(factsFile, JSON.stringify(facts, null, 2));
const tapFile = join(stack.stateDir, 'report.tap');
const files = readdirSync(HERE)
  .filter((name) => name.endsWith('.test.mjs'))
  .sort()
  .map((name) => join(HERE, name));

const testsStarted = performance.now();
const code = await new Promise((resolve) => {
  child = spawn(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    { cwd: PROJECT, stdio: 'inherit', env: { ...process.env, [STACK_ENV]: factsFile } },
  );
  child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
});
const testSeconds = seconds(testsStarted);

const counts = existsSync(tapFile) ? countsFrom(readFileSync(tapFile, 'utf8')) : { pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
const failed = counts.fail + counts.cancelled;
if (code !== 0 || failed > 0) {
  const errors = existsSync(stack.phpErrorLog) ? readFileSync(stack.phpErrorLog, 'utf8').trim().split('\n').slice(-20).join('\n') : '';
  if (errors) console.log(`\nPHP error log (last lines):\n${errors}`);
}
stopping = true;
await stack.stop();

console.log(
  `\ntest:wordpress: WordPress ${stack.wordpressVersion}, ${Object.entries(stack.plugins)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')}; ` + `setup ${setupSeconds}s, tests ${testSeconds}s, total ${seconds()}s`,
);
console.log(`wordpress: ${counts.pass} passed, ${failed} failed, ${counts.skipped + counts.todo} skipped`);
process.exit(code !== 0 || failed > 0 ? 1 : 0);
