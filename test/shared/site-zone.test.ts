/**
 * What a widget learns of its site's zone (shared/site-zone.ts) when reads of the index overlap: event
 * widgets read the trimmed index, bus widgets the whole one, and the two may land in either order.
 */
import { expect } from '@open-wc/testing';
import { ApiClient } from '../../src/api/client.js';
import type { SiteZone } from '../../src/api/site-time.js';
import { siteZoneOf, widgetSiteZone } from '../../src/shared/site-zone.js';

describe('the site zone a page learns', () => {
  it('a read that fails after an overlapping one learned the zone keeps that zone', async () => {
    const base = 'https://zone-overlap.example/wp-json';
    const client = new ApiClient({ baseUrl: base });
    const berlin: SiteZone = { kind: 'iana', name: 'Europe/Berlin' };
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
