/**
 * The staff lists' look: a compact, zebra-striped table that scrolls sideways in narrow containers,
 * a toolbar, a summary, and a print stylesheet that leaves a clean black-on-white A4 manifest (no
 * toolbar, no pager, every row, the header repeated on each sheet).
 */
import { css } from 'lit';

export const staffStyles = css`
  [part~='toolbar'] {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    align-items: end;
    margin-block-end: var(--_space);
  }
  [part~='search'] {
    display: flex;
    flex-direction: column;
    flex: 1 1 12rem;
    gap: 0.25rem;
  }
  input[type='search'] {
    font: inherit;
    padding: calc(var(--_space) / 3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  [part~='summary'] {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: var(--_space) calc(2 * var(--_space));
    margin-block-end: var(--_space);
  }
  [part~='summary'] dl {
    display: grid;
    grid-template-columns: auto auto;
    gap: 0.15rem 0.75rem;
    margin: 0;
  }
  [part~='summary'] dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
  /*
   * Never wider than the widget (a long stop name at 320 px): only the site's row labels may break
   * inside a word. Had every cell been allowed to, the table would have squeezed every column,
   * breaking headers ("Anzah" over "l") and numbers that fit whole.
   */
  [part~='summary'] table {
    width: auto;
    max-inline-size: 100%;
    border: 1px solid var(--_border);
  }
  [part~='summary'] tbody th {
    overflow-wrap: anywhere;
  }
  [part~='summary'] caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: 0.25rem;
  }
  .table-scroll {
    overflow-x: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  /* 0.4rem a side leaves German stop names ("Strasbourg") whole beside "Einstieg" and "Ausstieg" at 320 px. */
  th,
  td {
    padding: 0.35rem 0.4rem;
    text-align: start;
    border-block-end: 1px solid var(--_border);
    vertical-align: top;
  }
  td.number {
    text-align: end;
  }
  tbody tr:nth-child(even) {
    background: color-mix(in srgb, var(--_surface) 92%, var(--_text));
  }
  thead th {
    position: sticky;
    top: 0;
    background: var(--_surface);
  }
  thead button,
  [part~='row-button'] {
    font: inherit;
    font-weight: 600;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
    text-align: start;
  }
  [part~='row-button'] {
    font-weight: 400;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .sort-mark {
    margin-inline-start: 0.3rem;
    font-size: 0.75em;
    opacity: 0.7;
  }
  th[aria-sort] .sort-mark {
    opacity: 1;
  }
  [part~='count'],
  [part~='truncated'] {
    color: var(--_muted);
    margin-block: calc(var(--_space) / 2);
  }
  [part~='print-header'] {
    display: none;
  }
  /* Rows that may be out of date: marked beside them, not boxed as the error that replaced them. */
  [part~='refresh-error'] {
    border-inline-start: 3px solid var(--_danger);
    padding-inline-start: var(--_space);
  }
  @media (forced-colors: active) {
    th,
    td {
      border-color: CanvasText;
    }
    .table-scroll,
    input[type='search'] {
      border-color: ButtonText;
    }
  }
  @media print {
    :host {
      color: #000;
      background: #fff;
      font-size: 10pt;
    }
    [part~='toolbar'],
    [part~='pagination'],
    [part~='count'],
    [part~='refresh-retry'],
    .sort-mark {
      display: none !important;
    }
    [part~='print-header'] {
      display: block;
      margin-block-end: 0.5rem;
    }
    [part~='print-header'] h2 {
      margin: 0;
      font-size: 14pt;
    }
    .table-scroll {
      overflow: visible;
      border: 0;
    }
    thead {
      display: table-header-group;
    }
    tr {
      break-inside: avoid;
    }
    thead th {
      position: static;
    }
    th,
    td {
      overflow-wrap: anywhere;
      border-block-end: 0.5pt solid #000;
      color: #000;
      background: #fff !important;
    }
    [part~='row-button'] {
      text-decoration: none;
    }
  }
`;
