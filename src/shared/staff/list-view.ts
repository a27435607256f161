/** Pieces of a staff list's markup around the table: the access/error box and the toolbar. */
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from '../localize/strings.js';
import type { ErrorView } from '../error-message.js';
import type { StaffErrorKind } from './access-error.js';

/** The failure, with its kind as a second part name and `data-kind` (sign-in, forbidden, expired, unpublished, other). */
export function staffErrorBox(view: ErrorView & { kind: StaffErrorKind }, strings: Strings, retry: () => void): TemplateResult {
  return html`<div part="error ${view.kind}" role="alert" data-kind=${view.kind}>
    <p part="error-message">${view.message}</p>
    ${view.retryable ? html`<button part="retry" type="button" @click=${retry}>${strings.retry}</button>` : nothing}
    <slot name="fallback"></slot>
  </div>`;
}

export interface ToolbarModel {
  search: string;
  onSearch: (text: string) => void;
  onCsv: () => void;
  onJson: () => void;
  onPrint: () => void;
}

/** Search box, downloads and Print (every row rendered, then the browser's print dialog). */
export function toolbarView(model: ToolbarModel, strings: Strings): TemplateResult {
  return html`<div part="toolbar">
    <label part="search"
      >${strings.staffSearch}
      <input type="search" .value=${model.search} @input=${(event: Event) => model.onSearch((event.target as HTMLInputElement).value)} autocomplete="off" />
    </label>
    <button part="download-csv" type="button" @click=${model.onCsv}>${strings.staffDownloadCsv}</button>
    <button part="download-json" type="button" @click=${model.onJson}>${strings.staffDownloadJson}</button>
    <button part="print" type="button" @click=${model.onPrint}>${strings.staffPrint}</button>
  </div>`;
}
