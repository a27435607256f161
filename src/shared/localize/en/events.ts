/** English strings for the event widgets: lists, speakers, category and organizer selects. */
export const EVENTS_EN = {
  eventsLabel: 'Events',
  eventsEmpty: 'No events found.',
  eventsUpcomingEmpty: 'No upcoming events.',
  moreDatesOne: '+1 more date',
  moreDatesOther: '+{count} more dates',
  dateToBeAnnounced: 'Date to be announced',

  categoryLabel: 'Category',
  organizerLabel: 'Organizer',
  allCategories: 'All categories',
  allOrganizers: 'All organizers',
  termsEmpty: 'Nothing to choose from yet.',
  termWithCount: '{name} ({count})',
  categoryRequired: 'Please choose a category.',
  organizerRequired: 'Please choose an organizer.',

  speakersLabel: 'Speakers',
  speakersEmpty: 'No speakers yet.',
  speakersPagination: 'Speaker pages',
  speakerUnnamed: 'Unnamed speaker',

  // add to calendar
  calendarAdd: 'Add to calendar',
  calendarDownloadIcs: 'Download .ics',
  calendarGoogle: 'Google Calendar',
  calendarOutlook: 'Outlook',
  calendarNewTab: '(opens in a new tab)',
  calendarDownloadAll: 'Download these events (.ics)',
};
