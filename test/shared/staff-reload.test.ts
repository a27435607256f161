/**
 * `reload()` on a staff list (shared/staff/private-rows.ts), as a check-in desk calls it every
 * minute: with rows shown, the same list is read again behind them (pending, aria-busy) while the
 * toolbar, the search box with its text, focus and caret, the sort and the page stay; the rows then
 * change in place. Every other load (new credentials, a new address or query, Retry) drops the rows
 * at once: rows read with other credentials never stay up.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import '../../src/elements/bus-passenger-list/bus-passenger-list.js';
import '../../src/elements/event-attendee-list/event-attendee-list.js';
import type { BusPassengerList } from '../../src/elements/bus-passenger-list/bus-passenger-list.js';
import type { EventAttendeeList } from '../../src/elements/event-attendee-list/event-attendee-list.js';
import { part, parts, settled, stopServerAfterEach, text } from '../helpers/element.js';
import { scriptedServer, type LoopbackServer, type Reply } from '../helpers/servers.js';
import { keptDownloads, rowNames, wireAttendee, wirePassenger } from '../helpers/staff.js';
import type { DownloadDetail } from '../../src/shared/staff/download.js';

type StaffList = BusPassengerList | EventAttendeeList;

/**
 * Both lists, each with its wire rows, the same person checked in (boarded) and `columns` that show
 * it, and, where it has one, a new query that reads again.
 */
const lists: ReadonlyArray<{
  tag: string;
  row: (id: number) => unknown;
  checkedIn: (id: number) => unknown;
  statusColumns: string;
  newQuery?: (el: StaffList) => void;
}> = [
  {
    tag: 'bus-passenger-list',
    row: (id) => wirePassenger(id, { status: 'confirmed' }),
    checkedIn: (id) => wirePassenger(id, { status: 'boarded' }),
    statusColumns: 'name seat status',
    newQuery: (el) => ((el as BusPassengerList).date = '2026-11-25'),
  },
  // Its event-id filters the rows read; no other query reads again.
  {
    tag: 'event-attendee-list',
    row: (id) => wireAttendee(id, { checkin: 'no' }),
    checkedIn: (id) => wireAttendee(id, { checkin: 'yes' }),
    statusColumns: 'name ticket-type checked-in',
  },
];

const failure: Reply = { status: 500, body: { code: 'internal_server_error', message: 'There has been a critical error.', data: { status: 500 } } };
/** Long enough that a key press (a round trip to the test runner) lands while the reply is still on its way. */
const slowly = (reply: Reply): Reply => ({ ...reply, delayMs: 3000 });

/** The search box, the one a staff member types in. */
const searchBox = (el: StaffList) => el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]');

/** The list is pending with its rows (and no skeleton) on screen. */
function expectKeptPending(el: StaffList, names: string[]): void {
  expect(el.hasAttribute('pending'), 'pending').to.equal(true);
  expect(el.getAttribute('aria-busy')).to.equal('true');
  expect(part(el, 'loading'), 'no skeleton').to.equal(null);
  expect(rowNames(el)).to.deep.equal(names);
}

/** The rows dropped at once: the skeleton, nothing of the list. */
function expectDropped(el: StaffList): void {
  expect(el.hasAttribute('pending'), 'pending').to.equal(true);
  expect(part(el, 'loading'), 'the skeleton').to.exist;
  expect(part(el, 'list'), 'no list').to.equal(null);
  expect(el.allRows).to.deep.equal([]);
}

for (const { tag, row, checkedIn, statusColumns, newQuery } of lists)
  describe(`<${tag}> reload()`, () => {
    let server: LoopbackServer | undefined;
    stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

    /** Guests 1 … `count`, the page's answer. */
    const guests = (count: number): Reply => ({ status: 200, body: Array.from({ length: count }, (_, n) => row(n + 1)) });

    /** A list of two rows a page, the last name first, whose server answers `script` in turn. */
    async function list(script: Reply[]): Promise<StaffList> {
      server = await scriptedServer(script);
      const name = unsafeStatic(tag);
      const el = await fixture<StaffList>(
        staticHtml`<${name} base-url=${`${server.origin}/wp-json`} lang="en" per-page="2" sort="-name" .authorization=${'Bearer x'}></${name}>`,
      );
      await settled(el);
      return el;
    }

    /** `reload()`, and the rows it read drawn. */
    async function reloaded(el: StaffList): Promise<void> {
      el.reload();
      await el.updateComplete;
      await settled(el, ['list']);
    }
    const focused = (el: StaffList) => el.shadowRoot!.activeElement;

    it("keeps focus on a person's row button when the rows read again still name them there, their check-in changed or not", async () => {
      const el = await list([guests(5), guests(5), { status: 200, body: [1, 2, 3, 4].map(row).concat(checkedIn(5)) }]);
      el.columns = statusColumns;
      await el.updateComplete;
      const button = () => part(el, 'row-button')!;
      // Guest 5 first (last name first).
      button().focus();
      await reloaded(el);
      expect(text(button())).to.equal('Guest 5');
      expect(focused(el), 'the same row: focus stays').to.equal(button());
      // Guest 5 checks in at the desk: the same person, another status. A desk reading again every
      // minute must not take the focus off the person being looked at.
      const before = parts(el, 'row')[0]!.textContent;
      await reloaded(el);
      expect(parts(el, 'row')[0]!.textContent, 'the row shows the check-in').to.not.equal(before);
      expect(focused(el), 'still on Guest 5').to.equal(button());
    });

    it('with the status first (`columns`), the row button says the status: a check-in keeps focus on that person, not on the next one whose status it said', async () => {
      const el = await list([guests(5), { status: 200, body: [1, 2, 3, 4].map(row).concat(checkedIn(5)) }]);
      const keys = statusColumns.split(' ');
      el.columns = [keys.pop(), ...keys].join(' ');
      await el.updateComplete;
      const before = text(part(el, 'row-button'));
      part(el, 'row-button')!.focus();
      await reloaded(el);
      expect(rowNames(el)).to.deep.equal(['Guest 5', 'Guest 4']);
      expect(text(part(el, 'row-button')), 'the button shows the check-in').to.not.equal(before);
      expect(focused(el), 'still on Guest 5').to.equal(part(el, 'row-button'));
    });

    it('moves focus with a person whose row the new rows moved (a guest added above), so Enter never picks another person', async () => {
      const el = await list([guests(5), guests(6)]);
      // Guest 5 first (last name first).
      part(el, 'row-button')!.focus();
      // Guest 6 arrives and takes the first row; Guest 5 is now the second.
      await reloaded(el);
      expect(rowNames(el)).to.deep.equal(['Guest 6', 'Guest 5']);
      expect(focused(el), 'on Guest 5, in the second row').to.equal(parts(el, 'row-button')[1]);
    });

    it('moves focus to the table when the focused person is no longer on the page, whether their row now names someone else or is gone', async () => {
      const el = await list([guests(5), guests(7), guests(1)]);
      // Guest 4, second (last name first).
      parts(el, 'row-button')[1]!.focus();
      await reloaded(el);
      expect(rowNames(el)).to.deep.equal(['Guest 7', 'Guest 6']);
      expect(focused(el), 'on the table').to.equal(part(el, 'table-scroll'));
      // Guest 6, second, then one guest left: the focused row is gone.
      parts(el, 'row-button')[1]!.focus();
      await reloaded(el);
      expect(rowNames(el)).to.deep.equal(['Guest 1']);
      expect(focused(el), 'on the table, not lost').to.equal(part(el, 'table-scroll'));
    });

    // No table left to hand focus to: the update must not throw (which rejected updateComplete and
    // skipped TwElement.updated, so `pending` stuck and focus stayed on the page), and focus comes
    // back where the load settles (returnFocus).
    const tableGone: ReadonlyArray<readonly [string, Reply, (el: StaffList) => void, string]> = [
      [
        'a reload refused (401)',
        { status: 401, body: { code: 'rest_not_logged_in', message: 'Not logged in.', data: { status: 401 } } },
        (el) => el.reload(),
        'error',
      ],
      ['a reload that finds no one', guests(0), (el) => el.reload(), 'empty'],
      ['new credentials', guests(6), (el) => (el.authorization = 'Bearer y'), 'list'],
      ['a search the app sets that nothing matches', guests(5), (el) => (el.search = 'nobody'), 'list'],
    ];
    for (const [what, reply, change, target] of tableGone)
      it(`a focused name button removed with the table by ${what}: no error; focus comes back to the ${target}`, async () => {
        const el = await list([guests(5), { ...reply, delayMs: 300 }]);
        part(el, 'row-button')!.focus();
        change(el);
        await el.updateComplete;
        await settled(el, [target]);
        expect(focused(el)).to.equal(part(el, target));
      });

    it('a reload() while the list is read again waits for that read, then reads again: a timer faster than the read still lands', async () => {
      // The second read is slow too, so the first one's rows stay up long enough to be seen.
      const el = await list([guests(5), { ...guests(6), delayMs: 1500 }, { ...guests(7), delayMs: 1500 }]);
      el.reload();
      await el.updateComplete;
      el.reload();
      await el.updateComplete;
      await waitUntil(() => el.allRows.length === 6, 'the first read lands, not stopped by the second reload()', { timeout: 8000 });
      await waitUntil(() => el.allRows.length === 7 && !el.hasAttribute('pending'), 'then the second read', { timeout: 8000 });
      // One after the other, never two at once.
      expect((await server!.requests()).map((request) => request.concurrent)).to.deep.equal([1, 1, 1]);
    });

    it('keeps the search box with its focus, text and caret, the rows, sort and page while it reads (pending); typing goes on; the new rows then show', async () => {
      const el = await list([guests(5), slowly(guests(6)), { ...guests(7), delayMs: 1000 }]);
      const input = searchBox(el)!;
      input.focus();
      await sendKeys({ type: 'gue' });
      el.page = 2;
      await el.updateComplete;
      expect(rowNames(el)).to.deep.equal(['Guest 3', 'Guest 2']);

      el.reload();
      await el.updateComplete;
      expectKeptPending(el, ['Guest 3', 'Guest 2']);
      expect(el.page).to.equal(2);
      expect(searchBox(el), 'the same search box').to.equal(input);
      expect(el.shadowRoot!.activeElement, 'focus in the search box').to.equal(input);
      expect([input.value, input.selectionStart, input.selectionEnd]).to.deep.equal(['gue', 3, 3]);
      await sendKeys({ type: 's' });
      expect(el.search, 'typing reaches the box').to.equal('gues');
      expect(el.hasAttribute('pending'), 'still reading').to.equal(true);

      await settled(el, ['list']);
      // A new search starts on the first page: guests 6 and 5 of the new six.
      expect(rowNames(el)).to.deep.equal(['Guest 6', 'Guest 5']);
      expect(text(part(el, 'count'))).to.equal('1–2 of 6');
      expect(el.shadowRoot!.activeElement).to.equal(input);
      expect(input.value).to.equal('gues');
      expect(el.getAttribute('aria-busy')).to.equal(null);

      // Not typing: the page shown stays, and shows its new rows.
      el.page = 2;
      await el.updateComplete;
      el.reload();
      await el.updateComplete;
      expectKeptPending(el, ['Guest 4', 'Guest 3']);
      await settled(el, ['list']);
      expect(el.page).to.equal(2);
      expect(rowNames(el)).to.deep.equal(['Guest 5', 'Guest 4']);
      expect(text(part(el, 'count'))).to.equal('3–4 of 7');
      await expect(el).to.be.accessible();
    });

    it('a reload the site fails (a 500, a gateway’s HTML page) keeps the rows, search box and page, and says they may be out of date, with Try again; a read that works clears it', async () => {
      const el = await list([
        guests(5),
        slowly(failure),
        { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
        slowly(guests(6)),
      ]);
      const input = searchBox(el)!;
      input.focus();
      await sendKeys({ type: 'gue' });
      el.reload();
      await el.updateComplete;
      expectKeptPending(el, ['Guest 5', 'Guest 4']);
      await waitUntil(() => !el.hasAttribute('pending'), 'the read fails', { timeout: 8000 });
      expect(rowNames(el), 'the rows stay').to.deep.equal(['Guest 5', 'Guest 4']);
      expect(el.allRows).to.have.length(5);
      expect(part(el, 'error'), 'no error box').to.equal(null);
      const notice = part(el, 'refresh-error')!;
      expect(notice.getAttribute('role')).to.equal('alert');
      expect(text(notice)).to.match(/^The list could not be read again, so it may be out of date\. \S/);
      expect(el.shadowRoot!.activeElement, 'focus stays in the search box').to.equal(input);
      expect(input.value).to.equal('gue');
      await expect(el).to.be.accessible();

      // A timer's next reload that fails too (the gateway’s HTML): still the rows, still the notice.
      el.reload();
      await el.updateComplete;
      await waitUntil(() => !el.hasAttribute('pending'), 'the read fails again', { timeout: 8000 });
      expect(el.allRows).to.have.length(5);
      expect(part(el, 'refresh-error')).to.exist;

      // Try again: the rows stay while it reads, then the new ones show and the notice goes.
      const retry = part(el, 'refresh-retry')!;
      retry.focus();
      retry.click();
      await el.updateComplete;
      expectKeptPending(el, ['Guest 5', 'Guest 4']);
      await settled(el, ['list']);
      expect(el.allRows).to.have.length(6);
      expect(part(el, 'refresh-error')).to.equal(null);
      expect(el.shadowRoot!.activeElement, 'focus back on the list, not the page').to.equal(part(el, 'list'));
    });

    it('an empty list whose reload the site fails shows why, with Retry: never "no one" as if read just now', async () => {
      const el = await list([guests(0), failure]);
      expect(part(el, 'empty')).to.exist;
      el.reload();
      await el.updateComplete;
      await settled(el, ['error']);
      expect(part(el, 'empty'), 'no "no one"').to.equal(null);
      expect(part(el, 'retry')).to.exist;
    });

    it('a reload failing in a way trying again cannot help (400 rest_invalid_param): the rows stay with the notice and its reason, without Try again', async () => {
      const invalid: Reply = {
        status: 400,
        body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): page', data: { status: 400, params: { page: 'page is not of type integer.' } } },
      };
      const el = await list([guests(5), slowly(invalid)]);
      el.reload();
      await el.updateComplete;
      await waitUntil(() => !el.hasAttribute('pending'), 'the read fails', { timeout: 8000 });
      expect(el.allRows).to.have.length(5);
      expect(text(part(el, 'refresh-error'))).to.match(/may be out of date\. .*page is not of type integer/);
      expect(part(el, 'refresh-retry'), 'no Try again').to.equal(null);
    });

    const refusals: ReadonlyArray<readonly [string, Reply]> = [
      ['401: signed out', { status: 401, body: { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } } }],
      [
        '403: the right taken away',
        { status: 403, body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } } },
      ],
      [
        "502: the site refused the proxy's credentials (its application password revoked)",
        {
          status: 502,
          body: { code: 'tw_upstream_credentials_rejected', message: "The proxy's credentials were rejected by the site.", data: { status: 502 } },
        },
      ],
    ];
    for (const [what, refusal] of refusals)
      it(`a reload refused (${what}) drops the rows and shows why: credentials that no longer see the list see nothing of it`, async () => {
        const el = await list([guests(5), slowly(refusal)]);
        el.reload();
        await el.updateComplete;
        expectKeptPending(el, ['Guest 5', 'Guest 4']);
        await settled(el, ['error']);
        expect(part(el, 'list')).to.equal(null);
        expect(part(el, 'refresh-error')).to.equal(null);
        expect(el.allRows).to.deep.equal([]);
      });

    const droppers: ReadonlyArray<readonly [string, (el: StaffList) => void]> = [
      ['a new token', (el) => (el.authorization = 'Bearer y')],
      ['reload() with a new token', (el) => (el.reload(), (el.authorization = 'Bearer y'))],
      ['reload() with a new nonce', (el) => (el.reload(), (el.restNonce = 'abc123'))],
      ['reload() with a new base-url', (el) => (el.reload(), (el.baseUrl = `${server!.origin}/other/wp-json`))],
      ...(newQuery ? [['reload() with a new query', (el: StaffList) => (el.reload(), newQuery(el))] as const] : []),
    ];
    for (const [what, change] of droppers)
      it(`${what} drops the rows at once: the skeleton until the new ones are in`, async () => {
        const el = await list([guests(5), slowly(guests(6))]);
        searchBox(el)!.focus();
        change(el);
        await el.updateComplete;
        expectDropped(el);
        await settled(el, ['list']);
        expect(el.allRows).to.have.length(6);
      });

    it('Retry from the error box shows the skeleton, as before', async () => {
      const el = await list([failure, slowly(guests(5))]);
      expect(part(el, 'error')).to.exist;
      part(el, 'retry')!.click();
      await el.updateComplete;
      expectDropped(el);
      expect(part(el, 'error')).to.equal(null);
      await settled(el, ['list']);
      expect(el.allRows).to.have.length(5);
    });

    it('removed, reload() reads nothing and shows nothing; put back, it reads again', async () => {
      const el = await list([guests(5), guests(6)]);
      const parent = el.parentElement!;
      el.remove();
      el.reload();
      await el.updateComplete;
      expect(el.allRows).to.deep.equal([]);
      expect(part(el, 'list')).to.equal(null);
      expect(el.hasAttribute('pending')).to.equal(false);
      expect(await server!.requests()).to.have.length(1);
      parent.append(el);
      await settled(el, ['list']);
      expect(el.allRows).to.have.length(6);
    });

    // Called in the same turn, before the update that starts the read: `pending` is not on yet.
    const thenPrint: ReadonlyArray<readonly [string, (el: StaffList) => void]> = [
      ['reload()', (el) => el.reload()],
      ['a new token', (el) => (el.authorization = 'Bearer y')],
    ];
    for (const [what, change] of thenPrint)
      it(`print() right after ${what} waits for the rows read: the sheet holds the new ones, neither the old nor the skeleton`, async () => {
        const el = await list([guests(5), { ...guests(6), delayMs: 300 }]);
        const original = window.print;
        const printed: string[] = [];
        window.print = () => printed.push(`${parts(el, 'loading').length} loading, ${rowNames(el).length} rows`);
        try {
          change(el);
          await el.print();
        } finally {
          window.print = original;
        }
        expect(printed).to.deep.equal(['0 loading, 6 rows']);
        window.dispatchEvent(new Event('afterprint'));
        await el.updateComplete;
      });

    it('a download right after a new token waits for the rows that token reads: the file holds those, never the rows read with the old one', async () => {
      const el = await list([guests(5), { ...guests(6), delayMs: 300 }]);
      const downloads = keptDownloads(el);
      el.authorization = 'Bearer y';
      await el.downloadJson();
      expect(downloads).to.have.length(1);
      expect(JSON.parse(downloads[0]!.content)).to.have.length(6);
    });

    it('a download right after a new token the site refuses: no file; the refusal shows', async () => {
      const el = await list([
        guests(5),
        { status: 403, body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } } },
      ]);
      const downloads = keptDownloads(el);
      el.authorization = 'Bearer y';
      await el.downloadCsv();
      expect(downloads, 'no file').to.have.length(0);
      await el.updateComplete;
      expect(part(el, 'error'), 'the refusal').to.exist;
      expect(el.allRows).to.deep.equal([]);
    });

    it('a download right after reload() whose read the site fails: no file and why, never the rows read before as if just read', async () => {
      const el = await list([guests(5), { ...failure, delayMs: 300 }]);
      const downloads = keptDownloads(el);
      el.reload();
      await el.downloadCsv();
      expect(downloads, 'no file').to.have.length(0);
      await el.updateComplete;
      expect(text(part(el, 'download-error'))).to.match(/^No file was made: not every row could be read\. \S/);
      expect(part(el, 'refresh-error'), 'the rows shown may be out of date').to.exist;
      // Pressed with the notice up, Download saves the rows shown, as the visitor sees them.
      await el.downloadCsv();
      expect(downloads).to.have.length(1);
    });

    it('a download while it reads offers the rows shown at once; the reload still lands and pending ends', async () => {
      const el = await list([guests(5), slowly(guests(6))]);
      const downloads = keptDownloads(el);
      el.reload();
      await el.updateComplete;
      await el.downloadCsv();
      expect(downloads).to.have.length(1);
      expect(downloads[0]!.content.split('\r\n')).to.have.length(5 + 2);
      expect(el.hasAttribute('pending')).to.equal(true);
      await settled(el, ['list']);
      expect(el.allRows).to.have.length(6);
      expect(part(el, 'download-error')).to.equal(null);
    });
  });

describe('a staff list never added to the document', () => {
  for (const tag of ['bus-passenger-list', 'event-attendee-list'])
    it(`<${tag}>: a download resolves at once with no file (nothing was read), instead of waiting for a first update that never comes`, async () => {
      const el = document.createElement(tag) as StaffList;
      el.authorization = 'Bearer x';
      const downloads = keptDownloads(el);
      const outcome = await Promise.race([el.downloadCsv().then(() => 'resolved'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000))]);
      expect(outcome).to.equal('resolved');
      expect(downloads).to.have.length(0);
    });

  for (const tag of ['bus-passenger-list', 'event-attendee-list'])
    it(`<${tag}>: print() resolves at once and opens no print dialog (there is nothing of it to print)`, async () => {
      const el = document.createElement(tag) as StaffList;
      el.authorization = 'Bearer x';
      const print = window.print;
      let dialogs = 0;
      window.print = () => void dialogs++;
      try {
        const outcome = await Promise.race([el.print().then(() => 'resolved'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000))]);
        expect(outcome).to.equal('resolved');
        expect(dialogs).to.equal(0);
      } finally {
        window.print = print;
      }
    });
});

describe('<event-attendee-list> a list stopped at 5 000 rows', () => {
  let server: LoopbackServer | undefined;
  stopServerAfterEach(() => server, { cleanup: true, reset: () => (server = undefined) });

  const paging = { 'X-WP-Total': '5050', 'X-WP-TotalPages': '51' };
  const page = (n: number, length = 100) => Array.from({ length }, (_, i) => wireAttendee(n * 1000 + i));
  const firstPage: Reply = { status: 200, headers: paging, body: page(1) };

  /**
   * 5 000 of 5 050 attendees shown, whose site answers page 1 with `firstPage` and then `pageOne` in
   * turn, pages 2-50 with theirs and page 51 with `page51`; with a `download` event listener.
   */
  async function shown5000(pageOne: Reply[], page51?: Reply): Promise<{ el: EventAttendeeList; downloads: DownloadDetail[] }> {
    const routes: Record<string, Reply[]> = {};
    for (let n = 2; n <= 50; n++) routes[`?page=${n}&`] = [{ status: 200, headers: paging, body: page(n) }];
    routes['?page=1&'] = [firstPage, ...pageOne];
    if (page51) routes['?page=51&'] = [page51];
    server = await scriptedServer([{ status: 400, body: { code: 'rest_invalid_param', message: 'unexpected request', data: { status: 400 } } }], routes);
    const el = await fixture<EventAttendeeList>(
      staticHtml`<event-attendee-list base-url=${`${server.origin}/wp-json`} lang="en" .authorization=${'Bearer x'}></event-attendee-list>`,
    );
    await settled(el);
    expect(el.allRows).to.have.length(5000);
    return { el, downloads: keptDownloads(el) };
  }

  describe('reload()', () => {
    /** Reloaded, with a download started while the reload reads (its first page answers late); settled when this resolves. */
    async function downloadDuringReload(page51: Reply): Promise<{ el: EventAttendeeList; downloads: DownloadDetail[] }> {
      // The reload's first page (and every later one) has a newcomer in it.
      const renamed = [wireAttendee(1000, { name: 'Newcomer' }), ...page(1).slice(1)];
      const { el, downloads } = await shown5000([{ status: 200, headers: paging, body: renamed, delayMs: 1000 }], page51);
      el.reload();
      await el.updateComplete;
      expect(el.hasAttribute('pending')).to.equal(true);
      expect(el.allRows, 'the rows stay while it reads').to.have.length(5000);
      await el.downloadCsv();
      await el.updateComplete;
      await waitUntil(() => !el.hasAttribute('pending'), 'pending ends', { timeout: 8000 });
      return { el, downloads };
    }

    const newcomerShown = (el: EventAttendeeList) => el.allRows.some((attendee) => attendee.name === 'Newcomer');

    it('a download while it reads waits for it, then reads every page: the file and the rows hold the reload’s answer, and pending ends', async () => {
      const { el, downloads } = await downloadDuringReload({ status: 200, headers: paging, body: page(51, 50) });
      expect(part(el, 'download-error')).to.equal(null);
      expect(downloads).to.have.length(1);
      const lines = downloads[0]!.content.split('\r\n');
      expect(lines).to.have.length(5050 + 2);
      expect(
        lines.some((line) => line.includes('"Newcomer"')),
        'the reload’s answer in the file',
      ).to.equal(true);
      expect(el.allRows).to.have.length(5050);
      expect(newcomerShown(el), 'the reload’s answer on screen').to.equal(true);
      expect(part(el, 'truncated')).to.equal(null);
    });

    it('a download while it reads whose read of every page fails: no file and why; the reload’s answer stays shown, and pending ends', async () => {
      const { el, downloads } = await downloadDuringReload(failure);
      expect(downloads, 'no file').to.have.length(0);
      expect(text(part(el, 'download-error'))).to.match(/^No file was made: not every row could be read\. \S/);
      expect(el.allRows).to.have.length(5000);
      expect(newcomerShown(el), 'the reload’s answer on screen').to.equal(true);
      expect(part(el, 'truncated')).to.exist;
    });
  });

  describe('a download whose read of every page is refused', () => {
    const signedOut: Reply = { status: 401, body: { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } } };

    it('signed out meanwhile: no file, and nothing of the list stays up, as for any refusal', async () => {
      const { el, downloads } = await shown5000([signedOut]);
      await el.downloadCsv();
      await el.updateComplete;
      expect(downloads, 'no file').to.have.length(0);
      expect(part(el, 'error'), 'the refusal').to.exist;
      expect(part(el, 'list'), 'no list').to.equal(null);
      expect(el.allRows).to.deep.equal([]);
    });

    it('signed in again: the list read with the new credentials does not say the download failed for the refusal the error box already showed', async () => {
      const { el } = await shown5000([signedOut, firstPage]);
      await el.downloadCsv();
      await el.updateComplete;
      expect(part(el, 'error'), 'the refusal').to.exist;
      el.authorization = 'Bearer y';
      await waitUntil(() => part(el, 'list') || part(el, 'retry'), 'the list read again', { timeout: 8000 });
      expect(el.allRows).to.have.length(5000);
      expect(part(el, 'download-error'), 'no stale download error').to.equal(null);
    });
  });
});
