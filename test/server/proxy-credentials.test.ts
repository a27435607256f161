// Where the proxy's secrets come from, and how they are kept out of logs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dist } from './helpers.js';

const { basicAuthorization, loadCredentials, loadOAuth1, loadProxyToken, normalizeAppPassword } = await dist('server/proxy/credentials.js');
const { createRedactor, secretForms } = await dist('server/proxy/redact.js');

const PASSWORD = 'abcd EFGH 1234 ijkl MNOP 6789';
const COMPACT = 'abcdEFGH1234ijklMNOP6789';
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-proxy-credentials-'));
});
after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
/** A credentials file with the given content and mode (chmod after writing, so umask does not interfere). */
function credentialsFile(content: string, mode = 0o600): string {
  const file = path.join(dir, `credentials-${++counter}`);
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
  return file;
}

/** Asserts that `promise` rejects with an Error whose message matches and never contains a secret. */
async function rejectsWithout(promise: Promise<unknown>, message: RegExp, secrets = [PASSWORD, COMPACT]): Promise<void> {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof Error);
    assert.match(error.message, message);
    for (const secret of secrets) assert.ok(!error.message.includes(secret), `message leaks a secret: ${error.message}`);
    return true;
  });
}

function throwsWithout(fn: () => unknown, message: RegExp, secrets: string[]): void {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error);
    assert.match(error.message, message);
    for (const secret of secrets) assert.ok(!error.message.includes(secret), `message leaks a secret: ${error.message}`);
    return true;
  });
}

describe('normalizeAppPassword / basicAuthorization', () => {
  test('strips every kind of whitespace', () => {
    assert.equal(normalizeAppPassword(PASSWORD), COMPACT);
    assert.equal(normalizeAppPassword(' ab\tcd\nef  '), 'abcdef');
    assert.equal(normalizeAppPassword(COMPACT), COMPACT);
  });

  test('Basic header of user:normalized password', () => {
    assert.equal(basicAuthorization({ user: 'admin', appPassword: PASSWORD }), `Basic ${b64(`admin:${COMPACT}`)}`);
    assert.equal(basicAuthorization({ user: 'demo', appPassword: COMPACT }), 'Basic ZGVtbzphYmNkRUZHSDEyMzRpamtsTU5PUDY3ODk=');
  });

  test('UTF-8 user names', () => {
    assert.equal(basicAuthorization({ user: 'jürgen', appPassword: 'x y' }), `Basic ${Buffer.from('jürgen:xy').toString('base64')}`);
  });
});

describe('loadCredentials from the environment', () => {
  test('user and password', async () => {
    const env = { TICKETING_WP_USER: 'admin', TICKETING_WP_APP_PASSWORD: PASSWORD };
    assert.deepEqual(await loadCredentials({ env }), { user: 'admin', appPassword: PASSWORD });
  });

  test('neither → null', async () => {
    assert.equal(await loadCredentials({ env: {} }), null);
    assert.equal(await loadCredentials({ env: { TICKETING_WP_USER: '', TICKETING_WP_APP_PASSWORD: '  ' } }), null);
  });

  test('only one of them → error naming the missing variable', async () => {
    await rejectsWithout(loadCredentials({ env: { TICKETING_WP_APP_PASSWORD: PASSWORD } }), /TICKETING_WP_USER is not/);
    await rejectsWithout(loadCredentials({ env: { TICKETING_WP_USER: 'admin', TICKETING_WP_APP_PASSWORD: '' } }), /TICKETING_WP_APP_PASSWORD is not/);
  });

  test('a user name with ":" cannot work with Basic auth', async () => {
    await rejectsWithout(loadCredentials({ env: { TICKETING_WP_USER: 'a:b', TICKETING_WP_APP_PASSWORD: PASSWORD } }), /must not contain ":"/);
  });

  test('surrounding whitespace of the user is ignored', async () => {
    const env = { TICKETING_WP_USER: ' admin ', TICKETING_WP_APP_PASSWORD: PASSWORD };
    assert.equal((await loadCredentials({ env }))?.user, 'admin');
  });
});

describe('loadCredentials from a file', () => {
  test('one line, password with spaces, trailing newline', async () => {
    const file = credentialsFile(`admin:${PASSWORD}\n`);
    assert.deepEqual(await loadCredentials({ env: {}, credentialsFile: file }), { user: 'admin', appPassword: PASSWORD });
  });

  test('comments, blank lines, CRLF and surrounding whitespace are ignored', async () => {
    const file = credentialsFile(`# WordPress application password for the proxy\r\n\r\n   \r\n  editor : ${PASSWORD}  \r\n# end\r\n`);
    assert.deepEqual(await loadCredentials({ env: {}, credentialsFile: file }), { user: 'editor', appPassword: PASSWORD });
  });

  test('only the first ":" separates user from password', async () => {
    const file = credentialsFile('admin:pa:ss word');
    assert.deepEqual(await loadCredentials({ env: {}, credentialsFile: file }), { user: 'admin', appPassword: 'pa:ss word' });
  });

  test('both sources → error, whichever env variable is set', async () => {
    const file = credentialsFile(`admin:${PASSWORD}\n`);
    for (const env of [
      { TICKETING_WP_USER: 'admin', TICKETING_WP_APP_PASSWORD: PASSWORD },
      { TICKETING_WP_APP_PASSWORD: PASSWORD },
      { TICKETING_WP_USER: 'admin' },
    ]) {
      await rejectsWithout(loadCredentials({ env, credentialsFile: file }), /use only one source/);
    }
  });

  test('files readable or writable by the group or other users are refused with a chmod hint', { skip: process.platform === 'win32' }, async () => {
    for (const mode of [0o644, 0o666, 0o604, 0o602, 0o606, 0o640, 0o660, 0o620, 0o610]) {
      const file = credentialsFile(`admin:${PASSWORD}\n`, mode);
      await rejectsWithout(loadCredentials({ env: {}, credentialsFile: file }), new RegExp(`chmod 600 ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  test('owner-only modes are accepted', { skip: process.platform === 'win32' }, async () => {
    for (const mode of [0o600, 0o400]) {
      const file = credentialsFile(`admin:${PASSWORD}\n`, mode);
      assert.equal((await loadCredentials({ env: {}, credentialsFile: file }))?.user, 'admin');
    }
  });

  test('a file owned by another user is refused, whatever its mode', { skip: process.platform === 'win32' || process.getuid?.() !== 0 }, async () => {
    // Only root can give a file away; as anyone else the check is covered by the mode test.
    const file = credentialsFile(`admin:${PASSWORD}\n`, 0o600);
    fs.chownSync(file, 65534, 65534);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: file }), /belongs to another user \(uid 65534/);
  });

  test('missing file', async () => {
    const file = path.join(dir, 'does-not-exist');
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: file }), /does not exist/);
  });

  test('a directory is not a credentials file', async () => {
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: dir }), /not a regular file/);
  });

  test('unreadable file', { skip: process.platform === 'win32' || process.getuid?.() === 0 }, async () => {
    const file = credentialsFile(`admin:${PASSWORD}\n`, 0o000);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: file }), /not readable/);
  });

  test('a line without ":" is refused without echoing it', async () => {
    const file = credentialsFile(`# comment\n${PASSWORD}\n`);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: file }), /line 2: expected "user:application password"/);
  });

  test('empty user, empty password, no line at all, more than one line', async () => {
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: credentialsFile(`:${PASSWORD}\n`) }), /user name is empty/);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: credentialsFile(`  : ${PASSWORD}\n`) }), /user name is empty/);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: credentialsFile('admin:   \n') }), /application password is empty/);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: credentialsFile('') }), /has no "user:application password" line/);
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: credentialsFile('# only a comment\n\n') }), /has no/);
    await rejectsWithout(
      loadCredentials({ env: {}, credentialsFile: credentialsFile(`admin:${PASSWORD}\nother:${COMPACT}\n`) }),
      /more than one credentials line \(lines 1 and 2\)/,
    );
  });

  test('an empty path is refused', async () => {
    await rejectsWithout(loadCredentials({ env: {}, credentialsFile: '' }), /path is empty/);
  });
});

describe('loadOAuth1', () => {
  const key = 'ck_12345';
  const secret = 'cs_secret_value';
  const token = 'tok_abc';
  const tokenSecret = 'ts_secret_value';

  test('nothing set → null', () => {
    assert.equal(loadOAuth1({}), null);
  });

  test('consumer key and secret only', () => {
    const env = { TICKETING_OAUTH1_CONSUMER_KEY: key, TICKETING_OAUTH1_CONSUMER_SECRET: secret };
    assert.deepEqual(loadOAuth1(env), { consumerKey: key, consumerSecret: secret });
  });

  test('with token and token secret', () => {
    const env = {
      TICKETING_OAUTH1_CONSUMER_KEY: key,
      TICKETING_OAUTH1_CONSUMER_SECRET: secret,
      TICKETING_OAUTH1_TOKEN: token,
      TICKETING_OAUTH1_TOKEN_SECRET: tokenSecret,
    };
    assert.deepEqual(loadOAuth1(env), { consumerKey: key, consumerSecret: secret, token, tokenSecret });
  });

  test('half a pair is an error naming the missing variable, never a value', () => {
    const secrets = [secret, tokenSecret];
    throwsWithout(() => loadOAuth1({ TICKETING_OAUTH1_CONSUMER_KEY: key }), /but TICKETING_OAUTH1_CONSUMER_SECRET is not;/, secrets);
    throwsWithout(() => loadOAuth1({ TICKETING_OAUTH1_CONSUMER_SECRET: secret }), /but TICKETING_OAUTH1_CONSUMER_KEY is not;/, secrets);
    const consumer = { TICKETING_OAUTH1_CONSUMER_KEY: key, TICKETING_OAUTH1_CONSUMER_SECRET: secret };
    throwsWithout(() => loadOAuth1({ ...consumer, TICKETING_OAUTH1_TOKEN: token }), /but TICKETING_OAUTH1_TOKEN_SECRET is not;/, secrets);
    throwsWithout(() => loadOAuth1({ ...consumer, TICKETING_OAUTH1_TOKEN_SECRET: tokenSecret }), /but TICKETING_OAUTH1_TOKEN is not;/, secrets);
  });

  test('a token without consumer credentials is an error', () => {
    const env = { TICKETING_OAUTH1_TOKEN: token, TICKETING_OAUTH1_TOKEN_SECRET: tokenSecret };
    throwsWithout(() => loadOAuth1(env), /TICKETING_OAUTH1_CONSUMER_KEY and TICKETING_OAUTH1_CONSUMER_SECRET/, [tokenSecret]);
  });
});

describe('loadProxyToken', () => {
  test('unset or empty → null', () => {
    assert.equal(loadProxyToken({}), null);
    assert.equal(loadProxyToken({ TICKETING_PROXY_TOKEN: '' }), null);
  });

  test('16 characters or more is accepted as is', () => {
    assert.equal(loadProxyToken({ TICKETING_PROXY_TOKEN: '0123456789abcdef' }), '0123456789abcdef');
    const long = 'x'.repeat(64);
    assert.equal(loadProxyToken({ TICKETING_PROXY_TOKEN: long }), long);
  });

  test('too short → error without the token', () => {
    const short = 'short-token-15ch';
    throwsWithout(() => loadProxyToken({ TICKETING_PROXY_TOKEN: short.slice(0, 15) }), /at least 16 characters/, [short.slice(0, 15)]);
  });

  test('whitespace or non-ASCII cannot travel in a header intact', () => {
    throwsWithout(() => loadProxyToken({ TICKETING_PROXY_TOKEN: ' 0123456789abcdef' }), /printable ASCII/, ['0123456789abcdef']);
    throwsWithout(() => loadProxyToken({ TICKETING_PROXY_TOKEN: '0123456789abcdéf' }), /printable ASCII/, ['0123456789abcdéf']);
  });
});

describe('redaction', () => {
  const credentials = { user: 'admin', appPassword: PASSWORD };

  test('secretForms lists password, compact password, both base64 forms and both headers', () => {
    const forms = secretForms(credentials);
    for (const expected of [
      PASSWORD,
      COMPACT,
      b64(`admin:${PASSWORD}`),
      b64(`admin:${COMPACT}`),
      `Basic ${b64(`admin:${PASSWORD}`)}`,
      basicAuthorization(credentials),
    ]) {
      assert.ok(forms.includes(expected), `missing ${expected}`);
    }
    assert.equal(new Set(forms).size, forms.length);
    // A password without spaces has one form of each.
    assert.equal(secretForms({ user: 'admin', appPassword: COMPACT }).length, 3);
  });

  test('a redactor built from secretForms scrubs every form', () => {
    const redact = createRedactor(secretForms(credentials));
    const line = [`password=${PASSWORD}`, `compact=${COMPACT}`, `auth: ${basicAuthorization(credentials)}`, `raw: ${b64(`admin:${PASSWORD}`)}`].join(' | ');
    const scrubbed = redact(line);
    assert.equal(scrubbed, 'password=[redacted] | compact=[redacted] | auth: [redacted] | raw: [redacted]');
  });

  test('a bare password is scrubbed in its spaced, compact and URL-encoded forms', () => {
    const redact = createRedactor([PASSWORD]);
    assert.equal(redact(`a ${PASSWORD} b ${COMPACT} c ${encodeURIComponent(PASSWORD)}`), 'a [redacted] b [redacted] c [redacted]');
  });

  test('user:password combinations are also scrubbed as base64', () => {
    const redact = createRedactor([`admin:${PASSWORD}`]);
    const text = `Authorization: Basic ${b64(`admin:${COMPACT}`)} and ${b64(`admin:${PASSWORD}`)}`;
    assert.equal(redact(text), 'Authorization: Basic [redacted] and [redacted]');
    // A user name with spaces keeps them while the password loses its own.
    const spaced = createRedactor([`Jane Doe:${PASSWORD}`]);
    assert.equal(spaced(`Basic ${b64(`Jane Doe:${COMPACT}`)}`), 'Basic [redacted]');
  });

  test('every occurrence, regex characters in secrets, longest match first', () => {
    const redact = createRedactor(['a.b*c', 'token', 'token-long-version']);
    assert.equal(redact('a.b*c and a.b*c; axbxc stays'), '[redacted] and [redacted]; axbxc stays');
    assert.equal(redact('token-long-version / token'), '[redacted] / [redacted]');
  });

  test('empty and whitespace-only secrets are ignored; no secrets means no change', () => {
    const text = 'nothing secret here';
    assert.equal(createRedactor([])(text), text);
    assert.equal(createRedactor(['', '   '])(text), text);
  });

  test('error messages run through the redactor', () => {
    const redact = createRedactor([...secretForms(credentials), 'cs_secret_value', '0123456789abcdef']);
    const error = new Error(`upstream said: bad Authorization ${basicAuthorization(credentials)}; oauth key cs_secret_value; token 0123456789abcdef`);
    assert.equal(redact(error.message), 'upstream said: bad Authorization [redacted]; oauth key [redacted]; token [redacted]');
  });
});
