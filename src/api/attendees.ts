/** Interface A's attendees (personal data): a separate module, so public widgets never load it. */
import type { ApiClient, CallOptions } from './client.js';
import type { Attendee, Page } from './models.js';
import { normalizeAttendees } from './normalize/attendee.js';
import { fetchPage, type ListSpec, type PageRequest } from './paging.js';
import { readAllPages, type AllPages, type AllPagesOptions } from './all-pages.js';

/** `GET /wp/v2/mep_event_attendee`: personal data, never kept in the cache. */
export async function listAttendees(client: ApiClient, query: PageRequest = {}, call?: CallOptions): Promise<Page<Attendee>> {
  return fetchPage(client, ATTENDEES, query, call);
}

/** Every attendee, 100 at a time, one request after another; personal data, never kept in the cache. */
export async function listAllAttendees(client: ApiClient, options?: AllPagesOptions): Promise<AllPages<Attendee>> {
  return readAllPages(client, ATTENDEES, options);
}

const ATTENDEES: ListSpec<Attendee> = {
  path: '/wp/v2/mep_event_attendee',
  query: {},
  key: 'attendees',
  normalize: normalizeAttendees,
  noStore: true,
  identity: (attendee) => String(attendee.id),
};
