import { html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ApiClient } from '../../api/client.js';
import type { OriginCache } from '../../api/cache.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../api/errors.js';
import type { Bus, BusDialect } from '../../api/models.js';
import { currentConfig, resolveTimeZone } from '../../shared/config.js';
import { widgetSiteZone } from '../../shared/site-zone.js';
import { DataTask } from '../../shared/data-task.js';
import { busErrorView } from '../../shared/bus-errors.js';
import { pageNumber, pager, requestPageChange } from '../../shared/pager.js';
export type { PageChangeDetail } from '../../shared/pager.js';
import { emptyState, errorState, loadingState } from '../../shared/states.js';
import { baseStyles, cardListStyles, chipStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { Announcer } from '../../shared/announcer.js';
import { changeSummary } from './board/announcer.js';
import { boardCaption, boardClock, boardStatus, boardTable } from './board/board-view.js';
import { boardStyles } from './board/board.styles.js';
import { MinuteClock } from './board/clock-controller.js';
import { documentSignals, type PageSignals } from '../../shared/page-signals.js';
import { BoardRefresh, type BoardAnnouncement, type BoardStatus } from './board/refresh-controller.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
import { refreshIntervalMs } from '../../shared/refresh-timing.js';
import { upcoming } from './board/wall-clock.js';
import { siteDate } from '../../shared/wall-clock.js';
import type { SiteZone } from '../../api/site-time.js';
import { busItem, type BusViewContext } from './bus-item.js';
import { busListStyles } from './bus-list.styles.js';
import { loadBoard, loadBusPage, type BusInputs, type BusLoad } from './load.js';

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
 * @csspart updated - "Last updated 10:05".
 * @csspart notice - The offline / out-of-date notice.
 * @csspart announcer - The visually hidden live region announcing board changes.
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
export class BusList extends TwElement {
  static override styles = [baseStyles, cardListStyles, chipStyles, busListStyles, boardStyles];

  /** Contract dialect: the route's id (`route_id`); empty for the buses of every route. */
  @property({ attribute: 'route-id', reflect: true }) routeId = '';

  /** Bus type, e.g. `ac` or `non-ac` (compared like the site's type slug). Empty for every type. */
  @property({ reflect: true }) type = '';

  /** Plugin dialect: the boarding stop, exactly as the site's `/routes` lists it. */
  @property({ reflect: true }) from = '';

  /** Plugin dialect: the dropping stop, exactly as the site's `/routes` lists it. */
  @property({ reflect: true }) to = '';

  /** Plugin dialect: the service date `YYYY-MM-DD`; empty for today on the site's wall clock (see `time-zone`). */
  @property({ reflect: true }) date = '';

  /**
   * The site's time zone (WordPress Settings → General), an IANA name such as `Europe/Berlin` or an
   * offset such as `+05:30`: "today" and the board's clock and departures follow it. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  @property({ attribute: 'time-zone', reflect: true }) timeZone = '';

  /** Buses per page (default 10, at most 100); on a board, the most departures shown. */
  @property({ type: Number, attribute: 'per-page' }) perPage = 10;

  /** The page shown, from 1; updated when the visitor pages. Not used by the board. */
  @property({ type: Number, reflect: true }) page = 1;

  /** `contract` or `plugin` to skip detecting the site's Interface B dialect from its `/wp-json/` index. */
  @property({ reflect: true }) dialect: BusDialect | '' = '';

  /** Departure-board mode: a large table of upcoming departures that keeps itself up to date. */
  @property({ type: Boolean, reflect: true }) board = false;

  /** Board refresh interval in seconds (default 60; values below 30 count as 30). */
  @property({ type: Number }) refresh = 60;

  /** Id of the selected bus (shown pressed); set when a `bus-select` is not cancelled. */
  @property({ type: Number, reflect: true }) selected: number | null = null;

  /**
   * Time and timers of the board. Set before connecting, e.g. a `FakeScheduler` in tests.
   * @internal
   */
  scheduler: Scheduler = realScheduler;

  /**
   * Page visibility and connectivity for the board. Set before connecting.
   * @internal
   */
  pageSignals: PageSignals = documentSignals;

  /**
   * A cache instead of the page-wide one for the base URL's origin (e.g. one on the scheduler's clock
   * in tests). Set before connecting.
   * @internal
   */
  cache?: OriginCache;

  /**
   * How many times the board's table has been rendered (an unchanged refresh must not).
   * @internal
   */
  tableRenders = 0;

  private ownClient?: { key: string; cache: OriginCache; client: ApiClient };
  private shownRows?: { source: Bus[]; rows: Bus[] };
  private readonly announcer = new Announcer(() => this.requestUpdate());

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

  private readonly boardRefresh = new BoardRefresh(
    this,
    () => ({
      // The service day is part of the key: a board moves on to the next day's departures at the site's midnight.
      key: this.board ? JSON.stringify([this.effectiveBaseUrl, { ...this.inputs(), now: null }, this.serviceDate]) : null,
      intervalMs: refreshIntervalMs(this.refresh),
      relevant: (buses) => upcoming(buses, this.scheduler.now(), this.siteZone),
      load: (signal, options) => {
        const baseUrl = this.effectiveBaseUrl;
        if (!baseUrl) {
          return Promise.reject(
            new ApiError({ status: 0, code: CLIENT_ERROR_CODES.notConfigured, message: 'No base URL configured (base-url attribute)' }),
          );
        }
        const client = this.clientFor(baseUrl);
        // The cache answers from memory while the site's rate limit lasts; that is no fresh news.
        const wait = client.cache.waitMs;
        if (options.maxAgeMs === 0 && wait > 0) {
          const seconds = Math.ceil(wait / 1000);
          return Promise.reject(
            new ApiError({ status: 429, code: CLIENT_ERROR_CODES.rateLimited, message: `Waiting ${seconds} s for the site's rate limit`, retryAfter: seconds }),
          );
        }
        return loadBoard(client, this.inputs(), { signal, ...options });
      },
    }),
    () => this.scheduler,
    () => this.pageSignals,
    (announcement) => this.announce(announcement),
  );

  constructor() {
    super();
    // Re-renders the board at every wall-clock minute: the clock moves, departed buses drop off.
    new MinuteClock(this, () => this.scheduler, () => this.board);
  }

  /**
   * Board state: when the data was last confirmed, when the next attempt is due, failures in a row.
   * @internal
   */
  get boardStatus(): Readonly<BoardStatus> {
    return this.boardRefresh.status;
  }

  /** @internal Uses the private `cache` when one is set. */
  override clientFor(baseUrl: string): ApiClient {
    const cache = this.cache;
    if (!cache) return super.clientFor(baseUrl);
    if (this.ownClient?.key !== baseUrl || this.ownClient.cache !== cache) {
      const timeoutMs = currentConfig().timeoutMs;
      this.ownClient = { key: baseUrl, cache, client: new ApiClient({ baseUrl, cache, ...(timeoutMs !== undefined && { timeoutMs }) }) };
    }
    return this.ownClient.client;
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
    const route = this.routeId.trim();
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

  override render(): TemplateResult {
    return html`<div dir=${this.direction} lang=${this.locale}>${this.board ? this.renderBoard() : this.renderList()}</div>`;
  }

  // ------------------------------------------------------------------ list

  private renderList(): unknown {
    const strings = this.text;
    return this.buses.render({
      loading: () => loadingState(strings, 4),
      error: (error, retry) => errorState(busErrorView(error, strings), strings, retry),
      complete: (result, pending) => (result ? this.renderPage(result, pending) : loadingState(strings, 4)),
    });
  }

  private renderPage(result: BusLoad, pending: boolean): TemplateResult {
    const strings = this.text;
    if (result.kind === 'prompt') return this.prompt();
    if (result.buses.length === 0) return emptyState(strings.busesEmpty);
    const context = this.viewContext();
    return html`<div part="content">
      <ul part="list" aria-label=${strings.busesLabel}>
        ${result.buses.map((bus) => busItem(bus, context))}
      </ul>
      ${pager(
        { page: result.page, totalPages: result.totalPages, busy: pending, go: (to) => this.goTo(to), label: strings.busesPagination },
        strings,
        this.locale,
      )}
    </div>`;
  }

  private prompt(): TemplateResult {
    return html`<p part="prompt" role="status">${this.text.busesChooseRoute}</p>`;
  }

  private goTo(page: number): void {
    if (requestPageChange(this, page, pageNumber(this.page, 1))) this.page = page;
  }

  // ------------------------------------------------------------------ board

  private renderBoard(): TemplateResult {
    const strings = this.text;
    const refresh = this.boardRefresh;
    const current = refresh.current;
    // Other inputs' departures stay up (with `pending`) while these load, but never over their error.
    const shown = current ?? (refresh.status.error === undefined ? refresh.previous : undefined);
    let body: unknown;
    if (shown) {
      body = shown.kind === 'prompt' ? this.prompt() : this.renderDepartures(shown.buses);
    } else if (refresh.status.error !== undefined) {
      body = errorState(busErrorView(refresh.status.error, strings), strings, () => refresh.retryNow());
    } else {
      body = loadingState(strings, 6);
    }
    return html`<section part="board" aria-label=${strings.boardCaption}>
      ${boardClock(this.scheduler.now(), this.siteZone, strings, this.locale)} ${body} ${this.announcer.render()}
    </section>`;
  }

  private renderDepartures(buses: Bus[]): TemplateResult {
    const strings = this.text;
    const status = this.boardRefresh.status;
    const rows = this.boardRows(buses);
    const context = this.viewContext();
    const labels = [strings.boardCaption, strings.boardCaptionFrom, strings.boardDeparture, strings.boardDestination, strings.boardBus];
    const more = [strings.boardType, strings.boardArrival, strings.boardSeats, strings.soldOut, strings.arrivesNextDay, strings.timeUnknown];
    return html`<div part="content">
      ${rows.length === 0
        ? emptyState(strings.boardEmpty)
        : guard([rows, this.locale, this.selected, ...labels, ...more], () => {
            this.tableRenders++;
            return boardTable(rows, boardCaption(rows, strings), context);
          })}
      ${boardStatus(
        {
          updatedAt: status.updatedAt,
          nextAt: status.nextAt,
          offline: this.boardRefresh.offline,
          problem: status.error === undefined ? '' : busErrorView(status.error, strings).message,
          zone: this.siteZone,
        },
        strings,
        this.locale,
      )}
    </div>`;
  }

  /** Upcoming departures at the clock's minute, as the same array while nothing about them changes. */
  private boardRows(buses: Bus[]): Bus[] {
    const rows = upcoming(buses, this.scheduler.now(), this.siteZone).slice(0, pageNumber(this.perPage, 10, 100));
    const last = this.shownRows;
    if (last && last.source === buses && last.rows.length === rows.length && last.rows.every((bus, i) => bus === rows[i])) return last.rows;
    this.shownRows = { source: buses, rows };
    return rows;
  }

  private announce(announcement: BoardAnnouncement): void {
    const strings = this.text;
    switch (announcement.kind) {
      case 'changes': {
        const summary = changeSummary(announcement.changes, strings, this.locale);
        this.announcer.announce(announcement.recovered ? `${strings.boardRecovered} ${summary}` : summary);
        break;
      }
      case 'problem':
        this.announcer.announce(strings.boardProblem);
        break;
      case 'recovered':
        this.announcer.announce(strings.boardRecovered);
        break;
    }
  }

  // ------------------------------------------------------------------ both

  private viewContext(): BusViewContext {
    return {
      strings: this.text,
      locale: this.locale,
      currency: this.effectiveCurrency,
      selected: this.selected,
      select: (bus) => this.choose(bus),
    };
  }

  private choose(bus: Bus): void {
    if (this.emitNow<BusSelectDetail>('bus-select', { bus }, { cancelable: true })) this.selected = bus.id;
  }
}
