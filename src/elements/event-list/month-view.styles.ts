/**
 * The month view's look, added to `<event-list>`'s shadow root when the view loads. Only the shared
 * `--_*` properties of `baseStyles`; in forced colours, borders and the focus ring use system colours,
 * today is marked by its underlined number and an outline is only ever the focus.
 */
import { css } from 'lit';

export const monthViewStyles = css`
  .month {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .month-nav {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
  }
  .caption {
    font-weight: 600;
    font-size: 1.15em;
    text-align: center;
    margin: 0 0 calc(var(--_space) / 2);
  }
  .grid {
    inline-size: 100%;
    table-layout: fixed;
    border-collapse: collapse;
  }
  .grid th {
    padding: calc(var(--_space) / 3);
    font-weight: 600;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .grid td {
    vertical-align: top;
    block-size: 5.5em;
    padding: calc(var(--_space) / 3);
    border: 1px solid var(--_border);
  }
  .day {
    background: var(--_surface);
  }
  .outside {
    background: transparent;
  }
  .day:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: -3px;
  }
  .day-number {
    display: block;
    font-weight: 600;
  }
  [part~='today'] .day-number,
  .agenda-day[aria-current='date'] .day-heading {
    color: var(--_accent);
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
  [part~='today'] {
    box-shadow: inset 0 0 0 2px var(--_accent);
  }
  .day-events {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--_space) / 4);
    font-size: 0.85em;
  }
  /* A day with dozens of events scrolls in its cell: its week row stays a row, not thousands of pixels. On paper, all show. */
  @media screen {
    .grid .day-events {
      max-block-size: 14em;
      overflow-y: auto;
    }
  }
  /* WCAG 2.5.8: stacked links shorter than 24 px stand at least 24 px apart, whatever the page's line height. */
  .day-event {
    overflow-wrap: anywhere;
    min-block-size: 24px;
  }
  .event-time {
    color: var(--_muted);
    margin-inline-end: 0.25em;
  }
  .agenda {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space);
  }
  .agenda-day {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) / 2) var(--_space);
  }
  .day-heading {
    font-size: 1em;
    margin: 0 0 calc(var(--_space) / 3);
  }
  .agenda .day-events {
    font-size: 1em;
  }
  .limit-note {
    margin: 0;
    font-size: 0.9em;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    .grid td {
      border-color: CanvasText;
    }
    /* The underlined day number marks today; an outline is only ever the focus. */
    [part~='today'] {
      box-shadow: none;
    }
    .day:focus-visible {
      outline: 3px solid Highlight;
    }
  }
`;
