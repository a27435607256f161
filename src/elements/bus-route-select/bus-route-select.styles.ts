import { css } from 'lit';

/** `<bus-route-select>`: the From/To pair; goes after `baseStyles` and `selectStyles`. */
export const busRouteSelectStyles = css`
  /* A long stop name widens its select only as far as the element: flex items may shrink below
     their content (min-inline-size: 0) and the select stays within its field (selectStyles). */
  [part~='field'] {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 3);
    min-inline-size: 0;
  }
  [part~='group'] {
    max-inline-size: 100%;
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: calc(var(--_space) / 3) var(--_space);
  }
  [part~='group'] > [part~='label'] {
    flex-basis: 100%;
  }
`;
