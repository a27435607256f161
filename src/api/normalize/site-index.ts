/**
 * The `/wp-json/` index → {@link SiteCapabilities}: which routes a site has, hence which widgets
 * can work and which Interface B dialect it speaks.
 */
import { invalidResponse } from '../errors.js';
import type { BusDialect, SiteCapabilities } from '../models.js';
import { siteZoneFromIndex } from '../site-time.js';
import { asRecord, field, kindOf, plainText } from './read.js';
import { readStringArray } from './read-bus.js';

const SEATS_ROUTE = /^\/wbtm\/v1\/buses\/\(\?P<id>[^/]+\)\/seats$/;

/** Real sites key `routes` by pattern; trimmed copies list the patterns. */
function routePatterns(raw: unknown): Set<string> {
  if (Array.isArray(raw)) return new Set(readStringArray(raw));
  const record = asRecord(raw);
  return new Set(record === null ? [] : Object.keys(record));
}

function busDialect(routes: Set<string>, namespaces: string[]): BusDialect | null {
  if (routes.has('/wbtm/v1/buses')) return 'contract';
  if (routes.has('/wbtm/v1/buses/search')) return 'plugin';
  // The namespace without either route is an unknown version of the plugin: assume its own dialect.
  return namespaces.includes('wbtm/v1') ? 'plugin' : null;
}

/** Throws `tw_invalid_response` unless the body has `routes` or `namespaces`. */
export function normalizeSiteIndex(raw: unknown): SiteCapabilities {
  const record = asRecord(raw);
  const rawRoutes = field(record, 'routes');
  const rawNamespaces = field(record, 'namespaces');
  if (record === null || (rawRoutes === undefined && rawNamespaces === undefined)) {
    throw invalidResponse(`Expected the /wp-json/ index, got ${kindOf(raw)} without routes or namespaces.`);
  }
  const routes = routePatterns(rawRoutes);
  const namespaces = readStringArray(rawNamespaces);
  return {
    name: plainText(field(record, 'name')),
    namespaces,
    events: routes.has('/wp/v2/mep_events'),
    speakers: routes.has('/wp/v2/mep_event_speaker'),
    attendees: routes.has('/wp/v2/mep_event_attendee'),
    categories: routes.has('/wp/v2/mep_cat'),
    organizers: routes.has('/wp/v2/mep_org'),
    busDialect: busDialect(routes, namespaces),
    passengers: routes.has('/wbtm/v1/passengers'),
    seats: [...routes].some((route) => SEATS_ROUTE.test(route)),
    timeZone: siteZoneFromIndex(field(record, 'timezone_string'), field(record, 'gmt_offset')),
  };
}
