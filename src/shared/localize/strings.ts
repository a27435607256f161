/**
 * Every UI string, in English. `{name}` placeholders are filled by `format()`. Widgets take
 * overrides through their `strings` property or `configure({ strings })`.
 */
export const EN = {
  loading: 'Loading…',
  retry: 'Try again',
  notConfigured:
    'This widget is not configured: set its base-url attribute, or add <meta name="ticketing-widgets:base-url" content="https://your-site/wp-json"> to the page.',

  errorNetwork: 'The site could not be reached. Check the connection and try again.',
  errorTimeout: 'The site took too long to answer.',
  errorNotJson: 'The site answered with a web page instead of data; its REST API may be blocked.',
  errorTruncated: 'The site’s answer was cut off before it ended.',
  errorPhpNotice: 'The site printed a PHP warning before its data; its administrator should turn off WP_DEBUG_DISPLAY.',
  errorForbidden: 'This data needs a login the widget does not have.',
  errorCredentials: 'The site rejected the proxy’s credentials.',
  errorNotFound: 'Not found.',
  errorNoRoute: 'This site does not publish this data (the plugin’s REST API is turned off or the plugin is missing).',
  errorNoRouteEvents: 'Events are not published by this site (REST API disabled in the plugin settings).',
  errorNoRouteSpeakers: 'Speakers are not published by this site (REST API disabled in the plugin settings).',
  errorRateLimited: 'The site asked us to slow down. Try again in {seconds} s.',
  errorServer: 'The site had a problem (HTTP {status}).',
  errorInvalidResponse: 'The site’s data could not be read.',
  errorInvalidParam: 'The site rejected the request: {detail}',
  errorPageOutOfRange: 'This page does not exist (any more).',
  errorGeneric: 'Something went wrong ({code}).',

  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',

  eventsLabel: 'Events',
  eventsEmpty: 'No events found.',
  eventsUpcomingEmpty: 'No upcoming events.',
  online: 'Online',
  free: 'Free',
  priceFrom: 'from {price}',
  priceRange: '{min} – {max}',
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

  busesLabel: 'Buses',
  busesEmpty: 'No buses found.',
  busesChooseRoute: 'Choose a route to see its buses.',
  busesPagination: 'Bus pages',
  busesUnknownStop: 'The site does not know one of these stops; please choose the route again.',
  busUnnamed: 'Bus {id}',
  busFeatures: 'Features',
  routeFromTo: '{from} → {to}',
  seatsLeftOne: '{count} seat left',
  seatsLeftOther: '{count} seats left',
  soldOut: 'Sold out',
  arrivesNextDay: 'arrives the next day',
  arrivesDaysLater: 'arrives {count} days later',
  timeUnknown: 'time not announced',

  boardCaption: 'Departures',
  boardCaptionFrom: 'Departures from {from}',
  boardClock: 'Current time',
  boardDeparture: 'Departs',
  boardDestination: 'To',
  boardBus: 'Bus',
  boardType: 'Type',
  boardArrival: 'Arrives',
  boardSeats: 'Seats left',
  boardEmpty: 'No more departures.',
  boardLastUpdated: 'Last updated {time}',
  boardOffline: 'Offline: the departures shown may be out of date.',
  boardStale: 'The departures shown may be out of date. {reason}',
  boardNextTry: 'Next try at {time}.',
  boardUpdated: 'Departures updated: {changes}.',
  boardChanged: '{count} changed',
  boardAdded: '{count} added',
  boardRemoved: '{count} removed',
  boardProblem: 'The departures could not be updated; the board shows the last ones received.',
  boardRecovered: 'The departures are up to date again.',

  routeLabel: 'Route',
  routePlaceholder: 'Choose a route…',
  routeOption: '{from} → {to}',
  routeVia: '{route} (via {stops})',
  routeViaTitle: 'via {stops}',
  routeFromLabel: 'From',
  routeToLabel: 'To',
  routeFromPlaceholder: 'Choose where to board…',
  routeToPlaceholder: 'Choose a destination…',
  routesEmpty: 'No routes to choose from yet.',
  routeRequired: 'Please choose a route.',
  routeFromRequired: 'Please choose where to board.',
  routeToRequired: 'Please choose a destination.',
  routesNeedLogin:
    'This site shares its routes only with a login, which a web page must not hold. Site owner: set base-url to the ticketing-widgets proxy, which keeps the login on the server.',
};

export type Strings = typeof EN;
export type StringKey = keyof Strings;

/** Fills `{name}` placeholders; unknown names stay visible so a broken override is noticed. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
