import { css } from 'lit';

export const eventListStyles = css`
  :host {
    --_min-column: var(--tw-event-min-column, 16rem);
  }
  .layout-compact .card {
    padding: calc(var(--_space) / 2) var(--_space);
  }
  [part~='image'] {
    inline-size: var(--tw-event-image-size, 8rem);
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
    flex: none;
    background: var(--_skeleton);
  }
  .layout-grid [part~='image'] {
    inline-size: 100%;
  }
  .layout-compact [part~='title'] {
    font-size: 1em;
  }
  [part~='excerpt'] {
    margin-block-start: calc(var(--_space) / 2);
    overflow-wrap: anywhere;
  }
  [part~='excerpt'] > :first-child {
    margin-block-start: 0;
  }
  [part~='excerpt'] > :last-child {
    margin-block-end: 0;
  }
`;
