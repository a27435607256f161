/**
 * The seat map's form value: one entry per chosen seat, `name=SEAT:TYPE` (`seats=A3:adult`), in the
 * order the seats were chosen, like the several entries of a `<select multiple>`. The passenger
 * type is the last `:`-separated part, so seat names may themselves contain `:`.
 */
import type { SeatPick } from './selection.js';

/** The default field name. */
export const DEFAULT_FIELD = 'seats';

/** `A3:adult`. */
export function entryOf(pick: SeatPick): string {
  return `${pick.name}:${pick.type}`;
}

/**
 * A seat from an entry or a plain seat name: `A3:child` → A3 as child; `A3` → A3 with
 * `defaultType`. `isSeat` says which names are seats (a name containing `:` is kept whole when it is one).
 */
export function pickOf(value: string, defaultType: string, isSeat: (name: string) => boolean = () => false): SeatPick {
  const text = String(value);
  const cut = text.lastIndexOf(':');
  if (cut <= 0 || isSeat(text)) return { name: text, type: defaultType };
  return { name: text.slice(0, cut), type: text.slice(cut + 1) || defaultType };
}

/** The entries for `ElementInternals.setFormValue`, or null when nothing is chosen (nothing is submitted). */
export function formValue(field: string, picks: readonly SeatPick[]): FormData | null {
  if (picks.length === 0) return null;
  const data = new FormData();
  for (const pick of picks) data.append(field || DEFAULT_FIELD, entryOf(pick));
  return data;
}

/** The seats in a restored form state (what `formValue` stored), in order. */
export function picksFromState(state: unknown, defaultType: string): SeatPick[] {
  if (!(state instanceof FormData)) return [];
  const picks: SeatPick[] = [];
  for (const [, value] of state) if (typeof value === 'string' && value !== '') picks.push(pickOf(value, defaultType));
  return picks;
}
