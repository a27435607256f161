/**
 * What a widget learns of its site's zone (shared/site-zone.ts) when reads of the index overlap: event
 * widgets read the trimmed index, bus widgets the whole one, and the two may land in either order.
 */
import { expect } from '@open-wc/testing';
import { ApiClient } from '../../src/api/client.js';
import type { SiteZone } from '../../src/api/site-time.js';
import { siteZoneOf, widgetSiteZone } from '../../src/shared/site-zone.js';

describe('the site zone a page learns', () => {
  const berlin: SiteZone = { kind: 'iana', name: 'Europe/Berlin' };
  const paris: SiteZone = { kind: 'iana', name: 'Europe/Paris' };
  const realNow = Date.now;
  let now = 0;
  const clock = (at: number) => {
    now = at;
    Date.now = () => now;
  };
  afterEach(() => {
    Date.now = realNow;
  });
  /** A reader of the index that counts its calls. */
  const reader = (answer: () => Promise<SiteZone | null>) => {
    const read = Object.assign(() => (read.calls++, answer()), { calls: 0 });
    return read;
  };

  it('after the clock was set back (NTP correcting a kiosk), a learned zone is read again rather than kept until the clock catches up', async () => {
    const client = new ApiClient({ baseUrl: 'https://zone-clock-back.example/wp-json' });
    const start = realNow();
    clock(start);
    expect(await siteZoneOf(client, null, undefined, () => Promise.resolve(berlin))).to.deep.equal(berlin);
    clock(start - 2 * 3600_000);
    const read = reader(() => Promise.resolve(paris));
    expect(await siteZoneOf(client, null, undefined, read)).to.deep.equal(paris);
    expect(read.calls).to.equal(1);
  });

  it('while the index keeps failing, it is asked at most once a minute, and the zone learned before stays', async () => {
    const client = new ApiClient({ baseUrl: 'https://zone-outage.example/wp-json' });
    const start = realNow();
    clock(start);
    expect(await siteZoneOf(client, null, undefined, () => Promise.resolve(berlin))).to.deep.equal(berlin);
    const failing = reader(() => Promise.reject(new Error('offline')));
    clock(start + 11 * 60_000); // forgotten after ten minutes: asked, and it fails
    expect(await siteZoneOf(client, null, undefined, failing)).to.deep.equal(berlin);
    clock(start + 11 * 60_000 + 30_000);
    expect(await siteZoneOf(client, null, undefined, failing)).to.deep.equal(berlin);
    expect(failing.calls, 'not asked again within the minute').to.equal(1);
    clock(start + 12 * 60_000);
    expect(await siteZoneOf(client, null, undefined, failing)).to.deep.equal(berlin);
    expect(failing.calls, 'asked again a minute later').to.equal(2);
  });

  it('a read that fails after an overlapping one learned the zone keeps that zone', async () => {
    const base = 'https://zone-overlap.example/wp-json';
    const client = new ApiClient({ baseUrl: base });
    let failWhole!: (error: unknown) => void;
    // The whole index (hundreds of kilobytes on a real site) is slow, and then fails.
    const whole = siteZoneOf(client, null, undefined, () => new Promise<SiteZone | null>((_, reject) => (failWhole = reject)));
    expect(await siteZoneOf(client, null, undefined, () => Promise.resolve(berlin))).to.deep.equal(berlin);
    expect(widgetSiteZone(base, '')).to.deep.equal(berlin);
    failWhole(new Error('timed out'));
    expect(await whole).to.deep.equal(berlin);
    expect(widgetSiteZone(base, ''), 'what the page learned').to.deep.equal(berlin);
  });
});
