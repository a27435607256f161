// The system Chromium every browser-driving script uses (tests, consumer apps, benchmarks), and the
// flags it needs here: without them Chromium keeps dialling Google services that a closed network
// refuses. No script downloads a browser; test/tools/ensure-chromium.mjs installs Debian's.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Where system packages put Chromium: Debian's chromium, Ubuntu's older chromium-browser, Ubuntu's
 * snap (whose bin directory a non-login shell may lack on PATH). TW_CHROMIUM_PACKAGE_PATHS replaces
 * the list (PATH-style; empty hides them all), so tests can see what is found without them.
 */
const packagePaths = (env) => (env.TW_CHROMIUM_PACKAGE_PATHS ?? '/usr/bin/chromium:/usr/bin/chromium-browser:/snap/bin/chromium').split(path.delimiter);

/** The names a Chromium or Chrome goes by on PATH (other distributions, Google's own package). */
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Whether `file` is there and may be run. */
export const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable Chromium or Chrome in the package paths, else on PATH; undefined when none. */
export function findChromium(env = process.env) {
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return packagePaths(env).find(executable) ?? PATH_NAMES.flatMap((name) => onPath.map((dir) => path.join(dir, name))).find(executable);
}

/** CHROME_PATH, else the Chromium findChromium() finds; undefined when none is there. */
export function chromiumPath() {
  return process.env.CHROME_PATH || findChromium();
}

/** Flags for a headless run on a machine without internet access (plus --no-sandbox as root). */
export function chromiumFlags(extra = []) {
  const flags = [
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    ...extra,
  ];
  if (process.getuid?.() === 0) flags.push('--no-sandbox');
  return flags;
}
