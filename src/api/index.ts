/**
 * The framework-free data layer: usable from widgets, apps and Node.
 * Every function rejects only with `ApiError`.
 */
export * from './errors.js';
export type * from './models.js';
export { ApiClient, type ClientOptions, type CallOptions } from './client.js';
export { OriginCache, cacheForOrigin, type CacheOptions, type CachedResponse } from './cache.js';
export { buildUrl, parseRestRoot, encodeQuery, toRoute, type Query, type RestRoot } from './url.js';
export { parseRetryAfter, DEFAULT_TIMEOUT_MS, type FetchLike } from './http.js';
export { retryAfterMs } from './retry-after.js';
export { WP_MAX_PER_PAGE, MAX_PER_PAGE, type PageRequest } from './paging.js';
export { DEFAULT_MAX_PAGES, PAGE_LIMIT, TOO_MANY_PAGES, type AllPages, type AllPagesOptions } from './all-pages.js';
export * from './events.js';
export * from './speakers.js';
export * from './attendees.js';
export * from './buses.js';
export * from './passengers.js';
export { getSiteZone } from './site.js';
export { getSiteCapabilities, detectBusDialect } from './site-capabilities.js';
export {
  instantOfLocal,
  localEpoch,
  offsetMinutesAt,
  parseSiteZone,
  siteZoneFromIndex,
  wallClock,
  zoneText,
  type SiteZone,
  type WallClock,
} from './site-time.js';
export { decodeEntities, stripTags, safeUrl } from './text.js';
export { escapeHtml } from './text-escape.js';
export { sanitizeHtml } from './sanitize-html.js';
export { phpUnserialize, tryPhpUnserialize, PhpUnserializeError, type PhpValue } from './php-unserialize.js';
export * from './export/index.js';
