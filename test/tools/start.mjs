// `npm start [-- serve options]`: build, then serve the demo. First it makes sure the port serve
// will use (--port, else $PORT, else 8080: serve's own parsing) is free, so a second `npm start`
// while the first still runs stops at once with serve's own one line, rather than rebuilding dist/
// under the running server and only then finding the port taken. Arguments serve refuses, and
// --help, get serve's answer at once too, from the sources: a typo costs no build either. Serve runs
// in this process, so Ctrl+C and SIGTERM reach it as they did when it was the script's last command.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
// From the sources: dist/ may not exist yet, and must not be read before the build.
const { parseServeArgs, SERVE_PORT_HINT } = await tsImport('../../src/server/cli/serve-options.ts', import.meta.url);

/** Serve's options, or null when serve would not serve them (a usage error, --help). */
function serveConfig() {
  try {
    const config = parseServeArgs(args, process.env);
    return 'help' in config ? null : config;
  } catch {
    return null;
  }
}

/** Serve's line for a port it could not listen on, or null when the port is free. */
async function portProblem(config) {
  if (config.port === 0) return null;
  const { listenProblem } = await tsImport('../../src/server/cli/listen-problem.ts', import.meta.url);
  const error = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen(config.port, config.host, () => probe.close(() => resolve(null)));
  });
  return error && listenProblem(error, config, SERVE_PORT_HINT);
}

/** Builds, then serves from dist/ until stopped; the exit code is serve's. */
async function buildAndServe() {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  const { main } = await import('../../dist/server/cli.js');
  return main(['serve', ...args]);
}

const config = serveConfig();
let run;
if (config === null) {
  // Serve's usage text (and exit code 2 for an error, 0 for --help), without building.
  const { main } = await tsImport('../../src/server/cli.ts', import.meta.url);
  run = main(['serve', ...args]);
} else {
  const problem = await portProblem(config);
  if (problem) console.error(`ticketing-widgets serve: ${problem}`);
  run = problem ? Promise.resolve(1) : buildAndServe();
}
run.then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
