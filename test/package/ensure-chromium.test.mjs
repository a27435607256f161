// `npm test`'s Chromium check (test/tools/ensure-chromium.mjs): a CHROME_PATH the developer set is
// the browser every runner then launches (test/tools/chromium.mjs), so a wrong one must stop the
// check with a line naming it, not pass because /usr/bin/chromium happens to exist.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const check = (chromePath) =>
  spawnSync(process.execPath, ['test/tools/ensure-chromium.mjs'], { env: { ...process.env, CHROME_PATH: chromePath }, encoding: 'utf8', timeout: 10_000 });

test('a CHROME_PATH that is no executable: exit 1 with one line naming it, and nothing installed', () => {
  const { status, stdout, stderr } = check('/nonexistent/chromium');
  assert.equal(status, 1, stdout + stderr);
  assert.equal(stdout, '', 'no apt-get run');
  assert.match(stderr, /^CHROME_PATH=\/nonexistent\/chromium is not an executable file: .*unset it/);
  assert.equal(stderr.trim().split('\n').length, 1);
});

test('an executable CHROME_PATH is taken as it is', () => {
  const { status, stdout, stderr } = check(process.execPath);
  assert.equal(status, 0, stdout + stderr);
  assert.equal(stdout + stderr, '');
});
