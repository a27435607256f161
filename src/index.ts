/**
 * The CDN entry: the data layer and page configuration. Element modules register themselves here
 * as the widget issues add them.
 */
export * from './api/index.js';
