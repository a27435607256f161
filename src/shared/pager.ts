/** Previous / "Page X of Y" / Next, as plain buttons so keyboard and screen readers need nothing special. */
import { html, type TemplateResult } from 'lit';
import { format, type Strings } from './localize/strings.js';

/** A `page` / `per-page` attribute value made safe: whole, at least 1, at most `max`. */
export function pageNumber(value: number, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/**
 * The `page` property of a list whose filters reset it: every set counts as a change, so a `page`
 * an app sets along with a filter stands even when it equals the page shown (see below).
 */
export const pageProperty = { type: Number, reflect: true, hasChanged: () => true } as const;

/**
 * For `willUpdate`: a list whose `filters` changed (set by the app, or by a select's `for=`) shows
 * their first page, as the staff lists do: page 3 of one route is no page of another. A `page` set
 * in the same update (an app restoring both from its URL) stands, as does one before the first render.
 */
export function firstPageOnNewFilter(host: { page: number; hasUpdated: boolean }, changed: Map<PropertyKey, unknown>, filters: readonly string[]): void {
  const now = host as unknown as Record<string, unknown>;
  // By text: an id set as the number an app's data holds (`category = 3`) is the filter the attribute's "3" was.
  if (host.hasUpdated && !changed.has('page') && filters.some((name) => changed.has(name) && `${changed.get(name)}` !== `${now[name]}`)) host.page = 1;
}

/** `page-change` detail, shared by every paged element. */
export interface PageChangeDetail {
  page: number;
  previousPage: number;
}

/**
 * Fires the cancelable `page-change` from `host`; true when nobody cancelled it and the host
 * should move to `page`.
 */
export function requestPageChange(host: HTMLElement, page: number, previousPage: number): boolean {
  if (page === previousPage) return false;
  return host.dispatchEvent(
    new CustomEvent<PageChangeDetail>('page-change', { bubbles: true, composed: true, cancelable: true, detail: { page, previousPage } }),
  );
}

/**
 * A paged list's move to `page` (a pager button, "First page"): `page-change` first, then `page`
 * unless the app cancelled it. False when nothing moves (nothing updates, so no focus is noted to give back).
 */
export function goToPage(host: HTMLElement & { page: number }, page: number): boolean {
  const moves = requestPageChange(host, page, pageNumber(host.page, 1));
  if (moves) host.page = page;
  return moves;
}

export interface PagerModel {
  page: number;
  totalPages: number;
  /** While a page loads, the buttons stay focusable but do nothing twice. */
  busy: boolean;
  /** Moves to `page`; false when nothing moves (the `page-change` was cancelled). */
  go: (page: number) => unknown;
  label: string;
}

export function pager(model: PagerModel, strings: Strings, locale: string): TemplateResult | null {
  if (model.totalPages <= 1) return null;
  const number = new Intl.NumberFormat(locale);
  const status = format(strings.pageOf, { page: number.format(model.page), pages: number.format(model.totalPages) });
  // aria-disabled rather than disabled: a button that just moved to the first or last page keeps
  // keyboard focus instead of dropping it to the document. A page that fails to load replaces the
  // pager with the error box: focus then goes to its Retry (the box where no Retry can help), as after
  // a Retry (states.ts, `noteFocus`).
  const atStart = model.page <= 1;
  const atEnd = model.page >= model.totalPages;
  return html`<nav part="pagination" aria-label=${model.label}>
    <button
      part="previous"
      type="button"
      aria-disabled=${atStart || model.busy ? 'true' : 'false'}
      @click=${() => !atStart && !model.busy && model.go(model.page - 1)}
    >
      ${strings.previous}
    </button>
    <span part="page-status" aria-live="polite">${status}</span>
    <button part="next" type="button" aria-disabled=${atEnd || model.busy ? 'true' : 'false'} @click=${() => !atEnd && !model.busy && model.go(model.page + 1)}>
      ${strings.next}
    </button>
  </nav>`;
}
