import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseServeArgs, splitCommand, USAGE as COMMON_USAGE, UsageError } from './cli/serve-options.js';
import { runProxy } from './cli/proxy.js';
import { parseProxyArgs, PROXY_USAGE } from './cli/proxy-args.js';
import { runServe } from './cli/serve.js';
import { EXPORT_USAGE, parseExportArgs } from './cli/export-args.js';
import { runExport } from './cli/export.js';

/**
 * `ticketing-widgets <command>`. Add a command by adding an entry to COMMANDS; each entry parses
 * its own arguments and resolves with the process exit code.
 */
type Command = (args: string[]) => Promise<number>;

/** Built to dist/server/cli.js, so the package root (demo/, dist/) is two levels up. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = `${COMMON_USAGE}\n\n${PROXY_USAGE}\n\n${EXPORT_USAGE}`;

const COMMANDS: Record<string, Command> = {
  serve: async (args) => {
    const config = parseServeArgs(args, process.env);
    if ('help' in config) {
      console.log(USAGE);
      return 0;
    }
    return runServe(config, PACKAGE_ROOT);
  },
  proxy: async (args) => {
    const config = parseProxyArgs(args);
    if ('help' in config) {
      console.log(USAGE);
      return 0;
    }
    return runProxy(config, process.env);
  },
  export: async (args) => {
    const config = parseExportArgs(args);
    if ('help' in config) {
      console.log(EXPORT_USAGE);
      return 0;
    }
    return runExport(config, process.env, { stdout: process.stdout, stderr: process.stderr, progressInPlace: process.stderr.isTTY === true });
  },
};

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const request = splitCommand(argv);
    if (!('args' in request)) {
      console.log(USAGE);
      return 0;
    }
    const command = COMMANDS[request.command];
    if (!command) throw new UsageError(`unknown command "${request.command}"`);
    return await command(request.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`ticketing-widgets: ${error.message}\n\n${USAGE}`);
    return 2;
  }
}

// Re-exported so the build keeps them: rollup only preserves exports of its entry (this file), and
// the test runner and embedders import them from dist/server/reference/index.js.
export { createReferenceHandler, DEMO_APP_PASSWORD, DEMO_USER, startReferenceApi } from './reference/index.js';
export { ALLOWED_ROUTES, createProxyHandler, PROXY_DEFAULTS, PROXY_ERROR_CODES, ProxyConfigError, startProxy } from './proxy/index.js';

/** True when this file is the program (also through npm's bin symlink), not an import. */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
