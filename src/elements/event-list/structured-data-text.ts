/**
 * The JSON-LD text for the events a list shows, with the names of their organizers and speakers.
 * Loaded by `<event-list>` when the browser is idle after it has drawn its events, so the builder
 * and the speakers' reader are not among the bytes a list downloads before its first render.
 *
 * Organizer and speaker names are read here, not by tasks of the element: they change nothing it
 * shows, so they neither re-render the cards nor hold `pending`. Only names an event shown refers to
 * are read, through the shared cache; a failure only leaves them out.
 */
import type { ApiClient } from '../../api/client.js';
import { listAllOrganizers } from '../../api/events.js';
import type { EventItem } from '../../api/models.js';
import { listSpeakers } from '../../api/speakers.js';
import { eventsJsonLd, jsonLdText, type StructuredDataContext } from './structured-data.js';

/**
 * The text, or null when `stale()` says a newer job overtook this one while the names were read:
 * the build (thousands of Intl calls for a long page) is then not worth making.
 */
export async function structuredDataText(
  client: ApiClient,
  events: readonly EventItem[],
  context: Pick<StructuredDataContext, 'zone' | 'currency'>,
  stale: () => boolean,
): Promise<string | null> {
  const byId = <T extends { id: number }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
  const [organizers, speakers] = await Promise.all([
    events.some((event) => event.organizerIds.length > 0) ? listAllOrganizers(client).then(byId, () => undefined) : undefined,
    // The first 100 speakers: the plugin's sites have a handful.
    events.some((event) => event.speakerIds.length > 0)
      ? listSpeakers(client, { perPage: 100 }).then(
          (page) => byId(page.items),
          () => undefined,
        )
      : undefined,
  ]);
  return stale() ? null : jsonLdText(eventsJsonLd(events, { ...context, organizers, speakers }));
}
