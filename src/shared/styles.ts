/**
 * Shared look: every colour, spacing, radius and font goes through a `--tw-*` custom property with
 * a light and a dark default; forced-colors mode falls back to system colours.
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    --_text: var(--tw-color-text, #1d1d1f);
    --_muted: var(--tw-color-muted, #5b5b66);
    --_bg: var(--tw-color-background, transparent);
    --_surface: var(--tw-color-surface, #ffffff);
    --_border: var(--tw-color-border, #d0d0d7);
    --_accent: var(--tw-color-accent, #0b57d0);
    --_accent-text: var(--tw-color-accent-contrast, #ffffff);
    --_danger: var(--tw-color-danger, #b3261e);
    --_skeleton: var(--tw-color-skeleton, #e8e8ee);
    --_space: var(--tw-space, 0.75rem);
    --_radius: var(--tw-radius, 0.5rem);
    --_font: var(--tw-font-family, inherit);
    --_font-size: var(--tw-font-size, 1rem);
    display: block;
    box-sizing: border-box;
    color: var(--_text);
    background: var(--_bg);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
  }
  @media (prefers-color-scheme: dark) {
    /* Light text needs a dark ground it can rely on: the host page may still be light. */
    :host {
      --_bg: var(--tw-color-background, #16161a);
      --_text: var(--tw-color-text, #ececf1);
      --_muted: var(--tw-color-muted, #a8a8b3);
      --_surface: var(--tw-color-surface, #1f1f24);
      --_border: var(--tw-color-border, #3a3a44);
      --_accent: var(--tw-color-accent, #8ab4f8);
      --_accent-text: var(--tw-color-accent-contrast, #0b1b33);
      --_danger: var(--tw-color-danger, #f2b8b5);
      --_skeleton: var(--tw-color-skeleton, #2c2c33);
    }
  }
  :host([hidden]) {
    display: none;
  }
  /* The page's fallback link shown in an error box (its own link styles still win): the browser's
     default link blue is unreadable on the dark ground above. */
  ::slotted(a) {
    color: var(--_accent);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    color: var(--_accent-text);
    background: var(--_accent);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    padding: calc(var(--_space) / 3) var(--_space);
    cursor: pointer;
  }
  button:disabled,
  button[aria-disabled='true'] {
    cursor: default;
    opacity: 0.5;
  }
  :focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  a {
    color: var(--_accent);
  }
  [part~='error'] {
    /* A site's error detail may be one long unbroken string; it must not widen the widget. */
    overflow-wrap: anywhere;
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    padding: var(--_space);
    color: var(--_text);
  }
  [part~='error-message'] {
    margin: 0 0 calc(var(--_space) / 2);
  }
  [part~='empty'] {
    color: var(--_muted);
    margin: 0;
    padding: var(--_space) 0;
  }
  .skeleton {
    display: block;
    background: var(--_skeleton);
    border-radius: var(--_radius);
    min-height: 1.2em;
    margin-block: calc(var(--_space) / 2);
  }
  @media (prefers-reduced-motion: no-preference) {
    .skeleton {
      animation: tw-pulse 1.2s ease-in-out infinite alternate;
    }
  }
  @keyframes tw-pulse {
    to {
      opacity: 0.5;
    }
  }
  [part~='pagination'] {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    margin-block-start: var(--_space);
  }
  /* Loading over shown content: a bar, not dimming, so text keeps its contrast. */
  [part~='content'] {
    position: relative;
  }
  :host([pending]) [part~='content']::before {
    content: '';
    position: absolute;
    inset-block-start: calc(var(--_space) / -2);
    inset-inline: 0;
    block-size: 3px;
    border-radius: 3px;
    background: var(--_accent);
  }
  :host([pending]) {
    cursor: progress;
  }
  @media (prefers-reduced-motion: no-preference) {
    :host([pending]) [part~='content']::before {
      animation: tw-pulse 0.8s ease-in-out infinite alternate;
    }
  }
  @media (forced-colors: active) {
    :host {
      --_accent: LinkText;
      --_accent-text: ButtonText;
      --_border: CanvasText;
      --_danger: CanvasText;
      --_skeleton: GrayText;
    }
    button {
      color: ButtonText;
      background: ButtonFace;
      border-color: ButtonText;
    }
    :host([pending]) [part~='content']::before {
      background: Highlight;
    }
  }
`;

/**
 * Card lists (events, speakers, buses): a `.list` of cards with `.card`, one column, or a grid of
 * `--_min-column` wide columns with `.layout-grid`. Class selectors, not `[part~=…]`: a list of a
 * hundred cards restyles measurably faster when the browser can bucket rules by class.
 */
export const cardListStyles = css`
  /* One column that never grows past the host: a long word in a card cannot widen the list, so
     the cards' text can wrap with break-word, which lays out faster than anywhere. */
  .list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
  }
  .list.layout-grid {
    grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--_min-column, 16rem)), 1fr));
  }
  .card {
    display: flex;
    gap: var(--_space);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    block-size: 100%;
  }
  .layout-grid .card {
    flex-direction: column;
  }
  .body {
    min-inline-size: 0;
  }
  .title {
    font-size: 1.1em;
    margin: 0 0 calc(var(--_space) / 3);
    overflow-wrap: anywhere;
  }
  /* The line of secondary facts under a card's title (date, venue, price; times, type, fare). */
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 3) var(--_space);
    margin: 0;
    color: var(--_muted);
    /* Each fact is a flex item: only anywhere lets a long venue name shrink to the line and wrap. */
    overflow-wrap: anywhere;
  }
`;

/** Small pill lists (categories, bus features): `<ul class="chips">` of `<li class="chip">`. */
export const chipStyles = css`
  .chips {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 3);
    margin: calc(var(--_space) / 2) 0 0;
    padding: 0;
  }
  .chip {
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: 0 calc(var(--_space) / 2);
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
`;
