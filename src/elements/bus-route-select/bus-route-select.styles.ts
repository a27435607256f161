import { css } from 'lit';

/** `<bus-route-select>`; goes after `baseStyles`. */
export const busRouteSelectStyles = css`
  :host {
    display: inline-block;
    vertical-align: top;
    max-inline-size: 100%;
  }
  [part~='base'],
  [part~='field'] {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 3);
  }
  [part~='group'] {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: calc(var(--_space) / 3) var(--_space);
  }
  [part~='group'] > [part~='label'] {
    flex-basis: 100%;
  }
  [part~='label'] {
    font-weight: 600;
  }
  select {
    font: inherit;
    color: var(--_text);
    background: var(--tw-color-surface, var(--_surface));
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) / 3) calc(var(--_space) / 2);
    min-inline-size: var(--tw-select-min-width, 12rem);
    max-inline-size: 100%;
    /* The native popup follows the same scheme as the surface around it. */
    color-scheme: light;
  }
  select:disabled {
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
    select:disabled {
      opacity: 1;
      border-color: GrayText;
    }
  }
`;
