// `npm test`'s Chromium check (test/tools/ensure-chromium.mjs): a CHROME_PATH the developer set is
// the browser every runner then launches (test/tools/chromium.mjs), so a wrong one must stop the
// check with a line naming it, not pass because /usr/bin/chromium happens to exist. Without one, a
// Chromium or Chrome on PATH counts, and the runners launch that one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const check = (env, options = {}) =>
  spawnSync(process.execPath, ['test/tools/ensure-chromium.mjs'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 10_000, ...options });

/** What the runners (web-test-runner.config.mjs, the consumer apps, the bench) would launch. */
const launched = (env) =>
  spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import { chromiumPath } from './test/tools/chromium.mjs'; console.log(chromiumPath() ?? 'none')"],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 10_000,
    },
  );

/** A directory for PATH holding `names` as executables; removed after the test. */
function pathDir(t, names) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-chromium-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of names) {
    writeFileSync(path.join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

// The package paths (/usr/bin/chromium, /snap/bin/chromium, ...) hidden, so this machine's own
// Chromium cannot answer for the one on PATH; CHROME_PATH unset.
const HIDDEN = { TW_CHROMIUM_PACKAGE_PATHS: '', CHROME_PATH: '' };

test('a CHROME_PATH that is no executable: exit 1 with one line naming it, and nothing installed', () => {
  const { status, stdout, stderr } = check({ CHROME_PATH: '/nonexistent/chromium' });
  assert.equal(status, 1, stdout + stderr);
  assert.equal(stdout, '', 'no apt-get run');
  assert.match(stderr, /^CHROME_PATH=\/nonexistent\/chromium is not an executable file: .*unset it/);
  assert.equal(stderr.trim().split('\n').length, 1);
});

test('an executable CHROME_PATH is taken as it is', () => {
  const { status, stdout, stderr } = check({ CHROME_PATH: process.execPath });
  assert.equal(status, 0, stdout + stderr);
  assert.equal(stdout + stderr, '');
});

test('a google-chrome on PATH passes the check, and it is what the runners launch', (t) => {
  const dir = pathDir(t, ['google-chrome']);
  const env = { ...HIDDEN, PATH: dir };
  const { status, stdout, stderr } = check(env);
  assert.equal(status, 0, stdout + stderr);
  assert.equal(stdout + stderr, '', 'found, so nothing installed or said');
  assert.equal(launched(env).stdout.trim(), path.join(dir, 'google-chrome'));
});

test('on PATH, chromium comes before google-chrome; a file that is not executable does not count', (t) => {
  const dir = pathDir(t, ['google-chrome-stable']);
  writeFileSync(path.join(dir, 'chromium'), 'not a program');
  assert.equal(launched({ ...HIDDEN, PATH: dir }).stdout.trim(), path.join(dir, 'google-chrome-stable'));
  chmodSync(path.join(dir, 'chromium'), 0o755);
  assert.equal(launched({ ...HIDDEN, PATH: dir }).stdout.trim(), path.join(dir, 'chromium'));
});

test('none anywhere, not root: one line with the Debian command and the Ubuntu package name, exit 1', (t) => {
  // As root the check would install Chromium; run it as nobody instead, which is what a developer is.
  const notRoot = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const { status, stdout, stderr } = check({ ...HIDDEN, PATH: pathDir(t, []) }, notRoot);
  assert.equal(status, 1, stdout + stderr);
  assert.equal(stdout, '', 'no apt-get run');
  assert.equal(stderr.trim().split('\n').length, 1, stderr);
  assert.match(stderr, /on Debian run `sudo apt-get update && sudo apt-get install chromium`/);
  assert.match(stderr, /on Ubuntu the package is `chromium-browser`, a snap/);
  assert.match(stderr, /PATH/);
});
