// OAuth 1.0a signing against published vectors (RFC 5849 and Twitter's developer documentation).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { dist } from './helpers.js';

const { hmacSha1Signature, oauth1AuthorizationHeader, percentEncode, signatureBaseString } = await dist('server/proxy/oauth1.js');

/** `OAuth a="1", b="2"` → { a: '1', b: '2' } with values decoded, plus the names in header order. */
function parseHeader(header: string): { names: string[]; values: Record<string, string> } {
  assert.match(header, /^OAuth /);
  const fields = header
    .slice('OAuth '.length)
    .split(', ')
    .map((field): [string, string] => {
      const match = /^([a-z_]+)="([^"]*)"$/.exec(field);
      assert.ok(match, `malformed field ${field}`);
      return [match[1]!, decodeURIComponent(match[2]!)];
    });
  return { names: fields.map(([name]) => name), values: Object.fromEntries(fields) };
}

describe('percentEncode (RFC 5849 §3.6)', () => {
  const cases: Array<[input: string, expected: string]> = [
    ['', ''],
    ['AZaz09-._~', 'AZaz09-._~'],
    [' ', '%20'],
    ['*', '%2A'],
    ["!'()", '%21%27%28%29'],
    ['+', '%2B'],
    ['=%3D', '%3D%253D'],
    ['c@', 'c%40'],
    ['/?#[]&', '%2F%3F%23%5B%5D%26'],
    ['ü', '%C3%BC'],
    ['€', '%E2%82%AC'],
    ['😀', '%F0%9F%98%80'],
    ['\n', '%0A'],
    // Lone surrogates become U+FFFD, as they do when the string is sent.
    ['\uD800', '%EF%BF%BD'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(percentEncode(input), expected));
  }
});

describe('RFC 5849 §3.4.1.1 example request', () => {
  const url = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
  const oauthParams = {
    oauth_consumer_key: '9djdj82h48djs9d2',
    oauth_token: 'kkk9d7dh3k39sjv7',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: '137131201',
    oauth_nonce: '7d8f3e4a',
  };
  // The form-encoded body `c2&a3=2+q`: c2 empty, a3 a second time with value "2 q".
  const body = new URLSearchParams('c2&a3=2+q');
  // As printed in the RFC, line breaks removed.
  const expected =
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q' +
    '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_' +
    'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m' +
    'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk' +
    '9d7dh3k39sjv7';

  test('base string matches the RFC byte for byte', () => {
    assert.equal(signatureBaseString('POST', url, oauthParams, body), expected);
  });

  test('body params given as plain pairs work the same', () => {
    assert.equal(
      signatureBaseString('POST', url, oauthParams, [
        ['c2', ''],
        ['a3', '2 q'],
      ]),
      expected,
    );
  });

  test('lowercase method, uppercase host, explicit default port and a fragment change nothing', () => {
    const noisy = 'HTTP://EXAMPLE.COM:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b#section';
    assert.equal(signatureBaseString('post', noisy, oauthParams, body), expected);
  });

  test('an oauth_signature parameter is left out, wherever it comes from', () => {
    assert.equal(signatureBaseString('POST', url, { ...oauthParams, oauth_signature: 'x' }, body), expected);
    assert.equal(signatureBaseString('POST', `${url}&oauth_signature=x`, oauthParams, body), expected);
  });

  test('signature with the §3.1 secrets (the RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw=, which does not reproduce)', () => {
    // Cross-checked independently: printf '%s' "$BASE" | openssl dgst -sha1 -hmac 'j49sk3j29djd&dh893hdasih9' -binary | base64
    assert.equal(hmacSha1Signature(expected, 'j49sk3j29djd', 'dh893hdasih9'), 'r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });
});

describe('RFC 5849 §1.2 example (photos.example.net)', () => {
  const consumerKey = 'dpf43f3p2l4k3l03';
  const consumerSecret = 'kd94hf93k423kf44';

  test('temporary credential request, no token: oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"', () => {
    const base = signatureBaseString('POST', 'https://photos.example.net/initiate', {
      oauth_consumer_key: consumerKey,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131200',
      oauth_nonce: 'wIjqoS',
      oauth_callback: 'http://printer.example.com/ready',
    });
    // No token secret: the key is "kd94hf93k423kf44&".
    assert.equal(hmacSha1Signature(base, consumerSecret), '74KNZJeDHnMBp0EMJ9ZHt/XKycU=');
  });

  test('token request: oauth_signature="gKgrFCywp7rO0OXSjdot%2FIHF7IU%3D"', () => {
    const base = signatureBaseString('POST', 'https://photos.example.net/token', {
      oauth_consumer_key: consumerKey,
      oauth_token: 'hh5s93j4hdidpola',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131201',
      oauth_nonce: 'walatlh',
      oauth_verifier: 'hfdp7dh39dks9884',
    });
    assert.equal(hmacSha1Signature(base, consumerSecret, 'hdhd0244k9j7ao03'), 'gKgrFCywp7rO0OXSjdot/IHF7IU=');
  });

  test('protected resource request: oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"', () => {
    // The RFC sends no oauth_version here, so this goes through the parts rather than the header builder.
    const base = signatureBaseString('GET', 'http://photos.example.net/photos?file=vacation.jpg&size=original', {
      oauth_consumer_key: consumerKey,
      oauth_token: 'nnch734d00sl2jdk',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131202',
      oauth_nonce: 'chapoH',
    });
    assert.equal(hmacSha1Signature(base, consumerSecret, 'pfkkdhi9sl3r4s00'), 'MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });
});

describe("Twitter developer documentation, 'Creating a signature'", () => {
  const credentials = {
    consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
    consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
    token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
    tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  };
  const nonce = 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg';
  const timestamp = 1318622958;
  const status: Array<[string, string]> = [['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']];
  const oauthParams = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(timestamp),
    oauth_token: credentials.token,
    oauth_version: '1.0',
  };

  test('API 1.1 revision: documented base string and signature hCtSmYh+iHYCEqBWrE7C7hYmtUk=', () => {
    const url = 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true';
    const base = signatureBaseString('POST', url, oauthParams, status);
    assert.equal(
      base,
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue' +
        '%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg' +
        '%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958' +
        '%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0' +
        '%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    assert.equal(hmacSha1Signature(base, credentials.consumerSecret, credentials.tokenSecret), 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  test('API 1 revision (and "Authorizing a request"): signature tnnArxj06cWHq44gCs1OSKk/jLY=', () => {
    const base = signatureBaseString('POST', 'https://api.twitter.com/1/statuses/update.json?include_entities=true', oauthParams, status);
    assert.equal(hmacSha1Signature(base, credentials.consumerSecret, credentials.tokenSecret), 'tnnArxj06cWHq44gCs1OSKk/jLY=');
  });

  test('the whole Authorization header, fields sorted and percent-encoded', () => {
    const header = oauth1AuthorizationHeader('POST', 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true', credentials, {
      nonce,
      timestamp,
      extraParams: status,
    });
    assert.equal(
      header,
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", ' +
        'oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", oauth_signature_method="HMAC-SHA1", ' +
        'oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0"',
    );
  });
});

describe('signatureBaseString details', () => {
  const oauth = { oauth_consumer_key: 'k' };

  test('default ports are dropped, others kept (§3.4.1.2 examples)', () => {
    assert.match(signatureBaseString('GET', 'http://EXAMPLE.COM:80/r%20v/X?id=123', oauth), /^GET&http%3A%2F%2Fexample.com%2Fr%2520v%2FX&/);
    assert.match(signatureBaseString('GET', 'https://www.example.net:8080/?q=1', oauth), /^GET&https%3A%2F%2Fwww.example.net%3A8080%2F&/);
    assert.match(signatureBaseString('GET', 'https://example.net:443/x', oauth), /^GET&https%3A%2F%2Fexample.net%2Fx&/);
    assert.match(signatureBaseString('GET', 'http://example.net:443/x', oauth), /^GET&http%3A%2F%2Fexample.net%3A443%2Fx&/);
    assert.match(signatureBaseString('GET', 'https://example.net:80/x', oauth), /^GET&https%3A%2F%2Fexample.net%3A80%2Fx&/);
  });

  test('duplicate names are all kept and sorted by value', () => {
    const base = signatureBaseString('GET', 'http://example.com/?a=2&a=1&b=&a=10', oauth);
    assert.equal(base, 'GET&http%3A%2F%2Fexample.com%2F&a%3D1%26a%3D10%26a%3D2%26b%3D%26oauth_consumer_key%3Dk');
  });

  test('query "+" is a space; names are sorted after encoding', () => {
    const base = signatureBaseString('GET', 'http://example.com/wp-json/wp/v2/posts?search=a+b&per_page=5&_embed', oauth);
    assert.equal(base, 'GET&http%3A%2F%2Fexample.com%2Fwp-json%2Fwp%2Fv2%2Fposts&_embed%3D%26oauth_consumer_key%3Dk%26per_page%3D5%26search%3Da%2520b');
  });

  test('non-http URLs are refused', () => {
    assert.throws(() => signatureBaseString('GET', 'ftp://example.com/', oauth), /http and https/);
    assert.throws(() => signatureBaseString('GET', 'not a url', oauth));
  });
});

describe('oauth1AuthorizationHeader', () => {
  const url = 'https://shop.example/wp-json/wp/v2/posts?per_page=2';

  test('without a token: no oauth_token, key ends in "&"', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs' };
    const { names, values } = parseHeader(oauth1AuthorizationHeader('GET', url, credentials, { nonce: 'n', timestamp: 1700000000 }));
    assert.deepEqual(names, ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version']);
    const base = signatureBaseString('GET', url, {
      oauth_consumer_key: 'ck',
      oauth_nonce: 'n',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '1700000000',
      oauth_version: '1.0',
    });
    assert.equal(values.oauth_signature, hmacSha1Signature(base, 'cs'));
    assert.equal(hmacSha1Signature(base, 'cs'), hmacSha1Signature(base, 'cs', ''));
  });

  test('defaults: a fresh hex nonce per call and the current time in seconds', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 't', tokenSecret: 'ts' };
    const before = Math.floor(Date.now() / 1000);
    const first = parseHeader(oauth1AuthorizationHeader('GET', url, credentials)).values;
    const second = parseHeader(oauth1AuthorizationHeader('GET', url, credentials)).values;
    const after = Math.floor(Date.now() / 1000);
    assert.match(first.oauth_nonce ?? '', /^[0-9a-f]{32}$/);
    assert.notEqual(first.oauth_nonce, second.oauth_nonce);
    const timestamp = Number(first.oauth_timestamp);
    assert.ok(timestamp >= before && timestamp <= after);
    assert.equal(first.oauth_token, 't');
  });

  test('secrets are percent-encoded into the key (§3.4.2)', () => {
    const base = 'GET&x&y';
    assert.equal(hmacSha1Signature(base, 'a b', 'c&d'), createHmac('sha1', 'a%20b&c%26d').update(base).digest('base64'));
    assert.notEqual(hmacSha1Signature(base, 'a b', 'c&d'), hmacSha1Signature(base, 'a b&c', 'd'));
  });

  test('a bad timestamp or empty nonce is refused', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs' };
    for (const timestamp of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => oauth1AuthorizationHeader('GET', url, credentials, { timestamp }), /positive integer/);
    }
    assert.throws(() => oauth1AuthorizationHeader('GET', url, credentials, { nonce: '' }), /nonce/);
  });
});

const { wordpressBaseUri, wordpressSignatureBaseString, wordpressOAuth1Header, phpQuery } = await dist('server/proxy/oauth1-wordpress.js');

describe('OAuth 1.0a as the WordPress OAuth1 plugin (0.4.x) verifies it', () => {
  const oauth = {
    oauth_consumer_key: 'ck',
    oauth_nonce: 'n1',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: '1700000000',
    oauth_token: 'tk',
    oauth_version: '1.0',
  };

  test("the base URI is the site's home URL plus the path below it, wherever the request went", () => {
    assert.equal(wordpressBaseUri('http://site.example', new URL('http://10.0.0.5:8080/wp-json/wbtm/v1/routes')), 'http://site.example/wp-json/wbtm/v1/routes');
    assert.equal(
      wordpressBaseUri('https://site.example/blog', new URL('http://internal/blog/wp-json/wbtm/v1/routes')),
      'https://site.example/blog/wp-json/wbtm/v1/routes',
    );
    // ?rest_route= requests have no path below the home path: the home URL itself, no trailing slash.
    assert.equal(wordpressBaseUri('http://site.example', new URL('http://internal/?rest_route=/wbtm/v1/routes')), 'http://site.example');
    assert.equal(wordpressBaseUri('http://site.example/blog', new URL('http://internal/blog/?rest_route=/x')), 'http://site.example/blog');
    assert.equal(wordpressBaseUri('http://site.example/blog', new URL('http://internal/blog/index.php?rest_route=/x')), 'http://site.example/blog/index.php');
  });

  test("the string to sign, written out by hand from the plugin's rules (rest_route is a query parameter like any other)", () => {
    const url = new URL('http://10.0.0.5:8080/blog/?rest_route=/wbtm/v1/buses/search&dp=Berlin&bp=Paris&date=2026-11-30');
    const expected = [
      'GET',
      'http%3A%2F%2Fsite.example%2Fblog',
      [
        'bp%3DParis',
        'date%3D2026-11-30',
        'dp%3DBerlin',
        'oauth_consumer_key%3Dck',
        'oauth_nonce%3Dn1',
        'oauth_signature_method%3DHMAC-SHA1',
        'oauth_timestamp%3D1700000000',
        'oauth_token%3Dtk',
        'oauth_version%3D1.0',
        'rest_route%3D%252Fwbtm%252Fv1%252Fbuses%252Fsearch',
      ].join('%26'),
    ].join('&');
    assert.equal(wordpressSignatureBaseString('GET', url, 'http://site.example/blog', oauth), expected);
  });

  test("PHP's reading of the query: nested names, the last repeated name, one more decoding", () => {
    assert.deepEqual(phpQuery('a=1&a=2&b[]=x&b[]=y&c[terms][]=3&c[include_children]=true'), {
      a: '2',
      b: { 0: 'x', 1: 'y' },
      c: { terms: { 0: '3' }, include_children: 'true' },
    });
    const base = wordpressSignatureBaseString('GET', new URL('http://h/wp-json/x?mep_cat[terms][]=3&name=M%C3%BCnchen'), 'http://h', { oauth_nonce: 'n' });
    assert.ok(base.endsWith('mep_cat%255Bterms%255D%255B0%255D%3D3%26name%3DM%25C3%25BCnchen%26oauth_nonce%3Dn'), base);
  });

  test('the header signs that string with "consumer secret&token secret" as the plugin keys it', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' };
    const url = 'http://internal/wp-json/wbtm/v1/routes';
    const header = wordpressOAuth1Header('GET', url, 'http://site.example', credentials, { nonce: 'n1', timestamp: 1700000000 });
    const values = Object.fromEntries([...header.slice(6).matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, decodeURIComponent(v!)]));
    const base = wordpressSignatureBaseString('GET', new URL(url), 'http://site.example', oauth);
    assert.equal(values.oauth_signature, createHmac('sha1', 'cs&ts').update(base).digest('base64'));
    assert.equal(values.oauth_version, '1.0');
  });
});
