import type { AttendeeWire, EventWire, MetaWire } from '../../../api/wire/shapes.js';
import type { Bus, Post, Seed, SeedAttendee, SeedEvent } from '../seed/types.js';
import { uploadsUrl, type View } from './context.js';
import { featuredMediaEmbed, postFields, postLinks, type PostItem, type PostTypeInfo } from './posts.js';
import { present } from './present.js';
import { assignedTerms, termEmbed, termsOf } from './terms.js';

/** The post types we serve, each with its permalink base and whether it has an excerpt. */
export const EVENT: PostTypeInfo = { type: 'mep_events', permalinkBase: 'events', excerpt: true };
export const SPEAKER: PostTypeInfo = { type: 'mep_event_speaker', permalinkBase: 'event-speaker', excerpt: true };
export const ATTENDEE: PostTypeInfo = { type: 'mep_event_attendee', permalinkBase: null, excerpt: true };
export const BUS_POST: PostTypeInfo = { type: 'wbtm_bus', permalinkBase: 'bus', excerpt: false };

const EVENT_TAXONOMIES = ['mep_cat', 'mep_org', 'mep_tag'] as const;
const EVENT_TERM_LINKS = EVENT_TAXONOMIES.map((taxonomy) => ({ taxonomy, base: taxonomy }));
const BUS_TERM_LINKS = [
  { taxonomy: 'wbtm_bus_cat', base: 'bus_cat' },
  { taxonomy: 'wbtm_bus_stops', base: 'bus_stops' },
];

/** Post meta as the plugins expose it: every value a one-element array of strings. */
function metaWire(meta: ReadonlyArray<readonly [string, string]>): MetaWire {
  const wire: MetaWire = {};
  for (const [key, value] of meta) wire[key] = [value];
  return wire;
}

export function eventItem(seed: Seed, event: SeedEvent, view: View): Record<string, unknown> {
  const media = seed.media.get(event.featuredMedia);
  const informations = metaWire(event.meta);
  // The one meta value the plugin adds as a plain string: the featured image URL.
  informations['event_feature_image'] = media ? uploadsUrl(view, media.file) : '';
  const data: EventWire & PostItem = {
    ...postFields(event, EVENT, view),
    mep_cat: event.categories,
    mep_org: event.organizers,
    mep_tag: event.tags,
    event_informations: informations,
  };
  return present(data, postLinks(event, EVENT, view, EVENT_TERM_LINKS), view, {
    'wp:featuredmedia': featuredMediaEmbed(seed, event, view),
    'wp:term': () => EVENT_TAXONOMIES.map((taxonomy) => termsOf(seed, taxonomy, assignedTerms(event, taxonomy)).map((term) => termEmbed(term, view))),
  });
}

export function speakerItem(seed: Seed, speaker: Post, view: View): Record<string, unknown> {
  return present(postFields(speaker, SPEAKER, view), postLinks(speaker, SPEAKER, view), view, {
    'wp:featuredmedia': featuredMediaEmbed(seed, speaker, view),
  });
}

export function attendeeItem(attendee: SeedAttendee, view: View): Record<string, unknown> {
  const data: AttendeeWire & PostItem = {
    ...postFields(attendee, ATTENDEE, view),
    attendee_informations: metaWire(attendee.meta),
  };
  return present(data, postLinks(attendee, ATTENDEE, view), view);
}

/** `/wp/v2/wbtm_bus`: the plugin registers the type with no REST fields of its own, hence the nulls. */
export function busPostItem(bus: Bus, view: View): Record<string, unknown> {
  const data = { ...postFields(bus, BUS_POST, view), bus_cat: [], bus_stops: [], bus_informations: null };
  return present(data, postLinks(bus, BUS_POST, view, BUS_TERM_LINKS), view);
}
