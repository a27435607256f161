/** A small captioned table of a staff summary (ticket types, stops): a header row, then one row per key. */
import { html, nothing, type TemplateResult } from 'lit';

export interface SummaryTableModel {
  part: string;
  caption: string;
  headers: readonly string[];
  /** `key` goes to `data-key` (the raw value: a stop name as sent, a ticket type); `label` is shown. */
  rows: ReadonlyArray<{ key: string; label: string; cells: readonly string[] }>;
  /**
   * `lang` of the rows (the site's ticket types or stops, and numbers formatted for the page) when
   * the interface speaks another language ('': none).
   */
  content: string;
}

export function summaryTable(model: SummaryTableModel): TemplateResult {
  return html`<table part=${model.part}>
    <caption>
      ${model.caption}
    </caption>
    <thead>
      <tr>
        ${model.headers.map((header) => html`<th scope="col">${header}</th>`)}
      </tr>
    </thead>
    <tbody lang=${model.content || nothing}>
      ${model.rows.map(
        (row) =>
          html`<tr data-key=${row.key}>
            <th scope="row">${row.label}</th>
            ${row.cells.map((cell) => html`<td class="number">${cell}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The summary's headline numbers as a description list; `key` goes to `data-total`. */
export function totalsList(entries: ReadonlyArray<{ key: string; label: string; value: string }>): TemplateResult {
  return html`<dl part="totals">
    ${entries.map(
      (entry) =>
        html`<dt>${entry.label}</dt>
          <dd data-total=${entry.key}>${entry.value}</dd>`,
    )}
  </dl>`;
}
