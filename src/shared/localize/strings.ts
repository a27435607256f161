import type { COMMON_EN } from './en/common.js';
import type { EVENTS_EN } from './en/events.js';
import type { TERMS_EN } from './en/terms.js';
import type { SPEAKERS_EN } from './en/speakers.js';
import type { BUSES_EN } from './en/buses.js';
import type { BOARD_EN } from './en/board.js';
import type { SEATS_EN } from './en/seats.js';
import type { STAFF_EN } from './en/staff.js';
import type { ROUTE_MAP_EN } from './en/route-map.js';

/**
 * The type of every UI string; the English values live per widget family in `en/`, so a page loads
 * only those of the widgets it shows. `{name}` placeholders are filled by `format()`. Widgets take
 * overrides through their `strings` property or `configure({ strings })`.
 */

export type Strings = typeof COMMON_EN &
  typeof EVENTS_EN &
  typeof TERMS_EN &
  typeof SPEAKERS_EN &
  typeof BUSES_EN &
  typeof BOARD_EN &
  typeof SEATS_EN &
  typeof STAFF_EN &
  typeof ROUTE_MAP_EN;
export type StringKey = keyof Strings;

/**
 * A value (a site's name, a count) between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: plain
 * text's `<bdi>`, for text that cannot hold markup (an `<option>`'s). A name written right to left
 * then cannot trade places with the words and numbers around it; screen readers skip both controls.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** Fills `{name}` placeholders; unknown names stay visible so a broken override is noticed. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
