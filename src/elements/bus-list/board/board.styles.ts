import { css } from 'lit';

/** The departure board: large, high-contrast (light on near-black), readable across a room. */
export const boardStyles = css`
  [part~='board'] {
    --_board-bg: var(--tw-board-background, #0b0b0f);
    --_board-text: var(--tw-board-text, #ffffff);
    --_board-accent: var(--tw-board-accent, #ffc72c);
    background: var(--_board-bg);
    color: var(--_board-text);
    font-size: var(--tw-board-font-size, 1.5rem);
    padding: var(--_space);
    border-radius: var(--_radius);
    /* The shared states inside the board (skeleton, empty, error) use the board's colours. */
    --_text: var(--_board-text);
    --_muted: var(--_board-text);
    --_accent: var(--_board-accent);
    --_accent-text: var(--_board-bg);
    --_danger: var(--_board-accent);
    --_skeleton: #2a2a33;
  }
  [part~='clock'] {
    margin: 0 0 calc(var(--_space) / 2);
    text-align: end;
    font-size: 1.4em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: var(--_board-accent);
  }
  /* Six columns in large type are wider than a phone (or 200% zoom): the table scrolls inside the
     board, on its dark ground, rather than widen the page with white text beyond it. */
  [part~='board'] [part~='content'] {
    overflow-x: auto;
  }
  [part~='table'] {
    inline-size: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  /* A site's stop, bus or type name of one long word wraps in its column (or the caption) instead of
     widening the table; the column headings and times keep their words whole (they scroll instead). */
  [part~='caption'],
  [part~='destination'],
  [part~='bus'],
  [part~='type'] {
    overflow-wrap: anywhere;
  }
  [part~='caption'] {
    text-align: start;
    font-weight: 700;
    font-size: 1.1em;
    padding-block-end: calc(var(--_space) / 2);
  }
  [part~='header'] {
    text-align: start;
    font-size: 0.7em;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    border-block-end: 2px solid var(--_board-text);
    padding: calc(var(--_space) / 3) calc(var(--_space) / 2);
  }
  [part~='cell'] {
    text-align: start;
    font-weight: 400;
    padding: calc(var(--_space) / 2);
    border-block-end: 1px solid #4a4a55;
    vertical-align: baseline;
  }
  [part~='departure'] {
    color: var(--_board-accent);
    font-weight: 700;
  }
  [part~='board'] [part~='select'] {
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    font: inherit;
    text-align: start;
    text-decoration: underline;
    text-decoration-color: #8a8a96;
    text-underline-offset: 0.15em;
  }
  [part~='board'] [part~='select'][aria-pressed='true'] {
    text-decoration-color: var(--_board-accent);
    text-decoration-thickness: 3px;
  }
  [part~='board'] :focus-visible {
    outline-color: var(--_board-accent);
  }
  [part~='row'][part~='sold-out'] [part~='seats'] {
    color: var(--_board-accent);
    font-weight: 700;
  }
  [part~='next-day'] {
    font-size: 0.7em;
    vertical-align: super;
    margin-inline-start: 0.15em;
  }
  [part~='status'] {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) var(--_space);
    justify-content: space-between;
    margin-block-start: var(--_space);
    font-size: 0.7em;
  }
  [part~='status'] p {
    margin: 0;
  }
  [part~='notice'] {
    color: var(--_board-bg);
    background: var(--_board-accent);
    padding: 0 calc(var(--_space) / 2);
    border-radius: calc(var(--_radius) / 2);
    font-weight: 700;
  }
  [part~='day'] {
    text-align: start;
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: var(--_board-accent);
    padding: calc(var(--_space) / 2) calc(var(--_space) / 2) calc(var(--_space) / 4);
    border-block-end: 1px solid var(--_board-accent);
  }
  [part~='countdown'] {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  [part~='badge'] {
    display: inline-block;
    font-size: 0.65em;
    font-weight: 700;
    text-transform: uppercase;
    padding: 0.1em 0.4em;
    border: 2px solid var(--_board-accent);
    border-radius: 0.3em;
    color: var(--_board-accent);
    vertical-align: middle;
  }
  [part~='badge'][part~='full'] {
    background: var(--_board-accent);
    color: var(--_board-bg);
  }
  [part~='stale-banner'] {
    margin: 0 0 calc(var(--_space) / 2);
    padding: calc(var(--_space) / 2) var(--_space);
    border: 2px solid var(--_board-accent);
    border-inline-start-width: 0.5em;
    font-weight: 700;
  }
  @media (forced-colors: active) {
    [part~='badge'],
    [part~='stale-banner'] {
      border-color: CanvasText;
    }
    [part~='badge'][part~='full'] {
      background: CanvasText;
      color: Canvas;
      forced-color-adjust: none;
    }
    [part~='board'] {
      --_board-bg: Canvas;
      --_board-text: CanvasText;
      --_board-accent: CanvasText;
    }
    [part~='notice'] {
      border: 2px solid CanvasText;
    }
  }
`;
