/** Interface A: `/wp/v2/mep_*` endpoints, returning normalized models. */
import { normalizeWith, type ApiClient, type CallOptions } from './client.js';
import type { EventItem, Page, Term } from './models.js';
import { normalizeEvent, normalizeEvents } from './normalize/event.js';
import { normalizeTerms } from './normalize/term.js';
import { checkId, fetchAll, fetchPage, type PageRequest } from './paging.js';
import type { Query } from './url.js';

export interface EventQuery extends PageRequest {
  /** `mep_cat`: one id or several (any of them matches). */
  category?: number | readonly number[];
  /** `mep_org`: one id or several. */
  organizer?: number | readonly number[];
  /** Include events of child categories (WordPress leaves them out unless asked). */
  includeChildren?: boolean;
  /** `_embed`, to get featured images for sites whose events lack `event_feature_image`. */
  embed?: boolean;
  /** WordPress's `search`: every word must occur in the title, excerpt or content. Blank means no search. */
  search?: string;
}

function termFilter(name: string, ids: number | readonly number[] | undefined, includeChildren: boolean | undefined): Query {
  if (ids === undefined) return {};
  const list = (typeof ids === 'number' ? [ids] : [...ids]).map((id) => checkId(id, name));
  if (list.length === 0) return {};
  return includeChildren ? { [`${name}[terms]`]: list, [`${name}[include_children]`]: 'true' } : { [name]: list };
}

/** `GET /wp/v2/mep_events`: latest published first. */
export async function listEvents(client: ApiClient, query: EventQuery = {}, call?: CallOptions): Promise<Page<EventItem>> {
  return fetchPage(
    client,
    {
      path: '/wp/v2/mep_events',
      query: {
        ...termFilter('mep_cat', query.category, query.includeChildren),
        ...termFilter('mep_org', query.organizer, query.includeChildren),
        ...(query.embed && { _embed: 1 }),
        ...(query.search?.trim() && { search: query.search.trim() }),
      },
      key: 'events',
      normalize: normalizeEvents,
    },
    query,
    call,
  );
}

/** `GET /wp/v2/mep_events/{id}`. */
export async function getEvent(client: ApiClient, id: number, call?: CallOptions): Promise<EventItem> {
  const response = await client.get(`/wp/v2/mep_events/${checkId(id, 'id')}`, {}, call);
  return normalizeWith(response, 'event', normalizeEvent);
}

/** `GET /wp/v2/mep_cat`, one page (terms past the end come back empty, not as an error). */
export async function listCategories(client: ApiClient, query: PageRequest = {}, call?: CallOptions): Promise<Page<Term>> {
  return fetchPage(client, { path: '/wp/v2/mep_cat', query: {}, key: 'terms', normalize: normalizeTerms }, query, call);
}

/** Every category, all pages. */
export async function listAllCategories(client: ApiClient, call?: CallOptions): Promise<Term[]> {
  return fetchAll(client, { path: '/wp/v2/mep_cat', query: {}, key: 'terms', normalize: normalizeTerms }, call);
}

/** `GET /wp/v2/mep_org`, one page. */
export async function listOrganizers(client: ApiClient, query: PageRequest = {}, call?: CallOptions): Promise<Page<Term>> {
  return fetchPage(client, { path: '/wp/v2/mep_org', query: {}, key: 'terms', normalize: normalizeTerms }, query, call);
}

/** Every organizer, all pages. */
export async function listAllOrganizers(client: ApiClient, call?: CallOptions): Promise<Term[]> {
  return fetchAll(client, { path: '/wp/v2/mep_org', query: {}, key: 'terms', normalize: normalizeTerms }, call);
}
