// The board's timing, "upcoming" and change-summary rules, and the fake scheduler they are tested with.
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../api/errors.js';
import type { Bus } from '../../../api/models.js';
import { EN } from '../../../shared/localize/en/index.js';
import { changeSummary, describeChanges } from './change-summary.js';
import { FakeScheduler } from '../../../../test/helpers/test-doubles.js';
import { backoffMs, MAX_BACKOFF_MS } from '../../../shared/backoff.js';
import { isConnectionProblem, isRateLimited, refreshIntervalMs } from '../../../shared/refresh-scheduler.js';
import { upcoming } from './wall-clock.js';
import { msToNextMinute, siteDate, siteTime } from '../../../shared/wall-clock.js';
import { parseSiteZone } from '../../../api/site-time.js';

const bus = (overrides: Partial<Bus>): Bus => ({
  id: 1,
  name: 'Bus',
  type: 'AC',
  typeKey: 'ac',
  routeId: 3,
  from: 'Paris',
  to: 'Berlin',
  date: null,
  departureTime: '09:00',
  arrivalTime: '21:00',
  arrivalDayOffset: 0,
  fares: [],
  lowestFare: 20,
  totalSeats: 40,
  seatsLeft: 10,
  features: [],
  ...overrides,
});
const at = (day: number, hours: number, minutes: number, seconds = 0) => new Date(2026, 10, day, hours, minutes, seconds).getTime();

describe('board rules', () => {
  it('refresh: 60 s by default, never below 30 s', () => {
    expect(refreshIntervalMs(undefined)).to.equal(60_000);
    expect(refreshIntervalMs(Number.NaN)).to.equal(60_000);
    expect(refreshIntervalMs(0)).to.equal(60_000);
    expect(refreshIntervalMs(-5)).to.equal(60_000);
    expect(refreshIntervalMs(5)).to.equal(30_000);
    expect(refreshIntervalMs(30)).to.equal(30_000);
    expect(refreshIntervalMs(90)).to.equal(90_000);
  });

  it('backs off × 2, × 4 … up to 15 minutes, never below one interval', () => {
    const error = new ApiError({ status: 503, code: 'tw_http_error', message: 'x' });
    expect([1, 2, 3, 4, 5, 10, 60].map((n) => backoffMs(n, 60_000, error))).to.deep.equal([120_000, 240_000, 480_000, 900_000, 900_000, 900_000, 900_000]);
    expect(backoffMs(1, 30 * 60_000, error)).to.equal(30 * 60_000);
    expect(MAX_BACKOFF_MS).to.equal(15 * 60_000);
  });

  it('waits at least Retry-After on a rate limit (60 s without one), even beyond the cap', () => {
    const limited = (retryAfter?: number, code = 'wbtm_rate_limited') =>
      new ApiError({ status: 429, code, message: 'x', ...(retryAfter !== undefined && { retryAfter }) });
    expect(backoffMs(1, 30_000, limited())).to.equal(60_000);
    expect(backoffMs(1, 60_000, limited(600))).to.equal(600_000);
    expect(backoffMs(1, 60_000, limited(3600))).to.equal(3_600_000);
    expect(backoffMs(3, 60_000, limited(42))).to.equal(480_000);
    // The cache's own "still closed" error and the proxy's busy answer count too.
    expect(isRateLimited(new ApiError({ status: 429, code: 'tw_rate_limited', message: 'x', retryAfter: 5 }))).to.equal(true);
    expect(isRateLimited(new ApiError({ status: 503, code: 'tw_upstream_busy', message: 'x' }))).to.equal(true);
    expect(isRateLimited(new ApiError({ status: 503, code: 'tw_http_error', message: 'x' }))).to.equal(false);
    expect(isConnectionProblem(new ApiError({ status: 0, code: 'tw_network_error', message: 'x' }))).to.equal(true);
    expect(isConnectionProblem(new ApiError({ status: 0, code: 'tw_timeout', message: 'x' }))).to.equal(true);
    expect(isConnectionProblem(limited())).to.equal(false);
  });

  it('reads the wall clock in the viewer zone, or in the site zone when one is given', () => {
    expect(siteDate(at(30, 23, 59), null)).to.equal('2026-11-30');
    expect(siteTime(at(30, 7, 5), null)).to.equal('07:05');
    // 18:25 UTC on New Year's Eve is 23:55 in Kolkata and still 13:25 in New York.
    const instant = Date.UTC(2026, 11, 31, 18, 25);
    expect([siteDate(instant, parseSiteZone('Asia/Kolkata')), siteTime(instant, parseSiteZone('Asia/Kolkata'))]).to.deep.equal(['2026-12-31', '23:55']);
    expect(siteTime(instant + 10 * 60_000, parseSiteZone('+05:30'))).to.equal('00:05');
    expect(siteDate(instant + 10 * 60_000, parseSiteZone('+05:30'))).to.equal('2027-01-01');
    expect(siteTime(instant, parseSiteZone('America/New_York'))).to.equal('13:25');
    expect(msToNextMinute(at(30, 7, 5, 0))).to.equal(60_000);
    expect(msToNextMinute(at(30, 7, 5, 45))).to.equal(15_000);
  });

  it('upcoming: not yet left (this minute still counts), soonest first, unknown times last', () => {
    const timetable = [
      bus({ id: 1, name: 'Later', departureTime: '10:00' }),
      bus({ id: 2, name: 'Gone', departureTime: '08:59' }),
      bus({ id: 3, name: 'Now', departureTime: '09:00' }),
      bus({ id: 4, name: 'Unknown', departureTime: null }),
      bus({ id: 5, name: 'Also later', departureTime: '10:00' }),
    ];
    expect(upcoming(timetable, at(30, 9, 0, 59), null).map((b) => b.name)).to.deep.equal(['Now', 'Also later', 'Later', 'Unknown']);
    expect(upcoming(timetable, at(30, 9, 1), null).map((b) => b.name)).to.deep.equal(['Also later', 'Later', 'Unknown']);
    // Dated buses (plugin search) compare date and time: tomorrow's early bus is still to come.
    const dated = [bus({ id: 6, date: '2026-12-01', departureTime: '06:00' }), bus({ id: 7, date: '2026-11-30', departureTime: '06:00' })];
    expect(upcoming(dated, at(30, 9, 0), null).map((b) => b.id)).to.deep.equal([6]);
    expect(timetable[0]!.name).to.equal('Later'); // not sorted in place
    // A site in Berlin at 08:30 UTC (09:30 there) has seen its 09:00 bus leave, wherever the viewer is.
    const berlin = parseSiteZone('Europe/Berlin');
    expect(upcoming(timetable, Date.UTC(2026, 10, 30, 8, 30), berlin).map((b) => b.name)).to.deep.equal(['Also later', 'Later', 'Unknown']);
  });

  it('summarizes changes by bus and date, counting only what a rider sees', () => {
    const before = [bus({ id: 1 }), bus({ id: 2, seatsLeft: 5 }), bus({ id: 3 })];
    const after = [bus({ id: 1 }), bus({ id: 2, seatsLeft: 4 }), bus({ id: 4 }), bus({ id: 5 }), bus({ id: 1, date: '2026-12-01' })];
    const changes = describeChanges(before, after);
    expect(changes).to.deep.equal({ changed: 1, added: 3, removed: 1 });
    expect(changeSummary(changes, EN, 'en')).to.equal('Departures updated: 1 changed, 3 added, 1 removed.');
    expect(changeSummary({ changed: 0, added: 0, removed: 2 }, EN, 'en')).to.equal('Departures updated: 2 removed.');
    expect(
      describeChanges(
        before,
        before.map((b) => ({ ...b, fares: [] })),
      ),
    ).to.deep.equal({ changed: 0, added: 0, removed: 0 });
    expect(changeSummary({ changed: 0, added: 0, removed: 0 }, EN, 'en')).to.equal('');
  });

  it('FakeScheduler runs due timers in order, including ones set while advancing, and only those', () => {
    const fake = new FakeScheduler(1_000);
    const log: string[] = [];
    fake.setTimeout(() => log.push(`b@${fake.now()}`), 200);
    fake.setTimeout(() => log.push(`a@${fake.now()}`), 100);
    const cancelled = fake.setTimeout(() => log.push('never'), 50);
    fake.setTimeout(() => log.push(`c@${fake.now()}`), 200);
    fake.setTimeout(() => fake.setTimeout(() => log.push(`nested@${fake.now()}`), 50), 120);
    fake.setTimeout(() => log.push('late'), 1_000);
    fake.clearTimeout(cancelled);
    fake.advance(300);
    expect(log).to.deep.equal(['a@1100', 'nested@1170', 'b@1200', 'c@1200']);
    expect(fake.now()).to.equal(1_300);
    expect(fake.pending).to.equal(1);
    fake.advance(700);
    expect(log.at(-1)).to.equal('late');
  });
});
