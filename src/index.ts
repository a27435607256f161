/**
 * The CDN entry: registers every element and exposes the data layer and page configuration.
 */
export * from './api/index.js';
export { configure, type PageConfig } from './shared/config.js';
export type { Strings } from './shared/localize/strings.js';
export * from './elements/event-list/event-list.js';
