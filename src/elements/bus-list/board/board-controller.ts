/**
 * `<bus-list board>`: everything the departure board adds to the element. It keeps the board's
 * data current ({@link BoardRefresh}), re-renders at every wall-clock minute ({@link MinuteClock}),
 * announces changes politely ({@link Announcer}) and renders the board: clock, table, status line.
 * The element only tells it its inputs ({@link BoardInputs}).
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { ApiClient } from '../../../api/client.js';
import { ApiError, CLIENT_ERROR_CODES, notConfiguredError } from '../../../api/errors.js';
import type { Bus, BusDialect } from '../../../api/models.js';
import type { SiteZone } from '../../../api/site-time.js';
import { Announcer } from '../../../shared/announcer.js';
import { busErrorView } from '../../../shared/bus-errors.js';
import { format, type Strings } from '../../../shared/localize/strings.js';
import { MinuteClock } from '../../../shared/minute-clock.js';
import type { PageSignals } from '../../../shared/page-signals.js';
import { refreshIntervalMs } from '../../../shared/refresh-scheduler.js';
import type { Scheduler } from '../../../shared/scheduler.js';
import { emptyState, errorState, loadingState } from '../../../shared/states.js';
import type { BusViewContext } from '../bus-item.js';
import type { routePrompt } from '../list-view.js';
import type { BusInputs, BusLoad } from '../load.js';
import { BoardRefresh, type BoardAnnouncement, type BoardHost, type BoardStatus } from './board-refresh.js';
import { loadBoard, type BusReads } from './load-board.js';
import { boardCaption, boardClock, boardStatus, boardTable, type BusViews } from './board-view.js';
import { changeSummary } from './change-summary.js';
import { upcoming } from './wall-clock.js';
import type { TimeFormat } from './countdown.js';
import { staleBanner, staleSince, staleText } from './stale.js';
import { keepRowFocus } from './row-focus.js';
import { wallClock } from '../../../api/site-time.js';

/** What the board reads from its element, each time it needs it. */
export interface BoardInputs {
  /** Whether the element is a board (`board` attribute). */
  active(): boolean;
  /** The `refresh` attribute, in seconds. */
  refreshSeconds(): number;
  /** At most this many departures are shown. */
  maxRows(): number;
  /** Days after today the board may continue with (0: today only). */
  lookaheadDays(): number;
  /** `time-format`: clock, countdown or auto. */
  timeFormat(): TimeFormat;
  /** `few-seats`: the "Few seats" threshold. */
  fewSeats(): number;
  /** `stale-after` in ms: without a success for this long the board says its data is not live. */
  staleAfterMs(): number;
  scheduler(): Scheduler;
  signals(): PageSignals;
  /** The base URL in effect ('' when none). */
  baseUrl(): string;
  client(baseUrl: string): ApiClient;
  /** The element's inputs at the scheduler's now. */
  inputs(): BusInputs;
  /** The service day (`date`, else the site's today). */
  serviceDate(): string;
  /** The site's zone, null for the viewer's. */
  zone(): SiteZone | null;
  strings(): Strings;
  locale(): string;
  /** Strings, locale, currency, selection and the `select` callback of bus views. */
  viewContext(): BusViewContext;
  /** Counts a render of the table (an unchanged refresh must not cause one). */
  tableRendered(): void;
  /** Kiosk rotation: which of the upcoming departures to show (a page of them); default the first `maxRows()`. */
  rowsShown?(upcoming: Bus[]): Bus[];
}

/**
 * What the board takes from the list's modules, handed over by its loader (board-loader.ts) rather
 * than imported, as the event list's month view does: a module that this lazily loaded code shared
 * with the element's entry would turn that entry into a facade of a hashed chunk (rollup keeps entry
 * signatures; chunks never import entries). The page would load one more file, and the element's
 * code would no longer come from its entry, which `reload-on-update` checks for a new deployment.
 */
export interface BoardDeps {
  views: BusViews;
  reads: BusReads;
  /** "Choose a route" (list-view.ts). */
  routePrompt: typeof routePrompt;
}

export class DepartureBoard implements ReactiveController {
  private readonly refresh: BoardRefresh;
  /** Puts a keyboard user's focus back on their departure once the render is in (row-focus.ts). */
  private refocus: (() => void) | undefined;
  private readonly announcer: Announcer;
  private shownRows?: { source: Bus[]; rows: Bus[] };
  /** The last success a stale banner was announced for: once per outage. */
  private staleAnnounced: number | null = null;

  constructor(
    private readonly host: BoardHost & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly inputs: BoardInputs,
    private readonly deps: BoardDeps,
  ) {
    this.announcer = new Announcer(() => host.requestUpdate());
    this.refresh = new BoardRefresh(
      host,
      () => ({
        key: inputs.active() ? JSON.stringify([inputs.baseUrl(), { ...inputs.inputs(), now: null }, inputs.lookaheadDays(), inputs.maxRows()]) : null,
        // Not in the key: at the site's midnight the same board moves on to the next day's departures.
        day: inputs.serviceDate(),
        intervalMs: refreshIntervalMs(inputs.refreshSeconds()),
        // The rows riders see now: a change to a departure further down is not announced.
        relevant: (buses) => this.rowsOf(upcoming(buses, inputs.scheduler().now(), inputs.zone())),
        load: (signal, options) => this.load(signal, options),
      }),
      () => inputs.scheduler(),
      () => inputs.signals(),
      (announcement) => this.announce(announcement),
    );
    // Re-renders the board at every wall-clock minute: the clock moves, departed buses drop off.
    new MinuteClock(
      host,
      () => inputs.scheduler(),
      () => inputs.active(),
    );
    host.addController(this);
  }

  hostUpdated(): void {
    this.refocus?.();
    this.refocus = undefined;
  }

  /** When the data was last confirmed, when the next attempt is due, failures in a row. */
  get status(): Readonly<BoardStatus> {
    return this.refresh.status;
  }

  /** The rows on screen of these upcoming departures: a kiosk rotation's page, else the first `maxRows()`. */
  private rowsOf(all: Bus[]): Bus[] {
    return this.inputs.rowsShown?.(all) ?? all.slice(0, this.inputs.maxRows());
  }

  render(): TemplateResult {
    // Read once per render: the strings merge overrides, the language walks the tree.
    const context = this.inputs.viewContext();
    const { strings } = context;
    const refresh = this.refresh;
    const current = refresh.current;
    // Other inputs' departures stay up (with `pending`) while these load, but never over their error.
    const shown = current ?? (refresh.status.error === undefined ? refresh.previous : undefined);
    let body: unknown;
    this.refocus = keepRowFocus(this.host.renderRoot as ShadowRoot);
    if (shown) {
      body = shown.kind === 'prompt' ? this.deps.routePrompt(strings) : this.renderDepartures(shown.buses, context);
    } else if (refresh.status.error !== undefined) {
      body = errorState(busErrorView(refresh.status.error, strings), strings, () => refresh.retryNow());
    } else {
      body = loadingState(strings, 6);
    }
    return html`<section part="board" aria-label=${strings.boardCaption}>
      ${boardClock(this.inputs.scheduler().now(), this.inputs.zone(), context)} ${this.staleNotice(strings)} ${body} ${this.announcer.render()}
    </section>`;
  }

  /** "Live updates unavailable since 10:42" once the data is older than `stale-after`; announced once per outage. */
  private staleNotice(strings: Strings): TemplateResult | typeof nothing {
    const now = this.inputs.scheduler().now();
    const since = staleSince(this.refresh.status.updatedAt, now, this.inputs.staleAfterMs());
    if (since === null) return nothing;
    const text = staleText(since, now, this.inputs.zone(), strings, this.inputs.locale());
    if (this.staleAnnounced !== since) {
      this.staleAnnounced = since;
      this.announcer.announce(text);
    }
    return staleBanner(text);
  }

  private load(signal: AbortSignal, options: { maxAgeMs?: number; knownDialect?: BusDialect }): Promise<BusLoad> {
    const baseUrl = this.inputs.baseUrl();
    if (!baseUrl) return Promise.reject(notConfiguredError());
    const client = this.inputs.client(baseUrl);
    // The cache answers from memory while the site's rate limit lasts; that is no fresh news.
    const wait = client.cache.waitMs(client.url('/wp-json/wbtm/v1/routes'));
    if (options.maxAgeMs === 0 && wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return Promise.reject(
        new ApiError({ status: 429, code: CLIENT_ERROR_CODES.rateLimited, message: `Waiting ${seconds} s for the site's rate limit`, retryAfter: seconds }),
      );
    }
    const lookahead = { days: this.inputs.lookaheadDays(), rows: this.inputs.maxRows() };
    return loadBoard(this.deps.reads, client, this.inputs.inputs(), { signal, ...options }, lookahead);
  }

  private renderDepartures(buses: Bus[], context: BusViewContext): TemplateResult {
    const { strings, locale } = context;
    const status = this.refresh.status;
    const rows = this.rows(buses);
    const now = this.inputs.scheduler().now();
    const zone = this.inputs.zone();
    const today = wallClock(now, zone).date;
    const days = this.inputs.lookaheadDays();
    const timeFormat = this.inputs.timeFormat();
    const fewSeats = this.inputs.fewSeats();
    // A countdown changes every minute; clock times only when the rows do.
    const minute = timeFormat === 'clock' ? null : Math.floor(now / 60_000);
    const labels = [strings.boardCaption, strings.boardCaptionFrom, strings.boardDeparture, strings.boardDestination, strings.boardBus];
    const more = [strings.boardType, strings.boardArrival, strings.boardSeats, strings.soldOut, strings.arrivesNextDay, strings.timeUnknown];
    return html`<div part="content">
      ${
        rows.length === 0
          ? emptyState(days > 0 && !this.inputs.inputs().date ? format(strings.boardEmptyAhead, { days }) : strings.boardEmpty)
          : guard([rows, locale, context.content, context.selected, today, minute, timeFormat, fewSeats, strings.boardTomorrow, ...labels, ...more], () => {
              this.inputs.tableRendered();
              const views = this.deps.views;
              return boardTable(rows, boardCaption(rows, strings, views), context, { today, now, zone, timeFormat, fewSeats }, views);
            })
      }
      ${boardStatus(
        {
          updatedAt: status.updatedAt,
          now,
          nextAt: status.nextAt,
          offline: this.refresh.offline,
          problem: status.error === undefined ? '' : busErrorView(status.error, strings).message,
          zone: this.inputs.zone(),
        },
        context,
      )}
    </div>`;
  }

  /** Upcoming departures at the clock's minute, as the same array while nothing about them changes. */
  private rows(buses: Bus[]): Bus[] {
    const all = upcoming(buses, this.inputs.scheduler().now(), this.inputs.zone());
    const rows = this.rowsOf(all);
    const last = this.shownRows;
    if (last && last.source === buses && last.rows.length === rows.length && last.rows.every((bus, i) => bus === rows[i])) return last.rows;
    this.shownRows = { source: buses, rows };
    return rows;
  }

  private announce(announcement: BoardAnnouncement): void {
    const strings = this.inputs.strings();
    switch (announcement.kind) {
      case 'changes': {
        const summary = changeSummary(announcement.changes, strings, this.inputs.locale());
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
}
