/**
 * Focus and arrangement of the decks, as a controller of `<bus-seat-map>`:
 * - one roving tab stop per deck grid (the last seat focused, else the first chosen, else the first
 *   available, else the first seat), moved by the grid's keys (layout.ts) with one delegated
 *   `keydown` and one `focusin` listener on the decks' container;
 * - decks side by side or as tabs: the host's width (`shared/host-width.ts`, a ResizeObserver) and a
 *   seat cell (after layout, so the read forces nothing); `deck-layout` can fix either;
 * - the deck tabs (`role="tablist"`): click, arrows, Home/End, automatic activation.
 */
import type { ReactiveControllerHost } from 'lit';
import { HostWidth } from '../../shared/host-width.js';
import { decksFitSideBySide, moveForKey, moveFrom, type DeckLayout, type MapLayout, type SeatSpot } from './layout.js';

export type DeckLayoutMode = 'auto' | 'tabs' | 'side-by-side';

export interface DeckFocusSource {
  /** The layout shown, if any. */
  layout(): MapLayout | null;
  /** Names of the chosen seats. */
  chosen(): ReadonlySet<string>;
  rtl(): boolean;
  mode(): DeckLayoutMode;
}

type Host = ReactiveControllerHost & HTMLElement;

export class DeckFocus {
  /** The deck shown in tab mode. */
  private activeDeck = 0;
  /** Per deck, the key of the seat holding its tab stop. */
  private readonly roving = new Map<number, string>();
  private measured: { width: number; cellPx: number } | undefined;
  private wide = true;

  constructor(
    private readonly host: Host,
    private readonly source: DeckFocusSource,
  ) {
    new HostWidth(host, (width) => this.resized(width));
  }

  /** Another bus: every deck starts at its first seat again, the first tab shown. */
  reset(): void {
    this.roving.clear();
    this.activeDeck = 0;
  }

  /** The deck shown in tab mode, within the layout's decks. */
  active(layout: MapLayout): number {
    return Math.min(this.activeDeck, layout.decks.length - 1);
  }

  /** Tabs when there are several decks and they do not fit side by side (or `deck-layout="tabs"`). */
  tabs(layout: MapLayout): boolean {
    const mode = this.source.mode();
    if (layout.decks.length < 2 || mode === 'side-by-side') return false;
    return mode === 'tabs' || !this.fits(layout);
  }

  /** Per deck, the key of the seat in the Tab order. */
  tabStops(layout: MapLayout): Map<number, string> {
    const stops = new Map<number, string>();
    for (const deck of layout.decks) {
      const spot = this.tabStop(deck);
      if (spot) stops.set(deck.index, spot.key);
    }
    return stops;
  }

  /**
   * Focuses the tab stop of the deck shown: "Clear selection" disappears with the selection it
   * clears, and focus would otherwise fall to the page.
   */
  focusGrid(): void {
    const layout = this.source.layout();
    const deck = layout?.decks[this.active(layout)];
    const spot = deck && this.tabStop(deck);
    if (spot) void this.focus(spot);
  }

  /** The seat a `data-spot` element (or its descendant) stands for. */
  spotOf(target: EventTarget | null): SeatSpot | undefined {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-spot]') : null;
    const key = element?.dataset['spot'];
    return key === undefined ? undefined : this.source.layout()?.byKey.get(key);
  }

  readonly onGridFocus = (event: Event): void => {
    const spot = this.spotOf(event.target);
    if (!spot) return;
    // Side by side too, where it draws nothing: should the decks turn into tabs (a narrower window, a
    // zoom), the tab shown is the deck with focus, not one that hides it and drops focus to the page.
    this.activeDeck = spot.deck;
    if (this.roving.get(spot.deck) === spot.key) return;
    this.roving.set(spot.deck, spot.key);
    this.host.requestUpdate();
  };

  readonly onGridKeydown = (event: KeyboardEvent): void => {
    const spot = this.spotOf(event.target);
    const layout = this.source.layout();
    if (!spot || !layout || event.altKey) return;
    const move = moveForKey(event.key, event.ctrlKey || event.metaKey, this.source.rtl());
    if (!move) return;
    event.preventDefault();
    const target =
      move === 'deck-next' || move === 'deck-previous'
        ? this.deckStop(layout.decks[spot.deck + (move === 'deck-next' ? 1 : -1)])
        : moveFrom(layout.decks[spot.deck]!, spot, move);
    if (target) void this.focus(target);
  };

  /** The tab stop of a neighbouring deck, or null past the first or last deck. */
  private deckStop(deck: DeckLayout | undefined): SeatSpot | null {
    return deck ? this.tabStop(deck) : null;
  }

  readonly onTabClick = (event: Event): void => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="tab"]') : null;
    if (!tab) return;
    this.activeDeck = Number(tab.dataset['deck']);
    this.host.requestUpdate();
  };

  readonly onTabKeydown = (event: KeyboardEvent): void => {
    const count = this.source.layout()?.decks.length ?? 0;
    if (count === 0) return;
    const step = this.source.rtl() ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowRight: (this.activeDeck + step + count) % count,
      ArrowLeft: (this.activeDeck - step + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.activeDeck = next;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLElement>(`#tab-${next}`)?.focus());
  };

  private tabStop(deck: DeckLayout): SeatSpot | null {
    const kept = this.roving.get(deck.index);
    const spot = kept === undefined ? undefined : this.source.layout()?.byKey.get(kept);
    if (spot && spot.deck === deck.index) return spot;
    const chosen = this.source.chosen();
    // Nothing chosen (most first renders): no pass over every seat looking for one.
    const first = chosen.size > 0 ? deck.seats.find((s) => chosen.has(s.seat.name)) : undefined;
    return first ?? deck.seats.find((s) => s.seat.status === 'available') ?? deck.seats[0] ?? null;
  }

  /** Moves the deck's tab stop to `spot` and focuses it (after the render that shows its deck, in tab mode). */
  private async focus(spot: SeatSpot): Promise<void> {
    this.roving.set(spot.deck, spot.key);
    this.activeDeck = spot.deck;
    this.host.requestUpdate();
    const find = () => this.host.shadowRoot?.querySelector<HTMLElement>(`[data-spot="${spot.key}"]`);
    let element = find();
    if (!element || element.closest('[hidden]')) {
      await this.host.updateComplete;
      element = find();
    }
    element?.focus();
  }

  private resized(width: number): void {
    // The observer runs after layout: reading a cell's size here forces nothing.
    const cell = this.host.shadowRoot?.querySelector<HTMLElement>('.cell');
    this.measured = { width, cellPx: cell?.offsetWidth || this.measured?.cellPx || 44 };
    const wide = this.fits(this.source.layout());
    if (wide === this.wide) return;
    this.wide = wide;
    // In the next frame: rendering tabs inside the observer's delivery resizes the host it watches
    // ("ResizeObserver loop completed with undelivered notifications", reported to the page).
    requestAnimationFrame(() => this.host.requestUpdate());
  }

  private fits(layout: MapLayout | null): boolean {
    if (!layout || !this.measured) return true;
    const { width, cellPx } = this.measured;
    return decksFitSideBySide(
      layout.decks.map((deck) => deck.deck),
      width,
      cellPx,
      cellPx / 2,
    );
  }
}
