/**
 * Every element's tag. The CDN build makes each element folder an entry of its own,
 * `elements/<tag>.js` beside the loader (rollup.config.mjs), which the loader imports by that URL:
 * the URL a page's `modulepreload` hint names, and one it can ask for again under a fresh query.
 */
export const ELEMENT_TAGS: readonly string[] = [
  'event-list',
  'event-speaker-list',
  'event-category-select',
  'event-organizer-select',
  'event-attendee-list',
  'bus-route-select',
  'bus-list',
  'bus-seat-map',
  'bus-route-map',
  'bus-passenger-list',
];
