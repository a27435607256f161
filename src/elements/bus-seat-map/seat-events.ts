/** The seat map's event details: what `seat-select`, `seat-deselect` and `selection-change` carry. */
import type { Fare } from '../../api/models.js';

/** One seat as events and `selection` describe it. */
export interface SeatInfo {
  /** The seat's name as the site sent it: its booking identifier (`A3`). */
  name: string;
  /** Its deck; null while the layout is not loaded yet. */
  deck: 'lower' | 'upper' | null;
  /** Where it sits in its row: `window`, `aisle` or '' (a middle seat). */
  position: 'window' | 'aisle' | '';
  /** Localized short label, e.g. "Seat A3, window". */
  label: string;
  /** The passenger type (fare tier `type`) the seat is, or would be, booked as. */
  passengerType: string;
  /** That tier for the chosen segment; null when the site gave none. */
  fare: Fare | null;
  /** Its price; null when unknown. */
  price: number | null;
}

/** `detail` of `seat-select` and `seat-deselect`. */
export interface SeatEventDetail {
  seat: SeatInfo;
}

/** Why the selection changed. */
export type SelectionChangeReason = 'select' | 'deselect' | 'passenger-type' | 'clear' | 'reset' | 'restore' | 'value' | 'update' | 'bus';

/** `detail` of `selection-change`. */
export interface SelectionChangeDetail {
  /** Every chosen seat, in the order chosen. */
  seats: SeatInfo[];
  /** The sum of their fares; null when nothing is chosen or a price is unknown. */
  total: number | null;
  busId: number | null;
  /** Service date (plugin dialect); null in the contract dialect. */
  date: string | null;
  /** Boarding and dropping stop, byte-exact as the site names them. */
  boarding: string | null;
  dropping: string | null;
  reason: SelectionChangeReason;
}
