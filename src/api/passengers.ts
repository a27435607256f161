/**
 * Interface B's passengers (contract dialect; personal data, never kept in the cache): a separate
 * module, so public widgets never load it.
 */
import type { ApiClient, CallOptions } from './client.js';
import type { LocalDate, Page, Passenger } from './models.js';
import { normalizePassengers } from './normalize/passenger.js';
import { checkDate, checkId, fetchPage, type ListSpec, type PageRequest } from './paging.js';
import { readAllPages, type AllPages, type AllPagesOptions } from './all-pages.js';

export interface PassengerQuery extends PageRequest {
  busId?: number;
  /** `YYYY-MM-DD`. */
  date?: LocalDate;
}

function passengerSpec(query: Omit<PassengerQuery, keyof PageRequest>): ListSpec<Passenger> {
  return {
    path: '/wp-json/wbtm/v1/passengers',
    query: {
      ...(query.busId !== undefined && { bus_id: checkId(query.busId, 'busId') }),
      ...(query.date !== undefined && { date: checkDate(query.date, 'date') }),
    },
    key: 'passengers',
    normalize: normalizePassengers,
    noStore: true,
    // No passenger id on the wire: a row is all it says (JSON keeps each value apart).
    rowKey: (passenger) => JSON.stringify(passenger),
  };
}

/** Contract: `GET /wp-json/wbtm/v1/passengers` — personal data, never kept in the cache. */
export async function listPassengers(client: ApiClient, query: PassengerQuery = {}, call?: CallOptions): Promise<Page<Passenger>> {
  return fetchPage(client, passengerSpec(query), { ...query, perPage: query.perPage ?? 100 }, call);
}

/**
 * Contract: every passenger of the query, 100 at a time, one request after another (a manifest, an
 * export, a CRM sync). Personal data, never kept in the cache. `complete` is false when `maxPages`
 * (default 50) stopped it.
 */
export async function listAllPassengers(
  client: ApiClient,
  query: Omit<PassengerQuery, keyof PageRequest> = {},
  options?: AllPagesOptions,
): Promise<AllPages<Passenger>> {
  return readAllPages(client, passengerSpec(query), options);
}
