/**
 * OAuth 1.0a: the proxy signs its upstream requests, and the real OAuth1 plugin (rest-api-oauth1
 * 0.4.4) must accept them, for a `/wp-json` target, a `?rest_route=` target, and a target address
 * other than the site's home URL (the plugin always verifies against the home URL).
 *
 * "Accepted" is read from WordPress's side: the stack's request log records, for each REST
 * request, the Authorization scheme it carried and the user WordPress settled on. A request the
 * proxy signed must come out as the administrator, never as json_oauth1_* or anonymous.
 */
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { describe as suite, test } from 'node:test';
import { describe, get, loadOAuth1, loadStack, NOT_STARTED, requestLogSince, requestLogSize, startTestProxy } from './helpers.mjs';

const stack = loadStack();

/** `localhost` reaches the same php -S server only when it resolves to 127.0.0.1 first. */
async function localhostReachesStack() {
  try {
    const { address } = await lookup('localhost');
    return address === '127.0.0.1';
  } catch {
    return false;
  }
}

const port = stack ? new URL(stack.url).port : '';
const altSkip = stack && !(await localhostReachesStack()) ? 'localhost does not resolve to 127.0.0.1 here' : false;

suite('OAuth 1.0a through the proxy, real OAuth1 plugin', { skip: stack ? false : NOT_STARTED }, () => {
  test('control: the plugin accepts a correctly signed request and refuses a wrongly signed one', async () => {
    const { oauth1AuthorizationHeader } = await loadOAuth1();
    // For a /wp-json URL on the home address, RFC 5849's base string is what the plugin computes.
    const url = `${stack.restRoot}/wp/v2/users/me`;
    const good = await get(url, { Authorization: oauth1AuthorizationHeader('GET', url, stack.oauth1) });
    assert.equal(good.status, 200, describe(good));
    assert.equal(good.json.id, stack.admin.id, 'the token belongs to the administrator');
    const bad = await get(url, { Authorization: oauth1AuthorizationHeader('GET', url, { ...stack.oauth1, consumerSecret: 'wrong' }) });
    assert.equal(bad.status, 401, describe(bad));
    assert.equal(bad.json.code, 'json_oauth1_signature_mismatch');
    // A public route too: with a bad OAuth header the plugin refuses every REST request.
    const publicUrl = `${stack.restRoot}/wbtm/v1/routes`;
    const badPublic = await get(publicUrl, { Authorization: oauth1AuthorizationHeader('GET', publicUrl, { ...stack.oauth1, tokenSecret: 'wrong' }) });
    assert.equal(badPublic.status, 401, describe(badPublic));
  });

  const targets = [
    ['the home address, /wp-json', () => stack.restRoot, false],
    ['the home address, ?rest_route=', () => stack.queryRoot, false],
    ['another address (localhost), /wp-json', () => `http://localhost:${port}/wp-json`, altSkip],
    ['another address (localhost), ?rest_route=', () => `http://localhost:${port}/?rest_route=`, altSkip],
  ];

  for (const [name, target, skip] of targets) {
    test(`the plugin accepts the proxy's signed requests: target on ${name}`, { skip }, async () => {
      const entry = await startTestProxy(stack, { target: target(), oauth1: stack.oauth1 });
      const from = requestLogSize(stack);
      const problems = [];
      try {
        const { from: bp, to: dp, date, busId } = stack.bus;
        const paths = [
          '/wp-json/wbtm/v1/routes',
          `/wp-json/wbtm/v1/buses/${busId}`,
          `/?rest_route=/wbtm/v1/buses/search&${new URLSearchParams({ bp, dp, date })}`,
          '/wp-json/wp/v2/mep_events?per_page=2',
          '/wp-json/wp/v2/mep_cat',
        ];
        for (const path of paths) {
          const response = await get(`${entry.url}${path}`);
          if (response.status !== 200) problems.push(`${path}: ${describe(response, entry.lines)}`);
        }
      } finally {
        await entry.proxy.close();
      }
      const seen = requestLogSince(stack, from);
      const signed = seen.filter((line) => line.scheme === 'oauth');
      for (const line of signed) {
        if (line.user !== stack.admin.id || line.code !== null) {
          problems.push(
            `WordPress did not accept the signed request ${line.uri} (host ${line.host}): user ${line.user}, HTTP ${line.status} ${line.code ?? ''}`,
          );
        }
      }
      if (signed.length === 0)
        problems.push(
          `the proxy sent no OAuth-signed request (WordPress saw: ${seen.map((line) => `${line.route} [${line.scheme || 'no auth'}]`).join(', ') || 'nothing'})`,
        );
      const expectedHost = new URL(target()).host;
      if (seen.length && !seen.every((line) => line.host === expectedHost))
        problems.push(`requests went to ${[...new Set(seen.map((line) => line.host))]}, not ${expectedHost}`);
      assert.deepEqual(problems, [], problems.join('\n'));
    });
  }
});
