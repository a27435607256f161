/** English strings for the event list (the selects' and speakers' own: terms.ts, speakers.ts). */
export const EVENTS_EN = {
  eventsLabel: 'Events',
  eventsEmpty: 'No events found.',
  eventsUpcomingEmpty: 'No upcoming events.',
  eventUntitled: 'Untitled event',
  moreDatesOne: '+1 more date',
  moreDatesOther: '+{count} more dates',
  dateToBeAnnounced: 'Date to be announced',
  localTime: '({time} your time)',
  badgesLabel: 'Availability',
  badgeSoldOut: 'Sold out',
  badgeFewLeft: 'Few seats left',
  badgeRegistrationClosed: 'Registration closed',
  badgePast: 'Past event',
  badgeOnline: 'Online',
  badgeHybrid: 'On site and online',
  searchLabel: 'Search events',
  searchButton: 'Search',
  searchNoResults: 'No events match your search.',
  searchResultsOne: '1 event found.',
  searchResultsOther: '{count} events found.',

  eventCategoriesLabel: 'Categories',

  // add to calendar
  calendarAdd: 'Add to calendar',
  calendarDownloadIcs: 'Download .ics',
  calendarGoogle: 'Google Calendar',
  calendarOutlook: 'Outlook',
  calendarNewTab: '(opens in a new tab)',
  calendarDownloadAll: 'Download these events (.ics)',

  // month view
  monthNavigation: 'Months',
  monthPrevious: 'Previous month, {month}',
  monthNext: 'Next month, {month}',
  monthEmpty: 'No events in {month}.',
  monthLimited: 'Only the first {count} events are placed in the calendar.',
  /** In place of the start time, on the later days of an event that runs over several days. */
  monthContinued: 'continued',
};
