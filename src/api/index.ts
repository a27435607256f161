export * from './errors.js';
export type * from './models.js';
