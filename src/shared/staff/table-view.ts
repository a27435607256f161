/**
 * The staff table as markup: a real `<table>` with a caption, sortable column headers as buttons in
 * `<th aria-sort>` (the WAI-ARIA sortable-table pattern: Enter or Space sorts, the sorted header
 * says which way), and the first cell of each row a button that picks the row.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ShownColumn, SortOrder } from './table-model.js';

export interface TableModel<T> {
  caption: string;
  columns: readonly ShownColumn<T>[];
  rows: readonly T[];
  sort: SortOrder | null;
  onSort: (key: string) => void;
  onPick: (row: T) => void;
  /** The first cell's text when the row has none there (a name that was only markup). */
  unnamed: string;
  /**
   * `lang` of the cells when the interface speaks another language than the page ('': none): what
   * the site wrote and what is formatted for the page, not the interface's yes/no or `unnamed`.
   */
  content: string;
}

function sortMark(direction: SortOrder['direction'] | undefined): string {
  if (direction === 'ascending') return '▲';
  if (direction === 'descending') return '▼';
  return '↕';
}

export function tableView<T>(model: TableModel<T>): TemplateResult {
  return html`<div part="table-scroll" class="table-scroll" tabindex="0" role="region" aria-label=${model.caption}>
    <table part="table">
      <caption class="visually-hidden">
        ${model.caption}
      </caption>
      <thead>
        <tr>
          ${model.columns.map((shown) => {
            const direction = model.sort?.key === shown.column.key ? model.sort.direction : undefined;
            return html`<th scope="col" part="header" data-column=${shown.column.key} aria-sort=${direction ?? nothing}>
              <button part="sort-button" type="button" @click=${() => model.onSort(shown.column.key)}>
                ${shown.label}<span class="sort-mark" aria-hidden="true">${sortMark(direction)}</span>
              </button>
            </th>`;
          })}
        </tr>
      </thead>
      <tbody>
        ${model.rows.map(
          (row) =>
            html`<tr part="row">
              ${model.columns.map((shown, index) => {
                const text = shown.text(row);
                const lang = (text && typeof shown.column.value(row) !== 'boolean' && model.content) || nothing;
                return index === 0
                  ? html`<th scope="row" part="cell" data-column=${shown.column.key} lang=${lang}>
                      <button part="row-button" type="button" @click=${() => model.onPick(row)}>${text || model.unnamed}</button>
                    </th>`
                  : html`<td part="cell" data-column=${shown.column.key} lang=${lang} class=${shown.column.sort === 'number' ? 'number' : ''}>${text}</td>`;
              })}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
