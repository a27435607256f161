/**
 * Every element's registration module, by tag. One arrow per tag so the bundler sees each
 * `import()` and gives every element its own chunk.
 */
export const ELEMENT_MODULES: Readonly<Record<string, () => Promise<unknown>>> = {
  'event-list': () => import('../elements/event-list/event-list.js'),
  'event-speaker-list': () => import('../elements/event-speaker-list/event-speaker-list.js'),
  'event-category-select': () => import('../elements/event-category-select/event-category-select.js'),
  'event-organizer-select': () => import('../elements/event-organizer-select/event-organizer-select.js'),
  'event-attendee-list': () => import('../elements/event-attendee-list/event-attendee-list.js'),
  'bus-route-select': () => import('../elements/bus-route-select/bus-route-select.js'),
  'bus-list': () => import('../elements/bus-list/bus-list.js'),
  'bus-seat-map': () => import('../elements/bus-seat-map/bus-seat-map.js'),
  'bus-route-map': () => import('../elements/bus-route-map/bus-route-map.js'),
  'bus-passenger-list': () => import('../elements/bus-passenger-list/bus-passenger-list.js'),
};
