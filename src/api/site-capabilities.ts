/**
 * The whole `/wp-json/` index: which routes and which Interface B dialect a site offers. A module of
 * its own so that widgets needing only the site's zone (`getSiteZone`) never load the index reader.
 */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import { isAbort } from './errors.js';
import type { BusDialect, SiteCapabilities } from './models.js';
import { normalizeSiteIndex } from './normalize/index.js';
import { INDEX_MAX_AGE_MS } from './site.js';
import type { SiteZone } from './site-time.js';

export async function getSiteCapabilities(client: ApiClient, call: CallOptions = {}): Promise<SiteCapabilities> {
  const response = await client.get('/', {}, { maxAgeMs: INDEX_MAX_AGE_MS, ...call });
  return normalizeWith(response, 'index', normalizeSiteIndex);
}

/** The site's zone from the whole index: for bus widgets, which read the index anyway for the dialect. */
export async function getIndexZone(client: ApiClient, call: CallOptions = {}): Promise<SiteZone | null> {
  return (await getSiteCapabilities(client, call)).timeZone;
}

/**
 * The dialect to use: the caller's override when given (`dialect="contract|plugin"`), else what
 * the index says, else `contract` (the published contract) when the site does not list its routes.
 * Where the index cannot be read at all (a security plugin closes `/wp-json/` to visitors and
 * leaves the routes open) and the caller knows what its inputs mean (`from`/`to` without a route
 * id are the plugin's search), `unreadable` is used instead of failing.
 */
export async function detectBusDialect(client: ApiClient, override?: BusDialect | null, call?: CallOptions, unreadable?: BusDialect): Promise<BusDialect> {
  if (override) return override;
  let capabilities: SiteCapabilities;
  try {
    capabilities = await getSiteCapabilities(client, call);
  } catch (error) {
    if (!unreadable || isAbort(error)) throw error;
    return unreadable;
  }
  return capabilities.busDialect ?? 'contract';
}
