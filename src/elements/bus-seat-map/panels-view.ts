/**
 * Everything around the decks: the boarding/dropping selects, the legend with the fares, the list
 * alternative of available seats, the summary of chosen seats with their passenger types and the
 * total, and the "N of M seats available" of a bus without a seat plan. Listeners are handed in
 * by the element, one per control group.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Fare, Stop } from '../../api/models.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import type { SeatWording } from './seat-label.js';
import { boardingChoices, droppingChoices, type Segment } from './selection.js';

export interface Formatting {
  strings: Strings;
  /** Prices and stop texts, memoized. */
  wording: SeatWording;
}

// ------------------------------------------------------------------ segment

export function segmentView(
  stops: readonly Stop[],
  segment: Segment,
  options: Formatting & { content: string; readonly: boolean; disabled: boolean; onChange: (event: Event) => void },
): TemplateResult | typeof nothing {
  const { strings, wording } = options;
  const lang = options.content || nothing;
  if (!segment.from || !segment.to) return nothing;
  if (options.readonly) {
    return html`<p part="segment">${format(strings.seatSegment, { from: wording.stop(segment.from), to: wording.stop(segment.to) })}</p>`;
  }
  const option = (stop: Stop, index: number, chosen: number) =>
    html`<option part="stop-option" value=${String(index)} ?selected=${index === chosen}>${wording.stop(stop)}</option>`;
  return html`<div part="segment" class="segment" @change=${options.onChange}>
    <div class="field">
      <label part="boarding-label" for="boarding">${strings.seatBoarding}</label>
      <select part="boarding" id="boarding" lang=${lang} ?disabled=${options.disabled} .value=${live(String(segment.fromIndex))}>
        ${boardingChoices(stops).map(({ stop, index }) => option(stop, index, segment.fromIndex))}
      </select>
    </div>
    <div class="field">
      <label part="dropping-label" for="dropping">${strings.seatDropping}</label>
      <select part="dropping" id="dropping" lang=${lang} ?disabled=${options.disabled} .value=${live(String(segment.toIndex))}>
        ${droppingChoices(stops, segment.fromIndex).map(({ stop, index }) => option(stop, index, segment.toIndex))}
      </select>
    </div>
  </div>`;
}

// ------------------------------------------------------------------ legend

const STATES = ['available', 'selected', 'booked', 'held'] as const;

/** "Fares: Adult €25 · Child €12.50" for the chosen segment; nothing without tiers. */
export function faresView(tiers: readonly Fare[], options: Formatting): TemplateResult | typeof nothing {
  const { strings } = options;
  if (tiers.length === 0) return nothing;
  const fares = tiers.map((fare) =>
    format(strings.seatFare, { name: fare.name || fare.type, price: options.wording.price(fare.price) || strings.seatPriceUnknown }),
  );
  return html`<p part="fares" class="fares">
    <span class="fares-title">${strings.seatFares}:</span> ${fares.map((fare, i) => html`${i > 0 ? ' · ' : ''}<span part="fare">${fare}</span>`)}
  </p>`;
}

/** The seat states, each with its swatch (shape and pattern, not only colour), and the fares. */
export function legendView(tiers: readonly Fare[], options: Formatting & { readonly: boolean }): TemplateResult {
  const { strings } = options;
  const names = {
    available: strings.seatLegendAvailable,
    selected: strings.seatLegendSelected,
    booked: strings.seatLegendBooked,
    held: strings.seatLegendHeld,
  };
  const states = options.readonly ? STATES.filter((state) => state !== 'selected') : STATES;
  return html`<div part="legend" class="legend">
    <p class="visually-hidden" id="legend-title">${strings.seatLegend}</p>
    <ul part="legend-list" class="legend-list" aria-labelledby="legend-title">
      ${states.map(
        (state) =>
          html`<li part=${`legend-item ${state}`} class="legend-item">
            <span class="seat swatch" data-state=${state} aria-hidden="true"></span>${names[state]}
          </li>`,
      )}
    </ul>
    ${faresView(tiers, options)}
  </div>`;
}

// ------------------------------------------------------------------ list alternative

export interface ListEntry {
  key: string;
  label: string;
  checked: boolean;
}

/** A toggle (the first Tab stop) that shows the available seats as a list of checkboxes. */
export function listView(
  open: boolean,
  entries: () => ListEntry[],
  options: { strings: Strings; disabled: boolean; loading: boolean; onToggle: () => void; onChange: (event: Event) => void },
): TemplateResult {
  const { strings } = options;
  const items = open ? entries() : [];
  return html`<div part="list-alternative" class="list-alternative">
    <button part="list-toggle" class="list-toggle" type="button" aria-expanded=${open ? 'true' : 'false'} aria-controls="seat-list" @click=${options.onToggle}>
      ${strings.seatMapListToggle}
    </button>
    <div id="seat-list" ?hidden=${!open}>
      ${
        open
          ? html`<fieldset part="seat-list" @change=${options.onChange} ?disabled=${options.disabled}>
              <legend>${strings.seatMapListLabel}</legend>
              ${
                items.length === 0
                  ? html`<p part="seat-list-empty">${strings.seatMapListEmpty}</p>`
                  : items.map(
                      (entry) =>
                        html`<label part="seat-option" class="seat-option"
                          ><input
                            type="checkbox"
                            data-spot=${entry.key}
                            aria-disabled=${options.loading ? 'true' : nothing}
                            .checked=${live(entry.checked)}
                          />${entry.label}</label
                        >`,
                    )
              }
            </fieldset>`
          : nothing
      }
    </div>
  </div>`;
}

/**
 * Call before an update: the list's rows and the summary's seats are drawn in place, so when a
 * refresh drops a seat above the focused checkbox or passenger type, focus would silently move to
 * the next seat's, and when it drops the last row (or the summary's last seat, or every seat, taking
 * "Clear selection" along), to the page. Returns what puts focus back once the update is in, to
 * call before the element's own follow-up of focus an update took (`returnFocus`, shared/states.ts),
 * which then finds it placed: to the same seat's control, else (that seat was taken) to the one now
 * in its place, else to the last one, else (nothing chosen any more) to `lost` (the grid). A deck
 * tab the update took (the decks side by side again: a wider window, a zoom out) hands focus to
 * `lost` too, its deck's grid, not to the map's start.
 */
export function keepListFocus(root: ShadowRoot, lost: () => void): (() => void) | undefined {
  const active = root.activeElement as HTMLElement | null;
  // A list checkbox (the map's only inputs) knows its seat by spot key, `deck-row-col`; a summary select by name.
  const by = active?.localName === 'input' ? 'spot' : 'seatName';
  const seat = active?.dataset[by];
  if (seat === undefined && !active?.matches('[part~="clear"],[part~="tab"]')) return;
  return () => {
    // Compared, not put in a selector: a seat name is the site's text.
    const controls = [...root.querySelectorAll<HTMLElement>(by === 'spot' ? 'input' : '[data-seat-name]')];
    // Focusing the control that has focus (its seat still in its place) changes nothing.
    const next = controls.find((control) => control.dataset[by] === seat) ?? (active!.isConnected ? active : seat === undefined ? null : controls.at(-1));
    if (next) next.focus();
    else lost();
  };
}

// ------------------------------------------------------------------ summary

export interface SummaryItem {
  name: string;
  /** "Lower deck" when the bus has several decks, else ''. */
  deck: string;
  type: string;
  price: number | null;
}

export function summaryView(
  items: readonly SummaryItem[],
  tiers: readonly Fare[],
  totals: { count: string; total: number | null },
  options: Formatting & { content: string; disabled: boolean; onChange: (event: Event) => void; onClear: () => void },
): TemplateResult {
  const { strings, wording } = options;
  const price = (value: number | null) => wording.price(value) || strings.seatPriceUnknown;
  return html`<section part="summary" class="summary" aria-labelledby="summary-title">
    <p part="summary-title" class="summary-title" id="summary-title">${strings.seatSummary}</p>
    <p part="count" class="muted">${totals.count}</p>
    ${
      items.length === 0
        ? html`<p part="summary-empty" class="muted">${strings.seatSummaryEmpty}</p>`
        : html`<ul part="selected-list" class="selected-list" @change=${options.onChange}>
            ${items.map(
              (item, i) =>
                // The name isolated from the deck after it: a seat named right to left (or with bidi
                // controls) must not carry "· Lower deck" along with it.
                html`<li part="selected-seat" class="selected-seat">
                  <span part="selected-name" class="selected-name"
                    ><bdi>${item.name}</bdi>${item.deck ? html` <span class="muted">&middot; ${item.deck}</span>` : nothing}</span
                  >
                  ${
                    tiers.length > 0
                      ? html`<label class="visually-hidden" for=${`type-${i}`}>${format(strings.seatPassengerType, { name: item.name })}</label>
                          <select
                            part="passenger-type"
                            id=${`type-${i}`}
                            lang=${options.content || nothing}
                            data-seat-name=${item.name}
                            ?disabled=${options.disabled}
                            .value=${live(item.type)}
                          >
                            ${tiers.map((fare) => html`<option value=${fare.type} ?selected=${fare.type === item.type}>${fare.name || fare.type}</option>`)}
                          </select>`
                      : nothing
                  }
                  <span part="seat-price" class="seat-price">${price(item.price)}</span>
                </li>`,
            )}
          </ul>`
    }
    ${totals.total !== null ? html`<p part="total" class="total">${format(strings.seatTotal, { price: price(totals.total) })}</p>` : nothing}
    ${
      items.length > 0
        ? html`<button part="clear" class="clear" type="button" ?disabled=${options.disabled} @click=${options.onClear}>${strings.seatClear}</button>`
        : nothing
    }
  </section>`;
}

// ------------------------------------------------------------------ no seat plan

export function noPlanView(counts: { total: number | null; available: number | null }, options: Formatting & { locale: string }): TemplateResult {
  const { strings, locale } = options;
  const number = new Intl.NumberFormat(locale);
  let text = strings.seatNoPlanUnknown;
  if (counts.total !== null && counts.available !== null) {
    text = format(strings.seatNoPlan, { available: number.format(counts.available), total: number.format(counts.total) });
  } else if (counts.total !== null) {
    text = format(strings.seatNoPlanTotal, { total: number.format(counts.total) });
  }
  return html`<p part="no-plan" class="no-plan">${text}</p>`;
}
