/**
 * The signage attributes of `<bus-list board>`: how far it looks ahead, how times read, when seats
 * count as few, and when its data stops being live. Declared apart from the component (which reads
 * them) so that it stays one screenful; the kiosk attributes come from `KioskBoardElement`.
 */
import type { PropertyDeclarations } from 'lit';
import { KioskBoardElement } from '../../../shared/kiosk/kiosk-board-element.js';
import type { TimeFormat } from './countdown.js';

export abstract class DepartureBoardElement extends KioskBoardElement {
  static override properties: PropertyDeclarations = {
    lookahead: { type: Number },
    timeFormat: { attribute: 'time-format' },
    fewSeats: { type: Number, attribute: 'few-seats' },
    staleAfter: { type: Number, attribute: 'stale-after' },
  };

  /**
   * Board: when today's departures have left, or fewer than `per-page` remain, continue with the
   * following days, up to this many days ahead (default 7, at most 14; 0 shows today only), with a
   * "Tomorrow" or date heading. Not used with an explicit `date`.
   */
  // A literal, not DEFAULT_LOOKAHEAD_DAYS: the manifest (and the README's tables) print initializers as written.
  lookahead = 7;

  /**
   * Board: how departure times read. `clock` (default) "07:30"; `countdown` "in 5 min", "Due" the
   * minute before, "Now" at the minute; `auto` counts down within the hour and shows the clock beyond.
   * The clock time stays available to screen readers.
   */
  timeFormat: TimeFormat = 'clock';

  /**
   * Board: seats left at or below this number (above 0) get a "Few seats" badge; none get "Full". Default 5.
   */
  fewSeats = 5;

  /**
   * Board: seconds without a successful refresh after which a banner says "Live updates unavailable
   * since 10:42" (announced once). Default three refresh intervals.
   */
  staleAfter: number | null = null;
}
