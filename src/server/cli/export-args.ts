import { parseOptions, UsageError } from './serve-options.js';
import { refuseSecretFlags } from './proxy-args.js';
// The data layer's own date rule, so a typo is a usage error here, not a failed read.
import { isDate } from '../../api/paging.js';

/** `ticketing-widgets export` options. Secrets come from the environment or a file, never flags. */
export interface ExportConfig {
  kind: 'passengers' | 'attendees';
  target: string;
  busId: number | undefined;
  date: string | undefined;
  eventId: number | undefined;
  format: 'csv' | 'json';
  out: string | undefined;
  columns: string[] | undefined;
  credentialsFile: string | undefined;
  /** Send credentials over plain http to a machine other than this one (off: refused). */
  insecureHttp: boolean;
  quiet: boolean;
}

export const EXPORT_USAGE = `Options for export (ticketing-widgets export passengers|attendees --target <url> [options]):
  --target <url>                 The site's REST root (https://example.org/wp-json,
                                 https://example.org/?rest_route=) or a proxy's
  --bus-id <id>                  passengers: one bus only
  --date <YYYY-MM-DD>            passengers: one travel date only
  --event-id <id>                attendees: one event only
  --format csv|json              CSV (UTF-8 with BOM, formula cells neutralised; default) or JSON
  --columns <a,b,…>              Columns in this order, each once (default: all). Passengers:
                                 name, seat, boarding, dropping, ticket-type, price, email, phone,
                                 booking-id, bus, date, status. Attendees: name, email, phone,
                                 ticket-type, event, event-date, order-id, checked-in, event-id,
                                 registered, id
  --out <file>                   Write to this file (created with mode 600) instead of stdout
  --credentials-file <path>      As for proxy; else TICKETING_WP_USER and TICKETING_WP_APP_PASSWORD
  --insecure-http                Allow credentials over plain http to another machine (refused
                                 otherwise: they would travel readable, and WordPress ignores
                                 application passwords without HTTPS anyway)
  --quiet                        No progress line on stderr

Every page is read, 100 rows per request, one after another. Exit status: 0 done, 1 the site
refused or failed (the message says why), 2 a usage error.`;

function id(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}

function columnList(raw: string | undefined): string[] | undefined {
  const columns = raw
    ?.split(',')
    .map((column) => column.trim())
    .filter(Boolean);
  if (columns?.length === 0) throw new UsageError(`--columns names no column, got "${raw}"`);
  // A JSON record holds a key once: a repeated column would give CSV and JSON different columns.
  const repeated = columns?.find((column, n) => columns.findIndex((other) => other.toLowerCase() === column.toLowerCase()) < n);
  if (repeated !== undefined) throw new UsageError(`--columns names "${repeated}" twice`);
  return columns;
}

export function parseExportArgs(args: readonly string[]): ExportConfig | { help: true } {
  refuseSecretFlags(args);
  const [kind, ...rest] = args;
  if (kind === '-h' || kind === '--help') return { help: true };
  if (kind !== 'passengers' && kind !== 'attendees')
    throw new UsageError(`export needs what to export first: passengers or attendees${kind ? `, got "${kind}"` : ''}`);
  const values = parseOptions(rest, {
    target: { type: 'string' },
    'bus-id': { type: 'string' },
    date: { type: 'string' },
    'event-id': { type: 'string' },
    format: { type: 'string' },
    columns: { type: 'string' },
    out: { type: 'string' },
    'credentials-file': { type: 'string' },
    'insecure-http': { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return { help: true };
  if (!values.target) throw new UsageError('export needs --target <the site REST root>');
  // Echoed for typos, but never what stands before an `@`: that may be a password.
  const shown = values.target.replace(/^([^/?#]*\/\/)[^/?#]*@/, '$1…@');
  let target: URL;
  try {
    target = new URL(values.target);
  } catch {
    throw new UsageError(`--target must be an http(s) URL, got "${shown}"`);
  }
  if (target.username !== '' || target.password !== '') {
    throw new UsageError('--target must not contain user:password@; credentials come from the environment or --credentials-file, never a flag');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new UsageError(`--target must be an http(s) URL, got "${shown}"`);
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, got "${format}"`);
  if (values.date !== undefined && !isDate(values.date)) throw new UsageError(`--date must look like 2026-11-24, got "${values.date}"`);
  if (kind === 'attendees' && (values['bus-id'] !== undefined || values.date !== undefined)) throw new UsageError('--bus-id and --date are for passengers');
  if (kind === 'passengers' && values['event-id'] !== undefined) throw new UsageError('--event-id is for attendees');
  if (values.out === '') throw new UsageError('--out needs a file name (without --out the export goes to standard output)');
  return {
    kind,
    target: values.target,
    busId: id(values['bus-id'], 'bus-id'),
    date: values.date,
    eventId: id(values['event-id'], 'event-id'),
    format,
    out: values.out,
    columns: columnList(values.columns),
    credentialsFile: values['credentials-file'],
    insecureHttp: values['insecure-http'] ?? false,
    quiet: values.quiet ?? false,
  };
}
