// Reading every page of a personal-data collection (api/all-pages.ts): sequential, bounded, honest
// about being incomplete, ending without paging headers, and counting a shifted row once.
import { expect } from '@open-wc/testing';
import { OriginCache } from '../../src/api/cache.js';
import { ApiClient } from '../../src/api/client.js';
import { PAGE_LIMIT } from '../../src/api/all-pages.js';
import { listAllAttendees } from '../../src/api/attendees.js';
import { listAllPassengers } from '../../src/api/passengers.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';

/** A wire attendee (only what the normalizer needs). */
const attendee = (id: number) => ({ id, date: '2026-11-01T10:00:00', title: { rendered: `Guest ${id}` }, attendee_informations: {} });
const page = (ids: number[], headers: Record<string, string> = {}): Reply => ({ body: ids.map(attendee), headers });
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

/** The running test's scripted server (stopped after it), and a client of its own that keeps nothing. */
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
async function client(script: Reply[]): Promise<ApiClient> {
  server = await scriptedServer(script);
  return new ApiClient({ baseUrl: `${server.origin}/wp-json`, cache: new OriginCache({ ttlMs: 0, maxEntries: 1 }) });
}

describe('listAllAttendees (every page)', () => {
  const pagesAsked = async () => (await server!.requests()).map((request) => new URLSearchParams(request.search).get('page'));

  it('reads page after page until the announced last, reporting progress', async () => {
    const headers = { 'X-WP-Total': '250', 'X-WP-TotalPages': '3' };
    const c = await client([page(range(1, 100), headers), page(range(101, 100), headers), page(range(201, 50), headers)]);
    const progress: string[] = [];
    const result = await listAllAttendees(c, { onProgress: ({ read, total, page: at, pages }) => progress.push(`${read}/${total} ${at}/${pages}`) });
    expect(result.items.map((a) => a.id)).to.deep.equal(range(1, 250));
    expect([result.total, result.complete]).to.deep.equal([250, true]);
    expect(progress).to.deep.equal(['100/250 1/3', '200/250 2/3', '250/250 3/3']);
    expect(await pagesAsked()).to.deep.equal(['1', '2', '3']);
  });

  it('stops at maxPages and says it is incomplete', async () => {
    const headers = { 'X-WP-Total': '300', 'X-WP-TotalPages': '3' };
    const c = await client([page(range(1, 100), headers), page(range(101, 100), headers), page(range(201, 100), headers)]);
    const result = await listAllAttendees(c, { maxPages: 2 });
    expect([result.items.length, result.total, result.complete]).to.deep.equal([200, 300, false]);
    expect(await pagesAsked()).to.deep.equal(['1', '2']);
  });

  it('stopped at maxPages without paging headers, the total is unknown (null), not the number read', async () => {
    const c = await client([page(range(1, 100)), page(range(101, 100)), page(range(201, 100))]);
    const result = await listAllAttendees(c, { maxPages: 2 });
    expect([result.items.length, result.total, result.complete]).to.deep.equal([200, null, false]);
  });

  it('with X-WP-Total but no X-WP-TotalPages, reading the announced total at maxPages is complete', async () => {
    const headers = { 'X-WP-Total': '200' };
    const c = await client([page(range(1, 100), headers), page(range(101, 100), headers), page([], headers)]);
    const result = await listAllAttendees(c, { maxPages: 2 });
    expect([result.items.length, result.total, result.complete]).to.deep.equal([200, 200, true]);
    expect(await pagesAsked()).to.deep.equal(['1', '2']);
  });

  it('without paging headers (stripped by a cache) a short page is the last', async () => {
    const c = await client([page(range(1, 100)), page(range(101, 7))]);
    const result = await listAllAttendees(c);
    expect([result.items.length, result.total, result.complete]).to.deep.equal([107, 107, true]);
  });

  it('a past-the-end error after a shrinking total ends the read with what was read', async () => {
    const headers = { 'X-WP-Total': '150', 'X-WP-TotalPages': '2' };
    const c = await client([
      page(range(1, 100), { 'X-WP-Total': '250', 'X-WP-TotalPages': '3' }),
      page(range(101, 100), headers),
      {
        status: 400,
        body: {
          code: 'rest_post_invalid_page_number',
          message: 'The page number requested is larger than the number of pages available.',
          data: { status: 400 },
        },
      },
    ]);
    const result = await listAllAttendees(c);
    expect([result.items.length, result.complete]).to.deep.equal([200, true]);
  });

  it('a site that answers every page with page 1 (it ignores `page`) is an error after the second, not an endless read', async () => {
    const headers = { 'X-WP-Total': '99999', 'X-WP-TotalPages': '1000' };
    const c = await client([page(range(1, 100), headers), page(range(1, 100), headers), page(range(1, 100), headers)]);
    const error = await listAllAttendees(c).then(
      () => null,
      (failure: { code?: string }) => failure,
    );
    expect(error?.code).to.equal('tw_invalid_response');
    expect(await pagesAsked()).to.deep.equal(['1', '2']);
  });

  it('a site that always announces one more page fails at 10 000 pages, even when asked for every page', async function () {
    this.timeout(60_000);
    // A fake site in the page (ten thousand loopback requests take minutes): one row a page, never a
    // full page that repeats, so only the page limit ends the read.
    let asked = 0;
    const endless = async () => {
      asked++;
      return new Response(JSON.stringify([attendee(1)]), {
        headers: { 'Content-Type': 'application/json', 'X-WP-Total': '999999999', 'X-WP-TotalPages': '999999999' },
      });
    };
    const c = new ApiClient({ baseUrl: 'https://endless.example/wp-json', cache: new OriginCache({ ttlMs: 0, maxEntries: 1, fetch: endless }) });
    const error = await listAllAttendees(c, { maxPages: Infinity }).then(
      () => null,
      (failure: { code?: string }) => failure,
    );
    expect(error?.code).to.equal('tw_too_many_pages');
    expect(asked).to.equal(10_000);
  });

  it('asked for at most PAGE_LIMIT pages, a read stopped there is incomplete (maxPages kept), not a too-many-pages error', async function () {
    this.timeout(60_000);
    let asked = 0;
    const endless = async () => {
      asked++;
      return new Response(JSON.stringify([attendee(asked)]), {
        headers: { 'Content-Type': 'application/json', 'X-WP-Total': '999999999', 'X-WP-TotalPages': '999999999' },
      });
    };
    const c = new ApiClient({ baseUrl: 'https://endless.example/wp-json', cache: new OriginCache({ ttlMs: 0, maxEntries: 1, fetch: endless }) });
    const result = await listAllAttendees(c, { maxPages: PAGE_LIMIT });
    expect([result.items.length, result.total, result.complete]).to.deep.equal([PAGE_LIMIT, 999999999, false]);
    expect(asked).to.equal(PAGE_LIMIT);
  });

  it('a row pushed across a page boundary by a new registration is kept once', async () => {
    const headers = { 'X-WP-Total': '201', 'X-WP-TotalPages': '3' };
    // Newest first: attendee 0 registers between the reads of page 1 and page 2, so 100 shows up again.
    const c = await client([page(range(1, 100), headers), page([100, ...range(101, 99)], headers), page([200, 201], headers)]);
    const result = await listAllAttendees(c);
    expect(result.items.map((a) => a.id)).to.deep.equal(range(1, 201));
  });
});

/** A wire passenger of a free-seating bus: no seat, and a party may share one booking and one name. */
const passenger = (bookingId: number, name = `Traveller ${bookingId}`, fare = 'adult') => ({
  booking_id: bookingId,
  name,
  bus_id: 7,
  date: '2026-11-01',
  boarding_point: 'Paris',
  dropping_point: 'Berlin',
  seat: '',
  ticket_type: fare,
  price: fare === 'adult' ? '20.00' : '10.00',
  status: 'confirmed',
});
const passengers = (rows: object[], headers: Record<string, string> = {}): Reply => ({ body: rows, headers });
const party = (bookingId: number, count: number) => Array.from({ length: count }, () => passenger(bookingId, 'Maria Lopez'));
const travellers = (from: number, count: number) => range(from, count).map((id) => passenger(id));

describe('listAllPassengers (every page; passengers have no id of their own)', () => {
  const names = (rows: Array<{ name: string; fareType: string }>) => rows.map((row) => `${row.name}/${row.fareType}`);

  it('keeps every member of a party booked under one name on one page, each ticket its own row', async () => {
    const c = await client([passengers([...party(812, 2), passenger(812, 'Maria Lopez', 'child')], { 'X-WP-Total': '3', 'X-WP-TotalPages': '1' })]);
    const result = await listAllPassengers(c);
    expect(names(result.items)).to.deep.equal(['Maria Lopez/adult', 'Maria Lopez/adult', 'Maria Lopez/child']);
    expect([result.total, result.complete]).to.deep.equal([3, true]);
  });

  it('keeps a party split by a page boundary when nothing was added between the reads', async () => {
    const headers = { 'X-WP-Total': '102', 'X-WP-TotalPages': '2' };
    const c = await client([passengers([...travellers(1, 98), ...party(812, 2)], headers), passengers(party(812, 2), headers)]);
    const result = await listAllPassengers(c);
    expect(result.items.length).to.equal(102);
    expect(result.items.filter((row) => row.bookingId === 812).length).to.equal(4);
  });

  it('reads a row pushed across the boundary by a booking made meanwhile once, and only as many as were added', async () => {
    // Newest first: booking 0 arrives between the reads, so page 1's last row (99) starts page 2.
    const c = await client([
      passengers(travellers(1, 100), { 'X-WP-Total': '150', 'X-WP-TotalPages': '2' }),
      passengers(travellers(100, 51), { 'X-WP-Total': '151', 'X-WP-TotalPages': '2' }),
    ]);
    const result = await listAllPassengers(c);
    expect(result.items.map((row) => row.bookingId)).to.deep.equal(range(1, 150));
  });
});
