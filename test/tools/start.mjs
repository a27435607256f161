// `npm start [-- serve options]`: build, then serve the demo. First it makes sure the port serve
// will use (--port, else $PORT, else 8080: serve's own parsing) is free, so a second `npm start`
// while the first still runs stops at once with serve's own one line, rather than rebuilding dist/
// under the running server and only then finding the port taken. Serve runs in this process, so
// Ctrl+C and SIGTERM reach it as they did when it was the script's last command.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);

/** Serve's line for a port it could not listen on, or null when the port is free (or the options are serve's to refuse). */
async function portProblem() {
  // From the sources: dist/ may not exist yet, and must not be read before the build.
  const { parseServeArgs, SERVE_PORT_HINT } = await tsImport('../../src/server/cli/serve-options.ts', import.meta.url);
  const { listenProblem } = await tsImport('../../src/server/cli/listen-problem.ts', import.meta.url);
  let config;
  try {
    config = parseServeArgs(args, process.env);
  } catch {
    return null; // a usage error: serve prints it with the usage text
  }
  if ('help' in config || config.port === 0) return null;
  const error = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen(config.port, config.host, () => probe.close(() => resolve(null)));
  });
  return error && listenProblem(error, config, SERVE_PORT_HINT);
}

const problem = await portProblem();
if (problem) {
  console.error(`ticketing-widgets serve: ${problem}`);
  process.exit(1);
}
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { main } = await import('../../dist/server/cli.js');
main(['serve', ...args]).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
