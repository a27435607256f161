import { html, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { isAbort } from '../../api/errors.js';
import type { BusDialect } from '../../api/models.js';
import { Announcer } from '../../shared/announcer.js';
import type { Strings } from '../../shared/localize/strings.js';
import { documentSignals, type PageSignals } from '../../shared/page-signals.js';
import { optionalRefreshMs } from '../../shared/refresh-scheduler.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
import { errorState, loadingState } from '../../shared/states.js';
import { baseStyles } from '../../shared/styles.js';
import { FormAssociatedElement } from '../../shared/form-associated-element.js';
import { busSeatMapStyles } from './bus-seat-map.styles.js';
import { DeckFocus, type DeckLayoutMode } from './deck-focus.js';
import type { SeatLoad } from './load.js';
import { mapView, segmentPicked } from './map-view.js';
import { keepListFocus } from './panels-view.js';
import { AvailabilityRefresh } from './refresh.js';
import { SeatData } from './seat-data.js';
import { seatErrorView } from './seat-errors.js';
import type { SeatInfo } from './seat-events.js';
import { seatForm } from './seat-form.js';
import { SeatText } from './seat-text.js';
import { SeatSelection } from './selection-controller.js';
import { resolveSegment } from './selection.js';
import { englishFor } from '../../shared/localize/localize.js';
import { BUSES_EN } from '../../shared/localize/en/buses.js';
import { SEATS_EN } from '../../shared/localize/en/seats.js';

export type { DeckLayoutMode } from './deck-focus.js';
export type { SeatEventDetail, SeatInfo, SelectionChangeDetail, SelectionChangeReason } from './seat-events.js';

/**
 * A bus's seat map from a WordPress bus-ticketing site: every deck as a keyboard grid (side by side
 * when wide enough, else tabs), boarding and dropping stops, fare tiers, and a seat selection that
 * takes part in forms. Speaks both dialects of Interface B: the contract's `/wbtm/v1/buses/{id}`
 * (layout, stops and per-segment fares in one record; no per-date availability) and the plugin's
 * `/buses/{id}` + `/buses/{id}/seats?date&bp&dp` (availability per date and segment, fetched again
 * when `date`, `boarding` or `dropping` change).
 *
 * **Rendering:** the grid is rendered once `el.updateComplete` resolves after `pending` turned false.
 * While another bus, day or stop loads, the previous map stays in view but takes no picks: its
 * seats (and the list's boxes) are `aria-disabled="true"` and `part="decks"` is `aria-busy="true"`.
 *
 * **Seats a booking cannot name:** a booking names its seats, so a seat whose name the site repeats
 * (all but the first of that name), a seat without a name and a seat whose status is a word the map
 * does not know are drawn as held: never offered.
 *
 * **Keyboard:** the list alternative's toggle is the first Tab stop, then the stop selects, the deck
 * tabs (when narrow), one Tab stop per deck grid (roving tabindex), the summary. In a grid: arrows
 * move between seats (gaps and fixtures are skipped), Home/End to the row's first/last seat,
 * Ctrl+Home/End to the deck's first/last seat, PageUp/PageDown to the previous/next deck,
 * Enter/Space toggle the seat. Booked and held seats stay focusable (`aria-disabled`). "Clear
 * selection" goes with the selection it clears, so focus moves to the grid's tab stop; so does a
 * deck tab's when the tabs give way to the decks side by side (a wider window). A load that
 * fails while focus is in the map (the seats of a stop just picked) hands focus to the error's Retry
 * (to the error box where no Retry can help), and a Retry that works to the map, not to the page.
 *
 * **Value and form:** `value` is the list of chosen seat names; the form gets one entry per seat,
 * `<name>=<seat>:<passenger type>` (`seats=A3:adult&seats=A4:child`), in the order chosen. A form
 * reset clears the selection; back/forward restores it (seats no longer available are dropped).
 *
 * **Refresh:** with `refresh` (seconds, at least 30) the availability is asked again through the
 * shared cache (an unchanged answer is a 304 and re-renders nothing); not while the page is hidden.
 * After a failure it backs off as the departure board does; after a lost connection it tries again
 * as soon as the connection is back. Moving the element in the DOM keeps its schedule. A chosen
 * seat that has been booked meanwhile is deselected, with a message.
 *
 * @tagname bus-seat-map
 * @summary A bus's seat map with decks, stops, fares and a form-associated, keyboard-accessible seat selection.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's booking page.
 *
 * @event {CustomEvent<SeatEventDetail>} seat-select - Cancelable, synchronous. The visitor chose a seat; `detail.seat` is a `SeatInfo` (name, deck, position, label, passengerType, fare, price). Cancel it to refuse the seat.
 * @event {CustomEvent<SeatEventDetail>} seat-deselect - Cancelable, synchronous. The visitor unchose a seat; `detail.seat` as for `seat-select`. Cancel it to keep the seat.
 * @event {CustomEvent<SelectionChangeDetail>} selection-change - After any change of the selection or of a seat's passenger type, once rendered: `detail.seats` (every chosen `SeatInfo`), `detail.total`, `busId`, `date`, `boarding`, `dropping`, and `reason` (`select`, `deselect`, `passenger-type`, `clear`, `reset`, `restore`, `value`, `update` when new availability or `max-seats` dropped seats, `bus`).
 * @event {Event} change - A plain `Event` when the visitor changed the selection (not for changes by script), as native controls do.
 *
 * @csspart base - The wrapper around everything.
 * @csspart content - The seat map with its controls.
 * @csspart bus-name - The bus's name.
 * @csspart list-alternative - The list alternative: its toggle and list.
 * @csspart list-toggle - The button showing or hiding the list of available seats (the first Tab stop).
 * @csspart seat-list - The `<fieldset>` of available seats as checkboxes.
 * @csspart seat-option - One seat of the list (a `<label>` with its checkbox).
 * @csspart seat-list-empty - "No seats are available."
 * @csspart segment - The boarding/dropping selects (or, read-only, the segment as text).
 * @csspart boarding-label - The "Boarding at" label.
 * @csspart boarding - The boarding stop `<select>`.
 * @csspart dropping-label - The "Getting off at" label.
 * @csspart dropping - The dropping stop `<select>`.
 * @csspart stop-option - An `<option>` of the stop selects.
 * @csspart legend - The legend: seat states and fares.
 * @csspart legend-list - The list of seat states.
 * @csspart legend-item - One state, also named by it: `available`, `selected`, `booked`, `held`.
 * @csspart fares - The fares of the chosen segment.
 * @csspart fare - One fare ("Adult €25").
 * @csspart decks - The decks with their tabs.
 * @csspart tabs - The deck tabs (`role="tablist"`, narrow layouts only).
 * @csspart tab - One deck tab.
 * @csspart scroller - The horizontally scrolling box around the decks.
 * @csspart deck - One deck, also `lower` or `upper`.
 * @csspart deck-name - The deck's name above its grid (side by side only).
 * @csspart grid - A deck's `role="grid"`.
 * @csspart row - One row of seats.
 * @csspart seat - A seat, also named by its state: `available`, `selected`, `booked`, `held`.
 * @csspart fixture - A non-seat cell, also named by its kind: `driver`, `door`, `aisle`, `toilet`, `stairs`, `other`.
 * @csspart no-plan - "28 of 30 seats available." for a bus without a seat plan.
 * @csspart notice - The visible message when the seat limit is reached or chosen seats were booked meanwhile.
 * @csspart summary - The chosen seats, their passenger types and the total.
 * @csspart summary-title - "Your seats".
 * @csspart count - "2 of 4 seats chosen."
 * @csspart summary-empty - "No seats chosen yet."
 * @csspart selected-list - The list of chosen seats.
 * @csspart selected-seat - One chosen seat.
 * @csspart selected-name - Its name (and deck).
 * @csspart passenger-type - Its passenger type `<select>`.
 * @csspart seat-price - Its price.
 * @csspart total - "Total €50".
 * @csspart clear - The "Clear selection" button.
 * @csspart prompt - The message when `bus-id` is missing.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text colour.
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of available seats and of the decks.
 * @cssprop --tw-color-border - Borders, booked seats' hatching.
 * @cssprop --tw-color-accent - Selected seats, buttons, focus ring.
 * @cssprop --tw-color-accent-contrast - Text on selected seats and buttons.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-color-skeleton - Loading placeholder colour.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-seat-size - Width and height of a seat cell (default 2.75rem).
 */
export class BusSeatMap extends FormAssociatedElement {
  static override properties: PropertyDeclarations = {
    busId: { attribute: 'bus-id', reflect: true },
    date: { reflect: true },
    timeZone: { attribute: 'time-zone', reflect: true },
    boarding: { reflect: true },
    dropping: { reflect: true },
    maxSeats: { type: Number, attribute: 'max-seats' },
    passengerType: { attribute: 'passenger-type' },
    refresh: { type: Number },
    readonly: { type: Boolean, reflect: true },
    dialect: { reflect: true },
    deckLayout: { attribute: 'deck-layout' },
    name: { reflect: true },
    required: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
    listOpen: { state: true, attribute: false },
  };

  /** @internal */
  protected static override english = englishFor(BUSES_EN, SEATS_EN);

  static override styles = [baseStyles, busSeatMapStyles];

  /** The bus's id (required). Changing it to another bus clears the selection; the same id as a number (`41` after `"41"`) is no change. */
  busId: string | number = '';

  /** Plugin dialect: the service date `YYYY-MM-DD`; empty for today on the site's wall clock (see `time-zone`). */
  date = '';

  /**
   * The site's time zone (WordPress Settings → General), an IANA name such as `Europe/Berlin` or an
   * offset such as `+05:30`, for "today" when `date` is empty. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  timeZone = '';

  /**
   * The boarding stop, exactly as the site names it; empty (or not a boarding stop of the bus) for
   * the first. Set when the visitor picks another stop.
   */
  boarding = '';

  /** The dropping stop after `boarding`, exactly as the site names it; empty for the last. Set when the visitor picks one. */
  dropping = '';

  /** The most seats one visitor may choose (default 4). */
  maxSeats = 4;

  /** The passenger type (fare tier `type`, e.g. `adult`) a newly chosen seat gets; empty for the first tier. */
  passengerType = '';

  /** Availability refresh interval in seconds (at least 30); 0 or empty (default) for none. */
  refresh = 0;

  /** Signage: shows availability only; no selection, no list alternative, no summary. */
  readonly = false;

  /** `contract` or `plugin` to skip detecting the site's Interface B dialect from its `/wp-json/` index. */
  dialect: BusDialect | '' = '';

  /** `auto` (default): decks side by side when they fit, else tabs; or always `tabs` / `side-by-side`. */
  deckLayout: DeckLayoutMode = 'auto';

  /** The form field name of the seat entries (default `seats`). */
  name = 'seats';

  /** The form does not submit while no seat is chosen; the message is localized (while the bus loads it says so). */
  required = false;

  /** No selection changes; not submitted. A disabled `<fieldset>` does the same. */
  disabled = false;

  /**
   * Time and timers of the refresh. Set before connecting, e.g. a `FakeScheduler` in tests.
   * @internal
   */
  scheduler: Scheduler = realScheduler;

  /**
   * Page visibility for the refresh. Set before connecting.
   * @internal
   */
  pageSignals: PageSignals = documentSignals;

  private listOpen = false;

  private readonly data = new SeatData(this);
  private readonly announcer = new Announcer(() => this.requestUpdate());
  private readonly decks = new DeckFocus(this, {
    layout: () => this.data.layout,
    chosen: () => new Set(this.value),
    rtl: () => this.direction === 'rtl',
    mode: () => this.deckLayout,
  });
  private readonly seatText = new SeatText(() => super.text);
  /** Puts focus back on a seat's control a refresh redrew (`keepListFocus`), once the update is in. */
  private refocus: (() => void) | undefined;

  private readonly selected = new SeatSelection(this, {
    load: () => this.data.shown,
    layout: () => this.data.layout,
    strings: () => this.text,
    interactive: () => this.interactive,
    loading: () => this.data.task.pending,
    announce: (message) => this.announcer.announce(message),
    changed: () => this.formAssociation?.sync(),
    changedByVisitor: () => this.fireChange(),
    spotOf: (target) => this.decks.spotOf(target),
  });

  // Last: it reads the fields above.
  protected readonly formAssociation = seatForm(this, this.selected, () => this.text);

  constructor() {
    super();
    // The refresh schedule (refresh.ts): when to ask again; `refreshAvailability()` asks.
    new AvailabilityRefresh(
      this,
      () => optionalRefreshMs(this.refresh),
      () => this.scheduler,
      () => this.pageSignals,
      async () => {
        try {
          await this.refreshAvailability();
          return undefined;
        } catch (error) {
          return isAbort(error) ? undefined : error;
        }
      },
    );
  }

  // ------------------------------------------------------------------ public API

  /**
   * The chosen seats' names, in the order chosen. Setting it chooses those seats (`A3`, or
   * `A3:child` with a passenger type); once the layout is there, seats that do not exist or are not
   * available are dropped, and at most `max-seats` are kept. No `seat-select` or `change` fires.
   */
  get value(): string[] {
    return this.selected.names;
  }

  set value(next: readonly string[] | string | null) {
    this.selected.setValue(next === null || next === undefined ? [] : typeof next === 'string' ? (next === '' ? [] : [next]) : [...next]);
  }

  /** The chosen seats in full: deck, position, label, passenger type, fare and price. */
  get selection(): SeatInfo[] {
    return this.selected.infos;
  }

  /** Unchooses every seat (fires `selection-change` with reason `clear`, no `seat-deselect`). */
  clearSelection(): void {
    this.selected.clear('clear');
  }

  /**
   * Asks the server for the current availability (`maxAgeMs: 0`, revalidating with the ETag) and
   * resolves once it is rendered; used by the `refresh` timer. Rejects with the `ApiError` when the
   * request fails (the map shown stays).
   * @internal
   */
  async refreshAvailability(): Promise<void> {
    await this.data.refresh();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move in the DOM disconnects and reconnects at once: only a real removal stops the refresh.
    queueMicrotask(() => this.isConnected || this.data.cancel());
  }

  protected override get text(): Strings {
    return this.seatText.strings;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.seatText.forget();
    // Another bus, not the same id again as a number (`bus-id="41"`, then `busId = bus.id`): only that drops the chosen seats.
    if (changed.has('busId') && `${changed.get('busId') ?? this.busId}` !== `${this.busId}`) {
      this.data.forget();
      this.decks.reset();
      this.selected.busChanged();
    }
    this.selected.reconcile();
    this.refocus = keepListFocus(this.shadowRoot!, () => this.decks.focusGrid());
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.refocus?.();
    this.refocus = undefined;
    super.updated(changed);
  }

  private get interactive(): boolean {
    return !this.readonly && !this.disabled && !this.formAssociation.disabledByForm;
  }

  private readonly on = {
    gridClick: this.selected.onSeat,
    listToggle: (): void => {
      this.listOpen = !this.listOpen;
    },
    listChange: this.selected.onListChange,
    segmentChange: (event: Event): void => {
      const next = this.data.shown && segmentPicked(this.data.shown, event.target as HTMLSelectElement);
      if (next?.boarding !== undefined) this.boarding = next.boarding;
      if (next) this.dropping = next.dropping;
    },
    passengerType: this.selected.onPassengerType,
    clear: (): void => {
      this.selected.onClear();
      this.decks.focusGrid();
    },
  };

  /** The visitor changed the selection: a plain `change`, as native controls fire. */
  private fireChange(): void {
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  /** Inner controls' `input` events are composed; the element reports `change` and `selection-change` instead. */
  private readonly stopInput = (event: Event): void => event.stopPropagation();

  // ------------------------------------------------------------------ rendering

  override render(): TemplateResult {
    const strings = this.text;
    const body =
      `${this.busId}`.trim() === ''
        ? html`<p part="prompt" class="prompt" role="status">${strings.seatMapNoBusId}</p>`
        : this.data.task.render({
            loading: () => loadingState(strings, 5),
            error: (error, retry) => errorState(seatErrorView(error, strings), strings, retry),
            complete: (load) => (load ? this.renderLoad(this.data.current(load)) : loadingState(strings, 5)),
          });
    return html`<div part="base" dir=${this.direction} lang=${this.uiLanguage} @input=${this.stopInput}>${body}${this.announcer.render()}</div>`;
  }

  private renderLoad(load: SeatLoad): TemplateResult {
    const currency = this.effectiveCurrency;
    return mapView({
      load,
      segment: this.data.task.pending ? resolveSegment(load.bus, this.boarding, this.dropping) : load.segment,
      formatting: this.seatText.formatting(this.locale, currency),
      textKey: this.seatText.key,
      locale: this.locale,
      content: this.contentLanguage,
      currency,
      readonly: this.readonly,
      disabled: this.disabled || this.formAssociation.disabledByForm,
      interactive: this.interactive,
      loading: this.data.task.pending,
      listOpen: this.listOpen,
      picks: this.selected.picks,
      notice: this.selected.notice,
      passengerType: this.passengerType,
      count: this.selected.countText(this.selected.picks.length),
      decks: this.decks,
      on: this.on,
    });
  }
}
