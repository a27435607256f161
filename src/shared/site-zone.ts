/**
 * Which zone "today" and "now" are read in, for a widget: the page's explicit choice (`time-zone`
 * attribute, meta tag or `configure`), else the zone the site's REST index publishes
 * (`timezone_string` / `gmt_offset`), else the viewer's (null).
 *
 * The index is read through the page-wide cache (kept ten minutes, one request shared by every widget
 * of the site: event widgets read it trimmed to the two fields, bus widgets the whole index that
 * Interface B dialect detection reads anyway). What it said is
 * remembered per REST root, so a widget can render its clock synchronously once any load has
 * learned it. A site whose index cannot be read (disabled, blocked by a security plugin) is not an
 * error here: a zone learned before stays, else the viewer's is the fallback; the index is asked again a minute later.
 */
import type { ApiClient, CallOptions } from '../api/client.js';
import { isAbort } from '../api/errors.js';
import type { SiteZone } from '../api/site-time.js';
import { getSiteZone } from '../api/site.js';
import { parseRestRoot, type RestRoot } from '../api/url.js';
import { resolveTimeZone } from './config.js';

const FORGET_AFTER_MS = 10 * 60_000;
/** A failed read is tried again this soon (the next read after it). */
const RETRY_FAILED_AFTER_MS = 60_000;
const MAX_SITES = 32;

interface Learned {
  zone: SiteZone | null;
  at: number;
}

const learned = new Map<string, Learned>();

function keyOf(root: RestRoot): string {
  return `${root.kind}:${root.base}`;
}

/**
 * A widget's zone, synchronously (for its clock, "today" and task arguments): its own `time-zone`
 * or the page's, else what a load has learned from the site's index, else null (the viewer's).
 */
export function widgetSiteZone(baseUrl: string, own: string | undefined): SiteZone | null {
  const explicit = resolveTimeZone(own);
  if (explicit || !baseUrl) return explicit;
  try {
    return learned.get(keyOf(parseRestRoot(baseUrl)))?.zone ?? null;
  } catch {
    return null; // an unusable base URL: the widget says so when it loads
  }
}

/**
 * The zone to use: `explicit` when the page set one, else what the site publishes (reading its index),
 * else null. `read` asks the site: by default only the index's zone fields. Bus widgets pass
 * `getIndexZone`, which reads the whole index: they read it anyway, to detect the plugin's dialect,
 * and share that read. Passed in, so that event pages never load the whole-index reader.
 */
export async function siteZoneOf(
  client: ApiClient,
  explicit: SiteZone | null,
  signal?: AbortSignal,
  read: (client: ApiClient, call: CallOptions) => Promise<SiteZone | null> = getSiteZone,
): Promise<SiteZone | null> {
  if (explicit) return explicit;
  const key = keyOf(client.root);
  const known = learned.get(key);
  // Either way: a clock set back since (NTP correcting a kiosk) must not keep a zone for hours.
  if (known && Math.abs(Date.now() - known.at) < FORGET_AFTER_MS) return known.zone;
  let zone: SiteZone | null;
  let at = Date.now();
  try {
    const call = signal ? { signal } : {};
    zone = await read(client, call);
  } catch (error) {
    if (isAbort(error)) throw error;
    // A failed read (the network down for a while) says nothing new about the site: a zone learned
    // before stays, or a board would jump to the kiosk's own zone and show another day. Asked
    // again a minute later, not at every load while the outage lasts. Looked up again: a read that
    // overlapped this one (the trimmed index beside the whole one) may have learned the zone meanwhile.
    zone = learned.get(key)?.zone ?? null;
    at -= FORGET_AFTER_MS - RETRY_FAILED_AFTER_MS;
  }
  if (learned.size >= MAX_SITES && !learned.has(key)) learned.delete(learned.keys().next().value as string);
  learned.set(key, { zone, at });
  return zone;
}
