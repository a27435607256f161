import { createHmac, randomBytes } from 'node:crypto';

/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1 only) as the WordPress OAuth1 plugin verifies
 * it. Only the client side: the proxy signs, WordPress checks.
 */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/**
 * Name/value pairs rather than a record: a name may occur more than once and every occurrence is
 * signed (§3.4.1.3.1). `URLSearchParams` of a form-encoded body fits as it is.
 */
export type OAuth1Params = Iterable<readonly [string, string]>;

export interface OAuth1SignOptions {
  /** Fixed only by tests; a fresh random value otherwise, since servers reject a reused nonce. */
  nonce?: string;
  /** Seconds since the epoch. */
  timestamp?: number;
  /** Parameters of an `application/x-www-form-urlencoded` body, which are signed too (§3.4.1.3.1). */
  extraParams?: OAuth1Params;
}

/** Servers compare against the signature they compute themselves, so it never counts itself. */
const SIGNATURE_PARAM = 'oauth_signature';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 5849 §3.6. Not encodeURIComponent: that keeps `!'()*`, which OAuth encodes. Works on the
 * UTF-8 bytes, so a lone surrogate becomes U+FFFD as it does when fetch or URLSearchParams sends
 * the same string, instead of throwing.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** §3.4.1.2: scheme and host lowercase, default port dropped, no query or fragment. */
function baseStringUri(url: URL): string {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`OAuth 1.0a signs http and https URLs only, not ${url.protocol}`);
  }
  // WHATWG URL already lowercases the host and drops the scheme's default port from `host`.
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** §3.4.1.3.2: encode first, then sort by name and value as byte strings, duplicates kept. */
function normalizeParameters(params: Iterable<readonly [string, string]>): string {
  const encoded: Array<[string, string]> = [];
  for (const [name, value] of params) {
    if (name !== SIGNATURE_PARAM) encoded.push([percentEncode(name), percentEncode(value)]);
  }
  // Encoded text is plain ASCII, so comparing UTF-16 code units is the byte order the RFC asks for.
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  encoded.sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB));
  return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}

/**
 * RFC 5849 §3.4.1.1. The query string of `url` is read as form encoding (`+` is a space), as the
 * server reads it; `extraParams` are the decoded parameters of a form-encoded body, if any.
 */
export function signatureBaseString(method: string, url: string, oauthParams: Record<string, string>, extraParams: OAuth1Params = []): string {
  const parsed = new URL(url);
  const params: Array<readonly [string, string]> = [...parsed.searchParams, ...Object.entries(oauthParams), ...extraParams];
  return [percentEncode(method.toUpperCase()), percentEncode(baseStringUri(parsed)), percentEncode(normalizeParameters(params))].join('&');
}

/** §3.4.2. Without a token the key still ends in `&`: the token secret is then the empty string. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret?: string): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret ?? '')}`;
  return createHmac('sha1', key).update(baseString, 'utf8').digest('base64');
}

function defaultTimestamp(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The value of an `Authorization` header for one request (§3.5.1). Values are percent-encoded in
 * the header too, so the base64 signature shows `+`, `/` and `=` as `%2B`, `%2F` and `%3D`.
 * Sign each request separately: nonce and timestamp are single-use.
 */
export function oauth1AuthorizationHeader(method: string, url: string, credentials: OAuth1Credentials, options: OAuth1SignOptions = {}): string {
  const timestamp = options.timestamp ?? defaultTimestamp();
  // §3.3: a positive integer; anything else would be signed but then rejected by the server.
  if (!Number.isSafeInteger(timestamp) || timestamp <= 0) throw new Error('OAuth 1.0a timestamp must be a positive integer');
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  if (nonce === '') throw new Error('OAuth 1.0a nonce must not be empty');

  const oauthParams: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(timestamp),
    oauth_version: '1.0',
  };
  // §3.1: a request without a token (two-legged) leaves the parameter out rather than sending "".
  if (credentials.token) oauthParams['oauth_token'] = credentials.token;

  const baseString = signatureBaseString(method, url, oauthParams, options.extraParams);
  oauthParams[SIGNATURE_PARAM] = hmacSha1Signature(baseString, credentials.consumerSecret, credentials.tokenSecret);

  const fields = Object.entries(oauthParams)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
  return `OAuth ${fields.join(', ')}`;
}
