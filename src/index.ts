/**
 * The CDN entry: registers every element and exposes the data layer and page configuration.
 */
export * from './api/index.js';
export { configure, type PageConfig } from './shared/config.js';
export type { Strings } from './shared/localize/strings.js';
export * from './elements/event-list/event-list.js';
export * from './elements/event-speaker-list/event-speaker-list.js';
export * from './elements/event-category-select/event-category-select.js';
export * from './elements/event-organizer-select/event-organizer-select.js';
export * from './elements/bus-route-select/bus-route-select.js';
export * from './elements/bus-list/bus-list.js';
export * from './elements/bus-seat-map/bus-seat-map.js';
export * from './elements/bus-route-map/bus-route-map.js';
export * from './elements/bus-passenger-list/bus-passenger-list.js';
export * from './elements/event-attendee-list/event-attendee-list.js';
