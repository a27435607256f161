// Makes sure a Chromium is available for the browser tests, without downloading a browser from
// anywhere but the system's package manager:
//  - CHROME_PATH set and executable, or a Chromium/Chrome found (test/tools/chromium.mjs: Debian's
//    /usr/bin/chromium, Ubuntu's, the snap's, or chromium/google-chrome on PATH) → nothing to do;
//  - CHROME_PATH set but no executable → say so, exit 1 (the runners would launch it, not Debian's);
//  - root on Debian/Ubuntu → apt-get install chromium (Debian's package);
//  - otherwise → one line saying what to install, exit 1.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { executable, findChromium } from './chromium.mjs';

const chromePath = process.env.CHROME_PATH;
if (chromePath) {
  if (executable(chromePath)) process.exit(0);
  console.error(
    `CHROME_PATH=${chromePath} is not an executable file: point it at a Chromium or Chrome binary, or unset it to use the one on PATH or Debian's /usr/bin/chromium.`,
  );
  process.exit(1);
}
if (findChromium()) process.exit(0);

const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
const debianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
const isRoot = process.getuid?.() === 0;

if (debianLike && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log("Chromium is missing: installing Debian's chromium package with apt-get (about 135 MB)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', 'chromium']) && existsSync('/usr/bin/chromium')) {
    process.exit(0);
  }
  console.error('apt-get could not install chromium; install it yourself (apt-get install chromium) or set CHROME_PATH.');
  process.exit(1);
}

// Not root: what to run on Debian, and Ubuntu's other name for it (`apt-get install chromium-browser` there installs the snap).
console.error(
  'Chromium is needed for the browser tests: on Debian run `sudo apt-get update && sudo apt-get install chromium` (on Ubuntu the package is `chromium-browser`, a snap), or put chromium or google-chrome on PATH, or set CHROME_PATH.',
);
process.exit(1);
