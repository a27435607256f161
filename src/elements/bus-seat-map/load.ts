/**
 * What `<bus-seat-map>` reads, in either dialect of Interface B:
 * - contract: `/wbtm/v1/buses/{id}`, one record with the stops, the per-segment fare tiers and the
 *   seat layout (no per-date availability, so every seat reads as available);
 * - plugin: `/wbtm/v1/buses/{id}` (stops, whole-route fares) and `/wbtm/v1/buses/{id}/seats?date&bp&dp`
 *   (the layout with availability for that date and segment). For a segment shorter than the whole
 *   route the fares come from `/buses/search?bp&dp&date` (the only per-segment prices the plugin
 *   publishes; `<bus-list>` has usually asked the very same URL, so the cache answers).
 * Models handed out are the cache's memoized ones: an answer confirmed with a 304 is the same object.
 */
import { getBus, getSeatMap, searchBuses } from '../../api/buses.js';
import type { ApiClient, CallOptions } from '../../api/client.js';
import { isAbort } from '../../api/errors.js';
import type { Bus, BusDetail, BusDialect, Fare, LocalDate, SeatMap } from '../../api/models.js';
import { detectBusDialect, getIndexZone } from '../../api/site-capabilities.js';
import type { SiteZone } from '../../api/site-time.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDate } from '../../shared/wall-clock.js';
import { faresFor, isWholeRoute, resolveSegment, type Segment } from './selection.js';
import { mayHideUpperDeck, withoutHiddenUpperDeck } from './hidden-deck.js';

export interface SeatInputs {
  /** `dialect` attribute; null = detect from the site's index. */
  dialect: BusDialect | null;
  busId: number;
  /** Plugin dialect: the service date; '' for the site's today. */
  date: LocalDate | '';
  /** The page's explicit site zone for "today"; null = the zone the site's index publishes, else the viewer's. */
  zone: SiteZone | null;
  /** The present, for "today" (the element's scheduler). */
  now: number;
  /** Stop names as the attributes give them ('' = first boarding / last dropping stop). */
  boarding: string;
  dropping: string;
}

export interface SeatLoad {
  dialect: BusDialect;
  bus: BusDetail;
  segment: Segment;
  /** The date availability is for (plugin); null in the contract dialect. */
  date: LocalDate | null;
  /** The layout shown (with availability in the plugin dialect); null when the contract record has none. */
  seatMap: SeatMap | null;
  /** The layout as the site sent it (the cache's model: the same object when unchanged). */
  sentSeatMap: SeatMap | null;
  /** Plugin dialect: the seats the site's search says it sells (null: not asked, or not said). */
  soldSeats: number | null;
  /** Fare tiers for the segment. */
  tiers: Fare[];
}

function call(options: CallOptions): CallOptions {
  return { ...(options.signal && { signal: options.signal }), ...(options.maxAgeMs !== undefined && { maxAgeMs: options.maxAgeMs }) };
}

/**
 * Plugin dialect: this bus in the site's search for the segment and date (`<bus-list>` has usually
 * asked the very same URL, so the cache answers); null when the search fails or does not list it.
 */
async function searched(client: ApiClient, bus: BusDetail, segment: Segment, date: LocalDate, options: CallOptions): Promise<Bus | null> {
  if (!segment.from || !segment.to) return null;
  try {
    const found = await searchBuses(client, { from: segment.from.place, to: segment.to.place, date }, call({ ...options, maxAgeMs: undefined }));
    return found.buses.find((item) => item.id === bus.id) ?? null;
  } catch (error) {
    if (isAbort(error)) throw error;
    return null;
  }
}

/** Plugin dialect: per-segment fares from the search, else the whole-route tiers without a price. */
async function pluginTiers(client: ApiClient, bus: BusDetail, segment: Segment, date: LocalDate, options: CallOptions): Promise<Fare[]> {
  const whole = faresFor(bus.fares, null, null);
  if (isWholeRoute(bus.stops, segment)) return whole;
  const match = await searched(client, bus, segment, date, options);
  // No price for this segment: the tiers are still worth naming.
  return match && match.fares.length > 0 ? match.fares : whole.map((fare) => ({ ...fare, price: null }));
}

function seatQuery(segment: Segment, date: LocalDate): { date: LocalDate; from?: string; to?: string } {
  return { date, ...(segment.from && { from: segment.from.place }), ...(segment.to && { to: segment.to.place }) };
}

/** Everything the seat map shows for these inputs. */
export async function loadSeats(client: ApiClient, inputs: SeatInputs, options: CallOptions = {}): Promise<SeatLoad> {
  const signal = options.signal ? { signal: options.signal } : {};
  // A site that closes its index to visitors runs the real plugin, whose routes stay open.
  const dialect = await detectBusDialect(client, inputs.dialect, signal, 'plugin');
  const bus = await getBus(client, inputs.busId, call(options));
  const segment = resolveSegment(bus, inputs.boarding, inputs.dropping);
  if (dialect === 'contract') {
    const tiers = faresFor(bus.fares, segment.from?.place ?? null, segment.to?.place ?? null);
    return { dialect, bus, segment, date: null, seatMap: bus.seatMap, sentSeatMap: bus.seatMap, soldSeats: null, tiers };
  }
  const date = inputs.date || siteDate(inputs.now, await siteZoneOf(client, inputs.zone, options.signal, getIndexZone));
  const [sent, tiers] = await Promise.all([
    getSeatMap(client, inputs.busId, seatQuery(segment, date), call(options)),
    pluginTiers(client, bus, segment, date, options),
  ]);
  // Only a map with an upper deck beside another asks what the site sells (hidden-deck.ts).
  const soldSeats = mayHideUpperDeck(sent) ? ((await searched(client, bus, segment, date, options))?.totalSeats ?? null) : null;
  return { dialect, bus, segment, date, seatMap: withoutHiddenUpperDeck(sent, soldSeats), sentSeatMap: sent, soldSeats, tiers };
}

/**
 * The same inputs asked again of the server (`maxAgeMs: 0`, revalidating with the ETag): the
 * availability (plugin) or the whole record (contract). Unchanged answers give back `load` itself.
 */
export async function refreshSeats(client: ApiClient, load: SeatLoad, options: CallOptions = {}): Promise<SeatLoad> {
  const fresh = { ...call(options), maxAgeMs: 0 };
  if (load.dialect === 'contract') {
    const bus = await getBus(client, load.bus.id, fresh);
    if (bus === load.bus) return load;
    const segment = resolveSegment(bus, load.segment.from?.place ?? '', load.segment.to?.place ?? '');
    const tiers = faresFor(bus.fares, segment.from?.place ?? null, segment.to?.place ?? null);
    return { ...load, bus, segment, seatMap: bus.seatMap, sentSeatMap: bus.seatMap, tiers };
  }
  const sent = await getSeatMap(client, load.bus.id, seatQuery(load.segment, load.date ?? ''), fresh);
  return sent === load.sentSeatMap ? load : { ...load, sentSeatMap: sent, seatMap: withoutHiddenUpperDeck(sent, load.soldSeats) };
}
