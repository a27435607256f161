/**
 * A site behind a cache that strips X-WP-Total and X-WP-TotalPages: a full page promises one more,
 * a short one ends, and WordPress's past-the-end answer is the end, never an error on screen.
 */
import { expect } from '@open-wc/testing';
import { ApiClient } from '../../src/api/client.js';
import { OriginCache } from '../../src/api/cache.js';
import { ApiError } from '../../src/api/errors.js';
import { listEvents } from '../../src/api/events.js';
import { EVENT_READ_MAX_PAGES, readEvents } from '../../src/elements/event-list/event-dates.js';

/** `count` events, paged as WordPress pages them, without paging headers; `asked` the pages asked. */
function strippedSite(count: number, pastTheEnd: 'error' | 'empty' = 'error'): { client: ApiClient; asked: number[] } {
  const asked: number[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input));
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    asked.push(page);
    const first = (page - 1) * perPage;
    if (page > 1 && first >= count && pastTheEnd === 'error') {
      const body = {
        code: 'rest_post_invalid_page_number',
        message: 'The page number requested is larger than the number of pages available.',
        data: { status: 400 },
      };
      return new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } });
    }
    const items = Array.from({ length: Math.max(0, Math.min(perPage, count - first)) }, (_, n) => ({
      id: first + n + 1,
      title: { rendered: `Event ${first + n + 1}` },
    }));
    return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json' } });
  };
  return { client: new ApiClient({ baseUrl: 'https://example.org/wp-json', cache: new OriginCache({ fetch }) }), asked };
}

const signal = new AbortController().signal;

describe('paging without X-WP-Total headers', () => {
  it('the dated read goes on page by page until a short page, and says it is complete', async () => {
    const { client, asked } = strippedSite(250);
    const { events, complete } = await readEvents(client, {}, signal);
    expect(events).to.have.length(250);
    expect(complete).to.equal(true);
    expect(asked).to.deep.equal([1, 2, 3]);
  });

  it('the dated read takes the past-the-end answer after a full page as the end', async () => {
    const { client, asked } = strippedSite(200);
    const { events, complete } = await readEvents(client, {}, signal);
    expect(events).to.have.length(200);
    expect(complete).to.equal(true);
    expect(asked).to.deep.equal([1, 2, 3]);
  });

  it('the dated read stops at its limit and says it is incomplete', async () => {
    const { client } = strippedSite(EVENT_READ_MAX_PAGES * 100 + 5);
    const { events, complete } = await readEvents(client, {}, signal);
    expect(events).to.have.length(EVENT_READ_MAX_PAGES * 100);
    expect(complete).to.equal(false);
  });

  it('a page of more than 100 (several requests) offers one more page when full, and reads a missing server page as the end', async () => {
    const full = await listEvents(strippedSite(450).client, { page: 1, perPage: 200 });
    expect(full.items).to.have.length(200);
    expect(full.totalPages).to.equal(2);
    const short = await listEvents(strippedSite(100).client, { page: 1, perPage: 200 });
    expect(short.items).to.have.length(100);
    expect(short.totalPages).to.equal(1);
  });

  it('an empty page after the first is past the end, as WordPress answers for posts, not an empty list', async () => {
    for (const [perPage, page] of [
      [10, 3],
      [200, 2],
    ]) {
      const { client } = strippedSite(20, 'empty');
      const error = await listEvents(client, { page, perPage }).catch((caught: unknown) => caught);
      expect(error, `${perPage} per page`).to.be.instanceOf(ApiError);
      expect((error as ApiError).code).to.equal('rest_post_invalid_page_number');
    }
    expect((await listEvents(strippedSite(0, 'empty').client, { page: 1 })).items).to.deep.equal([]);
    const { events, complete } = await readEvents(strippedSite(200, 'empty').client, {}, signal);
    expect([events.length, complete]).to.deep.equal([200, true]);
  });
});
