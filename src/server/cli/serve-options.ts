import { parseSiteZone } from '../../api/site-time.js';
import { normalizeOrigin } from '../proxy/index.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Dialect } from '../reference/index.js';
import type { PortHint } from './listen-problem.js';

/**
 * Command-line parsing for `ticketing-widgets`, kept apart from what the commands do. A command
 * is the first word; each command parses its own options (strictly: unknown ones are errors).
 * Here: the command word, the common usage text and the `serve` command's options (`proxy`'s are
 * in proxy-args.ts).
 */
export class UsageError extends Error {}

export const USAGE = `Usage: ticketing-widgets <command> [options]

Commands:
  serve              Run the reference API (WordPress-compatible, seeded data, both interfaces)
                     with the demo at / and the built bundles at /dist/, and the credentials
                     proxy in front of it at /proxy/
  proxy              Run the credentials proxy in front of a real site: it keeps the application
                     password server-side and forwards, caches and rate-limits the read-only routes
  export             Write every passenger or attendee of a query as CSV or JSON (CRM sync,
                     reporting), with the same credentials as the proxy

Options for serve:
  --port <n>         Port to listen on (default: $PORT, else 8080; 0 picks a free port)
  --host <address>   Interface to bind (default: 127.0.0.1; 0.0.0.0 listens on all)
  --dialect <name>   Interface B dialect: contract (default) or plugin
  --allow-origin <origin>
                     An app on another origin (e.g. http://localhost:5173, a framework's dev
                     server) may call the /proxy mounts (CORS); repeatable
  --time-zone <zone> The demo site's time zone, an IANA name (Europe/Berlin) or an offset
                     (+05:30); default: this machine's zone
  --quiet            Do not log requests
  -h, --help         Show this help

The reference API's Basic-auth user and application password are fixed public demo values,
printed at start-up. They protect nothing.`;

/**
 * How a serve user picks another port when theirs is taken (typically by an earlier `npm start`
 * still running); here, beside the options, so `npm start`'s check before building words it the same.
 */
export const SERVE_PORT_HINT: PortHint = {
  another: 'choose another port with --port 9000 (PORT=9000 npm start)',
  likely: 'an earlier npm start still running?',
};

export interface ServeConfig {
  port: number;
  host: string;
  dialect: Dialect;
  /** Origins whose pages may call the proxy mounts (CORS). */
  allowOrigins: string[];
  /** IANA name or offset; undefined = the machine's zone. */
  timeZone?: string;
  quiet: boolean;
}

/** `help`, or the command word and the arguments after it. */
export function splitCommand(argv: readonly string[]): { command: 'help' } | { command: string; args: string[] } {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('missing command');
  if (first === '-h' || first === '--help' || first === 'help') return { command: 'help' };
  if (first.startsWith('-')) throw new UsageError(`expected a command before ${first}`);
  return { command: first, args: rest };
}

function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65_535) throw new UsageError(`${source} must be a port number (0-65535), got "${raw}"`);
  return Number(raw);
}

/** Strict option parsing (no positionals); parse problems become UsageError (exit code 2). */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    // A stray word may be a password pasted without its option: never repeated
    // (the terminal's scrollback or a service's log would keep it).
    if ((error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError('unexpected argument (not repeated here, in case it is a secret): each value goes right after its option, as in --port 8080');
    }
    throw new UsageError((error as Error).message);
  }
}

/** `serve` options; `help: true` when -h/--help was given. */
export function parseServeArgs(args: readonly string[], env: NodeJS.ProcessEnv): ServeConfig | { help: true } {
  const values = parseOptions(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    dialect: { type: 'string' },
    'time-zone': { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const);
  if (values.help) return { help: true };
  const dialect = values.dialect ?? 'contract';
  if (dialect !== 'contract' && dialect !== 'plugin') throw new UsageError(`--dialect must be contract or plugin, got "${dialect}"`);
  const port = values.port !== undefined ? parsePort(values.port, '--port') : env['PORT'] ? parsePort(env['PORT'], 'PORT') : 8080;
  const host = values.host ?? '127.0.0.1';
  if (host === '') throw new UsageError('--host must not be empty');
  const timeZone = values['time-zone'];
  if (timeZone !== undefined && parseSiteZone(timeZone) === null) {
    throw new UsageError(`--time-zone must be an IANA zone such as Europe/Berlin or an offset such as +05:30, got "${timeZone}"`);
  }
  let allowOrigins: string[];
  try {
    allowOrigins = (values['allow-origin'] ?? []).map(normalizeOrigin);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { port, host, dialect, allowOrigins, ...(timeZone !== undefined && { timeZone }), quiet: values.quiet ?? false };
}
