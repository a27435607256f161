/**
 * What the staff lists (`<bus-passenger-list>`, `<event-attendee-list>`) share: credentials that
 * never leave the element, every page of the query read through `PrivateRows`, a sortable,
 * searchable, paged table, a summary, CSV/JSON exports of all matching rows and a print layout.
 * A subclass says what it reads, which columns it has, how a cell reads and what its summary shows.
 * (Just over 300 lines: some 40 are the documentation tags both elements inherit from this class.)
 */
import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { AllPages } from '../../api/all-pages.js';
import type { ApiClient } from '../../api/client.js';
import { toCsv } from '../../api/export/csv.js';
import { pickColumns, recordsOf, tableOf, type Column } from '../../api/export/columns.js';
import { format, type Strings } from '../localize/strings.js';
import { pageNumber, pageProperty, pager, requestPageChange } from '../pager.js';
import { emptyState, loadingState } from '../states.js';
import { TwElement } from '../tw-element.js';
import { staffErrorView, type StaffTexts } from './access-error.js';
import { fileNamePart, offerDownload } from './download.js';
import { CREDENTIALS_CHANGED, LIST_CHANGED, PrivateRows } from './private-rows.js';
import { nextSort, pageSlice, searchRows, sortRows, type ShownColumn, type SortOrder } from './table-model.js';
import { tableView } from './table-view.js';
import { staffErrorBox, toolbarView } from './list-view.js';

/** The texts a subclass gives: what the rows are, and its access messages. */
export interface StaffListTexts extends StaffTexts {
  label: string;
  empty: string;
  title: string;
}

/**
 * Who the table row holding `element` is: its name, whichever column comes first (its button may say
 * a status or a seat, which a check-in or a swap changes); with no name shown, all the row says.
 * Undefined outside a row.
 */
function who(element: Element | null | undefined): string | undefined {
  const row = element?.closest('[part~="row"]');
  return (row?.querySelector('[data-column="name"]') ?? row)?.textContent;
}

const DEFAULT_PER_PAGE = 50;
/** Rows are read 100 at a time; 50 pages keeps a list to 5 000 rows (the export command reads all). */
const MAX_PAGES = 50;
/** Typing pauses this long before the number of matches is announced. */
const SEARCH_ANNOUNCE_DELAY_MS = 700;

/**
 * The base of the staff lists; the tags below are inherited by both elements' documentation.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails.
 * @event {CustomEvent<PageChangeDetail>} page-change - Cancelable. The visitor asked for another page; `detail.page`, `detail.previousPage`. Cancel it to keep the page.
 * @event {CustomEvent<DownloadDetail>} download - Cancelable. An export is about to be saved: `detail.filename`, `detail.type`, `detail.content`. Cancel it to handle the file yourself (upload, preview).
 * @csspart list - The wrapper around toolbar, summary, table and pager.
 * @csspart toolbar - Search box and export/print buttons.
 * @csspart search - The search box's label.
 * @csspart download-csv - The "Download CSV" button.
 * @csspart download-json - The "Download JSON" button.
 * @csspart print - The "Print" button.
 * @csspart summary - Totals and the summary tables.
 * @csspart totals - The headline numbers (`<dl>`).
 * @csspart ticket-types - The table of counts (and revenue, for passengers) per ticket type.
 * @csspart count - "1–50 of 120", or that nothing matches the search.
 * @csspart truncated - Shown when more rows exist than the element reads (over 5 000), or may (the site announced no total).
 * @csspart download-error - Why a download was not made: reading the rest of the rows for it failed, or a new load (new credentials, `reload()`, a new `base-url`, bus or date) stopped that read (`role="alert"`).
 * @csspart refresh-error - Shown when a `reload()` of the same list failed for the site or the connection (not a refusal, which shows the error box): the rows read before stay, and this says they may be out of date (`role="alert"`), until a read lands.
 * @csspart refresh-retry - Its Try again button (`reload()`), where trying again can help.
 * @csspart table-scroll - The scrolling box around the table.
 * @csspart header - A column header cell.
 * @csspart sort-button - The button in a column header that sorts by it.
 * @csspart cell - A cell.
 * @csspart print-header - The heading shown only on paper (for passengers: bus, date, stops).
 * @csspart pagination - The pager.
 * @csspart previous - The pager's Previous button.
 * @csspart next - The pager's Next button.
 * @csspart page-status - "Page X of Y".
 * @csspart loading - The loading skeleton.
 * @csspart error - The error, sign-in, not-allowed or not-published message (with the kind as a second part name: `sign-in`, `forbidden`, `expired`, `unpublished`, `other`).
 * @csspart error-message - Its text.
 * @csspart retry - Its Retry button, where retrying can help.
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text.
 * @cssprop --tw-color-surface - Table and header background.
 * @cssprop --tw-color-border - Table rules and borders.
 * @cssprop --tw-color-accent - Buttons and focus ring.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 */
export abstract class StaffListElement<T> extends TwElement {
  static override properties: PropertyDeclarations = {
    authorization: { attribute: false },
    restNonce: { attribute: 'nonce' },
    columns: {},
    perPage: { type: Number, attribute: 'per-page' },
    page: pageProperty,
    search: {},
    sort: {},
    printing: { state: true, attribute: false },
    searchAnnouncement: { state: true, attribute: false },
    downloadError: { state: true, attribute: false },
  };

  /**
   * Sent as the `Authorization` header of every request, e.g. `Bearer <token>` that the host app got
   * from its own sign-in, for the proxy's private routes. A property only: never an attribute,
   * never reflected, never logged; changing it loads again.
   */
  authorization = '';

  /**
   * The `nonce` attribute: the visitor's own WordPress login on the same site, i.e. the REST nonce
   * (`wp_create_nonce('wp_rest')`), sent as `X-WP-Nonce` with the site's cookies. Named so because
   * `nonce` is the DOM's CSP nonce: on pages whose CSP header makes the browser hide `nonce`
   * attributes, the value is still read from the element's `nonce` property.
   */
  restNonce = '';

  /** The columns to show, in order (`name seat price`); unknown keys are ignored, none known: the defaults. */
  columns = '';

  /** Rows per page of the table (any number: every row is read anyway, 100 per request). */
  perPage: number = 50;

  /**
   * The table page shown (1-based); back to 1 for a new bus, date, event or search, unless the app
   * sets `page` with it.
   */
  page = 1;

  /** The search text: rows whose shown cells contain every word (case and accents ignored). */
  search = '';

  /** The sort order: a column key ascending (`seat`), or descending with a leading minus (`-price`); empty: the site's order. */
  sort = '';

  /** True while the browser prints: every matching row is rendered, not just one page. */
  private printing = false;

  /** Why the last download was not offered (reading the rest of the rows failed); cleared by the next. */
  private downloadError: unknown = undefined;

  /** What the polite live region says after typing in the search box pauses (not at every key). */
  private searchAnnouncement = '';
  private searchTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly onBeforePrint = () => {
    // The browser lays the sheet out right after this event: render every row now, not in a microtask.
    this.printing = true;
    this.performUpdate();
  };
  private readonly onAfterPrint = () => (this.printing = false);

  protected readonly rows = new PrivateRows<T>(
    this,
    () => ({ authorization: this.authorization, nonce: this.restNonce || this.nonce || '' }),
    () => this.queryKey(),
    () => (this.readsEveryPage() ? Infinity : MAX_PAGES),
    (client, signal, maxPages) => this.loadRows(client, { signal, maxPages }),
  );

  /** Every column the element knows and the default choice. */
  protected abstract readonly columnSet: { all: readonly Column<T>[]; defaults: readonly string[] };
  /** Changes whenever what to read changes. */
  protected abstract queryKey(): string;
  protected abstract loadRows(client: ApiClient, options: { signal: AbortSignal; maxPages: number }): Promise<AllPages<T>>;
  /** The strings that name the rows and their access messages, named literally so tests can see them. */
  protected abstract texts(strings: Strings): StaffListTexts;
  /** Fires the element's row event (`passenger-select`, `attendee-select`). */
  protected abstract pickRow(row: T): void;
  /**
   * The summary of `rows`: every row the element shows (all pages, before the search). `content` is
   * the `lang` of the site's names in it ('' when the interface speaks the page's language).
   */
  protected abstract summaryView(rows: readonly T[], strings: Strings, content: string): TemplateResult;
  /** The printed sheet's heading lines (bus, date, stops …). */
  protected abstract printHeading(rows: readonly T[], strings: Strings): TemplateResult;
  /** Words for export file names (`passengers`, `bus-7`, `2026-11-24`). */
  protected abstract fileNameParts(): string[];

  /** The localized header of a column: the string `col` + the key in PascalCase (`ticket-type` → `colTicketType`). */
  protected columnLabel(key: string, strings: Strings): string {
    const name = `col${key.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;
    return name in strings ? strings[name as keyof Strings] : key;
  }

  /** True when the shown rows must hold every page however many (a filter applied here needs them all). */
  protected readsEveryPage(): boolean {
    return false;
  }

  /** How a value reads in a cell; subclasses format prices and dates. */
  protected cellText(column: Column<T>, row: T, strings: Strings): string {
    const value = column.value(row);
    if (value === null) return '';
    if (typeof value === 'boolean') return value ? strings.staffYes : strings.staffNo;
    return String(value);
  }

  /**
   * The window of the document the list is connected in, whose printing it follows and starts: an
   * iframe's for a list moved there (kept, since the document has changed by the disconnect).
   */
  private view: Window | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.view = this.ownerDocument.defaultView;
    this.view?.addEventListener('beforeprint', this.onBeforePrint);
    this.view?.addEventListener('afterprint', this.onAfterPrint);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.searchTimer);
    this.view?.removeEventListener('beforeprint', this.onBeforePrint);
    this.view?.removeEventListener('afterprint', this.onAfterPrint);
  }

  /** What the table pages through: the query, and a filter a subclass applies here (the attendees' event). */
  protected viewKey(): string {
    return this.queryKey();
  }

  /** The view the shown page belongs to; undefined before the first update (a `page` attribute then stands). */
  private pagedView: string | undefined;

  /** Who the row with focus on its button was as an update began (`who`); undefined when focus was elsewhere. */
  private focusedName: string | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.focusedName = who(this.shadowRoot?.activeElement);
    // A new query, filter or search starts on the first page, unless a `page` comes with it (an app
    // restoring both from its URL).
    const view = this.viewKey();
    const newView = (changed.has('search') && changed.get('search') !== undefined) || (this.pagedView !== undefined && view !== this.pagedView);
    if (newView && !changed.has('page')) this.page = 1;
    this.pagedView = view;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Rows are drawn in place: after a reload the focused button may name someone else (a guest
    // added above), and Enter would pick them, or be gone. Focus follows the person to their row
    // on this page, else goes to the table; with the table gone too (a refusal, new credentials, no
    // row left) returnFocus brings it back once the load settles. A check-in changes other cells:
    // focus stays. Not for printing, which shows every row and then the same page again (Ctrl+P on
    // a name of page 2).
    const name = this.focusedName;
    const root = this.shadowRoot!;
    if (name !== undefined && who(root.activeElement) !== name && !(changed as PropertyValues).has('printing'))
      (
        [...root.querySelectorAll('[part~="row"]')].find((row) => who(row) === name)?.querySelector<HTMLElement>('[part~="row-button"]') ??
        root.querySelector<HTMLElement>('[part~="table-scroll"]')
      )?.focus();
    super.updated(changed);
    // A filter that needs every page, set after a load that stopped at 5 000 rows: read the rest.
    // Joining a download's read, whose failure that download reports, it must not reject unhandled.
    if (this.readsEveryPage()) this.rows.complete().catch(() => {});
  }

  /** Every row of the query the element has read (all pages); empty until loaded. */
  get allRows(): readonly T[] {
    const state = this.rows.state;
    return state.kind === 'complete' ? state.result.items : [];
  }

  /** The rows that match the search, in the table's order, across every page. */
  get matchingRows(): T[] {
    const shown = this.shownColumns();
    const order = this.sortOrder();
    // Only a shown column sorts: its header then says so (aria-sort); a hidden one would be a mystery order.
    const sortColumn = order ? shown.find((entry) => entry.column.key === order.key) : undefined;
    return sortRows(searchRows(this.allRows, shown, this.search), sortColumn, order?.direction ?? 'ascending', this.locale);
  }

  /** The matching rows as CSV (RFC 4180, UTF-8 with BOM, formula cells neutralised), shown columns, localized headers. */
  toCsv(): string {
    const strings = this.text;
    const columns = this.shownColumns().map((entry) => entry.column);
    const table = tableOf(columns, this.matchingRows, (column) => this.columnLabel(column.key, strings));
    return toCsv(table.header, table.cells, { yes: strings.staffYes, no: strings.staffNo });
  }

  /** The matching rows as JSON records keyed by column key, shown columns. */
  toJson(): string {
    return JSON.stringify(
      recordsOf(
        this.shownColumns().map((entry) => entry.column),
        this.matchingRows,
      ),
      null,
      2,
    );
  }

  /**
   * Offers the CSV as a download (a cancelable `download` event first). When the list stopped at
   * 5 000 rows, reads every page again first, from the first: an export holds every matching row,
   * as one reading (a list of the latest first has moved on since: resuming at page 51 would miss
   * whoever registered meanwhile and repeat whoever was pushed across). Called right after new
   * credentials, a new bus, date or address (or a `reload()`) are set, it waits for the rows they
   * read: rows read with other credentials are never saved as theirs, and a `reload()` the site fails
   * offers no file (`part="download-error"` says why), not the older rows as if just read.
   */
  downloadCsv(): Promise<void> {
    return this.offer('csv', 'text/csv;charset=utf-8', 'toCsv');
  }

  /** Offers the JSON as a download, every matching row (as `downloadCsv`). */
  downloadJson(): Promise<void> {
    return this.offer('json', 'application/json', 'toJson');
  }

  private async offer(extension: string, type: string, maker: 'toCsv' | 'toJson'): Promise<void> {
    // Synchronous when every row is here and nothing set in this turn loads anew, so the `download` event fires within the click.
    if (((this.isUpdatePending || this.rows.incomplete) && !(await this.readRest())) || !this.everyRowHere()) return;
    offerDownload(this, { filename: `${this.fileName()}.${extension}`, type, content: this[maker]() });
  }

  /**
   * Reads every page, past the first 5 000 rows, for a download; first the rows a load asked for in
   * this turn reads (new credentials: the rows shown were read with the old ones, not to be saved as
   * theirs; a `reload()` the site fails: the rows shown are older than asked for). A failure offers no file (a header-only or partial one would read as the whole list):
   * the rows shown stay, and the reason is shown above them (`part="download-error"`) until the next download.
   */
  private async readRest(): Promise<boolean> {
    const failure = this.rows.failure;
    try {
      await this.landed();
      await this.rows.complete(true);
      // The read waited for failed (a `reload()` the site failed) and no read of every page came after:
      // the rows shown are older than asked for.
      if (this.rows.failure && this.rows.failure !== failure) throw this.rows.failure;
      return true;
    } catch (error) {
      // A refusal dropped the rows: the error box says why; a line kept for the rows to come back to would be out of date.
      this.downloadError = this.rows.state.kind == 'error' ? undefined : error;
      return false;
    }
  }

  /** Every row of the query is here (and a failed download's reason is forgotten). */
  private everyRowHere(): boolean {
    const state = this.rows.state;
    const here = state.kind === 'complete' && state.result.complete;
    if (here) this.downloadError = undefined;
    return here;
  }

  /**
   * Prints every matching row: renders them first, then opens the browser's print dialog. Called
   * while rows load (a new bus, date or token, a `reload()`, also set or called just before), it
   * waits for them: a sheet of loading skeleton, or of the rows about to change, helps no one.
   * Out of the document it resolves at once and opens no dialog: nothing of it would be printed.
   */
  async print(): Promise<void> {
    await this.landed();
    if (!this.isConnected) return;
    this.printing = true;
    await this.updateComplete;
    this.view?.print();
  }

  /**
   * Resolves once no load is in flight, one asked for in this turn included (a `reload()`, a new
   * token), which starts with the update. Out of the document there is none to wait for (and a list
   * never added waits for its first update for good).
   */
  private async landed(): Promise<void> {
    if (this.isUpdatePending && this.isConnected) await this.updateComplete;
    await this.rows.settled();
  }

  /**
   * Reads the list again, e.g. every minute on a check-in desk. The rows shown stay, with the search
   * box (its text and focus), the sort and the page, while the same list is read again (`pending`,
   * `aria-busy`); then they change in place. When the site or the connection fails that read, they
   * stay, and `part="refresh-error"` says they may be out of date until a read lands; a refusal
   * (401, 403) drops them for the error box. From the error (Retry), or with new credentials, a new
   * `base-url` or query set alongside, the rows go at once and the loading skeleton shows.
   */
  reload(): void {
    this.rows.reload();
  }

  private fileName(): string {
    return this.fileNameParts().map(fileNamePart).filter(Boolean).join('-');
  }

  private sortOrder(): SortOrder | null {
    const raw = this.sort.trim().toLowerCase();
    if (!raw) return null;
    return raw.startsWith('-') ? { key: raw.slice(1), direction: 'descending' } : { key: raw, direction: 'ascending' };
  }

  private shownColumn(key: string): ShownColumn<T> | undefined {
    const column = this.columnSet.all.find((entry) => entry.key === key);
    if (!column) return undefined;
    const strings = this.text;
    return { column, label: this.columnLabel(key, strings), text: (row) => this.cellText(column, row, strings) };
  }

  private shownColumns(): ShownColumn<T>[] {
    return pickColumns(this.columnSet.all, this.columns, this.columnSet.defaults).flatMap((column) => this.shownColumn(column.key) ?? []);
  }

  private onSearch(text: string): void {
    this.search = text;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => (this.searchAnnouncement = this.countText(this.text, this.matchingRows)), SEARCH_ANNOUNCE_DELAY_MS);
  }

  /** "1–50 of 120" for the matching rows (searched and sorted once by the caller), or that nothing matches. */
  private countText(strings: Strings, matching: readonly T[]): string {
    if (matching.length === 0) return format(strings.staffNoMatch, { query: this.search });
    const slice = pageSlice(matching, this.page, pageNumber(this.perPage, DEFAULT_PER_PAGE));
    const number = new Intl.NumberFormat(this.locale);
    return format(strings.staffShowing, { from: number.format(slice.from), to: number.format(slice.to), total: number.format(matching.length) });
  }

  private onSort(key: string): void {
    const next = nextSort(this.sortOrder(), key);
    this.sort = next.direction === 'descending' ? `-${key}` : key;
  }

  protected override render(): TemplateResult {
    const strings = this.text;
    const texts = this.texts(strings);
    const state = this.rows.state;
    // Every state inside one wrapper in the language its strings are in (one expression: fewer bytes than a second method).
    return html`<div lang=${this.uiLanguage}>
      ${
        state.kind === 'dropped'
          ? nothing
          : state.kind === 'loading'
            ? loadingState(strings, 4)
            : state.kind === 'error'
              ? staffErrorBox(staffErrorView(state.error, strings, texts), strings, () => this.reload())
              : this.allRows.length === 0
                ? emptyState(texts.empty)
                : this.listView(strings, texts, state.result)
      }
    </div>`;
  }

  private listView(strings: Strings, texts: StaffListTexts, result: AllPages<T>): TemplateResult {
    // Read once per render, not per cell: the language walks the tree.
    const content = this.contentLanguage;
    const number = new Intl.NumberFormat(this.locale);
    const matching = this.matchingRows;
    const perPage = pageNumber(this.perPage, DEFAULT_PER_PAGE);
    const slice = pageSlice(matching, this.page, perPage);
    const failed = this.rows.failure === undefined ? undefined : staffErrorView(this.rows.failure, strings, texts);
    return html`<div part="list" dir=${this.direction}>
      <header part="print-header">
        ${this.printHeading(this.allRows, strings)}
        ${
          this.search.trim()
            ? html`<p>
                ${format(strings.staffPrintFiltered, { query: this.search, shown: number.format(matching.length), total: number.format(this.allRows.length) })}
              </p>`
            : nothing
        }
      </header>
      ${toolbarView({ search: this.search, onSearch: (text) => this.onSearch(text), onCsv: () => this.downloadCsv(), onJson: () => this.downloadJson(), onPrint: () => this.print() }, strings)}
      ${
        this.downloadError === undefined
          ? nothing
          : html`<p part="download-error" role="alert">
              ${
                this.downloadError === CREDENTIALS_CHANGED
                  ? strings.staffDownloadCredentialsChanged
                  : this.downloadError === LIST_CHANGED
                    ? strings.staffDownloadListChanged
                    : format(strings.staffDownloadFailed, { reason: staffErrorView(this.downloadError, strings, texts).message })
              }
            </p>`
      }
      ${
        failed
          ? html`<p part="refresh-error" role="alert">
              ${format(strings.staffRefreshFailed, { reason: failed.message })}
              ${failed.retryable ? html`<button part="refresh-retry" type="button" @click=${() => this.reload()}>${strings.retry}</button>` : nothing}
            </p>`
          : nothing
      }
      ${this.summaryView(this.allRows, strings, content)}
      ${
        result.complete
          ? nothing
          : html`<p part="truncated">
              ${format(result.total === null ? strings.staffTruncatedUnknown : strings.staffTruncated, {
                count: number.format(result.items.length),
                total: number.format(result.total ?? 0),
              })}
            </p>`
      }
      <p part="count">${this.countText(strings, matching)}</p>
      <p class="visually-hidden" role="status">${this.searchAnnouncement}</p>
      ${
        matching.length === 0
          ? nothing
          : tableView({
              caption: texts.label,
              columns: this.shownColumns(),
              rows: this.printing ? matching : slice.rows,
              sort: this.sortOrder(),
              onSort: (key) => this.onSort(key),
              onPick: (row) => this.pickRow(row),
              unnamed: strings.staffUnnamed,
              content,
            })
      }
      ${
        // Kept while printing (the print stylesheet hides it): Ctrl+P on Next must not take the focus.
        pager(
          {
            page: slice.page,
            totalPages: slice.totalPages,
            busy: false,
            go: (page) => requestPageChange(this, page, slice.page) && (this.page = page),
            label: strings.pagination,
          },
          strings,
          this.locale,
        )
      }
    </div>`;
  }
}
