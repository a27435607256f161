/** The site's zone from the `/wp-json/` index, read alone (the whole index: site-capabilities.ts). */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import { asRecord, field } from './normalize/read.js';
import { siteZoneFromIndex, type SiteZone } from './site-time.js';

/** The index rarely changes; keep it for ten minutes. */
export const INDEX_MAX_AGE_MS = 10 * 60_000;

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
