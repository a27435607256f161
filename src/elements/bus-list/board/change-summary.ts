/**
 * What a board refresh changed, for a screen reader: the departures added, removed and changed,
 * and their short summary ("Departures updated: 2 changed, 1 added"), which the element announces in
 * its own visually hidden live region. The table is never live: a board of 20 rows must not be read
 * out every minute.
 */
import type { Bus } from '../../../api/models.js';
import { format, type Strings } from '../../../shared/localize/strings.js';

export interface BoardChanges {
  changed: number;
  added: number;
  removed: number;
}

const identity = (bus: Bus) => `${bus.id}|${bus.date ?? ''}`;

/** What a rider would notice on the board. */
function shown(bus: Bus): string {
  return JSON.stringify([bus.name, bus.type, bus.to, bus.departureTime, bus.arrivalTime, bus.arrivalDayOffset, bus.seatsLeft, bus.lowestFare]);
}

/** Departures added, removed and changed between two answers (by bus and date). */
export function describeChanges(before: readonly Bus[], after: readonly Bus[]): BoardChanges {
  const old = new Map(before.map((bus) => [identity(bus), shown(bus)]));
  const seen = new Set<string>();
  let changed = 0;
  let added = 0;
  for (const bus of after) {
    const key = identity(bus);
    seen.add(key);
    const previous = old.get(key);
    if (previous === undefined) added++;
    else if (previous !== shown(bus)) changed++;
  }
  const removed = [...old.keys()].filter((key) => !seen.has(key)).length;
  return { changed, added, removed };
}

/** "Departures updated: 2 changed, 1 added", or '' when nothing a rider sees changed. */
export function changeSummary(changes: BoardChanges, strings: Strings, locale: string): string {
  const number = new Intl.NumberFormat(locale);
  const parts = [
    changes.changed > 0 ? format(strings.boardChanged, { count: number.format(changes.changed) }) : '',
    changes.added > 0 ? format(strings.boardAdded, { count: number.format(changes.added) }) : '',
    changes.removed > 0 ? format(strings.boardRemoved, { count: number.format(changes.removed) }) : '',
  ].filter(Boolean);
  return parts.length === 0 ? '' : format(strings.boardUpdated, { changes: parts.join(', ') });
}
