// Makes sure a Chromium is available for the browser tests, without downloading a browser from
// anywhere but the system's package manager:
//  - CHROME_PATH set and executable, or /usr/bin/chromium present → nothing to do;
//  - root on Debian/Ubuntu → apt-get install chromium (Debian's package);
//  - otherwise → one line saying what to install, exit 1.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});
if (found) process.exit(0);

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

console.error(
  debianLike
    ? 'Chromium is needed for the browser tests: run `sudo apt-get install chromium` (or set CHROME_PATH to a Chromium/Chrome binary).'
    : 'Chromium is needed for the browser tests: install Chromium or Chrome and set CHROME_PATH to its binary.',
);
process.exit(1);
