/** Interface A's speakers: a separate module, so widgets that show no speaker never load their normalizer. */
import type { ApiClient, CallOptions } from './client.js';
import type { Page, Speaker } from './models.js';
import { normalizeSpeakers } from './normalize/speaker.js';
import { fetchPage, type PageRequest } from './paging.js';

/** `GET /wp/v2/mep_event_speaker`: latest first. */
export async function listSpeakers(client: ApiClient, query: PageRequest & { embed?: boolean } = {}, call?: CallOptions): Promise<Page<Speaker>> {
  return fetchPage(
    client,
    { path: '/wp/v2/mep_event_speaker', query: query.embed ? { _embed: 1 } : {}, key: 'speakers', normalize: normalizeSpeakers },
    query,
    call,
  );
}
