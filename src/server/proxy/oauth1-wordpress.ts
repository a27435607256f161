import { createHmac, randomBytes } from 'node:crypto';
import { percentEncode, type OAuth1Credentials } from './oauth1.js';

/**
 * OAuth 1.0a signatures as the WordPress "REST API OAuth 1.0a Server" plugin (0.4.x) verifies them,
 * which differs from RFC 5849 where it matters to us:
 * - the base URI is built from the site's *home URL* (the REST index publishes it as `home`) plus
 *   the request path below the home path, whatever address the request was sent to (an internal
 *   host name, a port behind a load balancer). A `?rest_route=` request has no path below the home
 *   path, so its base URI is the home URL itself, with no trailing slash;
 * - the parameters are PHP's reading of the query (`$_GET`: names like `a[]` and `a[b]` become
 *   nested arrays, the last of repeated names wins), each decoded once more and re-encoded, sorted
 *   by top-level name only, nested names written as `a%5B0%5D`.
 * The RFC signer in `oauth1.ts` stays for sites whose home URL is not known.
 */

type PhpValue = string | PhpArray;
interface PhpArray {
  [key: string]: PhpValue;
}

/** PHP's rawurldecode: `%XX` only (a `+` stays), invalid sequences kept as they are. */
function rawUrlDecode(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `a[b][]` → ['a', 'b', ''] as PHP splits it (a name without brackets is one part). */
function nameParts(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const parts = [name.slice(0, open)];
  for (const match of name.slice(open).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

/** `$_GET` for a query string (form decoding, nested names, last repeated name wins). */
export function phpQuery(search: string): PhpArray {
  const result: PhpArray = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const parts = nameParts(name);
    let node: PhpArray = result;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).filter((k) => /^\d+$/.test(k)).length) : part;
      if (last) {
        node[key] = value;
      } else {
        const next = node[key];
        node = typeof next === 'object' ? next : (node[key] = {});
      }
    });
  }
  return result;
}

/** The plugin's normalize_parameter: every name and value decoded once more, then encoded. */
function normalized(params: PhpArray): PhpArray {
  const out: PhpArray = {};
  for (const [key, value] of Object.entries(params)) {
    out[percentEncode(rawUrlDecode(key))] = typeof value === 'string' ? percentEncode(rawUrlDecode(value)) : normalized(value);
  }
  return out;
}

/** The plugin's join_with_equals_sign: `name=value` pieces, nested names as `a%5Bb%5D`, each encoded. */
function pieces(params: PhpArray, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}%5B${key}%5D` : key;
    if (typeof value === 'string') out.push(percentEncode(`${name}=${value}`));
    else out.push(...pieces(value, name));
  }
  return out;
}

/** The base URI the plugin signs: the home URL plus the request path below the home path. */
export function wordpressBaseUri(home: string, request: URL): string {
  const homeUrl = new URL(home);
  const homePath = homeUrl.pathname.endsWith('/') ? homeUrl.pathname : `${homeUrl.pathname}/`;
  let path = request.pathname;
  if (path.startsWith(homePath)) path = path.slice(homePath.length);
  else if (`${path}/` === homePath) path = '';
  const base = home.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  return rest === '' ? base : `${base}/${rest}`;
}

export function wordpressSignatureBaseString(method: string, url: URL, home: string, oauthParams: Record<string, string>): string {
  const params = normalized({ ...phpQuery(url.search), ...oauthParams });
  // uksort($params, 'strcmp'): top-level names only, byte order.
  const sorted: PhpArray = {};
  for (const key of Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) sorted[key] = params[key]!;
  return `${method.toUpperCase()}&${percentEncode(wordpressBaseUri(home, url))}&${pieces(sorted).join('%26')}`;
}

/** An `Authorization: OAuth …` header the WordPress plugin accepts for a GET of `url` on the site whose home URL is `home`. */
export function wordpressOAuth1Header(
  method: string,
  url: string,
  home: string,
  credentials: OAuth1Credentials,
  options: { nonce?: string; timestamp?: number } = {},
): string {
  const oauthParams: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  if (credentials.token) oauthParams['oauth_token'] = credentials.token;
  const base = wordpressSignatureBaseString(method, new URL(url), home, oauthParams);
  // The plugin's key is `secret&token secret` as stored, not percent-encoded as the RFC has it.
  const signature = createHmac('sha1', `${credentials.consumerSecret}&${credentials.tokenSecret ?? ''}`)
    .update(base, 'utf8')
    .digest('base64');
  const fields = Object.entries({ ...oauthParams, oauth_signature: signature })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
  return `OAuth ${fields.join(', ')}`;
}
