/** Hand-made `/wp/v2/mep_events` items for scripted servers, shaped like the recorded ones. */
export interface EventOverrides {
  id?: number;
  title?: string;
  link?: string;
  excerpt?: string;
  content?: string;
  mep_cat?: number[];
  mep_org?: number[];
  meta?: Record<string, string>;
  image?: string;
}

/** PHP `serialize()` of a list of string records: enough for ticket types and extra dates. */
export function serializeRecords(records: Array<Record<string, string>>): string {
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const str = (s: string) => `s:${bytes(s)}:"${s}";`;
  const items = records.map((record, index) => {
    const fields = Object.entries(record).map(([k, v]) => str(k) + str(v));
    return `i:${index};a:${fields.length}:{${fields.join('')}}`;
  });
  return `a:${records.length}:{${items.join('')}}`;
}

export function wireEvent(overrides: EventOverrides = {}): Record<string, unknown> {
  const id = overrides.id ?? 1;
  const meta: Record<string, string[] | string> = {
    event_start_datetime: ['2026-12-31 16:00:00'],
    event_end_datetime: ['2027-01-01 02:00:00'],
    mep_location_venue: ['Ultra Beach Arena'],
    mep_city: ['Miami'],
    mep_event_type: ['off'],
    mep_event_ticket_type: [
      serializeRecords([
        { option_name_t: 'GA', option_price_t: '90' },
        { option_name_t: 'VIP', option_price_t: '220' },
      ]),
    ],
    event_feature_image: overrides.image ?? '',
  };
  for (const [key, value] of Object.entries(overrides.meta ?? {})) meta[key] = [value];
  return {
    id,
    date: '2026-11-21T17:59:11',
    slug: `event-${id}`,
    status: 'publish',
    type: 'mep_events',
    link: overrides.link ?? `https://example.org/events/event-${id}/`,
    title: { rendered: overrides.title ?? `Event ${id}` },
    content: { rendered: overrides.content ?? '<p>Content</p>', protected: false },
    excerpt: { rendered: overrides.excerpt ?? '<p>Excerpt</p>', protected: false },
    featured_media: 0,
    mep_cat: overrides.mep_cat ?? [],
    mep_org: overrides.mep_org ?? [],
    mep_tag: [],
    event_informations: meta,
  };
}

/** Headers a WordPress collection answer carries. */
export function pagingHeaders(total: number, totalPages: number): Record<string, string> {
  return { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
}

/**
 * A route for scripted servers answering the event list's zone read (`/wp-json/?_fields=timezone_string,…`)
 * as a site whose index is switched off: the viewer's zone is used, and the read never takes a
 * reply scripted for the events.
 */
export const NO_SITE_ZONE = {
  timezone_string: [
    { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } },
  ],
};
