/**
 * The decks' markup: each deck a `role="grid"` of `role="row"`s of `role="gridcell"`s, a seat a
 * `<button aria-pressed>` inside its cell (a focusable cell when the map is read-only), gaps empty
 * cells, fixtures cells with their name. Templates are stable and carry no per-seat listeners: the
 * element listens once on the decks' container and finds the seat from `data-spot`, so a change of one
 * seat's status re-renders as a handful of attribute updates. Texts are bound as `.textContent`,
 * which costs no marker nodes (a map of 500 seats would otherwise carry 500 more comments).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { FixtureCell } from '../../api/models.js';
import type { Strings } from '../../shared/localize/strings.js';
import { isSpot, type DeckLayout, type LayoutCell, type SeatSpot } from './layout.js';
import { fixtureName, type SeatState, type SeatWording } from './seat-label.js';

export interface GridContext {
  strings: Strings;
  readonly: boolean;
  /** Selection is off (disabled element): seats are announced as unavailable. */
  inert: boolean;
  /** Names of the chosen seats. */
  selected: ReadonlySet<string>;
  /** Per deck, the key of the seat that holds its tab stop. */
  roving: ReadonlyMap<number, string>;
  /** The price text for a seat: its passenger type's when chosen, else the default type's. */
  price(name: string, selected: boolean): string;
  wording: SeatWording;
  /**
   * Everything else the cells show (selection, passenger types, prices, wording) as one string: a
   * deck whose layout, tab stop and signature are unchanged is not rendered again.
   */
  signature: string;
}

export interface DecksView {
  decks: readonly DeckLayout[];
  names: readonly string[];
  /** Tabs instead of decks side by side. */
  tabs: boolean;
  /** The deck shown in tab mode. */
  active: number;
}

const GAP = html`<div role="gridcell" class="cell gap"></div>`;

function fixtureCell(cell: FixtureCell, strings: Strings): TemplateResult {
  return html`<div role="gridcell" class="cell fixture" part=${`fixture ${cell.fixture}`}>
    <span class="fixture-name" .textContent=${fixtureName(cell, strings)}></span>
  </div>`;
}

function seatCell(spot: SeatSpot, context: GridContext): TemplateResult {
  const name = spot.seat.name;
  const selected = context.selected.has(name);
  const state: SeatState = selected ? 'selected' : spot.seat.status;
  const label = context.wording.seat(name, spot.position, state, context.price(name, selected));
  const tabindex = context.roving.get(spot.deck) === spot.key ? '0' : '-1';
  if (context.readonly) {
    return html`<div
      role="gridcell"
      class="cell seat"
      part=${`seat ${state}`}
      data-spot=${spot.key}
      data-state=${state}
      tabindex=${tabindex}
      aria-label=${label}
      .textContent=${name}
    ></div>`;
  }
  const unavailable = context.inert || state === 'booked' || state === 'held';
  return html`<div role="gridcell" class="cell">
    <button
      type="button"
      class="seat"
      part=${`seat ${state}`}
      data-spot=${spot.key}
      data-state=${state}
      tabindex=${tabindex}
      aria-pressed=${selected ? 'true' : 'false'}
      aria-disabled=${unavailable ? 'true' : nothing}
      aria-label=${label}
      .textContent=${name}
    ></button>
  </div>`;
}

function cellView(cell: LayoutCell, context: GridContext): TemplateResult {
  if (cell === null) return GAP;
  return isSpot(cell) ? seatCell(cell, context) : fixtureCell(cell, context.strings);
}

function deckView(deck: DeckLayout, name: string, view: DecksView, context: GridContext): TemplateResult {
  const i = deck.index;
  const hidden = view.tabs && i !== view.active;
  return html`<div
    class="deck"
    part=${`deck ${deck.deck.level}`}
    id=${`deck-${i}`}
    role=${view.tabs ? 'tabpanel' : nothing}
    aria-labelledby=${view.tabs ? `tab-${i}` : nothing}
    ?hidden=${hidden}
  >
    <p class="deck-name" part="deck-name" id=${`deck-name-${i}`} ?hidden=${view.tabs}>${name}</p>
    <div role="grid" part="grid" aria-labelledby=${view.tabs ? `tab-${i}` : `deck-name-${i}`} aria-readonly=${context.readonly ? 'true' : nothing}>
      ${guard([deck, context.roving.get(i), context.readonly, context.inert, context.signature], () =>
        deck.rows.map((row) => html`<div role="row" class="row" part="row">${row.map((cell) => cellView(cell, context))}</div>`),
      )}
    </div>
  </div>`;
}

/** The tabs of tab mode, with one click and one key listener on the tablist. */
export function deckTabs(view: DecksView, strings: Strings, on: { click: (event: Event) => void; keydown: (event: KeyboardEvent) => void }): TemplateResult {
  return html`<div role="tablist" part="tabs" aria-label=${strings.seatDecks} @click=${on.click} @keydown=${on.keydown}>
    ${view.decks.map(
      (deck) =>
        html`<button
          type="button"
          role="tab"
          part="tab"
          id=${`tab-${deck.index}`}
          data-deck=${deck.index}
          aria-selected=${deck.index === view.active ? 'true' : 'false'}
          aria-controls=${`deck-${deck.index}`}
          tabindex=${deck.index === view.active ? '0' : '-1'}
        >
          ${view.names[deck.index]}
        </button>`,
    )}
  </div>`;
}

export function decksView(view: DecksView, context: GridContext): TemplateResult[] {
  return view.decks.map((deck) => deckView(deck, view.names[deck.index] ?? '', view, context));
}
