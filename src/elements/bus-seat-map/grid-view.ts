/**
 * The decks' markup: each deck a `role="grid"` (named by its deck name, or by its tab in tab mode)
 * whose rows and cells `deck-cells.ts` draws and keeps seat by seat. No per-seat listeners: the
 * element listens once on the decks' container and finds the seat from `data-spot`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from '../../shared/localize/strings.js';
import { deckCells, type CellContext } from './deck-cells.js';
import type { DeckLayout } from './layout.js';

/** What the decks are drawn with: a cell's context, with each deck's tab stop instead of one. */
export interface GridContext extends Omit<CellContext, 'tabStop'> {
  /** Per deck, the key of the seat that holds its tab stop. */
  roving: ReadonlyMap<number, string>;
}

export interface DecksView {
  decks: readonly DeckLayout[];
  names: readonly string[];
  /** Tabs instead of decks side by side. */
  tabs: boolean;
  /** The deck shown in tab mode. */
  active: number;
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
    <div
      role="grid"
      part="grid"
      aria-labelledby=${view.tabs ? `tab-${i}` : `deck-name-${i}`}
      aria-readonly=${context.readonly ? 'true' : nothing}
      ${deckCells(deck, { ...context, tabStop: context.roving.get(i) })}
    ></div>
  </div>`;
}

/** The tabs of tab mode, with one click and one key listener on the tablist. */
export function deckTabs(view: DecksView, strings: Strings, on: { click: (event: Event) => void; keydown: (event: KeyboardEvent) => void }): TemplateResult {
  return html`<div role="tablist" part="tabs" class="tablist" aria-label=${strings.seatDecks} @click=${on.click} @keydown=${on.keydown}>
    ${view.decks.map(
      (deck) =>
        html`<button
          type="button"
          role="tab"
          part="tab"
          class="tab"
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
