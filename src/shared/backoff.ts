/**
 * How long to wait after failures in a row: the rule of `RefreshSchedule` (the departure board, the
 * seat map), in a module of its own for the live route map, which needs the rule but not the schedule.
 */
import { isRateLimited } from '../api/errors.js';

export const MAX_BACKOFF_MS = 15 * 60_000;
/** What the cache assumes when a 429 carries no `Retry-After` (api/cache.ts, DEFAULT_RATE_LIMIT_WAIT_S). */
const DEFAULT_RETRY_AFTER_S = 60;

/**
 * Delay before the next attempt after `failures` failures in a row (≥ 1), the last one `error`:
 * interval × 2ⁿ, at most 15 minutes but never less than one interval; a rate limit waits at least
 * what its `Retry-After` asks (60 s when it gave none), even beyond the cap.
 */
export function backoffMs(failures: number, intervalMs: number, error: unknown): number {
  const exponential = Math.max(intervalMs, Math.min(intervalMs * 2 ** Math.max(1, failures), MAX_BACKOFF_MS));
  if (!isRateLimited(error)) return exponential;
  return Math.max(exponential, (error.retryAfter ?? DEFAULT_RETRY_AFTER_S) * 1000);
}
