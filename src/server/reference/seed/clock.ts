/**
 * Every seeded date hangs off the site-local day of `now`, so one day always yields the same bytes
 * and the data set moves forward with the site's calendar. Seed times are site wall-clock readings
 * kept as "local epoch" milliseconds (the reading as if it were UTC, see `localEpoch` in
 * api/site-time.ts): `restDate` prints them as WordPress prints `date`; `date_gmt` converts them
 * with the site's zone.
 */
export const DAY_MS = 86_400_000;

export class SeedClock {
  /** 00:00:00 site time of the anchor day, as local epoch. */
  readonly dayStart: number;

  /** @param localNow the site's wall clock now, as local epoch. */
  constructor(localNow: number) {
    this.dayStart = Math.floor(localNow / DAY_MS) * DAY_MS;
  }

  /** ms epoch of `dayOffset` days from the anchor day at `time` (`HH:MM` or `HH:MM:SS`). */
  at(dayOffset: number, time = '00:00'): number {
    const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
    return this.dayStart + dayOffset * DAY_MS + ((h * 60 + m) * 60 + s) * 1000;
  }

  /** `YYYY-MM-DD` of a day offset. */
  ymd(dayOffset: number): string {
    return ymd(this.at(dayOffset));
  }
}

export function ymd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** WordPress REST `date`: `YYYY-MM-DDTHH:MM:SS`, no zone. */
export function restDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** Post meta datetime: `YYYY-MM-DD HH:MM:SS`. */
export function metaDateTime(ms: number): string {
  return restDate(ms).replace('T', ' ');
}

/** `HH:MM` */
export function hhmm(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}
