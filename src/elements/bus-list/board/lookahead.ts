/**
 * A board that never goes blank at night: when today's departures have left (or fewer than the
 * board's rows remain) it continues with the following days, up to `lookahead` days, reading no
 * more than it needs:
 * - contract dialect: the timetable is one answer for every day, so the following days are the same
 *   buses dated tomorrow, the day after … (no request);
 * - plugin dialect: one `/buses/search` per further day, asked only while the days read so far are
 *   not enough, and kept fresh for longer than today's (`FUTURE_DAY_MAX_AGE_MS`), so a board
 *   refreshing every minute stays within the bus plugin's rate limit.
 * Arrays are memoized per source answer, so an unchanged 304 still yields the very same rows.
 */
import type { Bus, LocalDate } from '../../../api/models.js';
import { addDays } from '../../../shared/wall-clock.js';

/** A later day's departures rarely change minute by minute: asked again every 30 minutes at most. */
export const FUTURE_DAY_MAX_AGE_MS = 30 * 60_000;
/**
 * Later days one load may ask the site for (those the cache holds fresh cost nothing). A re-read
 * carries `If-None-Match`, so a browser sends a CORS preflight first: today's refresh and two later
 * days are at most 6 requests a minute. A board that needs more days gets them over the next
 * refreshes.
 */
export const MAX_NEW_DAYS_PER_LOAD = 2;

const datedCopies = new WeakMap<readonly Bus[], Map<LocalDate, Bus[]>>();

/** Dated copies kept per answer: more than a board's lookahead (14 days) and today. */
const MAX_DATED_COPIES = 16;

/**
 * A timetable's buses as that day's departures (the same array for the same answer and day). An
 * unchanged answer lives for weeks on a kiosk: only the latest days' copies are kept.
 */
export function timetableOn(buses: readonly Bus[], date: LocalDate): Bus[] {
  let days = datedCopies.get(buses);
  if (!days) datedCopies.set(buses, (days = new Map()));
  let copies = days.get(date);
  if (!copies) {
    days.set(date, (copies = buses.map((bus) => (bus.date === null ? { ...bus, date } : bus))));
    if (days.size > MAX_DATED_COPIES) days.delete(days.keys().next().value as LocalDate);
  }
  return copies;
}

const joined = new WeakMap<readonly Bus[], { parts: readonly (readonly Bus[])[]; all: Bus[] }>();

/** The days' departures one after another; the same array while every day's answer is unchanged. */
export function joinDays(parts: readonly (readonly Bus[])[]): Bus[] {
  const first = parts[0];
  if (!first) return [];
  if (parts.length === 1) return first as Bus[];
  const last = joined.get(first);
  if (last && last.parts.length === parts.length && last.parts.every((part, index) => part === parts[index])) return last.all;
  const all = parts.flat();
  joined.set(first, { parts: [...parts], all });
  return all;
}

/**
 * Reads `today`'s departures, then further days while `enough` says the rows so far do not fill
 * the board, at most `days` days after today; `readDay` answers null to stop early (its budget).
 */
export async function withLookahead(
  today: LocalDate,
  days: number,
  readDay: (date: LocalDate, index: number) => Promise<readonly Bus[] | null>,
  enough: (buses: Bus[]) => boolean,
): Promise<Bus[]> {
  const parts: (readonly Bus[])[] = [(await readDay(today, 0)) ?? []];
  for (let index = 1; index <= days && !enough(joinDays(parts)); index++) {
    const day = await readDay(addDays(today, index), index);
    if (day === null) break;
    parts.push(day);
  }
  return joinDays(parts);
}

const plausible = new WeakMap<readonly Bus[], Map<LocalDate, readonly Bus[]>>();
const IMPLAUSIBLE_MS = 36 * 3_600_000;

/**
 * A day's answer without departures that cannot belong to it: one dated more than 36 hours from that
 * day's noon (a site sending a stale or wrong date) is not shown as live. The same array when
 * nothing is dropped, memoized per answer, so a 304 still re-renders nothing.
 */
export function plausibleFor(buses: readonly Bus[], date: LocalDate): readonly Bus[] {
  let days = plausible.get(buses);
  if (!days) plausible.set(buses, (days = new Map()));
  let kept = days.get(date);
  if (!kept) {
    const noon = Date.parse(`${date}T12:00:00Z`);
    const fits = (bus: Bus) =>
      bus.date === null || bus.departureTime === null || Math.abs(Date.parse(`${bus.date}T${bus.departureTime}:00Z`) - noon) <= IMPLAUSIBLE_MS;
    const filtered = buses.filter(fits);
    days.set(date, (kept = filtered.length === buses.length ? buses : filtered));
  }
  return kept;
}
