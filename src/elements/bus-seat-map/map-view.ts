/**
 * The seat map of one load: the bus's name, the list alternative, the stop selects, the legend or
 * fares, the decks (or "N of M seats available" without a seat plan), the notice and the summary.
 * The pieces are in `grid-view.ts` and `panels-view.ts`; this module puts them together with the
 * selection and the element's state. Listeners are handed in, one per control group.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { format } from '../../shared/localize/strings.js';
import type { DeckFocus } from './deck-focus.js';
import { deckTabs, decksView, type GridContext } from './grid-view.js';
import { layoutOf, type MapLayout } from './layout.js';
import type { SeatLoad } from './load.js';
import { faresView, legendView, listView, noPlanView, segmentView, summaryView, type Formatting, type ListEntry } from './panels-view.js';
import { deckNames } from './seat-label.js';
import { defaultType, fareOf, resolveSegment, totalOf, type SeatPick, type Segment } from './selection.js';

export interface MapViewContext {
  load: SeatLoad;
  /** The stops the selects show: the visitor's pick while its load is on its way, else the load's. */
  segment: Segment;
  formatting: Formatting;
  /** The strings' content as a key (see `SeatText`). */
  textKey: string;
  locale: string;
  /** `lang` of the site's names (bus, stops, fares) when the interface speaks another language ('': none). */
  content: string;
  currency: string | undefined;
  readonly: boolean;
  /** Disabled by its own attribute or a disabled `<fieldset>`. */
  disabled: boolean;
  /** The visitor may change the selection. */
  interactive: boolean;
  /**
   * Another bus, day or segment is loading: the seats shown are the previous load's, shown but not
   * operable (`aria-disabled`, the decks `aria-busy`) until the new ones are in.
   */
  loading: boolean;
  listOpen: boolean;
  picks: readonly SeatPick[];
  notice: string;
  passengerType: string;
  /** "2 of 4 seats chosen." */
  count: string;
  decks: DeckFocus;
  on: {
    gridClick(event: Event): void;
    listToggle(): void;
    listChange(event: Event): void;
    segmentChange(event: Event): void;
    passengerType(event: Event): void;
    clear(): void;
  };
}

export function mapView(c: MapViewContext): TemplateResult {
  const { load, formatting } = c;
  const { strings } = formatting;
  const layout = load.seatMap && load.seatMap.decks.length > 0 ? layoutOf(load.seatMap) : null;
  const selectable = layout !== null && !c.readonly;
  const names = layout
    ? deckNames(
        layout.decks.map((deck) => deck.deck),
        strings,
      )
    : [];
  return html`<div part="content" class="content">
    <p part="bus-name" class="bus-name" lang=${(load.bus.name && c.content) || nothing}>${load.bus.name || format(strings.busUnnamed, { id: load.bus.id })}</p>
    ${
      selectable
        ? listView(c.listOpen, () => listEntries(c, layout, names), {
            strings,
            disabled: c.disabled,
            loading: c.loading,
            onToggle: c.on.listToggle,
            onChange: c.on.listChange,
          })
        : nothing
    }
    ${segmentView(load.bus.stops, c.segment, { ...formatting, content: c.content, readonly: c.readonly, disabled: c.disabled, onChange: c.on.segmentChange })}
    ${layout ? legendView(load.tiers, { ...formatting, readonly: c.readonly }) : faresView(load.tiers, formatting)}
    ${layout ? decksOf(c, layout, names) : noPlanView(counts(load), { ...formatting, locale: c.locale })}
    ${c.notice ? html`<p part="notice" class="notice">${c.notice}</p>` : nothing} ${selectable ? summaryOf(c, layout, names) : nothing}
  </div>`;
}

function counts(load: SeatLoad): { total: number | null; available: number | null } {
  const map = load.seatMap;
  if (map && map.totalSeats > 0) return { total: map.totalSeats, available: map.availableSeats };
  return { total: load.bus.totalSeats || null, available: null };
}

/** The price text of a seat: its own passenger type's when chosen, else the default type's. */
function pricer(c: MapViewContext): (name: string, selected: boolean) => string {
  const { wording } = c.formatting;
  const tiers = c.load.tiers;
  const fallback = wording.price(fareOf(tiers, defaultType(tiers, c.passengerType))?.price);
  const types = new Map(c.picks.map((pick) => [pick.name, pick.type]));
  return (name, selected) => (selected ? wording.price(fareOf(tiers, types.get(name) ?? '')?.price) : fallback);
}

function decksOf(c: MapViewContext, layout: MapLayout, names: string[]): TemplateResult {
  const { strings, wording } = c.formatting;
  const decks = c.decks;
  const tabs = decks.tabs(layout);
  const view = { decks: layout.decks, names, tabs, active: decks.active(layout) };
  const context: GridContext = {
    strings,
    wording,
    textKey: `${c.textKey}\u0001${c.locale}\u0001${c.currency ?? ''}`,
    readonly: c.readonly,
    inert: c.disabled || c.loading,
    selected: new Set(c.picks.map((pick) => pick.name)),
    roving: decks.tabStops(layout),
    price: pricer(c),
  };
  return html`<div part="decks" class=${tabs ? 'decks tabs' : 'decks side'} aria-busy=${c.loading ? 'true' : nothing}>
    ${tabs ? deckTabs(view, strings, { click: decks.onTabClick, keydown: decks.onTabKeydown }) : nothing}
    <div part="scroller" class="scroller" @click=${c.on.gridClick} @keydown=${decks.onGridKeydown} @focusin=${decks.onGridFocus}>
      ${decksView(view, context)}
    </div>
  </div>`;
}

function listEntries(c: MapViewContext, layout: MapLayout, names: string[]): ListEntry[] {
  const chosen = new Set(c.picks.map((pick) => pick.name));
  const price = pricer(c);
  const several = layout.decks.length > 1;
  return layout.decks.flatMap((deck) =>
    deck.seats
      // A chosen seat is listed as long as it is shown chosen: a repeated name's other seats are not it.
      .filter((spot) => spot.seat.status === 'available' || (chosen.has(spot.seat.name) && layout.byName.get(spot.seat.name) === spot))
      .map((spot) => {
        const selected = chosen.has(spot.seat.name);
        const label = c.formatting.wording.seat(spot.seat.name, spot.position, null, price(spot.seat.name, selected));
        return { key: spot.key, checked: selected, label: several ? `${names[deck.index]}: ${label}` : label };
      }),
  );
}

function summaryOf(c: MapViewContext, layout: MapLayout, names: string[]): TemplateResult {
  const tiers = c.load.tiers;
  const several = layout.decks.length > 1;
  const items = c.picks.map((pick) => {
    const spot = layout.byName.get(pick.name);
    return { name: pick.name, deck: several && spot ? (names[spot.deck] ?? '') : '', type: pick.type, price: fareOf(tiers, pick.type)?.price ?? null };
  });
  return summaryView(
    items,
    tiers,
    { count: c.count, total: totalOf(c.picks, tiers) },
    { ...c.formatting, content: c.content, disabled: !c.interactive, onChange: c.on.passengerType, onClear: c.on.clear },
  );
}

/** The segment after the visitor picked a stop in the boarding (both ends) or dropping select (its end only); null for no such stop. */
export function segmentPicked(load: SeatLoad, select: HTMLSelectElement): { boarding?: string; dropping: string } | null {
  const stop = load.bus.stops[Number(select.value)];
  if (!stop) return null;
  if (select.id !== 'boarding') return { dropping: stop.place };
  return { boarding: stop.place, dropping: resolveSegment(load.bus, stop.place, load.segment.to?.place ?? '').to?.place ?? '' };
}
