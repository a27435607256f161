/**
 * An upper deck the site sends but does not sell. The bus plugin includes the upper deck in its seat
 * answer whenever `show_upper_desk` is set at all (PHP reads the admin's `no` as true), so a deck the
 * admin filled in and then switched off comes with seats that look bookable. Its search counts the
 * seats it sells (the upper deck only when switched on): where that count is the lower deck's alone,
 * the upper deck is not shown. A deck sent empty is dropped by the normalizer already.
 */
import type { Deck, SeatMap } from '../../api/models.js';
import { countSeats } from '../../api/normalize/seats.js';

const isUpper = (deck: Deck) => deck.level === 'upper';

/** Whether the map has both an upper deck and another one (only then can the upper one be hidden). */
export function mayHideUpperDeck(map: SeatMap | null): boolean {
  return !!map && map.decks.some(isUpper) && !map.decks.every(isUpper);
}

/** The map without its upper deck when `sold` (the search's `total_seats`) counts only the others. */
export function withoutHiddenUpperDeck(map: SeatMap, sold: number | null): SeatMap {
  if (sold === null || !mayHideUpperDeck(map) || map.totalSeats === sold) return map;
  const others = map.decks.filter((deck) => !isUpper(deck));
  const counts = countSeats(others);
  return counts.totalSeats === sold ? { ...map, decks: others, ...counts } : map;
}
