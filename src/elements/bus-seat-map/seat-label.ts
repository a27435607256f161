/**
 * What the seat map says, as plain strings: seat labels ("Seat A3, window, available, €25"), deck
 * names, fixture names, prices, stop options with their times. Every word is localized; every
 * site-controlled text is passed through as text (templates bind it, never as markup).
 */
import type { Deck, FixtureCell, SeatStatus, Stop } from '../../api/models.js';
import { decodeEntities } from '../../api/text.js';
import { formatPrice, formatTime } from '../../shared/format.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import type { SeatPosition } from './layout.js';

/** A seat's state as shown: its availability, or `selected`. */
export type SeatState = SeatStatus | 'selected';

export function stateWord(state: SeatState, strings: Strings): string {
  switch (state) {
    case 'available':
      return strings.seatAvailable;
    case 'booked':
      return strings.seatBooked;
    case 'held':
      return strings.seatHeld;
    case 'selected':
      return strings.seatSelected;
  }
}

export function positionWord(position: SeatPosition, strings: Strings): string {
  return position === 'window' ? strings.seatWindow : position === 'aisle' ? strings.seatAisle : '';
}

/** "€25", "Free", or '' for an unknown price. */
export function priceText(price: number | null | undefined, strings: Strings, locale: string, currency: string | undefined): string {
  if (price === null || price === undefined) return '';
  return price === 0 ? strings.free : formatPrice(price, locale, currency);
}

/**
 * "Seat A3, window, available, €25": name, position (if any), state (unless null), price (if known).
 */
export function seatLabel(name: string, position: SeatPosition, state: SeatState | null, price: string, strings: Strings): string {
  // Built by concatenation: a large map asks for hundreds of these per render.
  let label = strings.seatLabel.split('{name}').join(name);
  const where = positionWord(position, strings);
  if (where) label += `, ${where}`;
  if (state !== null) label += `, ${stateWord(state, strings)}`;
  if (price) label += `, ${price}`;
  return label;
}

/**
 * One element's wording, memoized across renders for the current strings, locale and currency:
 * seat labels (hundreds per render, and only a changed seat needs a new one), prices and stop
 * texts (`Intl` formatting is not cheap).
 */
export class SeatWording {
  private key = '';
  private labels = new Map<string, string>();
  private prices = new Map<number, string>();
  private stops = new WeakMap<Stop, string>();
  strings!: Strings;
  private locale = 'en';
  private currency: string | undefined;

  /** Starts a render; `stringsKey` identifies the strings' content (a change forgets everything). */
  use(strings: Strings, stringsKey: string, locale: string, currency: string | undefined): this {
    this.strings = strings;
    const key = `${stringsKey}\u0001${locale}\u0001${currency ?? ''}`;
    if (key !== this.key) {
      this.key = key;
      this.locale = locale;
      this.currency = currency;
      this.labels = new Map();
      this.prices = new Map();
      this.stops = new WeakMap();
    }
    return this;
  }

  seat(name: string, position: SeatPosition, state: SeatState | null, price: string): string {
    const key = `${state}\u0001${position}\u0001${price}\u0001${name}`;
    let label = this.labels.get(key);
    if (label === undefined) {
      if (this.labels.size > 20_000) this.labels.clear();
      label = seatLabel(name, position, state, price, this.strings);
      this.labels.set(key, label);
    }
    return label;
  }

  /** "€25", "Free", or '' for an unknown price. */
  price(value: number | null | undefined): string {
    if (value === null || value === undefined) return '';
    let text = this.prices.get(value);
    if (text === undefined) {
      text = priceText(value, this.strings, this.locale, this.currency);
      this.prices.set(value, text);
    }
    return text;
  }

  /** "Berlin, 01:30 (+1, next day)". */
  stop(stop: Stop): string {
    let text = this.stops.get(stop);
    if (text === undefined) {
      text = stopOption(stop, this.strings, this.locale);
      this.stops.set(stop, text);
    }
    return text;
  }
}

/** "Lower deck", "Upper deck"; numbered ("Upper deck 2") when a bus repeats a level. */
export function deckNames(decks: readonly Pick<Deck, 'level'>[], strings: Strings): string[] {
  return decks.map((deck) => {
    const name = deck.level === 'upper' ? strings.seatDeckUpper : strings.seatDeckLower;
    const same = decks.filter((other) => other.level === deck.level);
    if (same.length < 2) return name;
    return format(strings.seatDeckNumbered, { deck: name, number: same.indexOf(deck) + 1 });
  });
}

/** What a fixture cell shows: the localized kind, or the site's own label for other kinds. */
export function fixtureName(cell: FixtureCell, strings: Strings): string {
  switch (cell.fixture) {
    case 'driver':
      return strings.seatFixtureDriver;
    case 'door':
      return strings.seatFixtureDoor;
    case 'aisle':
      return strings.seatFixtureAisle;
    case 'toilet':
      return strings.seatFixtureToilet;
    case 'stairs':
      return strings.seatFixtureStairs;
    default:
      return decodeEntities(cell.name).replace(/_/g, ' ');
  }
}

/** "Berlin, 01:30 (+1, next day)": the decoded stop name with its time and day marker. */
export function stopOption(stop: Stop, strings: Strings, locale: string): string {
  const place = decodeEntities(stop.place);
  if (stop.time === null) return place;
  const time = formatTime(stop.time, locale);
  if (stop.dayOffset === 1) return format(strings.seatStopNextDay, { place, time });
  if (stop.dayOffset > 1) return format(strings.seatStopDaysLater, { place, time, count: stop.dayOffset });
  return format(strings.seatStopOption, { place, time });
}
