/**
 * The whole `/wp-json/` index: which routes and which Interface B dialect a site offers. A module of
 * its own so that widgets needing only the site's zone (`getSiteZone`) never load the index reader.
 */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
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
 */
export async function detectBusDialect(client: ApiClient, override?: BusDialect | null, call?: CallOptions): Promise<BusDialect> {
  if (override) return override;
  const capabilities = await getSiteCapabilities(client, call);
  return capabilities.busDialect ?? 'contract';
}
