/**
 * `<bus-list board>`: everything the board mode adds to the element, in one module that
 * `board-loader.ts` imports the first time the element renders as a board, so a page with only
 * lists never downloads it: the departure board ({@link DepartureBoard}), its kiosk features
 * ({@link BoardKiosk}), their styles and their English strings.
 */
import type { TemplateResult } from 'lit';
import type { SiteZone } from '../../../api/site-time.js';
import { BoardKiosk, type KioskBoardHost } from '../../../shared/kiosk/board-kiosk.js';
import { kioskStyles } from '../../../shared/kiosk/kiosk.styles.js';
import { adoptStyles } from '../../../shared/adopt-styles.js';
import { BOARD_EN } from '../../../shared/localize/en/board.js';
import { BUSES_EN } from '../../../shared/localize/en/buses.js';
import { englishFor } from '../../../shared/localize/localize.js';
import type { Strings } from '../../../shared/localize/strings.js';
import { documentSignals } from '../../../shared/page-signals.js';
import { pageNumber } from '../../../shared/pager.js';
import type { BusViewContext } from '../bus-item.js';
import type { BusInputs } from '../load.js';
import type { fewSeatsOf, lookaheadDaysOf } from './board-defaults.js';
import { DepartureBoard, type BoardDeps } from './board-controller.js';
import type { DepartureBoardElement } from './board-element.js';
import type { BoardStatus } from './board-refresh.js';
import { boardStyles } from './board.styles.js';
import { timeFormatOf } from './countdown.js';
import { staleAfterMs } from './stale.js';

/** `<bus-list>` as its board reads it: the board and kiosk attributes, its services, `refresh`. */
export interface BoardModeHost extends DepartureBoardElement, KioskBoardHost {
  readonly refresh: number;
}

/** What only the element can tell its board (its private state). */
export interface BoardHooks {
  /** The element's inputs at the scheduler's now. */
  inputs(): BusInputs;
  /** The service day (`date`, else the site's today). */
  serviceDate(): string;
  /** The site's zone, null for the viewer's. */
  zone(): SiteZone | null;
  /** Strings, locale, currency, selection and the `select` callback of bus views. */
  viewContext(): BusViewContext;
  /** Counts a render of the table. */
  tableRendered(): void;
}

/** What the board mode takes from the element's own modules, besides the board's {@link BoardDeps}. */
export interface BoardModeDeps extends BoardDeps {
  lookaheadDaysOf: typeof lookaheadDaysOf;
  fewSeatsOf: typeof fewSeatsOf;
}

/** The English of a `<bus-list>` that is a board: the list's families and the board's. */
const BOARD_MODE_ENGLISH = englishFor(BUSES_EN, BOARD_EN);

export class BoardMode {
  /** The element's English strings from now on (it may still be a list at times: these include the list's). */
  readonly english: Partial<Strings> = BOARD_MODE_ENGLISH;
  private readonly board: DepartureBoard;
  private readonly kiosk: BoardKiosk;

  /**
   * Adds the board's controllers to `host`, which may already be connected (Lit then connects
   * them at once) or even no longer be a board (they act only while `host.board` is set).
   */
  constructor(host: BoardModeHost, hooks: BoardHooks, deps: BoardModeDeps) {
    this.board = new DepartureBoard(
      host,
      {
        active: () => host.board,
        refreshSeconds: () => host.refresh,
        maxRows: () => pageNumber(host.perPage, 10, 100),
        lookaheadDays: () => deps.lookaheadDaysOf(host.lookahead),
        timeFormat: () => timeFormatOf(host.timeFormat),
        fewSeats: () => deps.fewSeatsOf(host.fewSeats),
        staleAfterMs: () => staleAfterMs(host.staleAfter, host.refresh),
        scheduler: () => host.scheduler,
        signals: () => host.pageSignals ?? documentSignals,
        baseUrl: () => host.effectiveBaseUrl,
        client: (baseUrl) => host.clientFor(baseUrl),
        inputs: () => hooks.inputs(),
        serviceDate: () => hooks.serviceDate(),
        zone: () => hooks.zone(),
        strings: () => host.uiStrings(),
        locale: () => host.locale,
        viewContext: () => hooks.viewContext(),
        tableRendered: () => hooks.tableRendered(),
        rowsShown: (upcoming) => this.kiosk.rows(upcoming),
      },
      deps,
    );
    this.kiosk = new BoardKiosk(host);
    adoptStyles(host, [boardStyles, kioskStyles]);
  }

  /** When the data was last confirmed, when the next attempt is due, failures in a row. */
  get status(): Readonly<BoardStatus> {
    return this.board.status;
  }

  /** The board inside the kiosk wrapper. */
  render(): TemplateResult {
    return this.kiosk.render(this.board.render());
  }
}
