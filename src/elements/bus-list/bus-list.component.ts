import { html, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { Bus, BusDialect } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { busErrorView } from '../../shared/bus-errors.js';
import { resolveTimeZone } from '../../shared/config.js';
import { DataTask } from '../../shared/data-task.js';
import { DepartureBoardElement } from './board/board-element.js';
import type { PageSignals } from '../../shared/page-signals.js';
import { firstPageOnNewFilter, pageNumber, pageProperty, goToPage } from '../../shared/pager.js';
export type { PageChangeDetail } from '../../shared/pager.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
import { widgetSiteZone } from '../../shared/site-zone.js';
import { errorState, loadingState } from '../../shared/states.js';
import { baseStyles, cardListStyles, chipStyles } from '../../shared/styles.js';
import { siteDate } from '../../shared/wall-clock.js';
import { BoardLoader, importBoardMode, type BoardModeModule } from './board/board-loader.js';
import type { BoardStatus } from './board/board-refresh.js';
import type { BusViewContext } from './bus-item.js';
import { busListStyles } from './bus-list.styles.js';
import { busPage } from './list-view.js';
import { loadBusPage, type BusInputs, type BusLoad } from './load.js';
import { englishFor } from '../../shared/localize/localize.js';
import type { Strings } from '../../shared/localize/strings.js';
import { BUSES_EN } from '../../shared/localize/en/buses.js';

export interface BusSelectDetail {
  /** The chosen bus (a timetable entry in the contract dialect, a dated search result in the plugin's). */
  bus: Bus;
}

/**
 * Buses of a route: a paged list, or a self-refreshing departure board (`board`). Speaks both
 * dialects of Interface B: the contract's `/wbtm/v1/buses` (`route-id`, `type`, paging) and the bus
 * plugin's `/wbtm/v1/buses/search` (`from`, `to`, `date`), detected from the site's index.
 *
 * Board timing: refreshes every `refresh` seconds (at least 30) through the shared cache, revalidating
 * with the ETag, so an unchanged answer re-renders nothing; pauses while the page is hidden; backs
 * off exponentially on errors (refresh × 2, × 4 … at most 15 minutes) and waits out `Retry-After`
 * on a rate limit; keeps the last good departures with a "Last updated" stamp and a notice; drops
 * departures that have left at the next minute without a request.
 *
 * @tagname bus-list
 * @summary Buses of a route from a WordPress bus-ticketing site, as a list or a departure board.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's timetable.
 *
 * @event {CustomEvent<BusSelectDetail>} bus-select - Cancelable. A bus was chosen (its button clicked or pressed); `detail.bus` is the Bus model, e.g. to open a `<bus-seat-map>`. Unless cancelled, the bus becomes `selected`.
 * @event {CustomEvent<PageChangeDetail>} page-change - Cancelable. The visitor asked for another page; `detail.page`, `detail.previousPage`. Cancel it to keep the page.
 *
 * @csspart content - The wrapper around the list (or board) and the pagination.
 * @csspart list - The `<ul>` of buses.
 * @csspart item - One bus (`<li>`).
 * @csspart title - The heading of a bus card.
 * @csspart select - The button with the bus name that selects the bus (`aria-pressed` when selected).
 * @csspart times - Departure and arrival times of a card.
 * @csspart departure - The departure time (of a card, or the first cell of a board row).
 * @csspart arrival - The arrival time with its "+1" marker (of a card, or a board cell).
 * @csspart next-day - The "+1" marker of an arrival on a later day.
 * @csspart route - "From → To" of a card.
 * @csspart type - The bus type, `AC` or `Non AC` (of a card, or a board cell).
 * @csspart seats - "12 seats left" or "Sold out" (of a card, or a board cell).
 * @csspart price - "from €20" of a card.
 * @csspart features - The list of a bus's features.
 * @csspart feature - One feature.
 * @csspart prompt - "Choose a route" when the plugin dialect has no `from`/`to` yet.
 * @csspart loading - The loading skeleton.
 * @csspart empty - The "no buses" / "no more departures" message.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 * @csspart first-page - "First page", in place of Retry when a page past the end was asked for.
 * @csspart pagination - The pagination bar.
 * @csspart previous - The Previous button.
 * @csspart next - The Next button.
 * @csspart page-status - "Page X of Y".
 * @csspart board - The departure board.
 * @csspart clock - The board's clock.
 * @csspart table - The board's `<table>`.
 * @csspart caption - The table caption ("Departures from Paris").
 * @csspart header-row - The row of column headers.
 * @csspart header - One column header.
 * @csspart row - One departure (`<tr>`), also `sold-out` when no seat is left.
 * @csspart cell - Every cell of a departure, also named by its column: `departure`, `destination`, `bus`, `type`, `arrival`, `seats`.
 * @csspart destination - The board cell with where the bus goes.
 * @csspart bus - The board cell with the bus name (its `select` button).
 * @csspart status - The board's status line.
 * @csspart updated - "Last updated 10:05" (with the date when not today).
 * @csspart notice - The offline / out-of-date notice.
 * @csspart announcer - The visually hidden live region announcing board changes.
 * @csspart kiosk - The wrapper around the board, whose content the `burn-in` shift moves.
 * @csspart board-page - "Page 2 of 3" of a rotating board (`rotate`), a polite live region.
 * @csspart wake-lock-note - "This screen may go dark …" where the browser will not keep the screen on.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text colour.
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of each bus card.
 * @cssprop --tw-color-border - Borders.
 * @cssprop --tw-color-accent - Buttons, focus ring.
 * @cssprop --tw-color-accent-contrast - Text on accent-coloured buttons.
 * @cssprop --tw-color-danger - Error border, "Sold out".
 * @cssprop --tw-color-skeleton - Loading placeholder colour.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-board-background - Board background (default near-black).
 * @cssprop --tw-board-text - Board text (default white).
 * @cssprop --tw-board-accent - Board clock, times and focus ring (default amber).
 * @cssprop --tw-board-font-size - Board font size (default 1.5rem).
 */
export class BusList extends DepartureBoardElement {
  static override properties: PropertyDeclarations = {
    routeId: { attribute: 'route-id', reflect: true },
    type: { reflect: true },
    from: { reflect: true },
    to: { reflect: true },
    date: { reflect: true },
    timeZone: { attribute: 'time-zone', reflect: true },
    perPage: { type: Number, attribute: 'per-page' },
    page: pageProperty,
    dialect: { reflect: true },
    board: { type: Boolean, reflect: true },
    refresh: { type: Number },
    selected: { type: Number, reflect: true },
  };

  /**
   * The list's strings: the board's come with its module (board/board-mode.ts), as do its styles.
   * @internal
   */
  protected static override english = englishFor(BUSES_EN);

  static override styles = [baseStyles, cardListStyles, chipStyles, busListStyles];

  /** Contract dialect: the route's id (`route_id`); empty for the buses of every route. */
  routeId: string | number = '';

  /** Bus type, e.g. `ac` or `non-ac` (compared like the site's type slug). Empty for every type. */
  type = '';

  /** Plugin dialect: the boarding stop, exactly as the site's `/routes` lists it. */
  from = '';

  /** Plugin dialect: the dropping stop, exactly as the site's `/routes` lists it. */
  to = '';

  /** Plugin dialect: the service date `YYYY-MM-DD`; empty for today on the site's wall clock (see `time-zone`). */
  date = '';

  /**
   * The site's time zone (WordPress Settings → General), an IANA name such as `Europe/Berlin` or an
   * offset such as `+05:30`: "today" and the board's clock and departures follow it. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  timeZone = '';

  /** Buses per page (default 10, at most 100); on a board, the most departures shown. */
  perPage = 10;

  /**
   * The page shown, from 1; updated when the visitor pages, and back to 1 when `route-id`, `type`,
   * `from`, `to` or `date` changes (unless the app sets `page` with
   * them, even to the page shown). Not used by the board.
   */
  page = 1;

  /** `contract` or `plugin` to skip detecting the site's Interface B dialect from its `/wp-json/` index. */
  dialect: BusDialect | '' = '';

  /** Departure-board mode: a large table of upcoming departures that keeps itself up to date. */
  board = false;

  /** Board refresh interval in seconds (default 60; values below 30 count as 30). */
  refresh = 60;

  /** Id of the selected bus (shown pressed); set when a `bus-select` is not cancelled. */
  selected: number | null = null;

  /**
   * Time and timers of the board. Set before connecting, e.g. a `FakeScheduler` in tests.
   * @internal
   */
  scheduler: Scheduler = realScheduler;

  /**
   * Page visibility and connectivity for the board; unset, the document's (the board's module
   * brings those: a list's page loads no code for them). Set before connecting.
   * @internal
   */
  pageSignals?: PageSignals;

  /**
   * Loads the board mode's module (a stub in tests). Set before connecting.
   * @internal
   */
  importBoard: () => Promise<BoardModeModule> = importBoardMode;

  /**
   * How many times the board's table has been rendered (an unchanged refresh must not).
   * @internal
   */
  tableRenders = 0;

  private readonly buses = new DataTask(
    this,
    () =>
      [
        this.dialect,
        this.routeId,
        this.type,
        this.from,
        this.to,
        this.serviceDate,
        pageNumber(this.page, 1),
        pageNumber(this.perPage, 10, 100),
        this.board,
      ] as const,
    (client, [, , , , , , page, perPage, board], signal): Promise<BusLoad | null> =>
      // The board loads through its own controller; the list's task then has nothing to do.
      board ? Promise.resolve(null) : loadBusPage(client, this.inputs(), { page, perPage }, { signal }),
  );

  private readonly boardMode = new BoardLoader(this, {
    inputs: () => this.inputs(),
    serviceDate: () => this.serviceDate,
    zone: () => this.siteZone,
    viewContext: () => this.viewContext(),
    tableRendered: () => this.tableRenders++,
  });

  /**
   * Board state: when the data was last confirmed, when the next attempt is due, failures in a row.
   * @internal
   */
  get boardStatus(): Readonly<BoardStatus> {
    return this.boardMode.status;
  }

  /**
   * Settles once the board mode's module has loaded (or failed to), at once when it is not loading.
   * @internal
   */
  get boardLoaded(): Promise<void> {
    return this.boardMode.loaded;
  }

  /**
   * The list's English, and the board's once its module has brought it.
   * @internal
   */
  protected override get englishNow(): Partial<Strings> {
    return this.boardMode.english ?? super.englishNow;
  }

  /** The plugin dialect's date: the `date` attribute, else today on the site's wall clock (the scheduler's time). */
  private get serviceDate(): string {
    return this.date.trim() || siteDate(this.scheduler.now(), this.siteZone);
  }

  /** The site's zone: `time-zone` or the page's, else the one its index published, else null (the viewer's). */
  private get siteZone(): SiteZone | null {
    return widgetSiteZone(this.effectiveBaseUrl, this.timeZone);
  }

  private inputs(): BusInputs {
    const route = `${this.routeId}`.trim();
    const dialect = this.dialect === 'contract' || this.dialect === 'plugin' ? this.dialect : null;
    return {
      dialect,
      // Anything but a positive id is passed on and refused by the data layer with a clear message.
      routeId: route === '' ? undefined : Number(route),
      type: this.type.trim(),
      from: this.from,
      to: this.to,
      date: this.date.trim(),
      zone: resolveTimeZone(this.timeZone),
      now: this.scheduler.now(),
    };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    firstPageOnNewFilter(this, changed, ['routeId', 'type', 'from', 'to', 'date']);
  }

  override render(): TemplateResult {
    return html`<div dir=${this.direction} lang=${this.uiLanguage}>${this.board ? this.boardMode.render() : this.renderList()}</div>`;
  }

  private renderList(): unknown {
    const strings = this.text;
    return this.buses.render({
      loading: () => loadingState(strings, 4),
      error: (error, retry) => errorState(busErrorView(error, strings), strings, retry, () => goToPage(this, 1)),
      complete: (result, pending) => (result ? busPage(result, pending, this.viewContext(), (to) => goToPage(this, to)) : loadingState(strings, 4)),
    });
  }

  private viewContext(): BusViewContext {
    return {
      strings: this.text,
      locale: this.locale,
      content: this.contentLanguage,
      currency: this.effectiveCurrency,
      selected: this.selected,
      select: (bus) => this.choose(bus),
    };
  }

  private choose(bus: Bus): void {
    if (this.emitNow<BusSelectDetail>('bus-select', { bus }, { cancelable: true })) this.selected = bus.id;
  }
}
