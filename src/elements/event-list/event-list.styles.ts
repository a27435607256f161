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
  /* break-word, not anywhere: the list's column never grows to fit a word (cardListStyles), and
     anywhere makes every excerpt's minimum width a per-letter measurement on each layout. */
  .excerpt {
    margin-block-start: calc(var(--_space) / 2);
    overflow-wrap: break-word;
  }
  .excerpt pre {
    white-space: pre-wrap;
  }
  .excerpt > :first-child {
    margin-block-start: 0;
  }
  .excerpt > :last-child {
    margin-block-end: 0;
  }
  .badges {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 3);
    margin: 0 0 calc(var(--_space) / 3);
    padding: 0;
    font-size: 0.8em;
  }
  .badge {
    border-radius: calc(var(--_radius) / 2);
    padding: 0 calc(var(--_space) / 2);
    border: 1px solid currentColor;
    font-weight: 600;
  }
  .badge-sold-out,
  .badge-registration-closed {
    color: var(--_danger);
  }
  .badge-few-left {
    color: var(--_accent);
  }
  .badge-past {
    color: var(--_muted);
  }
  .zone {
    text-decoration: none;
    font-size: 0.9em;
  }
  .local-time {
    font-size: 0.9em;
  }
  .search {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    margin-block-end: var(--_space);
  }
  .search input {
    flex: 1 1 12rem;
    min-inline-size: 0;
    font: inherit;
    padding: calc(var(--_space) / 3) calc(var(--_space) / 2);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    color: inherit;
  }
  /* The element's own width decides (event-list.component.ts, NARROW_BELOW_REM), not the viewport's:
     a list in a sidebar of a wide page is narrow too. */
  .narrow .card {
    flex-direction: column;
  }
  .narrow .image {
    inline-size: 100%;
  }
  .narrow .excerpt {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 4;
    overflow: hidden;
  }
`;
