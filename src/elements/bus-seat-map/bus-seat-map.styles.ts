import { css } from 'lit';

/**
 * The seat map: seats as seat-shaped cells whose states differ in border style, pattern and a mark,
 * not only in colour (available: solid outline; selected: filled with ✓; booked: hatched, dashed,
 * struck through, ✕; held: dotted with dots, ‖). The decks scroll sideways inside their own box, so
 * a 320 px screen (or 200% zoom) never scrolls the page.
 */
export const busSeatMapStyles = css`
  :host {
    --_seat: var(--tw-seat-size, 2.75rem);
    min-inline-size: 0;
    max-inline-size: 100%;
  }
  .content {
    display: grid;
    gap: var(--_space);
    min-inline-size: 0;
  }
  .content > * {
    margin: 0;
    min-inline-size: 0;
  }
  .bus-name {
    font-weight: 700;
    font-size: 1.1em;
    overflow-wrap: anywhere;
  }
  .prompt,
  .no-plan {
    margin: 0;
    padding: var(--_space) 0;
  }
  .notice {
    border-inline-start: 4px solid var(--_accent);
    padding-inline-start: calc(var(--_space) / 2);
    font-weight: 600;
  }

  /* ---------------------------------------------------------------- stops */
  .segment {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) var(--_space);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.2em;
    min-inline-size: 0;
    max-inline-size: 100%;
  }
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.3em 0.5em;
    min-inline-size: 0;
    max-inline-size: 100%;
  }

  /* ---------------------------------------------------------------- list alternative */
  .list-toggle {
    justify-self: start;
    max-inline-size: 100%;
    text-align: start;
  }
  fieldset {
    margin: calc(var(--_space) / 2) 0 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) / 2) var(--_space);
    display: grid;
    gap: 0.25em;
    max-block-size: 20em;
    overflow-y: auto;
  }
  /* WCAG 2.5.8: each row (its label is the checkbox's target) 24 px tall; at line-height normal it was 19 px, 23 px from the next. */
  .seat-option {
    display: flex;
    gap: 0.5em;
    align-items: center;
    overflow-wrap: anywhere;
    min-block-size: 24px;
  }

  /* ---------------------------------------------------------------- legend */
  .legend-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) var(--_space);
  }
  .legend-item {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
  }
  .fares {
    margin: calc(var(--_space) / 2) 0 0;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .fares-title {
    font-weight: 600;
  }

  /* ---------------------------------------------------------------- decks */
  .tablist {
    display: flex;
    gap: 0.25em;
    border-block-end: 1px solid var(--_border);
    margin-block-end: calc(var(--_space) / 2);
  }
  .tab {
    color: var(--_text);
    background: none;
    border: 0;
    border-block-end: 3px solid transparent;
    border-radius: 0;
  }
  .tab[aria-selected='true'] {
    border-block-end-color: var(--_accent);
    font-weight: 700;
  }
  .scroller {
    overflow-x: auto;
    max-inline-size: 100%;
    padding: 4px;
  }
  .decks.side .scroller {
    display: flex;
    align-items: flex-start;
    gap: calc(var(--_seat) / 2);
  }
  .deck {
    flex: none;
    inline-size: max-content;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 2);
    padding: calc(var(--_space) / 2);
  }
  .deck[hidden] {
    display: none;
  }
  .deck-name {
    margin: 0 0 0.25em;
    font-weight: 600;
  }
  .deck-name[hidden] {
    display: none;
  }
  .row {
    display: flex;
  }
  .cell {
    flex: none;
    inline-size: var(--_seat);
    block-size: var(--_seat);
    padding: 3px;
  }

  /* ---------------------------------------------------------------- seats */
  /*
   * Hundreds of seats: every rule here runs per seat, so they stay cheap. A seat is a block (a
   * button centres its text itself), not a grid; it clips with 'overflow: clip', which unlike
   * 'hidden' makes no scroll container; and only marked states have an ::after box.
   */
  .seat {
    position: relative;
    display: block;
    inline-size: 100%;
    block-size: 100%;
    margin: 0;
    padding: 0;
    font: inherit;
    font-size: 0.75em;
    font-weight: 600;
    line-height: 1;
    color: var(--_text);
    background: var(--_surface);
    border: 2px solid var(--_text);
    /* A seat's shape: a rounded back, a flatter front. */
    border-radius: 0.7em 0.7em 0.25em 0.25em;
    overflow: hidden;
    overflow: clip;
    opacity: 1;
    cursor: pointer;
  }
  /* A read-only seat is the gridcell itself, not a button: centre its name. */
  div.seat {
    display: flex;
    align-items: center;
    justify-content: center;
  }
  /* Booked and held seats stay legible: their state shows in pattern, border and mark, not in fading. */
  button.seat[aria-disabled='true'] {
    opacity: 1;
  }
  .seat[data-state='selected'] {
    color: var(--_accent-text);
    background: var(--_accent);
    border: 3px double var(--_accent-text);
    outline: 2px solid var(--_accent);
    outline-offset: -1px;
  }
  .seat[data-state='booked'] {
    color: var(--_muted);
    background: repeating-linear-gradient(45deg, var(--_border) 0 2px, var(--_surface) 2px 6px);
    border: 2px dashed var(--_muted);
    text-decoration: line-through;
    cursor: not-allowed;
  }
  .seat[data-state='held'] {
    color: var(--_muted);
    background: radial-gradient(circle, var(--_border) 1px, var(--_surface) 1.5px) 0 0 / 6px 6px;
    border: 2px dotted var(--_muted);
    cursor: not-allowed;
  }
  .seat[data-state='selected']::after,
  .seat[data-state='booked']::after,
  .seat[data-state='held']::after {
    position: absolute;
    inset-block-start: 0;
    inset-inline-end: 1px;
    font-size: 0.8em;
    line-height: 1;
  }
  .seat[data-state='selected']::after {
    content: '\\2713' / ''; /* a check mark, escaped: the CDN bundle stays ASCII-only */
  }
  .seat[data-state='booked']::after {
    content: '\\2715' / ''; /* a cross */
  }
  .seat[data-state='held']::after {
    content: '\\2016' / ''; /* a double bar */
  }
  .seat:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 1px;
    z-index: 1;
  }
  :host([readonly]) .seat {
    cursor: default;
  }
  .swatch {
    display: inline-block;
    inline-size: 1.4em;
    block-size: 1.4em;
    font-size: 1em;
    flex: none;
  }
  .swatch::after {
    font-size: 0.7em;
  }
  .fixture-name {
    block-size: 100%;
    display: grid;
    place-items: center;
    text-align: center;
    font-size: 0.55em;
    line-height: 1.1;
    color: var(--_muted);
    border: 1px solid var(--_border);
    border-radius: 0.3em;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  /* An aisle cell is a passage: named for screen readers, drawn as empty floor. */
  .fixture-name.passage {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  /* ---------------------------------------------------------------- summary */
  .summary {
    border-block-start: 1px solid var(--_border);
    padding-block-start: var(--_space);
    display: grid;
    /* One column no wider than the host: a long fare name shrinks its select, not the page. */
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) / 2);
  }
  .summary > p {
    margin: 0;
  }
  .summary-title {
    font-weight: 700;
  }
  .muted {
    color: var(--_muted);
  }
  .selected-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.4em;
  }
  .selected-seat {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em var(--_space);
  }
  .selected-name {
    font-weight: 600;
    min-inline-size: 4em;
    overflow-wrap: anywhere;
  }
  .seat-price {
    margin-inline-start: auto;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .clear {
    justify-self: start;
  }

  @media (forced-colors: active) {
    .seat {
      border-color: ButtonText;
      forced-color-adjust: none;
      background: Canvas;
      color: CanvasText;
    }
    /* Booked and held seats stay legible: their state shows in pattern, border and mark, not in fading. */
    button.seat[aria-disabled='true'] {
      opacity: 1;
    }
    .seat[data-state='selected'] {
      background: Highlight;
      color: HighlightText;
      border-color: HighlightText;
      outline-color: Highlight;
    }
    .seat[data-state='booked'],
    .seat[data-state='held'] {
      border-color: GrayText;
      color: GrayText;
    }
  }
`;
