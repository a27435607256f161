/**
 * Loads the board mode (`board-mode.ts`: the departure board, its kiosk features, their styles and
 * English strings) the first time `<bus-list board>` renders, so a page with only lists never
 * downloads it: a skeleton (with `pending`) until the module is in, an error with Retry if it
 * cannot be loaded. Once in, the module stays for the element's life, whatever `board` does next.
 */
import { busErrorView } from '../../../shared/bus-errors.js';
import type { Strings } from '../../../shared/localize/strings.js';
import { partLoadError } from '../../../shared/part-load.js';
import { errorState, loadingState } from '../../../shared/states.js';
import { nextDayMarker, stopName, timeOf } from '../bus-format.js';
import { selectButton } from '../bus-item.js';
import { routePrompt } from '../list-view.js';
import { callOptions, dialectOf, ofType } from '../load.js';
import { fewSeatsOf, lookaheadDaysOf } from './board-defaults.js';
import type { BoardHooks, BoardMode, BoardModeDeps, BoardModeHost } from './board-mode.js';
import type { BoardStatus } from './board-refresh.js';

/** What the board mode's module offers its loader. */
export interface BoardModeModule {
  BoardMode: typeof BoardMode;
}

/** The module's own `import()`. */
export const importBoardMode = (): Promise<BoardModeModule> => import('./board-mode.js');

/** The list's modules the board uses too, handed over rather than imported (see `BoardDeps`, board-controller.ts). */
const DEPS: BoardModeDeps = {
  views: { timeOf, nextDayMarker, stopName, selectButton },
  reads: { dialectOf, callOptions, ofType },
  routePrompt,
  lookaheadDaysOf,
  fewSeatsOf,
};

export interface BoardLoaderHost extends BoardModeHost {
  /** How the board mode is imported: {@link importBoardMode}, a stub in tests. */
  readonly importBoard: () => Promise<BoardModeModule>;
}

/**
 * A kiosk whose board code could not be loaded reloads the page after this long: nobody is there to
 * press Retry, and a browser that still keeps a failed module fetch recovers only by a reload.
 */
export const RELOAD_AFTER_FAILED_LOAD_MS = 60_000;

export class BoardLoader {
  private mode: BoardMode | undefined;
  private loading: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;
  /** The kiosk's one pending check before a reload (see {@link reloadKioskLater}). */
  private reloadCheck: unknown;

  constructor(
    private readonly host: BoardLoaderHost,
    private readonly hooks: BoardHooks,
  ) {
    host.trackTask(this);
    host.addController(this);
  }

  /** A failed board put back into the page plans its kiosk reload again: nothing renders it anew. */
  hostConnected(): void {
    if (this.failure && this.host.board) this.reloadKioskLater();
  }

  /** True while the module loads for a board (a list switched back meanwhile is not waiting for it). */
  get pending(): boolean {
    return this.loading !== undefined && this.host.board;
  }

  /** Settles once the module is in or has failed to load; at once when it is not loading. */
  get loaded(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** The element's English with the board's strings, once the module has brought them. */
  get english(): Partial<Strings> | undefined {
    return this.mode?.english;
  }

  /** The board's status; before the board is in, only whether its module is loading or failed to. */
  get status(): Readonly<BoardStatus> {
    if (this.mode) return this.mode.status;
    const error = this.failure?.error;
    return { loading: this.pending, updatedAt: null, nextAt: null, failures: this.failure ? 1 : 0, error };
  }

  render(): unknown {
    if (this.mode) return this.mode.render();
    const strings = this.host.uiStrings();
    if (this.failure) {
      this.reloadKioskLater();
      return errorState(busErrorView(this.failure.error, strings), strings, () => {
        this.failure = undefined;
        this.host.requestUpdate();
      });
    }
    this.loading ??= this.host
      .importBoard()
      .then(
        ({ BoardMode }) => {
          this.mode = new BoardMode(this.host, this.hooks, DEPS);
        },
        (error: unknown) => {
          throw partLoadError(error);
        },
      )
      // A board that fails to build counts as not loaded too: rendering again would build it again.
      .catch((error: unknown) => {
        this.failure = { error };
      })
      .finally(() => {
        this.loading = undefined;
        this.host.requestUpdate();
      });
    return loadingState(strings, 4);
  }

  /**
   * Only where the page asked to reload itself (`reload-at`, `reload-on-update`: a kiosk), and only
   * if the board is still missing then: an attended page keeps its Retry. While the device is
   * offline it asks again each interval: a reload then would trade the error and its Retry for the
   * browser's error page, which nothing on a kiosk ever leaves. One check at a time, however often
   * Retry fails; it ends with a board out of the page or switched to a list, and starts again when
   * the error shows again.
   */
  private reloadKioskLater(): void {
    const host = this.host;
    if (this.reloadCheck !== undefined || (!host.reloadAt.trim() && host.reloadOnUpdate === null)) return;
    const check = () => {
      this.reloadCheck = undefined;
      if (!this.failure || !host.board || !host.isConnected) return;
      // The page's own signals unless a test injected some (the list's code does not load page-signals.ts).
      if (host.pageSignals ? host.pageSignals.online() : navigator.onLine) host.kioskPlatform.reload();
      else this.reloadKioskLater();
    };
    this.reloadCheck = host.scheduler.setTimeout(check, RELOAD_AFTER_FAILED_LOAD_MS);
  }
}
