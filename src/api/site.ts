/** `/wp-json/` index reading: which routes and which Interface B dialect a site offers. */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import type { BusDialect, SiteCapabilities } from './models.js';
import { normalizeSiteIndex } from './normalize/index.js';
import { asRecord, field } from './normalize/read.js';
import { siteZoneFromIndex, type SiteZone } from './site-time.js';

/** The index rarely changes; keep it for ten minutes. */
const INDEX_MAX_AGE_MS = 10 * 60_000;

export async function getSiteCapabilities(client: ApiClient, call: CallOptions = {}): Promise<SiteCapabilities> {
  const response = await client.get('/', {}, { maxAgeMs: INDEX_MAX_AGE_MS, ...call });
  return normalizeWith(response, 'index', normalizeSiteIndex);
}

/**
 * Only the site's zone, from the index trimmed by `_fields`: a few bytes, where the whole index of a
 * real site (every route's schema) weighs hundreds of kilobytes. For widgets that need nothing else.
 */
export async function getSiteZone(client: ApiClient, call: CallOptions = {}): Promise<SiteZone | null> {
  const response = await client.get('/', { _fields: 'timezone_string,gmt_offset' }, { maxAgeMs: INDEX_MAX_AGE_MS, ...call });
  return normalizeWith(response, 'zone', (raw) => {
    const record = asRecord(raw);
    return siteZoneFromIndex(field(record, 'timezone_string'), field(record, 'gmt_offset'));
  });
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
