import { css } from 'lit';

/**
 * The ordered list of stops drawn as a line diagram: a marker per stop (its fill tells the kind,
 * which the text says too) on a line drawn with borders (kept in forced colours), running down the
 * inline start (`vertical`) or across the top (`horizontal`, one equal column per stop).
 */
export const busRouteMapStyles = css`
  :host {
    --_line: var(--tw-route-line-color, var(--_accent));
    --_marker: var(--tw-route-marker-size, 1.25rem);
    --_line-width: 4px;
  }
  [part~='title'] {
    margin: 0 0 calc(var(--_space) / 2);
    font-weight: 600;
    font-size: 1.15em;
    overflow-wrap: anywhere;
  }
  [part~='live-status'],
  [part~='more'] {
    margin: 0 0 var(--_space);
  }
  [part~='live-status'] {
    font-weight: 600;
  }
  [part~='more'] {
    color: var(--_muted);
    font-size: 0.9em;
  }
  [part~='list'],
  [part~='calls'] {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  [part~='stop'] {
    position: relative;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  [part~='stop-name'] {
    font-weight: 600;
  }
  [part~='times'] {
    font-variant-numeric: tabular-nums;
  }
  [part~='next-day'] {
    font-size: 0.8em;
    vertical-align: super;
    margin-inline-start: 0.15em;
  }
  [part~='kind'],
  [part~='call-bus'] {
    color: var(--_muted);
    font-size: 0.9em;
  }
  [part~='followed'] [part~='time'] {
    font-weight: 700;
    text-decoration: underline;
  }
  [part~='next-stop'] {
    display: inline-block;
    border: 2px solid var(--_line);
    border-radius: 999px;
    padding: 0 0.5em;
    font-size: 0.9em;
    inline-size: fit-content;
  }
  [part~='passed'] [part~='stop-name'] {
    font-weight: 400;
  }
  [part~='passed-mark'] {
    font-weight: 700;
  }

  /* The stop marker: boarding filled, alighting hollow, both a ring with a dot. */
  .marker {
    position: relative;
    z-index: 1;
    display: block;
    inline-size: var(--_marker);
    block-size: var(--_marker);
    border: 3px solid var(--_line);
    border-radius: 50%;
    background: var(--_surface);
  }
  [part~='stop-boarding'] .marker {
    background: var(--_line);
  }
  [part~='stop-both'] .marker {
    background: radial-gradient(circle, var(--_line) 0 30%, var(--_surface) 34%);
  }
  [part~='next'] .marker {
    outline: 3px double var(--_line);
    outline-offset: 2px;
  }
  /* A few pulses when the next stop changes, then still: motion that went on for more than 5 s
     would need a way to pause it (WCAG 2.2.2); the double outline marks the stop on its own. */
  @media (prefers-reduced-motion: no-preference) {
    [part~='next'] .marker {
      animation: tw-route-next 1.2s ease-in-out 4 alternate;
    }
  }
  @keyframes tw-route-next {
    to {
      outline-offset: 5px;
    }
  }

  /* The line: a border from this stop's marker to the next one's. */
  [part~='stop']::before {
    content: '';
    position: absolute;
    border: 0 solid var(--_line);
  }
  [part~='stop']:last-child::before {
    display: none;
  }

  .vertical [part~='stop'] {
    display: grid;
    grid-template-columns: var(--_marker) minmax(0, 1fr);
    column-gap: var(--_space);
    align-items: start;
    padding-block-end: calc(var(--_space) * 1.5);
  }
  .vertical [part~='stop'] > :not(.marker) {
    grid-column: 2;
  }
  .vertical .marker {
    grid-column: 1;
    grid-row: 1 / span 4;
  }
  .vertical [part~='stop']::before {
    inset-block: calc(var(--_marker) / 2) calc(var(--_marker) / -2);
    inset-inline-start: calc((var(--_marker) - var(--_line-width)) / 2);
    border-inline-start-width: var(--_line-width);
  }

  .horizontal {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: minmax(0, 1fr);
  }
  .horizontal [part~='stop'] {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.15em;
    text-align: center;
    padding-inline: calc(var(--_space) / 3);
  }
  .horizontal .marker {
    margin-block-end: calc(var(--_space) / 3);
  }
  .horizontal [part~='stop']::before {
    inset-block-start: calc((var(--_marker) - var(--_line-width)) / 2);
    inset-inline-start: 50%;
    inline-size: 100%;
    border-block-start-width: var(--_line-width);
  }

  [part~='prompt'] {
    margin: 0;
    padding: var(--_space) 0;
  }
  @media (forced-colors: active) {
    :host {
      --_line: CanvasText;
    }
    .marker {
      forced-color-adjust: none;
      border-color: CanvasText;
      background: Canvas;
    }
    [part~='stop-boarding'] .marker {
      background: CanvasText;
    }
    [part~='stop-both'] .marker {
      background: radial-gradient(circle, CanvasText 0 30%, Canvas 34%);
    }
    [part~='next'] .marker {
      outline-color: Highlight;
    }
    [part~='next-stop'] {
      border-color: Highlight;
    }
  }
`;
