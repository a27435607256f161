/**
 * Loads the month view (`month-view.ts`, its date math, words and styles) the first time
 * `<event-list view="month">` renders, so a page with only lists never downloads it: a skeleton
 * (with `pending`) until the module is in, an error with Retry if it cannot be loaded.
 */
import { errorView } from '../../shared/error-message.js';
import { errorState, loadingState } from '../../shared/states.js';
import { parseIds } from '../../shared/ids.js';
import { partLoadError } from '../../shared/part-load.js';
import { EVENT_READ_MAX_PAGES, occurrencesOf, readEvents } from './event-dates.js';
import type { MonthHooks, MonthHost, MonthView } from './month-view.js';

/** What the month view's module offers its loader. */
export interface MonthViewModule {
  MonthView: typeof MonthView;
}

export class MonthLoader {
  private view: MonthView | undefined;
  private loading: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly host: MonthHost,
    private readonly hooks: MonthHooks,
    /** How the view's module is imported (a stub in tests). */
    private readonly load: () => Promise<MonthViewModule> = () => import('./month-view.js'),
  ) {
    host.trackTask(this);
  }

  /** True while the module loads for the month (a list switched back meanwhile is not waiting for it). */
  get pending(): boolean {
    return this.loading !== undefined && this.host.view === 'month';
  }

  /** What the month shows (see `MonthView.shown`); null until the view is loaded. */
  shown(): ReturnType<MonthView['shown']> {
    return this.view?.shown() ?? null;
  }

  render(): unknown {
    if (this.view) return this.view.render();
    const strings = this.host.uiStrings();
    if (this.failure) {
      return errorState(errorView(this.failure.error, strings, 'events'), strings, () => {
        this.failure = undefined;
        this.host.requestUpdate();
      });
    }
    this.loading ??= this.load()
      .then(
        ({ MonthView }) => {
          this.view = new MonthView(this.host, this.hooks, { readEvents, occurrencesOf, maxEvents: EVENT_READ_MAX_PAGES * 100, parseIds });
        },
        (error: unknown) => {
          this.failure = { error: partLoadError(error) };
        },
      )
      .finally(() => {
        this.loading = undefined;
        this.host.requestUpdate();
      });
    return loadingState(strings, 4);
  }
}
