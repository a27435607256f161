import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isAbort } from '../../api/errors.js';
import type { BusDialect } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { errorState, loadingState } from '../../shared/states.js';
import { baseStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { Announcer } from '../../shared/announcer.js';
import { documentSignals, type PageSignals } from '../../shared/page-signals.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
import { siteDate } from '../../shared/wall-clock.js';
import { resolveTimeZone } from '../../shared/config.js';
import { widgetSiteZone } from '../../shared/site-zone.js';
import { busSeatMapStyles } from './bus-seat-map.styles.js';
import { formValue, picksFromState, pickOf } from './form-value.js';
import { DeckFocus, type DeckLayoutMode } from './deck-focus.js';
import { deckTabs, decksView, type GridContext } from './grid-view.js';
import { layoutOf, type MapLayout, type SeatSpot } from './layout.js';
import { loadSeats, refreshSeats, type SeatLoad } from './load.js';
import { faresView, legendView, listView, noPlanView, segmentView, summaryView, type Formatting, type ListEntry } from './panels-view.js';
import { AvailabilityRefresh, refreshMs } from './refresh.js';
import { seatErrorView } from './seat-errors.js';
import type { SeatEventDetail, SeatInfo, SelectionChangeDetail, SelectionChangeReason } from './seat-events.js';
import { deckNames, SeatWording, seatLabel, stateWord } from './seat-label.js';
import { defaultType, fareOf, maxSeats, reconcile, resolveSegment, toggle, totalOf, type SeatPick } from './selection.js';

export type { DeckLayoutMode } from './deck-focus.js';
export type { SeatEventDetail, SeatInfo, SelectionChangeDetail, SelectionChangeReason } from './seat-events.js';

const EMPTY_LAYOUT: MapLayout = { decks: [], byName: new Map(), byKey: new Map() };

/**
 * A bus's seat map from a WordPress bus-ticketing site: every deck as a keyboard grid (side by side
 * when wide enough, else tabs), boarding and dropping stops, fare tiers, and a seat selection that
 * takes part in forms. Speaks both dialects of Interface B: the contract's `/wbtm/v1/buses/{id}`
 * (layout, stops and per-segment fares in one record; no per-date availability) and the plugin's
 * `/buses/{id}` + `/buses/{id}/seats?date&bp&dp` (availability per date and segment, fetched again
 * when `date`, `boarding` or `dropping` change).
 *
 * **Rendering:** the grid is rendered once `el.updateComplete` resolves after `pending` turned false.
 *
 * **Keyboard:** the list alternative's toggle is the first Tab stop, then the stop selects, the deck
 * tabs (when narrow), one Tab stop per deck grid (roving tabindex), the summary. In a grid: arrows
 * move between seats (gaps and fixtures are skipped), Home/End to the row's first/last seat,
 * Ctrl+Home/End to the deck's first/last seat, PageUp/PageDown to the previous/next deck,
 * Enter/Space toggle the seat. Booked and held seats stay focusable (`aria-disabled`).
 *
 * **Value and form:** `value` is the list of chosen seat names; the form gets one entry per seat,
 * `<name>=<seat>:<passenger type>` (`seats=A3:adult&seats=A4:child`), in the order chosen. A form
 * reset clears the selection; back/forward restores it (seats no longer available are dropped).
 *
 * **Refresh:** with `refresh` (seconds, at least 60) the availability is asked again through the
 * shared cache (an unchanged answer is a 304 and re-renders nothing); not while the page is hidden.
 * A chosen seat that has been booked meanwhile is deselected, with a message.
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
export class BusSeatMap extends TwElement {
  /** Focusing the element focuses its first control (the list alternative's toggle). */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Takes part in forms like a native control. */
  static formAssociated = true;
  static override styles = [baseStyles, busSeatMapStyles];

  // Declared before the reactive properties: their initial values already ask for an update.
  private readonly internals: ElementInternals = this.attachInternals();

  /** The bus's id (required). Changing it clears the selection. */
  @property({ attribute: 'bus-id', reflect: true }) busId = '';

  /** Plugin dialect: the service date `YYYY-MM-DD`; empty for today on the site's wall clock (see `time-zone`). */
  @property({ reflect: true }) date = '';

  /**
   * The site's time zone (WordPress Settings → General), an IANA name such as `Europe/Berlin` or an
   * offset such as `+05:30`, for "today" when `date` is empty. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  @property({ attribute: 'time-zone', reflect: true }) timeZone = '';

  /**
   * The boarding stop, exactly as the site names it; empty (or not a boarding stop of the bus) for
   * the first. Set when the visitor picks another stop.
   */
  @property({ reflect: true }) boarding = '';

  /** The dropping stop after `boarding`, exactly as the site names it; empty for the last. Set when the visitor picks one. */
  @property({ reflect: true }) dropping = '';

  /** The most seats one visitor may choose (default 4). */
  @property({ type: Number, attribute: 'max-seats' }) maxSeats = 4;

  /** The passenger type (fare tier `type`, e.g. `adult`) a newly chosen seat gets; empty for the first tier. */
  @property({ attribute: 'passenger-type' }) passengerType = '';

  /** Availability refresh interval in seconds (at least 60); 0 or empty (default) for none. */
  @property({ type: Number }) refresh = 0;

  /** Signage: shows availability only; no selection, no list alternative, no summary. */
  @property({ type: Boolean, reflect: true }) readonly = false;

  /** `contract` or `plugin` to skip detecting the site's Interface B dialect from its `/wp-json/` index. */
  @property({ reflect: true }) dialect: BusDialect | '' = '';

  /** `auto` (default): decks side by side when they fit, else tabs; or always `tabs` / `side-by-side`. */
  @property({ attribute: 'deck-layout' }) deckLayout: DeckLayoutMode = 'auto';

  /** The form field name of the seat entries (default `seats`). */
  @property({ reflect: true }) name = 'seats';

  /** The form does not submit while no seat is chosen; the message is localized. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** No selection changes; not submitted. A disabled `<fieldset>` does the same. */
  @property({ type: Boolean, reflect: true }) disabled = false;

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

  @state() private picks: SeatPick[] = [];
  @state() private formDisabled = false;
  @state() private listOpen = false;
  @state() private notice = '';

  /** A refreshed answer for the task's current value (`base`). */
  private fresh: { base: SeatLoad; load: SeatLoad } | undefined;
  private reconciled: { load: SeatLoad | undefined; max: number } = { load: undefined, max: 0 };
  private needsReconcile = false;
  private refreshAbort: AbortController | undefined;
  private readonly announcer = new Announcer(() => this.requestUpdate());
  private readonly decks = new DeckFocus(this, {
    layout: () => this.shownLayout,
    chosen: () => new Set(this.value),
    rtl: () => this.direction === 'rtl',
    mode: () => this.deckLayout,
  });
  private readonly wording = new SeatWording();
  /** The strings of the current update and their content as a key (resolving them is not free, and a render asks often). */
  private textCache: { strings: Strings; key: string } | undefined;

  private readonly seats = new DataTask(
    this,
    () => [this.dialect, this.busId.trim(), this.serviceDate, this.boarding, this.dropping] as const,
    // The service day is an argument so the map reloads when the site's day changes; the loader
    // resolves an empty `date` itself, in the zone the site publishes when the page sets none.
    (client, [dialect, id, , boarding, dropping], signal): Promise<SeatLoad | null> =>
      id === ''
        ? Promise.resolve(null)
        : loadSeats(
            client,
            {
              dialect: dialect === 'contract' || dialect === 'plugin' ? dialect : null,
              busId: Number(id),
              date: this.date.trim(),
              zone: resolveTimeZone(this.timeZone),
              now: this.scheduler.now(),
              boarding,
              dropping,
            },
            { signal },
          ),
  );

  constructor() {
    super();
    new AvailabilityRefresh(
      this,
      () => refreshMs(this.refresh),
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
    return this.picks.map((pick) => pick.name);
  }

  set value(next: readonly string[] | string | null) {
    const list = next === null || next === undefined ? [] : typeof next === 'string' ? (next === '' ? [] : [next]) : [...next];
    const layout = this.shownLayout;
    const fallback = defaultType(this.shownLoad?.tiers ?? [], this.passengerType);
    const picks = list.map((value) => pickOf(String(value), fallback, (name) => layout?.byName.has(name) ?? false));
    this.needsReconcile = true;
    this.setPicks(this.reconciledPicks(picks), 'value');
  }

  /** The chosen seats in full: deck, position, label, passenger type, fare and price. */
  get selection(): SeatInfo[] {
    return this.picks.map((pick) => this.seatInfo(pick));
  }

  /** The `<form>` this element belongs to. */
  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** The validity state (`valueMissing` when `required` and no seat is chosen). */
  get validity(): ValidityState {
    return this.internals.validity;
  }

  /** The localized message while invalid, else ''. */
  get validationMessage(): string {
    return this.internals.validationMessage;
  }

  /** True when valid; otherwise fires `invalid` at the element and returns false. */
  checkValidity(): boolean {
    return this.internals.checkValidity();
  }

  /** Like `checkValidity()`, and shows the browser's message when invalid. */
  reportValidity(): boolean {
    return this.internals.reportValidity();
  }

  /** Unchooses every seat (fires `selection-change` with reason `clear`, no `seat-deselect`). */
  clearSelection(): void {
    this.notice = '';
    this.setPicks([], 'clear');
  }

  /**
   * Asks the server for the current availability (`maxAgeMs: 0`, revalidating with the ETag) and
   * resolves once it is rendered; used by the `refresh` timer. Rejects with the `ApiError` when the
   * request fails (the map shown stays).
   * @internal
   */
  async refreshAvailability(): Promise<void> {
    const base = this.seats.value;
    const baseUrl = this.effectiveBaseUrl;
    if (!base || !baseUrl || this.seats.pending) return;
    const current = this.current(base);
    this.refreshAbort?.abort();
    const controller = new AbortController();
    this.refreshAbort = controller;
    try {
      const next = await refreshSeats(this.clientFor(baseUrl), current, { signal: controller.signal });
      if (controller.signal.aborted || this.seats.value !== base) return;
      if (next !== current) {
        this.fresh = { base, load: next };
        this.requestUpdate();
      }
    } finally {
      if (this.refreshAbort === controller) this.refreshAbort = undefined;
    }
    await this.updateComplete;
  }

  // ------------------------------------------------------------------ form association

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }

  /** @internal */
  formResetCallback(): void {
    this.notice = '';
    this.setPicks([], 'reset');
  }

  /** @internal */
  formStateRestoreCallback(restored: string | File | FormData | null): void {
    this.needsReconcile = true;
    this.setPicks(this.reconciledPicks(picksFromState(restored, defaultType(this.shownLoad?.tiers ?? [], this.passengerType))), 'restore');
  }

  private syncForm(): void {
    if (!this.internals) return;
    const data = formValue(this.name, this.picks);
    this.internals.setFormValue(data, data);
    if (this.required && this.picks.length === 0) {
      const anchor = this.shadowRoot?.querySelector<HTMLElement>('[part~="list-toggle"], [data-k][tabindex="0"]');
      if (anchor) this.internals.setValidity({ valueMissing: true }, this.text.seatRequired, anchor);
      else this.internals.setValidity({ valueMissing: true }, this.text.seatRequired);
    } else {
      this.internals.setValidity({});
    }
  }

  // ------------------------------------------------------------------ lifecycle

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.refreshAbort?.abort();
  }

  protected override get text(): Strings {
    return this.textOfUpdate.strings;
  }

  private get textOfUpdate(): { strings: Strings; key: string } {
    if (!this.textCache) {
      const strings = super.text;
      this.textCache = { strings, key: JSON.stringify(strings) };
    }
    return this.textCache;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.textCache = undefined;
    if (changed.has('busId') && changed.get('busId') !== undefined) {
      this.fresh = undefined;
      this.reconciled = { load: undefined, max: 0 };
      this.decks.reset();
      this.notice = '';
      this.setPicks([], 'bus');
    }
    const load = this.shownLoad;
    const max = maxSeats(this.maxSeats);
    if (!load || (load === this.reconciled.load && max === this.reconciled.max && !this.needsReconcile)) return;
    const previous = this.reconciled.load;
    this.reconciled = { load, max };
    this.needsReconcile = false;
    const layout = load.seatMap ? layoutOf(load.seatMap) : EMPTY_LAYOUT;
    const result = reconcile(this.picks, layout, load.tiers, this.passengerType, max);
    if (!result.changed) return;
    this.setPicks(result.picks, 'update');
    if (previous && result.removed.length > 0) {
      const strings = this.text;
      const message =
        result.removed.length === 1
          ? format(strings.seatAnnounceTaken, { name: result.removed[0]! })
          : format(strings.seatAnnounceTakenMany, { names: result.removed.join(', ') });
      this.notice = message;
      this.announcer.announce(message);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncForm();
  }

  // ------------------------------------------------------------------ data

  /** The plugin dialect's date: the `date` attribute, else today on the site's wall clock (the scheduler's time). */
  private get serviceDate(): string {
    return this.date.trim() || siteDate(this.scheduler.now(), widgetSiteZone(this.effectiveBaseUrl, this.timeZone));
  }

  private current(base: SeatLoad): SeatLoad {
    return this.fresh?.base === base ? this.fresh.load : base;
  }

  private get shownLoad(): SeatLoad | undefined {
    const base = this.seats.value;
    return base ? this.current(base) : undefined;
  }

  private get shownLayout(): MapLayout | null {
    const map = this.shownLoad?.seatMap;
    return map && map.decks.length > 0 ? layoutOf(map) : null;
  }

  /** Picks checked against the shown layout right away (when there is one), else kept for later. */
  private reconciledPicks(picks: SeatPick[]): SeatPick[] {
    const load = this.shownLoad;
    if (!load) return picks;
    const layout = load.seatMap ? layoutOf(load.seatMap) : EMPTY_LAYOUT;
    return reconcile(picks, layout, load.tiers, this.passengerType, maxSeats(this.maxSeats)).picks;
  }

  // ------------------------------------------------------------------ selection

  private setPicks(picks: SeatPick[], reason: SelectionChangeReason, visitor = false): void {
    const same = picks.length === this.picks.length && picks.every((pick, i) => pick.name === this.picks[i]!.name && pick.type === this.picks[i]!.type);
    if (same) return;
    this.picks = picks;
    this.syncForm();
    void this.updateComplete.then(() => this.emitNow<SelectionChangeDetail>('selection-change', this.selectionDetail(reason)));
    if (visitor) this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  private seatInfo(pick: SeatPick): SeatInfo {
    const layout = this.shownLayout;
    const spot = layout?.byName.get(pick.name);
    const fare = fareOf(this.shownLoad?.tiers ?? [], pick.type);
    return {
      name: pick.name,
      deck: spot ? layout!.decks[spot.deck]!.deck.level : null,
      position: spot?.position ?? '',
      label: seatLabel(pick.name, spot?.position ?? '', null, '', this.text),
      passengerType: pick.type,
      fare,
      price: fare?.price ?? null,
    };
  }

  private selectionDetail(reason: SelectionChangeReason): SelectionChangeDetail {
    const load = this.shownLoad;
    return {
      seats: this.selection,
      total: totalOf(this.picks, load?.tiers ?? []),
      busId: load?.bus.id ?? null,
      date: load?.date ?? null,
      boarding: load?.segment.from?.place ?? null,
      dropping: load?.segment.to?.place ?? null,
      reason,
    };
  }

  private get interactive(): boolean {
    return !this.readonly && !this.disabled && !this.formDisabled;
  }

  private countText(count: number): string {
    return format(this.text.seatCount, { count, max: maxSeats(this.maxSeats) });
  }

  /** The visitor activated a seat (grid or list). */
  private choose(spot: SeatSpot): void {
    const load = this.shownLoad;
    if (!load || !this.interactive) return;
    const strings = this.text;
    const name = spot.seat.name;
    const max = maxSeats(this.maxSeats);
    const result = toggle(this.picks, name, spot.seat.status, max, defaultType(load.tiers, this.passengerType));
    if (result.kind === 'unavailable') {
      this.announcer.announce(format(strings.seatAnnounceUnavailable, { name, status: stateWord(result.status, strings) }));
      return;
    }
    if (result.kind === 'limit') {
      const message = format(strings.seatAnnounceLimit, { max });
      this.notice = message;
      this.announcer.announce(message);
      return;
    }
    const selecting = result.kind === 'selected';
    const pick = selecting ? result.picks[result.picks.length - 1]! : this.picks.find((item) => item.name === name)!;
    if (!this.emitNow<SeatEventDetail>(selecting ? 'seat-select' : 'seat-deselect', { seat: this.seatInfo(pick) }, { cancelable: true })) return;
    this.notice = '';
    this.setPicks(result.picks, selecting ? 'select' : 'deselect', true);
    const template = selecting ? strings.seatAnnounceSelected : strings.seatAnnounceDeselected;
    this.announcer.announce(format(template, { name, count: this.countText(result.picks.length) }));
  }

  // ------------------------------------------------------------------ listeners (one per group)

  private readonly onGridClick = (event: Event): void => {
    const spot = this.decks.spotOf(event.target);
    if (spot) this.choose(spot);
  };

  private readonly onListToggle = (): void => {
    this.listOpen = !this.listOpen;
  };

  private readonly onListChange = (event: Event): void => {
    const spot = this.decks.spotOf(event.target);
    if (spot) this.choose(spot);
    // A refused change must untick the box again (the `live` binding does it on render).
    this.requestUpdate();
  };

  private readonly onSegmentChange = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    const load = this.shownLoad;
    const stop = load?.bus.stops[Number(select.value)];
    if (!load || !stop) return;
    if (select.id === 'boarding') {
      this.boarding = stop.place;
      this.dropping = resolveSegment(load.bus, stop.place, load.segment.to?.place ?? '').to?.place ?? '';
    } else {
      this.dropping = stop.place;
    }
  };

  private readonly onPassengerType = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    const name = select.dataset['n'];
    if (name === undefined || !this.interactive) return;
    this.setPicks(
      this.picks.map((pick) => (pick.name === name ? { name, type: select.value } : pick)),
      'passenger-type',
      true,
    );
  };

  private readonly onClear = (): void => {
    if (!this.interactive || this.picks.length === 0) return;
    this.notice = '';
    this.setPicks([], 'clear', true);
    this.announcer.announce(this.text.seatAnnounceCleared);
  };

  /** Inner controls' `input` events are composed; the element reports `change` and `selection-change` instead. */
  private readonly stopInput = (event: Event): void => event.stopPropagation();

  // ------------------------------------------------------------------ rendering

  override render(): TemplateResult {
    const strings = this.text;
    const body =
      this.busId.trim() === ''
        ? html`<p part="prompt" role="status">${strings.seatMapNoBusId}</p>`
        : this.seats.render({
            loading: () => loadingState(strings, 5),
            error: (error, retry) => errorState(seatErrorView(error, strings), strings, retry),
            complete: (load) => (load ? this.renderLoad(this.current(load)) : loadingState(strings, 5)),
          });
    return html`<div part="base" dir=${this.direction} lang=${this.locale} @input=${this.stopInput}>${body}${this.announcer.render()}</div>`;
  }

  /** The strings and the memoized wording for this render. */
  private formatting(): Formatting {
    const { strings, key } = this.textOfUpdate;
    return { strings, wording: this.wording.use(strings, key, this.locale, this.effectiveCurrency) };
  }

  private renderLoad(load: SeatLoad): TemplateResult {
    const strings = this.text;
    const formatting = this.formatting();
    const layout = load.seatMap && load.seatMap.decks.length > 0 ? layoutOf(load.seatMap) : null;
    const selectable = layout !== null && !this.readonly;
    const names = layout ? deckNames(layout.decks.map((deck) => deck.deck), strings) : [];
    const disabled = this.disabled || this.formDisabled;
    return html`<div part="content" class="content">
      <p part="bus-name">${load.bus.name || format(strings.busUnnamed, { id: load.bus.id })}</p>
      ${selectable
        ? listView(this.listOpen, () => this.listEntries(layout, names, load), {
            strings,
            disabled,
            onToggle: this.onListToggle,
            onChange: this.onListChange,
          })
        : nothing}
      ${segmentView(load.bus.stops, load.segment, { ...formatting, readonly: this.readonly, disabled, onChange: this.onSegmentChange })}
      ${layout ? legendView(load.tiers, { ...formatting, readonly: this.readonly }) : faresView(load.tiers, formatting)}
      ${layout ? this.renderDecks(load, layout, names) : noPlanView(this.counts(load), { ...formatting, locale: this.locale })}
      ${this.notice ? html`<p part="notice">${this.notice}</p>` : nothing}
      ${selectable ? this.renderSummary(load, layout, names) : nothing}
    </div>`;
  }

  private counts(load: SeatLoad): { total: number | null; available: number | null } {
    const map = load.seatMap;
    if (map && map.totalSeats > 0) return { total: map.totalSeats, available: map.availableSeats };
    return { total: load.bus.totalSeats || null, available: null };
  }

  /** The price text of a seat: its own passenger type's when chosen, else the default type's. */
  private pricer(load: SeatLoad): (name: string, selected: boolean) => string {
    const { wording } = this.formatting();
    const fallback = wording.price(fareOf(load.tiers, defaultType(load.tiers, this.passengerType))?.price);
    const types = new Map(this.picks.map((pick) => [pick.name, pick.type]));
    return (name, selected) => (selected ? wording.price(fareOf(load.tiers, types.get(name) ?? '')?.price) : fallback);
  }

  private renderDecks(load: SeatLoad, layout: MapLayout, names: string[]): TemplateResult {
    const { strings, wording } = this.formatting();
    const decks = this.decks;
    const tabs = decks.tabs(layout);
    const view = { decks: layout.decks, names, tabs, active: decks.active(layout) };
    const price = this.pricer(load);
    const context: GridContext = {
      strings,
      readonly: this.readonly,
      inert: this.disabled || this.formDisabled,
      selected: new Set(this.value),
      roving: decks.tabStops(layout),
      price,
      wording,
      signature: [this.textOfUpdate.key, this.locale, this.effectiveCurrency, price('', false), ...this.picks.map((pick) => `${pick.name}\u0001${price(pick.name, true)}`)].join('\u0002'),
    };
    return html`<div part="decks" class=${tabs ? 'decks tabs' : 'decks side'}>
      ${tabs ? deckTabs(view, strings, { click: decks.onTabClick, keydown: decks.onTabKeydown }) : nothing}
      <div part="scroller" class="scroller" @click=${this.onGridClick} @keydown=${decks.onGridKeydown} @focusin=${decks.onGridFocus}>
        ${decksView(view, context)}
      </div>
    </div>`;
  }

  private listEntries(layout: MapLayout, names: string[], load: SeatLoad): ListEntry[] {
    const chosen = new Set(this.value);
    const price = this.pricer(load);
    const several = layout.decks.length > 1;
    return layout.decks.flatMap((deck) =>
      deck.seats
        .filter((spot) => spot.seat.status === 'available' || chosen.has(spot.seat.name))
        .map((spot) => {
          const selected = chosen.has(spot.seat.name);
          const label = this.wording.seat(spot.seat.name, spot.position, null, price(spot.seat.name, selected));
          return { key: spot.key, checked: selected, label: several ? `${names[deck.index]}: ${label}` : label };
        }),
    );
  }

  private renderSummary(load: SeatLoad, layout: MapLayout, names: string[]): TemplateResult {
    const several = layout.decks.length > 1;
    const items = this.picks.map((pick) => {
      const spot = layout.byName.get(pick.name);
      return {
        name: pick.name,
        deck: several && spot ? names[spot.deck] ?? '' : '',
        type: pick.type,
        price: fareOf(load.tiers, pick.type)?.price ?? null,
      };
    });
    return summaryView(
      items,
      load.tiers,
      { count: this.countText(this.picks.length), total: totalOf(this.picks, load.tiers) },
      { ...this.formatting(), disabled: !this.interactive, onChange: this.onPassengerType, onClear: this.onClear },
    );
  }
}
