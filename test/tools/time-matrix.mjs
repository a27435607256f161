// `npm run test:time`: the date-sensitive suites again, each run pinned to a fixed moment in a
// fixed zone (TW_TEST_MOMENT + TZ, see test-moment.mjs), so "today", week days, month and year ends,
// DST nights and leap days are proven on every run, whatever the day CI happens to run on.
// Needs a build (npm test builds first). Only the suites whose answers depend on the date run here;
// the whole suite runs at the real moment in `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** [TZ, wall-clock moment in that zone, why it is here] */
export const MOMENTS = [
  ['Europe/Paris', '2026-11-30T08:15', 'a Monday morning (weekday-only coaches run)'],
  ['UTC', '2026-11-28T12:00', 'a Saturday'],
  ['America/Los_Angeles', '2026-11-29T21:30', 'a Sunday evening west of UTC (already Monday in UTC)'],
  ['Europe/Berlin', '2026-10-25T01:30', 'the night summer time ends in Europe (still Saturday in UTC)'],
  ['Europe/Berlin', '2027-03-28T01:30', 'the night summer time starts in Europe'],
  ['Asia/Kolkata', '2026-12-31T23:55', 'New Year’s Eve east of UTC, five minutes to midnight'],
  ['America/New_York', '2028-02-29T12:00', 'noon on a leap day'],
  ['America/Santiago', '2026-09-06T01:00:30', 'the night Chile skips midnight: the day began at 01:00, 30 s ago'],
];

const NODE_SUITES = ['reference', 'interface-a', 'interface-b', 'seed', 'data-layer', 'site-time'].map((name) => `test/server/${name}.test.ts`);
const BROWSER_SUITES = [
  'test/api/against-reference.test.ts',
  'test/api/site-time.test.ts',
  'src/elements/bus-list/**/*.test.ts',
  'src/elements/bus-seat-map/*.test.ts',
  'src/elements/bus-route-map/*.test.ts',
  'src/elements/event-list/event-list.test.ts',
  'src/elements/event-list/event-list.discovery.test.ts',
  'src/elements/event-list/event-list.month.test.ts',
];

function run(command, args, env, logFile) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      writeFileSync(logFile, Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

/** The summary line of a node:test or wtr log. */
function summary(log) {
  // eslint-disable-next-line no-control-regex
  const plain = log.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
  const node = plain.match(/^# pass (\d+)\n# fail (\d+)/m);
  if (node) return `${node[1]} passed, ${node[2]} failed`;
  const wtr = [...plain.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  return wtr ? `${wtr[1]} passed, ${wtr[2]} failed` : 'no summary';
}

const logs = mkdtempSync(path.join(tmpdir(), 'tw-time-'));
let failures = 0;
const wtrBin = path.resolve('node_modules/.bin/wtr');
for (const [zone, moment, why] of MOMENTS) {
  const env = { TZ: zone, TW_TEST_MOMENT: moment };
  const started = Date.now();
  const nodeLog = path.join(logs, `${zone.replace('/', '-')}-${moment}-node.log`);
  const browserLog = path.join(logs, `${zone.replace('/', '-')}-${moment}-browser.log`);
  const [nodeCode, browserCode] = await Promise.all([
    run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', ...NODE_SUITES], env, nodeLog),
    run(wtrBin, ['--files', ...BROWSER_SUITES], env, browserLog),
  ]);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const ok = nodeCode === 0 && browserCode === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${moment} ${zone} — ${why} (${seconds} s): Node ${summary(readFileSync(nodeLog, 'utf8'))}; Chromium ${summary(readFileSync(browserLog, 'utf8'))}`,
  );
  if (!ok) {
    failures++;
    for (const [code, file] of [
      [nodeCode, nodeLog],
      [browserCode, browserLog],
    ]) {
      if (code !== 0) console.log(readFileSync(file, 'utf8').split('\n').slice(-80).join('\n'));
    }
    console.log(`Re-run one moment: TZ=${zone} TW_TEST_MOMENT=${moment} npx wtr --files ${BROWSER_SUITES.join(' ')}`);
    console.log(`  and in Node: TZ=${zone} TW_TEST_MOMENT=${moment} node --import tsx --test ${NODE_SUITES.join(' ')}`);
  }
}
rmSync(logs, { recursive: true, force: true });
if (failures > 0) {
  console.error(`${failures} of ${MOMENTS.length} pinned moments failed.`);
  process.exit(1);
}
console.log(`All ${MOMENTS.length} pinned moments passed.`);
