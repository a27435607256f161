import { css } from 'lit';

/** What only the passenger list needs beyond the shared staff look: seats and prices line up. */
export const busPassengerListStyles = css`
  [data-column='seat'] {
    white-space: nowrap;
  }
  [part~='manifest'] td {
    min-inline-size: 4ch;
  }
`;
