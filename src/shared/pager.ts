/** Previous / "Page X of Y" / Next, as plain buttons so keyboard and screen readers need nothing special. */
import { html, type TemplateResult } from 'lit';
import { format, type Strings } from './localize/strings.js';

export interface PagerModel {
  page: number;
  totalPages: number;
  /** While a page loads, the buttons stay focusable but do nothing twice. */
  busy: boolean;
  go: (page: number) => void;
  label: string;
}

export function pager(model: PagerModel, strings: Strings, locale: string): TemplateResult | null {
  if (model.totalPages <= 1) return null;
  const number = new Intl.NumberFormat(locale);
  const status = format(strings.pageOf, { page: number.format(model.page), pages: number.format(model.totalPages) });
  // aria-disabled rather than disabled: a button that just moved to the first or last page keeps
  // keyboard focus instead of dropping it to the document.
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
    <button
      part="next"
      type="button"
      aria-disabled=${atEnd || model.busy ? 'true' : 'false'}
      @click=${() => !atEnd && !model.busy && model.go(model.page + 1)}
    >
      ${strings.next}
    </button>
  </nav>`;
}
