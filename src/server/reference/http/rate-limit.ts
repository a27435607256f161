/**
 * The bus plugin's limiter, reproduced: a counter per visitor that lives in a transient of one minute,
 * re-set (so the minute starts over) with every allowed request, never touched by a refused one.
 */
export class RateLimiter {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Null when allowed, else the seconds until the counter expires. */
  hit(key: string): number | null {
    if (this.limit <= 0) return null;
    const now = this.clock();
    const entry = this.counters.get(key);
    const count = entry && entry.expiresAt > now ? entry.count : 0;
    if (count >= this.limit) return Math.max(1, Math.ceil(((entry?.expiresAt ?? now) - now) / 1000));
    this.counters.set(key, { count: count + 1, expiresAt: now + this.windowMs });
    if (this.counters.size > 10_000) this.sweep(now);
    return null;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}
