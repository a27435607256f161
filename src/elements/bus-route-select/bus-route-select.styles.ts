import { css } from 'lit';

/** `<bus-route-select>`: the From/To pair; goes after `baseStyles` and `selectStyles`. */
export const busRouteSelectStyles = css`
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
`;
