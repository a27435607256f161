import { css } from 'lit';

/** The list view: cards with the bus name as a text-like button. */
export const busListStyles = css`
  [part~='select'] {
    color: var(--_accent);
    background: none;
    border: 0;
    padding: 0;
    font-weight: 600;
    text-align: start;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  [part~='select'][aria-pressed='true'] {
    text-decoration-thickness: 3px;
  }
  .card:has([aria-pressed='true']) {
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }
  [part~='times'] {
    color: var(--_text);
    font-variant-numeric: tabular-nums;
  }
  [part~='next-day'] {
    font-size: 0.8em;
    vertical-align: super;
    margin-inline-start: 0.15em;
  }
  .sold-out [part~='seats'] {
    color: var(--_danger);
    font-weight: 600;
  }
  [part~='prompt'] {
    margin: 0;
    padding: var(--_space) 0;
  }
`;
