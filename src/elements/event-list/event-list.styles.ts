import { css } from 'lit';

export const eventListStyles = css`
  :host {
    --_min-column: var(--tw-event-min-column, 16rem);
  }
  .layout-compact .card {
    padding: calc(var(--_space) / 2) var(--_space);
  }
  .image {
    inline-size: var(--tw-event-image-size, 8rem);
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
    flex: none;
    background: var(--_skeleton);
  }
  .layout-grid .image {
    inline-size: 100%;
  }
  .layout-compact .title {
    font-size: 1em;
  }
  .excerpt {
    margin-block-start: calc(var(--_space) / 2);
    overflow-wrap: anywhere;
  }
  .excerpt > :first-child {
    margin-block-start: 0;
  }
  .excerpt > :last-child {
    margin-block-end: 0;
  }
`;
