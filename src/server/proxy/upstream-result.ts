import { isUtf8 } from 'node:buffer';
import type { WpError } from '../shared/wp-error.js';
import { clientRateLimited, credentialsRejected, upstreamBusy, upstreamError, upstreamNotJson, upstreamTimeout, upstreamUnreachable } from './errors.js';
import { maintenanceWaitMs, upstreamRetryAfterMs, type UpstreamOutcome } from './gateway.js';
import { rewriteLinks, type RestRoot } from './rest-root.js';
import type { UpstreamResponse } from './upstream-http.js';

/**
 * What an upstream exchange means for the client. Only a 200 with JSON (by type and by parsing)
 * is content; a WordPress 4xx error in JSON passes through as the site wrote it; everything else becomes one of the proxy's own
 * errors, so the site's 401 codes (for the proxy's credentials), 5xx pages and redirect targets
 * never reach the client. A 429, or a 503 with Retry-After (maintenance), is `tw_upstream_busy`.
 */
export type Fetched =
  | { kind: 'ok'; body: Buffer; json: unknown; headers: Record<string, string>; upstreamEtag: string | null; ms: number }
  | { kind: 'not-modified'; ms: number }
  | { kind: 'pass'; status: number; body: Buffer; headers: Record<string, string>; ms: number }
  | { kind: 'error'; error: WpError; ms: number | null };

export interface ResultContext {
  root: RestRoot | null;
  mountPath: string;
  timeoutSeconds: number;
  /** Whether a text contains any form of a configured secret. */
  leaks: (text: string) => boolean;
  warn: (event: string, message: string) => void;
  now: () => number;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const COUNT = /^\d{1,12}$/;

function header(response: UpstreamResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The response headers worth passing on; nothing else of the site's (cookies, server names…) leaves. */
function safeHeaders(response: UpstreamResponse, context: ResultContext): Record<string, string> {
  const headers: Record<string, string> = {};
  const type = header(response, 'content-type');
  if (type !== undefined) headers['Content-Type'] = type;
  const total = header(response, 'x-wp-total');
  const pages = header(response, 'x-wp-totalpages');
  if (total !== undefined && COUNT.test(total)) headers['X-WP-Total'] = total;
  if (pages !== undefined && COUNT.test(pages)) headers['X-WP-TotalPages'] = pages;
  if (context.root) {
    const link = rewriteLinks(response.headers.link, context.root, context.mountPath);
    if (link !== null) headers['Link'] = link;
  }
  return headers;
}

const NOT_JSON = Symbol('not JSON');

/**
 * The body's JSON, or NOT_JSON. One rule for every reader of a site's answer: a leading byte-order
 * mark is allowed, as the data layer allows it (a BOM saved into a theme's or plugin's PHP file puts
 * one in front of every REST answer of that site).
 */
function parseBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * The body as UTF-8. The proxy answers `charset=UTF-8` (JSON has no other encoding), so bytes that
 * are not UTF-8 (a hostile or misconfigured site) are re-encoded as they were parsed: each invalid
 * sequence becomes U+FFFD, as a browser reading the site directly would show it.
 */
function utf8Body(body: Buffer, route: string, context: ResultContext): Buffer {
  if (isUtf8(body)) return body;
  context.warn('upstream_invalid_utf8', `the answer for ${route} was not valid UTF-8; invalid bytes were replaced with U+FFFD`);
  return Buffer.from(body.toString('utf8'), 'utf8');
}

/** `code` of a WordPress error body, if it is one. */
export function errorCode(body: Buffer): string | null {
  const parsed = parseBody(body);
  if (typeof parsed === 'object' && parsed !== null && 'code' in parsed) {
    const code = (parsed as { code: unknown }).code;
    return typeof code === 'string' ? code.slice(0, 100) : null;
  }
  return null;
}

export function interpret(outcome: UpstreamOutcome, route: string, context: ResultContext): Fetched {
  if (outcome.kind === 'held') {
    const error = outcome.byClient ? clientRateLimited(outcome.retryAfterMs) : upstreamBusy(outcome.retryAfterMs);
    return { kind: 'error', error, ms: null };
  }
  if (outcome.kind === 'failed') {
    context.warn(`upstream_${outcome.failure}`, outcome.message);
    const error =
      outcome.failure === 'timeout' ? upstreamTimeout(context.timeoutSeconds) : outcome.failure === 'invalid' ? upstreamError() : upstreamUnreachable();
    return { kind: 'error', error, ms: null };
  }
  const { response, authenticated } = outcome;
  const ms = Math.round(response.ms);
  const { status } = response;
  const fail = (error: WpError): Fetched => ({ kind: 'error', error, ms });
  if (status === 304) return { kind: 'not-modified', ms };
  if (status === 401 && authenticated) {
    // Upstream's own code (incorrect_password, invalid_username, rest_forbidden…) is for the operator only.
    context.warn(
      'upstream_credentials_rejected',
      `the site answered 401 ${errorCode(response.body) ?? ''} on ${route}: the proxy's credentials were rejected; check the user and application password`,
    );
    return fail(credentialsRejected());
  }
  if (status === 401) {
    // Asked anonymously, the site wants a login for what any visitor should see (a plugin closing
    // the REST API to visitors): passed on as the site wrote it, and the operator is told.
    context.warn('upstream_login_required', `the site answered 401 ${errorCode(response.body) ?? ''} to an anonymous request for ${route}`);
  }
  if (status === 429) return fail(upstreamBusy(upstreamRetryAfterMs(response.headers['retry-after'], context.now()) ?? 60_000));
  // A 503 that says when to come back is maintenance or overload, not a failure: WordPress's
  // maintenance mode sends `Retry-After: 600` (a minute at most is waited, see maintenanceWaitMs).
  const comeBack = status === 503 ? maintenanceWaitMs(response.headers['retry-after'], context.now()) : null;
  if (comeBack !== null) {
    context.warn('upstream_busy', `the site answered 503 with Retry-After on ${route} (maintenance?)`);
    return fail(upstreamBusy(comeBack));
  }
  if (status >= 500) {
    context.warn('upstream_error', `the site answered ${status} on ${route}`);
    return fail(upstreamError(status));
  }
  const isJson = JSON_TYPE.test(header(response, 'content-type') ?? '');
  const okStatus = status === 200 || (status >= 400 && status < 500);
  if (!okStatus) {
    context.warn('upstream_unusable', `the site answered ${status} (${isJson ? 'JSON' : 'not JSON'}) on ${route}`);
    return fail(upstreamError(status));
  }
  // The type alone proves nothing: with display_errors on, PHP writes its warnings (server paths
  // included) in front of the JSON of an `application/json` answer. Nothing is stored or passed on
  // that does not parse.
  const json = isJson ? parseBody(response.body) : NOT_JSON;
  if (json === NOT_JSON) {
    context.warn(
      'upstream_not_json',
      `the site answered ${status} on ${route} with ${isJson ? 'a body that does not parse as JSON' : 'another type than JSON'}`,
    );
    return fail(upstreamNotJson());
  }
  const headers = safeHeaders(response, context);
  // A site that echoes our Authorization header (a debugging plugin, a misconfigured WAF) must not
  // turn the proxy into a way to read it.
  if (context.leaks(response.body.toString('latin1')) || context.leaks(Object.values(headers).join('\n'))) {
    context.warn('upstream_echoed_credentials', `the answer for ${route} contained the proxy's credentials; withheld`);
    return fail(upstreamError());
  }
  const body = utf8Body(response.body, route, context);
  if (status !== 200) return { kind: 'pass', status, body, headers, ms };
  const etag = header(response, 'etag');
  return { kind: 'ok', body, json, headers, upstreamEtag: etag ?? null, ms };
}
