import { css } from 'lit';

/** What only the attendee list needs beyond the shared staff look: the check-in column centred. */
export const eventAttendeeListStyles = css`
  [data-column='checked-in'] {
    text-align: center;
  }
`;
