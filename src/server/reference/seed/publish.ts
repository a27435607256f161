import type { SeedClock } from './clock.js';
import type { Prng } from './prng.js';

/**
 * Publish times: daytime on a given day, never two posts in the same second, so "newest
 * published first" is a strict order with no ties left to the database.
 */
export class PublishTimes {
  private readonly used = new Set<number>();

  constructor(
    private readonly clock: SeedClock,
    private readonly rng: Prng,
  ) {}

  /** A publish time on `dayOffset` (must be < 0 so it is in the past whatever the time of day). */
  on(dayOffset: number): number {
    let time = this.clock.at(dayOffset) + this.rng.int(7 * 3600, 21 * 3600) * 1000;
    while (this.used.has(time)) time += 1000;
    this.used.add(time);
    return time;
  }

  /** A modified time a little after `published`, still in the past. */
  modified(published: number): number {
    const later = published + this.rng.int(0, 5 * 86_400) * 1000;
    return Math.min(later, this.clock.dayStart - 60_000);
  }
}
