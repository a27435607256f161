// The select elements' look, in a module of its own: pages without a select do not load it.
import { css } from 'lit';

/** Native selects with a label above them (term and route selects); goes after `baseStyles`. */
export const selectStyles = css`
  /* Block-level like every host, so a theme's content column (margins, max width) applies to it;
     the label and the control inside keep their own width. */
  :host {
    display: block;
    max-inline-size: 100%;
  }
  [part~='base'] {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: calc(var(--_space) / 3);
  }
  [part~='label'] {
    font-weight: 600;
  }
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) / 3) calc(var(--_space) / 2);
    /* Never wider than a container narrower than the minimum (a phone's sidebar column). */
    min-inline-size: min(var(--tw-select-min-width, 12rem), 100%);
    max-inline-size: 100%;
    /* The native popup follows the same scheme as the surface around it. */
    color-scheme: light;
  }
  select:is(:disabled, [aria-disabled]) {
    opacity: 0.6;
    cursor: default;
  }
  [part~='empty'] {
    padding: 0;
    font-size: 0.9em;
  }
  [part~='error'] {
    padding: calc(var(--_space) / 2);
    font-size: 0.9em;
  }
  @media (prefers-color-scheme: dark) {
    select {
      color-scheme: dark;
    }
  }
  @media (forced-colors: active) {
    select {
      border-color: ButtonText;
    }
    select:is(:disabled, [aria-disabled]) {
      opacity: 1;
      border-color: GrayText;
    }
  }
`;
