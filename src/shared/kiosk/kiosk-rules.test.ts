// The kiosk features' pure rules: the reload minute on the site's wall clock (DST nights included),
// pages of a rotating board, the burn-in offsets, the URL an update check asks.
import { expect } from '@open-wc/testing';
import { parseSiteZone } from '../../api/site-time.js';
import { BURN_IN_OFFSETS } from './burn-in.js';
import { parseReloadTime, reloadMinutePassed } from './reload-at.js';
import { OWN_SCRIPT_URL } from './kiosk-board-element.js';
import { updateCheckUrl } from './reload-on-update.js';
import { pageSlice, rotateIntervalMs } from './rotation.js';

const zone = (text: string) => parseSiteZone(text);
/** A wall-clock reading in the viewer's zone, in epoch ms. */
const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();

describe('kiosk rules', () => {
  it('reads reload-at as HH:MM on a 24-hour clock', () => {
    expect(['03:30', '3:30', ' 23:59 ', '00:00'].map(parseReloadTime)).to.deep.equal(['03:30', '03:30', '23:59', '00:00']);
    for (const bad of ['24:00', '12:60', '', 'noon', '03:30:00', '3.30', '-1:00', null, undefined]) expect(parseReloadTime(bad), String(bad)).to.equal(null);
  });

  it('finds the reload minute between two checks on the wall clock, once', () => {
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 3, 29, 30), local(2026, 11, 30, 3, 29, 59), null)).to.equal(false);
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 3, 29, 30), local(2026, 11, 30, 3, 30), null)).to.equal(true);
    // A page loaded in the reload minute (the reload itself) waits for the next day's.
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 3, 30), local(2026, 11, 30, 3, 31), null)).to.equal(false);
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 3, 30, 1), local(2026, 12, 1, 3, 29, 59), null)).to.equal(false);
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 3, 30, 1), local(2026, 12, 1, 3, 30), null)).to.equal(true);
    // Across midnight, and a check that comes late (a sleeping device) still finds it.
    expect(reloadMinutePassed('23:59', local(2026, 11, 30, 23, 58), local(2026, 12, 1, 0, 1), null)).to.equal(true);
    expect(reloadMinutePassed('03:30', local(2026, 11, 30, 2, 0), local(2026, 11, 30, 9, 0), null)).to.equal(true);
  });

  it("reads the reload minute on the site's clock, not the viewer's", () => {
    const kolkata = zone('+05:30');
    // 03:30 in +05:30 is 22:00 UTC the day before.
    expect(reloadMinutePassed('03:30', Date.UTC(2026, 10, 29, 21, 59), Date.UTC(2026, 10, 29, 22, 0), kolkata)).to.equal(true);
    expect(reloadMinutePassed('22:00', Date.UTC(2026, 10, 29, 21, 59), Date.UTC(2026, 10, 29, 22, 0), kolkata)).to.equal(false);
  });

  it('on DST nights: a skipped minute fires when the clock jumps past it; a repeated one fires once', () => {
    const berlin = zone('Europe/Berlin');
    // 28 March 2027: 02:00 CET becomes 03:00 CEST (01:00 UTC); 02:30 never shows.
    expect(reloadMinutePassed('02:30', Date.UTC(2027, 2, 28, 0, 59), Date.UTC(2027, 2, 28, 1, 0), berlin)).to.equal(true);
    // 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 shows twice.
    expect(reloadMinutePassed('02:30', Date.UTC(2026, 9, 25, 0, 29), Date.UTC(2026, 9, 25, 0, 30), berlin)).to.equal(true);
    const reloadedAt = Date.UTC(2026, 9, 25, 0, 30, 5);
    expect(reloadMinutePassed('02:30', reloadedAt, Date.UTC(2026, 9, 25, 1, 30), berlin)).to.equal(false);
    expect(reloadMinutePassed('02:30', Date.UTC(2026, 9, 25, 1, 30), Date.UTC(2026, 9, 25, 1, 31), berlin)).to.equal(false);
  });

  it('cuts rows into pages, wrapping a page that no longer exists to the first', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7];
    expect(pageSlice(rows, 3, 0)).to.deep.equal({ rows: [1, 2, 3], index: 0, pages: 3 });
    expect(pageSlice(rows, 3, 2)).to.deep.equal({ rows: [7], index: 2, pages: 3 });
    expect(pageSlice(rows, 3, 3)).to.deep.equal({ rows: [1, 2, 3], index: 0, pages: 3 });
    expect(pageSlice(rows, 10, 0)).to.deep.equal({ rows, index: 0, pages: 1 });
    expect(pageSlice([], 3, 1)).to.deep.equal({ rows: [], index: 0, pages: 1 });
  });

  it('turns pages every rotate seconds, at least 5; off unless positive', () => {
    expect([0, -1, Number.NaN, Infinity].map(rotateIntervalMs)).to.deep.equal([null, null, null, null]);
    expect([1, 5, 12.5].map(rotateIntervalMs)).to.deep.equal([5000, 5000, 12_500]);
  });

  it('moves the content round a 3 px square, one small step at a time, starting and ending at the centre', () => {
    expect(BURN_IN_OFFSETS[0]).to.deep.equal([0, 0]);
    expect(new Set(BURN_IN_OFFSETS.map((offset) => offset.join())).size).to.equal(BURN_IN_OFFSETS.length);
    BURN_IN_OFFSETS.forEach(([x, y], i) => {
      expect(Math.max(Math.abs(x), Math.abs(y))).to.be.at.most(3);
      const [nx, ny] = BURN_IN_OFFSETS[(i + 1) % BURN_IN_OFFSETS.length]!;
      expect(Math.max(Math.abs(nx - x), Math.abs(ny - y)), `step ${i}`).to.be.at.most(3);
    });
  });

  it("checks the given URL (relative to the page), else the element's own script; only http(s)", () => {
    const base = 'https://kiosk.example/board/index.html';
    const own = 'https://cdn.example/dist/cdn/elements/bus-list.js';
    expect(updateCheckUrl(null, base, own)).to.equal(null);
    expect(updateCheckUrl('', base, own)).to.equal(own);
    // The module that declares the element's attributes, which loads with the element.
    expect(OWN_SCRIPT_URL).to.match(/^https?:.*kiosk-board-element\./);
    expect(updateCheckUrl(' version.json ', base, own)).to.equal('https://kiosk.example/board/version.json');
    expect(updateCheckUrl('/cdn/ticketing-widgets.js', base, own)).to.equal('https://kiosk.example/cdn/ticketing-widgets.js');
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,x', 'http://['])
      expect(updateCheckUrl(bad, base, own), bad).to.equal(null);
  });
});
