// <bus-passenger-list> on paper: the print stylesheet (emulated `print` media) hides the toolbar, the
// pager and the count and shows the sheet's heading; `beforeprint` renders every matching row, not
// one page, and `afterprint` brings the page back. Data from the reference API behind the real proxy.
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import './bus-passenger-list.js';
import type { BusPassengerList } from './bus-passenger-list.js';
import { part, parts, settled, text } from '../../../test/helpers/element.js';
import { scriptedServer, type LoopbackServer } from '../../../test/helpers/servers.js';
import { leftOf } from '../../../test/helpers/layout.js';
import { busiestTrip, proxiedSite, rowNames } from '../../../test/helpers/staff.js';

const TOKEN = 'staff-token-for-print-tests-0123456789';

/** The fields of a raw contract passenger this suite reads (its own reading, not the element's). */
interface WirePassenger {
  name: string;
  bus_id: number;
  bus_name: string;
  date: string;
  boarding_point: string;
  dropping_point: string;
}

const display = (node: Element | null) => (node ? getComputedStyle(node).display : 'absent');

describe('<bus-passenger-list> printing', () => {
  let site: { proxy: LoopbackServer; base: string; all: WirePassenger[] };
  before(async () => (site = await proxiedSite<WirePassenger>(TOKEN, '/wbtm/v1/passengers')));
  after(async () => {
    await emulateMedia({ media: 'screen' });
    await site.proxy.stop();
  });
  afterEach(async () => {
    fixtureCleanup();
    await emulateMedia({ media: 'screen' });
  });

  const busiest = () => busiestTrip(site.all);

  async function manifest(busId: number, date: string): Promise<BusPassengerList> {
    const el = await fixture<BusPassengerList>(html`
      <bus-passenger-list base-url=${site.base} bus-id=${busId} date=${date} per-page="5" lang="en" .authorization=${`Bearer ${TOKEN}`}></bus-passenger-list>
    `);
    await settled(el);
    return el;
  }

  const print = async (el: BusPassengerList, event: 'beforeprint' | 'afterprint') => {
    window.dispatchEvent(new Event(event));
    await el.updateComplete;
  };

  it('prints every row with the heading (bus, date, stops), without toolbar or pager; afterprint brings one page back', async () => {
    const { busId, date, rows } = busiest();
    expect(rows.length, 'more passengers than one page holds').to.be.greaterThan(5);
    const el = await manifest(busId, date);
    expect(parts(el, 'row')).to.have.length(5);
    // On screen: the heading is for paper only.
    expect(display(part(el, 'print-header'))).to.equal('none');
    expect(display(part(el, 'toolbar'))).to.not.equal('none');
    expect(display(part(el, 'pagination'))).to.not.equal('none');

    await emulateMedia({ media: 'print' });
    expect(matchMedia('print').matches).to.equal(true);
    // The stylesheet alone hides what paper cannot use, and shows the heading.
    expect(display(part(el, 'toolbar'))).to.equal('none');
    expect(display(part(el, 'pagination'))).to.equal('none');
    expect(display(part(el, 'count'))).to.equal('none');
    expect(display(part(el, 'print-header'))).to.equal('block');

    await print(el, 'beforeprint');
    expect(parts(el, 'row')).to.have.length(rows.length);
    expect([...rowNames(el)].sort()).to.deep.equal(rows.map((row) => row.name).sort());
    for (const row of parts(el, 'row')) expect(display(row)).to.equal('table-row');
    expect(display(part(el, 'toolbar'))).to.equal('none');
    expect(['absent', 'none']).to.include(display(part(el, 'pagination')));
    for (const mark of el.shadowRoot!.querySelectorAll('.sort-mark')) expect(display(mark)).to.equal('none');
    // The heading: title and bus, then the date and the stops.
    const header = part(el, 'print-header')!;
    expect(display(header)).to.equal('block');
    expect(header.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(text(header.querySelector('h2'))).to.equal(`Passenger manifest — ${rows[0]!.bus_name}`);
    const [shownDate, stops] = text(header.querySelector('p')).split(' — ');
    expect(shownDate).to.equal(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)));
    expect(stops!.split(' → ').sort()).to.deep.equal([...new Set(rows.flatMap((row) => [row.boarding_point, row.dropping_point]))].sort());

    await print(el, 'afterprint');
    expect(parts(el, 'row')).to.have.length(5);
    expect(part(el, 'pagination')).to.exist;
    await emulateMedia({ media: 'screen' });
    expect(matchMedia('print').matches).to.equal(false);
    expect(display(part(el, 'print-header'))).to.equal('none');
    expect(display(part(el, 'toolbar'))).to.not.equal('none');
    expect(display(part(el, 'pagination'))).to.not.equal('none');
  });

  it('prints what the search matches in the table’s order, and returns to the page that was shown', async () => {
    const { busId, date, rows } = busiest();
    const el = await manifest(busId, date);
    el.sort = '-name';
    el.page = 2;
    await el.updateComplete;
    const secondPage = rowNames(el);
    expect(secondPage).to.have.length(Math.min(5, rows.length - 5));

    await emulateMedia({ media: 'print' });
    await print(el, 'beforeprint');
    expect(rowNames(el)).to.deep.equal(el.matchingRows.map((row) => row.name));
    expect(rowNames(el)).to.have.length(rows.length);
    await print(el, 'afterprint');
    expect(rowNames(el)).to.deep.equal(secondPage);
    expect(el.page).to.equal(2);

    // A search narrows the printed sheet as it narrows the table.
    const word = rows[0]!.name.split(' ')[0]!;
    el.search = word;
    await el.updateComplete;
    await print(el, 'beforeprint');
    const matching = rows.filter((row) => row.name.toLowerCase().includes(word.toLowerCase()));
    expect(rowNames(el).length).to.be.at.least(matching.length);
    expect(rowNames(el)).to.deep.equal(el.matchingRows.map((row) => row.name));
    await print(el, 'afterprint');
  });

  it('the Print button renders every row before the browser lays out the sheet', async () => {
    const { busId, date, rows } = busiest();
    const el = await manifest(busId, date);
    expect(parts(el, 'row').length).to.be.below(rows.length);
    const original = window.print;
    let rowsWhenPrinting = -1;
    // window.print() lays the sheet out synchronously: what is rendered at that call is what prints.
    const printed = new Promise<void>((resolve) => {
      window.print = () => {
        rowsWhenPrinting = parts(el, 'row').length;
        resolve();
      };
    });
    try {
      part(el, 'print')!.click();
      await printed;
    } finally {
      window.print = original;
    }
    expect(rowsWhenPrinting).to.equal(rows.length);
    window.dispatchEvent(new Event('afterprint'));
    await el.updateComplete;
    expect(parts(el, 'row')).to.have.length(5);
  });

  it('Ctrl+P (beforeprint) renders every row synchronously, before the event returns', async () => {
    const { busId, date, rows } = busiest();
    const el = await manifest(busId, date);
    window.dispatchEvent(new Event('beforeprint'));
    expect(parts(el, 'row')).to.have.length(rows.length); // no await: the browser would print now
    window.dispatchEvent(new Event('afterprint'));
    await el.updateComplete;
  });

  it('Ctrl+P pressed on a name button of page 2 leaves focus on that person: printing every row is no new list', async () => {
    const { busId, date } = busiest();
    const el = await manifest(busId, date);
    el.page = 2;
    await el.updateComplete;
    const button = part(el, 'row-button')!;
    const name = text(button);
    button.focus();
    window.dispatchEvent(new Event('beforeprint'));
    window.dispatchEvent(new Event('afterprint'));
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement, 'after printing').to.equal(button);
    expect(text(button)).to.equal(name);
  });

  it('Ctrl+P pressed on a pager button leaves focus there: the visitor pages on after printing', async () => {
    const { busId, date } = busiest();
    const el = await manifest(busId, date);
    const next = part(el, 'next')!;
    next.focus();
    const focused = () => el.shadowRoot!.activeElement?.getAttribute('part');
    window.dispatchEvent(new Event('beforeprint'));
    expect(focused(), 'while printing').to.equal('next');
    window.dispatchEvent(new Event('afterprint'));
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement, 'after printing').to.equal(next);
  });

  it("in an iframe's document (made by the page, or moved there) prints that document, and follows its print events", async () => {
    const { busId, date, rows } = busiest();
    const el = await manifest(busId, date);
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    const original = window.print;
    const printed: string[] = [];
    window.print = () => printed.push('page');
    inner.print = () => printed.push(`iframe with ${parts(el, 'row').length} rows`);
    try {
      // A move disconnects the list, which drops its rows and reads them again.
      inner.document.body.append(el);
      await el.updateComplete;
      await waitUntil(() => parts(el, 'row').length === 5 && !el.hasAttribute('pending'), 'rows in the iframe', { timeout: 8000 });
      // The visitor prints the iframe (its own Ctrl+P): every row, and one page again after.
      inner.dispatchEvent(new Event('beforeprint'));
      expect(parts(el, 'row')).to.have.length(rows.length);
      inner.dispatchEvent(new Event('afterprint'));
      await el.updateComplete;
      expect(parts(el, 'row')).to.have.length(5);
      // The page printing itself leaves a widget it does not show alone.
      window.dispatchEvent(new Event('beforeprint'));
      expect(parts(el, 'row')).to.have.length(5);
      // Print prints the document the widget is in, not the page around the iframe.
      part(el, 'print')!.click();
      await waitUntil(() => printed.length > 0, 'printed');
      expect(printed).to.deep.equal([`iframe with ${rows.length} rows`]);
      inner.dispatchEvent(new Event('afterprint'));
      await el.updateComplete;
      // Back in the page, the page's print events again.
      document.body.append(el);
      await el.updateComplete;
      await waitUntil(() => parts(el, 'row').length === 5 && !el.hasAttribute('pending'), 'rows back in the page', { timeout: 8000 });
      window.dispatchEvent(new Event('beforeprint'));
      expect(parts(el, 'row')).to.have.length(rows.length);
      window.dispatchEvent(new Event('afterprint'));
      await el.updateComplete;
    } finally {
      window.print = original;
      el.remove();
      frame.remove();
    }
  });

  it('heads the sheet only with what every row shares: a list of several buses or dates names none of them', async () => {
    const row = (booking: number, bus: number, date: string, from: string, to: string) => ({
      booking_id: booking,
      name: `P${booking}`,
      bus_id: bus,
      bus_name: `Express ${bus}`,
      date,
      boarding_point: from,
      dropping_point: to,
    });
    const cases: Array<[string, ReturnType<typeof row>[], string, string]> = [
      ['two buses, two dates', [row(1, 7, '2026-11-24', 'Paris', 'Lyon'), row(2, 8, '2026-11-25', 'Rome', 'Milan')], 'Passenger manifest', ''],
      [
        'one bus, two dates',
        [row(1, 7, '2026-11-24', 'Paris', 'Lyon'), row(2, 7, '2026-11-25', 'Lyon', 'Nice')],
        'Passenger manifest — Express 7',
        'Paris → Lyon → Nice',
      ],
      ['two buses, one date', [row(1, 7, '2026-11-24', 'Paris', 'Lyon'), row(2, 8, '2026-11-24', 'Rome', 'Milan')], 'Passenger manifest', 'Nov 24, 2026'],
    ];
    for (const [label, rows, heading, line] of cases) {
      const server = await scriptedServer([{ body: rows, headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' } }]);
      try {
        const el = await fixture<BusPassengerList>(
          html`<bus-passenger-list base-url=${`${server.origin}/wp-json`} lang="en" .authorization=${'Bearer x'}></bus-passenger-list>`,
        );
        await settled(el);
        const header = part(el, 'print-header')!;
        expect(text(header.querySelector('h2')), label).to.equal(heading);
        expect(text(header.querySelector('p')), label).to.equal(line);
      } finally {
        fixtureCleanup();
        await server.stop();
      }
    }
  });

  it('print() while the rows load (a new bus, date or token) waits for them instead of printing the loading skeleton', async () => {
    const rows = Array.from({ length: 7 }, (_, n) => ({ booking_id: n + 1, name: `P${n + 1}`, bus_id: 7, date: '2026-11-24' }));
    const server = await scriptedServer([{ body: rows, delayMs: 300, headers: { 'X-WP-Total': '7', 'X-WP-TotalPages': '1' } }]);
    const el = await fixture<BusPassengerList>(
      html`<bus-passenger-list base-url=${`${server.origin}/wp-json`} per-page="5" lang="en" .authorization=${'Bearer x'}></bus-passenger-list>`,
    );
    const original = window.print;
    const printed: string[] = [];
    window.print = () => printed.push(`${parts(el, 'loading').length} loading, ${parts(el, 'row').length} rows`);
    try {
      expect(el.hasAttribute('pending'), 'still loading').to.equal(true);
      await el.print();
      expect(printed).to.deep.equal(['0 loading, 7 rows']);
      window.dispatchEvent(new Event('afterprint'));
      await el.updateComplete;
      expect(parts(el, 'row')).to.have.length(5);
    } finally {
      window.print = original;
      fixtureCleanup();
      await server.stop();
    }
  });

  it('keeps the stops in travel order on paper when a stop name carries a right-to-left override', async () => {
    // The first stop ends in an unclosed U+202E: without isolation the arrows and later stops after it are drawn reversed.
    const row = (booking: number, from: string, to: string) => ({
      booking_id: booking,
      name: `P${booking}`,
      bus_id: 7,
      date: '2026-11-24',
      boarding_point: from,
      dropping_point: to,
    });
    const server = await scriptedServer([
      { body: [row(1, 'Paris \u202Eno', 'Lyon'), row(2, 'Lyon', 'Nice')], headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' } },
    ]);
    try {
      const el = await fixture<BusPassengerList>(
        html`<bus-passenger-list base-url=${`${server.origin}/wp-json`} lang="en" .authorization=${'Bearer x'}></bus-passenger-list>`,
      );
      await settled(el);
      await emulateMedia({ media: 'print' });
      const line = part(el, 'print-header')!.querySelector('p')!;
      const at = ['2026', 'Paris', 'Lyon', 'Nice'].map((word) => leftOf(line, word));
      expect(at, '2026, Paris, Lyon, Nice from left to right').to.deep.equal([...at].sort((a, b) => a - b));
      expect(text(line)).to.equal('Nov 24, 2026 — Paris \u202Eno → Lyon → Nice');
    } finally {
      await server.stop();
    }
  });
});
