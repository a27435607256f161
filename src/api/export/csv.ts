/**
 * CSV as spreadsheet applications read it safely:
 * - RFC 4180: CRLF between records, every text field quoted, quotes doubled;
 * - UTF-8 with a byte-order mark, so spreadsheet apps read accents instead of guessing a code page;
 * - formula injection neutralised as OWASP's CSV-injection guidance and ASVS 1.2.10 say: a text cell
 *   that begins with `=`, `+`, `-`, `@`, a tab, a line break or NUL gets a leading `'`, so a name such
 *   as `=HYPERLINK(…)` is shown as text, never evaluated. Numbers we produce ourselves (prices, ids)
 *   are written as numbers, untouched;
 * - line breaks inside a cell as line feeds (Excel draws a carriage return there as a box), and no
 *   NUL or other control character a cell cannot show (NUL makes common CSV readers refuse the file;
 *   C1 controls such as U+009B, a CSI, steer some terminals the `export` command may print to).
 */

/** One cell: text, a number, a yes/no, or empty. */
export type CellValue = string | number | boolean | null;

/**
 * Also behind leading whitespace, control or invisible format characters (no-break and ideographic
 * spaces, zero-width space, direction marks: apps that trim cells on import read what follows), and
 * in the forms NFKC maps onto them (full-width `＝＋－＠`, small `﹦﹢﹣﹫`, super- and subscript),
 * which some apps read as the plain ones.
 */
const FORMULA_START = /^[\s\p{Cc}\p{Cf}]*[=+\-@\t\r\n\0]/u;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSHOWABLE = /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f]/g;
export const BOM = '\uFEFF';

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text.normalize('NFKC')) ? `'${text}` : text;
}

export interface CsvOptions {
  /** Text for `true` / `false` cells (default `yes` / `no`). */
  yes?: string;
  no?: string;
  /** Start with the UTF-8 byte-order mark (default true). */
  bom?: boolean;
}

/** One field: numbers as they are (finite ones), text cleaned, neutralised and quoted. */
export function csvField(value: CellValue, options: CsvOptions = {}): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'boolean' ? (value ? (options.yes ?? 'yes') : (options.no ?? 'no')) : value;
  return `"${neutralizeFormula(text.replace(/\r\n?/g, '\n').replace(UNSHOWABLE, '')).replace(/"/g, '""')}"`;
}

/** A whole document: the header row, then one record per row, CRLF-terminated. */
export function toCsv(header: readonly string[], rows: readonly (readonly CellValue[])[], options: CsvOptions = {}): string {
  const lines = [header, ...rows].map((cells) => cells.map((cell) => csvField(cell, options)).join(',') + '\r\n');
  return (options.bom === false ? '' : BOM) + lines.join('');
}
