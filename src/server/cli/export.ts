import { randomBytes } from 'node:crypto';
import { constants, rmSync } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PAGE_LIMIT, TOO_MANY_PAGES, type AllPagesOptions } from '../../api/all-pages.js';
import type { FetchLike } from '../../api/http.js';
import { listAllPassengers } from '../../api/passengers.js';
import { OriginCache } from '../../api/cache.js';
import { ApiClient } from '../../api/client.js';
import { ApiError, CLIENT_ERROR_CODES as CODES } from '../../api/errors.js';
import { listAllAttendees } from '../../api/attendees.js';
import { ATTENDEE_COLUMNS, PASSENGER_COLUMNS, recordsOf, tableOf, type Column } from '../../api/export/columns.js';
import { toCsv } from '../../api/export/csv.js';
import { basicAuthorization, loadCredentials, loadProxyToken, type Env } from '../proxy/credentials.js';
import type { ExportConfig } from './export-args.js';
import { UsageError } from './serve-options.js';
import { unicodeEscape } from '../shared/json.js';

/**
 * `ticketing-widgets export`: every passenger or attendee of a query, as CSV or JSON, for CRM
 * synchronisation and reporting. The same data layer, columns and CSV rules as the staff elements;
 * credentials as the proxy takes them (never from a flag); the file is created readable by its
 * owner only, because it holds personal data.
 */
/** Where output goes; with `progressInPlace` (a terminal) progress rewrites one line, else one line per page. */
export type ExportIo = { stdout: Writable; stderr: Writable; progressInPlace: boolean };

const TIMEOUT_MS = 30_000;

class ExportFailure extends Error {}

async function authorization(config: ExportConfig, env: Env): Promise<{ header: string; kind: 'basic' | 'bearer' }> {
  const credentials = await loadCredentials({ env, ...(config.credentialsFile !== undefined && { credentialsFile: config.credentialsFile }) });
  if (credentials) return { header: basicAuthorization(credentials), kind: 'basic' };
  const token = loadProxyToken(env);
  if (token) return { header: `Bearer ${token}`, kind: 'bearer' };
  throw new ExportFailure(
    'personal data needs credentials: set TICKETING_WP_USER and TICKETING_WP_APP_PASSWORD (or --credentials-file) for a site, or TICKETING_PROXY_TOKEN for our proxy',
  );
}

/** This machine: `localhost`, an IPv4 address in 127/8 (not a name such as `127.0.0.1.example.org`), or `[::1]`. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || (isIP(hostname) === 4 && hostname.startsWith('127.')) || hostname === '[::1]';
}

/**
 * A line for the terminal from text that is partly the site's: control characters (escape sequences
 * that could rewrite the screen, fake a success line or retitle the window) shown as `?`, and bounded.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');
  return flat.length > 500 ? `${flat.slice(0, 500)}…` : flat;
}

function pickColumns<T>(all: readonly Column<T>[], wanted: string[] | undefined): Column<T>[] {
  if (!wanted) return [...all];
  return wanted.map((key) => {
    const column = all.find((entry) => entry.key === key.toLowerCase());
    if (!column) throw new UsageError(`unknown column "${key}"; known: ${all.map((entry) => entry.key).join(', ')}`);
    return column;
  });
}

/**
 * JSON escapes C0 controls but writes C1 ones (U+009B is a CSI to some terminals) as they are: they
 * are escaped too, the same text for a JSON reader, inert on a terminal the export is printed to.
 */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, unicodeEscape);
}

function render<T>(config: ExportConfig, columns: readonly Column<T>[], rows: readonly T[]): string {
  if (config.format === 'json') return `${json(recordsOf(columns, rows))}\n`;
  const table = tableOf(columns, rows);
  return toCsv(table.header, table.cells);
}

/** What went wrong, in words an operator can act on; never a credential. */
function explain(error: unknown, config: ExportConfig): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const origin = new URL(config.target).origin;
  const route = config.kind === 'passengers' ? '/wbtm/v1/passengers' : '/wp/v2/mep_event_attendee';
  // An export must hold every row: a site that seems to have more than the data layer's page limit fails rather than write part of it.
  if (error.code === TOO_MANY_PAGES) return `${origin} still had more after ${PAGE_LIMIT} pages of 100; nothing was written`;
  if (error.code === CODES.network || error.code === CODES.timeout) return `could not reach ${origin}: ${error.message}`;
  if (error.code === REDIRECT_LOOP) return `${origin} ${error.message} (HTTP ${error.status}) for ${route}: is --target its REST root?`;
  if (error.code === REDIRECTED)
    return `${origin} ${error.message} (HTTP ${error.status}): give that address as --target; credentials are never sent on to another site`;
  if (error.code === 'rest_no_route') {
    const why =
      config.kind === 'passengers'
        ? 'the bus plugin publishes no passengers (bookings are not in its REST API)'
        : 'the free event plugin registers no attendee type';
    return `${origin} does not publish ${config.kind}: no ${route} route (${why})`;
  }
  if (error.code === 'tw_upstream_credentials_rejected') {
    return `${origin} is our proxy, and the site behind it refused the proxy's own credentials (HTTP ${error.status} ${error.code}); check the user and application password the proxy runs with`;
  }
  if (error.status === 401) {
    return `${origin} refused the credentials (HTTP ${error.status} ${error.code}); check the user and application password (or the proxy token)`;
  }
  // WordPress answers 401 to unknown credentials and 403 to a user without the right; our proxy 403s an address it does not serve.
  if (error.status === 403) {
    return `${origin} accepted the credentials, but they may not read ${config.kind} (HTTP ${error.status} ${error.code}): give that user the right, or use one that has it (through our proxy: is this machine's address allowed?)`;
  }
  if (error.status === 404) return `${origin} answered 404 (${error.code}) for ${route}: is --target the REST root (…/wp-json)?`;
  return `${origin} answered HTTP ${error.status} (${error.code}): ${error.message}`;
}

/**
 * Checked before anything is read, so a typo in `--out` does not cost a whole export first; told
 * in the words of the file asked for.
 */
async function checkOut(file: string): Promise<void> {
  const folder = path.dirname(path.resolve(file));
  const refuse = (why: string) => new ExportFailure(`could not write ${file}: ${why}`);
  if ((await stat(file).catch(() => null))?.isDirectory()) throw refuse('it is a folder');
  if (!(await stat(folder).catch(() => null))?.isDirectory()) throw refuse(`the folder ${folder} does not exist`);
  await access(folder, constants.W_OK).catch(() => {
    throw refuse(`the folder ${folder} is not writable by this user`);
  });
}

/** Ctrl+C, a service stop, a closed terminal or SSH session. */
const KILL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Written beside the target, flushed to disk, then renamed over it: a failed export (a full disk, a
 * crash) never leaves half a file, and no temporary copy of the personal data stays behind. A
 * failure names the file asked for, not the temporary one.
 */
async function writePrivateFile(file: string, content: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  // Killed meanwhile (KILL_SIGNALS): the temporary copy goes first, then the signal ends the process
  // as it would have (the shell sees 130, 143 or 129).
  const onSignal = (signal: NodeJS.Signals) => {
    stopListening();
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing more can be done while being killed; the signal must still end the process.
    }
    process.kill(process.pid, signal);
  };
  const stopListening = () => KILL_SIGNALS.forEach((signal) => process.off(signal, onSignal));
  KILL_SIGNALS.forEach((signal) => process.on(signal, onSignal));
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      try {
        await handle.writeFile(content, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  } catch (error) {
    throw new ExportFailure(`could not write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  } finally {
    stopListening();
  }
}

const REDIRECTED = 'tw_redirected';
const REDIRECT_LOOP = 'tw_redirect_loop';

/**
 * Redirects on the target's own origin are followed (a trailing slash, a moved REST root); one to
 * another origin is not: fetch would drop the credentials there, and the export would write that
 * origin's answer, or blame the password for its 401. The operator is told where it points instead.
 */
const sameOriginRedirectsOnly: FetchLike = async (input, init) => {
  let url = input;
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) {
      throw new ApiError({ status: response.status, code: REDIRECTED, message: `redirects to ${next.origin}`, url: input });
    }
    if (hop === 5) throw new ApiError({ status: response.status, code: REDIRECT_LOOP, message: 'redirects too many times', url: input });
    url = next.href;
  }
};

/**
 * Standard output, written to the end: a full disk or a closed pipe (`| head`) is a failure told in
 * one line (exit 1), not an unhandled stream error with a stack trace.
 */
function writeOut(stream: Writable, content: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(new ExportFailure(`could not write to standard output: ${error.message}`));
    // A failed write reaches the callback and then the stream's `error` event: the listener stays until it has.
    stream.once('error', failed);
    stream.write(content, (error) => {
      if (error) return failed(error);
      stream.off('error', failed);
      resolve();
    });
  });
}

export async function runExport(config: ExportConfig, env: Env, io: ExportIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${line}\n`);
  try {
    // A column typo must not cost a whole export first: columns are checked before anything is read.
    const passengerColumns = config.kind === 'passengers' ? pickColumns(PASSENGER_COLUMNS, config.columns) : [];
    const attendeeColumns = config.kind === 'attendees' ? pickColumns(ATTENDEE_COLUMNS, config.columns) : [];
    if (config.out !== undefined) await checkOut(config.out);
    const auth = await authorization(config, env);
    const target = new URL(config.target);
    if (target.protocol === 'http:' && !isLoopback(target.hostname)) {
      if (!config.insecureHttp) {
        throw new ExportFailure(
          `${target.origin} is plain http: the credentials would travel readable (and WordPress ignores application passwords without HTTPS); use https, or --insecure-http on a network you trust`,
        );
      }
      say(`warning: sending credentials over plain http to ${target.origin} (--insecure-http)`);
    }
    const client = new ApiClient({
      baseUrl: config.target,
      headers: { Authorization: auth.header },
      timeoutMs: TIMEOUT_MS,
      cache: new OriginCache({ ttlMs: 0, maxEntries: 1, fetch: sameOriginRedirectsOnly }),
    });
    let progressShown = false;
    const options: AllPagesOptions = {
      // Every page: past PAGE_LIMIT the read fails (TOO_MANY_PAGES) instead of ending incomplete.
      maxPages: Infinity,
      onProgress: ({ read, total, page, pages }) => {
        if (config.quiet || (page === 1 && (pages ?? 1) <= 1)) return;
        const line = `${config.kind}: ${read}${total !== null ? ` of ${total}` : ''} (page ${page}${pages !== null ? ` of ${pages}` : ''})`;
        io.stderr.write(io.progressInPlace ? `\r${line}` : `${line}\n`);
        progressShown = true;
      },
    };
    let content: string;
    let count: number;
    if (config.kind === 'passengers') {
      const result = await listAllPassengers(
        client,
        { ...(config.busId !== undefined && { busId: config.busId }), ...(config.date !== undefined && { date: config.date }) },
        options,
      );
      content = render(config, passengerColumns, result.items);
      count = result.items.length;
    } else {
      const result = await listAllAttendees(client, options);
      const rows = config.eventId === undefined ? result.items : result.items.filter((row) => row.eventId === config.eventId);
      content = render(config, attendeeColumns, rows);
      count = rows.length;
    }
    if (progressShown && io.progressInPlace) io.stderr.write('\n');
    if (config.out !== undefined) {
      await writePrivateFile(config.out, content);
      if (!config.quiet) say(`${count} ${config.kind} written to ${config.out}`);
    } else {
      await writeOut(io.stdout, content);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    say(`ticketing-widgets export: ${printable(explain(error, config))}`);
    return 1;
  }
}
