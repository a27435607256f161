/**
 * Personal data on real WordPress with the real plugins: neither publishes it over REST (the bus
 * plugin has no passengers route, the free event plugin no attendee type), so the export command
 * and the staff elements' data path say so plainly — with an administrator's application password,
 * straight to the site and through the proxy with private routes on.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe as suite, test } from 'node:test';
import { DIST, leaksIn, loadApi, loadStack, NOT_STARTED, startTestProxy } from './helpers.mjs';

const stack = loadStack();

function exportCli(args, env) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TICKETING_')));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(DIST, 'server/cli.js'), 'export', ...args],
      { env: { ...clean, ...env }, encoding: 'utf8' },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

suite('personal data on real WordPress', { skip: stack ? false : NOT_STARTED }, () => {
  let api;
  let entry;
  const token = 'wordpress-test-token-0123456789';
  const admin = () => ({ TICKETING_WP_USER: stack.admin.user, TICKETING_WP_APP_PASSWORD: stack.admin.appPassword });

  before(async () => {
    api = await loadApi();
    entry = await startTestProxy(stack, { credentials: { user: stack.admin.user, appPassword: stack.admin.appPassword }, allowPrivate: true, token });
  });
  after(() => entry?.proxy.close());

  test('the export command says the site publishes no passengers and no attendees (exit 1), leaking no secret', async () => {
    for (const [kind, message] of [
      ['passengers', /does not publish passengers: no \/wbtm\/v1\/passengers route/],
      ['attendees', /does not publish attendees: no \/wp\/v2\/mep_event_attendee route/],
    ]) {
      const result = await exportCli([kind, '--target', stack.restRoot], admin());
      assert.equal(result.code, 1, `${kind}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.deepEqual(leaksIn(result.stdout + result.stderr, stack), []);
    }
  });

  test('through the proxy with the token, the staff data path gets rest_no_route (the "not published" state)', async () => {
    const client = new api.ApiClient({
      baseUrl: `${entry.url}/wp-json`,
      headers: { Authorization: `Bearer ${token}` },
      cache: new api.OriginCache({ ttlMs: 0, maxEntries: 1 }),
    });
    for (const read of [() => api.listAllPassengers(client), () => api.listAllAttendees(client)]) {
      await assert.rejects(read, (error) => error instanceof api.ApiError && error.code === 'rest_no_route');
    }
  });
});
