/** English strings for every widget: loading, retry, errors, paging, prices. */
export const COMMON_EN = {
  loading: 'Loading…',
  retry: 'Try again',
  notConfigured:
    'This widget is not configured: set its base-url attribute, or add <meta name="ticketing-widgets:base-url" content="https://your-site/wp-json"> to the page.',

  errorNetwork: 'The site could not be reached. Check the connection and try again.',
  errorTimeout: 'The site took too long to answer.',
  errorNotJson: 'The site answered with a web page instead of data; its REST API may be blocked.',
  errorTruncated: 'The site’s answer was cut off before it ended.',
  errorPhpNotice: 'The site printed a PHP warning with its data; its administrator should turn off WP_DEBUG_DISPLAY.',
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
  errorInvalidSetting: 'This widget’s settings are not valid: {detail}',
  errorPageOutOfRange: 'This page does not exist (any more).',
  firstPage: 'First page',
  errorPartNotLoaded: 'Part of this widget could not be downloaded. Check the connection and try again, or reload the page.',
  errorGeneric: 'Something went wrong ({code}).',

  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',

  online: 'Online',
  free: 'Free',
  priceFrom: 'from {price}',
  priceRange: '{min} – {max}',
};
