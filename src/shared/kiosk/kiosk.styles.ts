import { css } from 'lit';

/** The kiosk wrapper of a board: the burn-in shift, the page status, the wake-lock note. */
export const kioskStyles = css`
  /* Burn-in protection moves what the board shows, never its frame or the layout: translate only. */
  .burn-in > [part~='board'] > *,
  .burn-in > :not([part~='board']) {
    translate: var(--_burn-in-x, 0) var(--_burn-in-y, 0);
  }
  [part~='board-page'] {
    text-align: end;
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  [part~='board-page']:not(:empty) {
    margin-block-start: calc(var(--_space) / 2);
  }
  [part~='wake-lock-note'] {
    margin: calc(var(--_space) / 2) 0 0;
    padding: calc(var(--_space) / 3) calc(var(--_space) / 2);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    color: var(--_text);
    font-size: 0.85em;
  }
`;
