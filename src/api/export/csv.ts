/**
 * CSV as spreadsheet applications read it safely:
 * - RFC 4180: CRLF between records, every text field quoted, quotes doubled;
 * - UTF-8 with a byte-order mark, so spreadsheet apps read accents instead of guessing a code page;
 * - formula injection neutralised as OWASP's CSV-injection guidance says: a text cell that begins
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a name such as
 *   `=HYPERLINK(…)` is shown as text, never evaluated. Numbers we produce ourselves (prices, ids)
 *   are written as numbers, untouched.
 */

/** One cell: text, a number, a yes/no, or empty. */
export type CellValue = string | number | boolean | null;

/**
 * Also behind leading whitespace (spaces, a line feed, no-break or ideographic spaces: apps that trim
 * cells on import read what follows), and in the full-width forms `＝＋－＠` that some apps map to them.
 */
const FORMULA_START = /^\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export const BOM = '\uFEFF';

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface CsvOptions {
  /** Text for `true` / `false` cells (default `yes` / `no`). */
  yes?: string;
  no?: string;
  /** Start with the UTF-8 byte-order mark (default true). */
  bom?: boolean;
}

/** One field: numbers as they are (finite ones), text neutralised and quoted. */
export function csvField(value: CellValue, options: CsvOptions = {}): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'boolean' ? (value ? (options.yes ?? 'yes') : (options.no ?? 'no')) : value;
  return `"${neutralizeFormula(text).replace(/"/g, '""')}"`;
}

/** A whole document: the header row, then one record per row, CRLF-terminated. */
export function toCsv(header: readonly string[], rows: readonly (readonly CellValue[])[], options: CsvOptions = {}): string {
  const lines = [header, ...rows].map((cells) => cells.map((cell) => csvField(cell, options)).join(',') + '\r\n');
  return (options.bom === false ? '' : BOM) + lines.join('');
}
