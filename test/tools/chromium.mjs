// The system Chromium every browser-driving script uses (tests, consumer apps, benchmarks), and the
// flags it needs here: without them Chromium keeps dialling Google services that a closed network
// refuses. No script downloads a browser; test/tools/ensure-chromium.mjs installs Debian's.
import { existsSync } from 'node:fs';

/** CHROME_PATH, else Debian's /usr/bin/chromium (or chromium-browser); undefined when none is there. */
export function chromiumPath() {
  return process.env.CHROME_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
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
