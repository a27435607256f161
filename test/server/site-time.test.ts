// The reference API's site time zone: seeded dates are the site's wall-clock readings, the index
// publishes the zone like WordPress does, `*_gmt` fields are UTC, and the site's "today" follows the
// site's midnight, not UTC's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RunningReference } from '../../src/server/reference/index.js';
import { AUTH, dist, getJson, startFor, type Parsed } from './helpers.js';

const { parseServeArgs } = await dist('server/cli/serve-options.js');

/** 23:55 on New Year's Eve in Kolkata: still 18:25 UTC on the 31st. */
const KOLKATA_NYE = Date.UTC(2026, 11, 31, 18, 25);
/** 20:00 UTC on the 31st: already 01:30 on 1 January in Kolkata. */
const KOLKATA_NEW_YEAR = Date.UTC(2026, 11, 31, 20, 0);

describe('site time zone of the reference API', () => {
  test('the index publishes timezone_string and the current gmt_offset', async (t) => {
    const kolkata = await startFor(t, { timeZone: 'Asia/Kolkata' });
    const index = (await getJson(kolkata.url, '/wp-json/')).data;
    assert.equal(index.timezone_string, 'Asia/Kolkata');
    assert.equal(index.gmt_offset, 5.5);
    const fixed = await startFor(t, { timeZone: '-03:30' });
    const fixedIndex = (await getJson(fixed.url, '/wp-json/')).data;
    assert.equal(fixedIndex.timezone_string, '', 'a fixed offset has no zone name, as in WordPress');
    assert.equal(fixedIndex.gmt_offset, -3.5);
  });

  test('date is the site-local reading and date_gmt the same instant in UTC', async (t) => {
    const api = await startFor(t, { timeZone: 'Asia/Kolkata', now: KOLKATA_NYE });
    const events = (await getJson(api.url, '/wp-json/wp/v2/mep_events?per_page=20')).data;
    for (const event of events) {
      const local = Date.parse(`${event.date}Z`);
      const gmt = Date.parse(`${event.date_gmt}Z`);
      assert.equal(local - gmt, 330 * 60_000, `${event.id}: ${event.date} vs ${event.date_gmt}`);
    }
  });

  test("'today' is the site's day: at 23:55 in Kolkata the 31st, ten minutes later the 1st", async (t) => {
    const before = await startFor(t, { timeZone: 'Asia/Kolkata', now: KOLKATA_NYE });
    const after = await startFor(t, { timeZone: 'Asia/Kolkata', now: KOLKATA_NEW_YEAR });
    const utc = await startFor(t, { timeZone: 'UTC', now: KOLKATA_NEW_YEAR });
    const bookedDays = async (api: RunningReference) => {
      const rows = (await getJson(api.url, '/wp-json/wbtm/v1/passengers?per_page=100', { authorization: AUTH })).data;
      return [...new Set(rows.map((row: Parsed) => row.date))].sort();
    };
    // The seed books seats on the site's today and tomorrow.
    assert.deepEqual(await bookedDays(before), ['2026-12-31', '2027-01-01']);
    assert.deepEqual(await bookedDays(after), ['2027-01-01', '2027-01-02']);
    assert.deepEqual(await bookedDays(utc), ['2026-12-31', '2027-01-01'], 'a UTC site is still on the 31st');
    // The plugin's search refuses no date of the site's today, whatever UTC says.
    const plugin = await startFor(t, { timeZone: 'Asia/Kolkata', now: KOLKATA_NEW_YEAR, dialect: 'plugin', rateLimitPerMinute: 0 });
    const search = (await getJson(plugin.url, '/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=2027-01-01')).data;
    assert.ok(search.buses.length > 0, 'buses run on the site’s today');
    const yesterday = (await getJson(plugin.url, '/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=2026-12-31')).data;
    assert.deepEqual(yesterday.buses, [], 'the site’s yesterday is past');
  });

  test('an unknown zone is refused at start-up and by serve --time-zone', async () => {
    await assert.rejects(startFor({ after() {} }, { timeZone: 'Mars/Olympus' }), /Unknown time zone "Mars\/Olympus"/);
    assert.throws(() => parseServeArgs(['--time-zone', 'Mars/Olympus'], {}), /--time-zone must be an IANA zone/);
    const berlin = parseServeArgs(['--time-zone', 'Europe/Berlin'], {});
    assert.ok(!('help' in berlin));
    assert.equal(berlin.timeZone, 'Europe/Berlin');
  });
});
