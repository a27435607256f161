// The one moment a test run is pinned to. Every date-sensitive test reads "now" from here (the
// browser pages through the pinned clock of test/setup/pinned-clock.ts, the loopback reference API
// through its `now`), so no expectation comes from the wall clock at the time an assertion runs.
//
//   TW_TEST_MOMENT=2026-12-31T23:55      a wall-clock reading in the zone of TZ (seconds optional)
//   TW_TEST_MOMENT=2026-12-31T18:25:00Z  an instant (any ISO form with Z or an offset)
//   TW_TEST_MOMENT=1798741500000         epoch milliseconds
//   unset                                the real clock, read once when the run starts
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Epoch ms of a TW_TEST_MOMENT value; throws a readable error for anything else.
 * @param {string} text
 * @returns {number}
 */
export function parseMoment(text) {
  const value = text.trim();
  if (/^\d{10,}$/.test(value)) return Number(value);
  // An ISO reading without a zone is local time: `new Date` reads it in the zone of TZ.
  const ms = ISO.test(value) ? new Date(value).getTime() : NaN;
  if (!Number.isFinite(ms)) {
    throw new Error(`TW_TEST_MOMENT must be an ISO date-time (2026-12-31T23:55, 2026-12-31T18:25Z) or epoch ms, got "${text}"`);
  }
  return ms;
}

/**
 * The run's moment: TW_TEST_MOMENT when set, else now.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {number}
 */
export function testMoment(env = process.env) {
  return env.TW_TEST_MOMENT ? parseMoment(env.TW_TEST_MOMENT) : Date.now();
}

/**
 * "2026-12-31 23:55:00 Asia/Kolkata (2026-12-31T18:25:00.000Z)" for the logs.
 * @param {number} ms
 * @returns {string}
 */
export function describeMoment(ms) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
  return `${local} ${zone} (${new Date(ms).toISOString()})`;
}
