import { css } from 'lit';

export const eventSpeakerListStyles = css`
  :host {
    --_photo-size: var(--tw-speaker-photo-size, 6rem);
    --_photo-radius: var(--tw-speaker-photo-radius, 50%);
    --_min-column: var(--tw-speaker-min-column, 14rem);
  }
  .layout-grid [part~='card'] {
    align-items: center;
    text-align: center;
  }
  [part~='photo'],
  [part~='avatar'] {
    flex: none;
    inline-size: var(--_photo-size);
    block-size: var(--_photo-size);
    border-radius: var(--_photo-radius);
  }
  [part~='photo'] {
    object-fit: cover;
    background: var(--_skeleton);
  }
  [part~='avatar'] {
    display: grid;
    place-items: center;
    background: var(--_accent);
    color: var(--_accent-text);
    border: 1px solid var(--_accent);
    font-size: calc(var(--_photo-size) / 3);
    font-weight: 600;
    letter-spacing: 0.03em;
    user-select: none;
  }
  [part~='body'] {
    min-inline-size: 0;
    inline-size: 100%;
  }
  [part~='name'] {
    font-size: 1.1em;
    margin: 0 0 calc(var(--_space) / 3);
    overflow-wrap: anywhere;
  }
  [part~='role'] {
    margin: 0;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  [part~='bio'] {
    margin-block-start: calc(var(--_space) / 2);
    overflow-wrap: anywhere;
    text-align: start;
  }
  .bio-short [part~='bio'] {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--tw-speaker-bio-lines, 4);
    overflow: hidden;
  }
  /* A keyboard user reaching a link hidden by the clamp sees the whole bio. */
  .bio-short [part~='bio']:focus-within {
    display: block;
    -webkit-line-clamp: none;
    overflow: visible;
  }
  /* Preformatted text from the site wraps too: a line of code must not widen a 320 px page. */
  [part~='bio'] pre {
    white-space: pre-wrap;
  }
  [part~='bio'] > :first-child {
    margin-block-start: 0;
  }
  [part~='bio'] > :last-child {
    margin-block-end: 0;
  }
  @media (forced-colors: active) {
    [part~='avatar'] {
      background: Canvas;
      color: CanvasText;
      border-color: CanvasText;
    }
  }
`;
