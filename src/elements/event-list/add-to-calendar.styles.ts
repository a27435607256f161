import { css } from 'lit';

/** Styles of the "Add to calendar" disclosure and the list-level download (add-to-calendar.ts); needs `baseStyles`. */
export const addToCalendarStyles = css`
  .calendar {
    margin-block-start: calc(var(--_space) / 2);
  }
  /* A link-like button: the card's primary action is its title link. */
  .calendar-toggle {
    color: var(--_accent);
    background: none;
    border: 0;
    padding: 0;
    text-decoration: underline;
  }
  .calendar-toggle::after {
    content: ' \\25BE' / '';
  }
  .calendar-toggle[aria-expanded='true']::after {
    content: ' \\25B4' / '';
  }
  .calendar-items {
    list-style: none;
    margin: calc(var(--_space) / 2) 0 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
  }
  .calendar-download-all {
    margin-block-end: var(--_space);
  }
  @media (forced-colors: active) {
    .calendar-toggle {
      color: LinkText;
    }
  }
`;
