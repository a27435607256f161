/**
 * `Retry-After` (RFC 9110 §10.2.3), read one way by the data layer and the credentials proxy:
 * delay-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`). Framework-free.
 */

/**
 * The wait a `Retry-After` value asks for, in ms, at most `maxMs`; null when absent, blank or
 * unreadable. A date in the past is 0. Of a repeated header (Node gives an array) the first counts.
 */
export function retryAfterMs(value: string | readonly string[] | null | undefined, now: number, maxMs = Number.POSITIVE_INFINITY): number | null {
  const text = (typeof value === 'string' ? value : value?.[0])?.trim();
  if (text === undefined || text === '') return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return null;
    ms = Math.max(0, date - now);
  }
  return Math.min(ms, maxMs);
}

/** `Retry-After` as whole seconds (a date rounds up), null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const ms = retryAfterMs(value, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}
