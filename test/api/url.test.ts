import { expect } from '@open-wc/testing';
import { buildUrl, encodeQuery, parseRestRoot, toRoute } from '../../src/api/url.js';
import { ApiError } from '../../src/api/errors.js';

// [base URL, path, query, expected URL]
const TABLE: Array<[string, string, Record<string, string | number | number[]>, string]> = [
  ['https://example.org/wp-json', '/wp/v2/mep_events', { per_page: 10, page: 1 }, 'https://example.org/wp-json/wp/v2/mep_events?page=1&per_page=10'],
  ['https://example.org/wp-json/', '/wp/v2/mep_events', {}, 'https://example.org/wp-json/wp/v2/mep_events'],
  ['https://example.org/wp-json//', '/wp/v2/mep_cat', {}, 'https://example.org/wp-json/wp/v2/mep_cat'],
  ['https://example.org/wp-json', '/wp-json/wbtm/v1/buses', { route_id: 3 }, 'https://example.org/wp-json/wbtm/v1/buses?route_id=3'],
  ['https://example.org/wp-json/', '/wp-json/wbtm/v1/routes', {}, 'https://example.org/wp-json/wbtm/v1/routes'],
  ['https://example.org/blog/wp-json', '/wp/v2/mep_events', { mep_cat: 12 }, 'https://example.org/blog/wp-json/wp/v2/mep_events?mep_cat=12'],
  ['https://example.org/blog/wp-json/', '/wp-json/wbtm/v1/buses/14', {}, 'https://example.org/blog/wp-json/wbtm/v1/buses/14'],
  ['https://example.org/?rest_route=', '/wp/v2/mep_events', { per_page: 5 }, 'https://example.org/?rest_route=/wp/v2/mep_events&per_page=5'],
  ['https://example.org/?rest_route=/', '/wp-json/wbtm/v1/routes', {}, 'https://example.org/?rest_route=/wbtm/v1/routes'],
  [
    'https://example.org/index.php?rest_route=',
    '/wp-json/wbtm/v1/buses/search',
    { bp: 'Paris', dp: 'Berlin', date: '2026-11-30' },
    'https://example.org/index.php?rest_route=/wbtm/v1/buses/search&bp=Paris&date=2026-11-30&dp=Berlin',
  ],
  ['https://example.org/blog/?rest_route=', '/wp/v2/mep_org', {}, 'https://example.org/blog/?rest_route=/wp/v2/mep_org'],
  [
    'https://proxy.example.org/wp-json',
    '/wp-json/wbtm/v1/passengers',
    { bus_id: 14, date: '2026-11-30' },
    'https://proxy.example.org/wp-json/wbtm/v1/passengers?bus_id=14&date=2026-11-30',
  ],
  ['https://proxy.example.org/api/', '/wp-json/wbtm/v1/routes', {}, 'https://proxy.example.org/api/wbtm/v1/routes'],
  ['https://example.org', '/wp/v2/mep_events', {}, 'https://example.org/wp-json/wp/v2/mep_events'],
  ['https://example.org/', '/wp-json/wbtm/v1/routes', {}, 'https://example.org/wp-json/wbtm/v1/routes'],
  ['http://127.0.0.1:8080/wp-json', 'wp/v2/mep_events', { mep_cat: [3, 4] }, 'http://127.0.0.1:8080/wp-json/wp/v2/mep_events?mep_cat=3,4'],
  ['https://example.org/wp-json#frag', '/', {}, 'https://example.org/wp-json/'],
  ['https://example.org/?rest_route=', '/', {}, 'https://example.org/?rest_route=/'],
  ['https://example.org/wp-json', '/wp-json', {}, 'https://example.org/wp-json/'],
  [
    'https://example.org/wp-json',
    '/wp/v2/mep_events',
    { 'mep_cat[terms]': [3], 'mep_cat[include_children]': 'true' },
    'https://example.org/wp-json/wp/v2/mep_events?mep_cat%5Binclude_children%5D=true&mep_cat%5Bterms%5D=3',
  ],
  [
    'https://example.org/wp-json',
    '/wp-json/wbtm/v1/buses/search',
    { bp: 'Frankfurt am Main', dp: 'Zürich & Co' },
    'https://example.org/wp-json/wbtm/v1/buses/search?bp=Frankfurt%20am%20Main&dp=Z%C3%BCrich%20%26%20Co',
  ],
];

describe('base URL rules', () => {
  for (const [base, path, query, expected] of TABLE) {
    it(`${base} + ${path}`, () => {
      const url = buildUrl(parseRestRoot(base), path, query);
      expect(url).to.equal(expected);
      // The REST prefix never appears twice.
      expect(url.split('wp-json').length - 1).to.be.at.most(1);
    });
  }

  it('resolves a relative base against the page', () => {
    const root = parseRestRoot('/wp-json/');
    expect(buildUrl(root, '/wp/v2/mep_cat')).to.equal(`${location.origin}/wp-json/wp/v2/mep_cat`);
  });

  it('rejects unusable base URLs with a typed error', () => {
    for (const bad of ['javascript:alert(1)//', 'ftp://example.org/wp-json', 'http://[::1']) {
      expect(() => parseRestRoot(bad, 'https://host.example/')).to.throw(ApiError);
    }
  });

  it('strips the published prefix only at the start', () => {
    expect(toRoute('/wp-json/wbtm/v1/routes')).to.equal('/wbtm/v1/routes');
    expect(toRoute('/wp/v2/wp-json')).to.equal('/wp/v2/wp-json');
    expect(toRoute('/wp-jsonx/y')).to.equal('/wp-jsonx/y');
  });

  it('encodes queries canonically so equal requests share a cache key', () => {
    expect(encodeQuery({ page: 2, per_page: 10 })).to.equal(encodeQuery({ per_page: 10, page: 2 }));
    expect(encodeQuery({ a: undefined, b: null, c: '', d: 0 })).to.equal('d=0');
  });
});
