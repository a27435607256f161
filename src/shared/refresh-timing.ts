/**
 * The departure board's timing rules, as pure functions:
 * - refresh every `refresh` seconds (default 60, never more often than every 30 s);
 * - after the n-th failure in a row wait refresh × 2ⁿ, at most 15 minutes (but never less than one
 *   refresh interval);
 * - a rate-limit answer waits at least what the server's `Retry-After` asks (60 s when it gave none),
 *   even beyond the 15-minute cap.
 */
import { ApiError, CLIENT_ERROR_CODES as CODES, isRateLimited } from '../api/errors.js';

export const DEFAULT_REFRESH_S = 60;
export const MIN_REFRESH_S = 30;
export const MAX_BACKOFF_MS = 15 * 60_000;
/** What the cache assumes when a 429 carries no `Retry-After`. */
export const DEFAULT_RETRY_AFTER_S = 60;

/** The refresh interval in ms for a `refresh` attribute value: not a number → 60 s; below 30 → 30 s. */
export function refreshIntervalMs(seconds: number | null | undefined): number {
  const value = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_REFRESH_S;
  return Math.max(MIN_REFRESH_S, value) * 1000;
}

/** An HTTP 429 or one of the rate-limit codes (`api/errors.ts`). */
export { isRateLimited };

/** A failure that means "no connection" rather than "the site has a problem". */
export function isConnectionProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.code === CODES.network || error.code === CODES.timeout);
}

/** Failures that no retry can fix until an attribute changes (no base URL, a malformed date …). */
export function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && (error.code === CODES.notConfigured || error.code === CODES.invalidArgument);
}

/** Delay before the next attempt after `failures` failures in a row (≥ 1), the last one `error`. */
export function backoffMs(failures: number, intervalMs: number, error: unknown): number {
  const exponential = Math.max(intervalMs, Math.min(intervalMs * 2 ** Math.max(1, failures), MAX_BACKOFF_MS));
  if (!isRateLimited(error)) return exponential;
  return Math.max(exponential, (error.retryAfter ?? DEFAULT_RETRY_AFTER_S) * 1000);
}
