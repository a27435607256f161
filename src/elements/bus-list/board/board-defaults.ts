/**
 * Defaults and bounds of the board's attributes, kept apart from the code that applies them: the
 * element declares its attributes with these on every page, and must not load the board to do so.
 */

/** `lookahead`: days after today the board may continue with. */
export const DEFAULT_LOOKAHEAD_DAYS = 7;
export const MAX_LOOKAHEAD_DAYS = 14;

/** `few-seats`: at or below this many seats left, a departure gets the "Few seats" badge. */
export const DEFAULT_FEW_SEATS = 5;

/** `lookahead` in whole days, 0 to {@link MAX_LOOKAHEAD_DAYS}; the default for no number. */
export function lookaheadDaysOf(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(0, Math.floor(value)), MAX_LOOKAHEAD_DAYS) : DEFAULT_LOOKAHEAD_DAYS;
}

/** `few-seats` as a whole number, at least 0; the default for no number. */
export function fewSeatsOf(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : DEFAULT_FEW_SEATS;
}
