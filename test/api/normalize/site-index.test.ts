import { expect } from '@open-wc/testing';
import { normalizeSiteIndex } from '../../../src/api/normalize/site-index.js';
import { expectInvalid } from './expect-invalid.js';

const CONTRACT_ROUTES = [
  '/wp/v2/mep_events',
  '/wp/v2/mep_event_attendee',
  '/wbtm/v1/buses',
  '/wbtm/v1/buses/(?P<id>\\d+)',
  '/wbtm/v1/passengers',
  '/wbtm/v1/routes',
];

describe('normalizeSiteIndex', () => {
  it('reads routes keyed by pattern, as real sites send them', () => {
    const routes = Object.fromEntries(CONTRACT_ROUTES.map((r) => [r, { namespace: 'x', methods: ['GET'] }]));
    const caps = normalizeSiteIndex({
      name: 'Bus &amp; Events <b>Co</b>',
      namespaces: ['wp/v2', 'wbtm/v1'],
      routes,
      gmt_offset: 1,
      timezone_string: 'Europe/Berlin',
    });
    expect(caps).to.deep.equal({
      name: 'Bus & Events Co',
      namespaces: ['wp/v2', 'wbtm/v1'],
      events: true,
      speakers: false,
      attendees: true,
      categories: false,
      organizers: false,
      busDialect: 'contract',
      passengers: true,
      seats: false,
      timeZone: { kind: 'iana', name: 'Europe/Berlin' },
    });
  });

  it("reads the site's time zone: a named zone, else WordPress's fixed offset in hours, else none", () => {
    const zone = (extra: Record<string, unknown>) => normalizeSiteIndex({ routes: [], ...extra }).timeZone;
    expect(zone({ timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 })).to.deep.equal({ kind: 'iana', name: 'Asia/Kolkata' });
    expect(zone({ timezone_string: '', gmt_offset: 5.5 })).to.deep.equal({ kind: 'offset', minutes: 330 });
    expect(zone({ timezone_string: '', gmt_offset: '-3.5' })).to.deep.equal({ kind: 'offset', minutes: -210 });
    expect(zone({ timezone_string: 'Mars/Olympus', gmt_offset: 0 })).to.deep.equal({ kind: 'offset', minutes: 0 });
    expect(zone({ timezone_string: '<script>', gmt_offset: '=1+1' })).to.equal(null);
    expect(zone({ gmt_offset: 99 })).to.equal(null);
    expect(zone({})).to.equal(null);
  });

  it('reads routes as a list, as the trimmed recording has them', () => {
    const caps = normalizeSiteIndex({
      namespaces: ['wbtm/v1'],
      routes: ['/wbtm/v1/routes', '/wbtm/v1/buses/search', '/wbtm/v1/buses/(?P<id>\\d+)/seats', '/wp/v2/mep_cat', '/wp/v2/mep_org', 5],
    });
    expect(caps).to.deep.include({ busDialect: 'plugin', seats: true, categories: true, organizers: true, events: false, name: '' });
  });

  it('prefers the contract when both bus routes exist, and needs /buses exactly', () => {
    expect(normalizeSiteIndex({ routes: ['/wbtm/v1/buses/search', '/wbtm/v1/buses'] }).busDialect).to.equal('contract');
    expect(normalizeSiteIndex({ routes: ['/wbtm/v1/buses/(?P<id>\\d+)', '/wbtm/v1/busesx'] }).busDialect).to.equal(null);
  });

  it('assumes the plugin dialect for the wbtm/v1 namespace without either bus route', () => {
    expect(normalizeSiteIndex({ namespaces: ['wbtm/v1'], routes: {} }).busDialect).to.equal('plugin');
    expect(normalizeSiteIndex({ namespaces: ['wp/v2'], routes: {} }).busDialect).to.equal(null);
  });

  it('does not mistake similar routes for the seats route', () => {
    expect(normalizeSiteIndex({ routes: ['/wbtm/v1/buses/(?P<id>\\d+)/seats/extra', '/wbtm/v1/seats'] }).seats).to.equal(false);
  });

  it('does not see inherited object keys as routes', () => {
    const caps = normalizeSiteIndex(JSON.parse('{"namespaces": [], "routes": {"__proto__": {"/wp/v2/mep_events": {}}}}'));
    expect(caps.events).to.equal(false);
  });

  it('refuses bodies that are not an index', () => {
    for (const raw of [null, [], 'html', { code: 'rest_no_route', message: 'x' }, {}]) {
      expectInvalid(() => normalizeSiteIndex(raw), /Expected the \/wp-json\/ index/);
    }
  });
});
