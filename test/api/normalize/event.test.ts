import { expect } from '@open-wc/testing';
import { normalizeEvent, normalizeEvents } from '../../../src/api/normalize/event.js';
import { MAX_SERIALIZED_LENGTH } from '../../../src/api/normalize/php-meta.js';
import { expectInvalid, NOT_OBJECTS, phpSerialize } from './expect-invalid.js';

const TICKETS = [
  { option_name_t: 'GA &amp; Floor', option_price_t: '90', option_qty_t: '800', option_rsv_t: '0', option_details_t: '<b>General</b> admission' },
  { option_name_t: 'VIP', option_price_t: '220.50 incl. VAT', option_qty_t: '200', option_rsv_t: '5' },
  { option_name_t: 'Closed', option_price_t: '999', option_ticket_enable: 'no' },
  { option_name_t: 'Free', option_price_t: '0' },
  { option_name_t: 'Ask us', option_price_t: 'on request' },
];

function meta(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_start_datetime: ['2026-12-31 16:00:00'],
    event_end_datetime: ['2027-01-01 02:00:00'],
    mep_event_ticket_type: [phpSerialize(TICKETS)],
    mep_event_type: ['off'],
    mep_location_venue: ['Blue Note &amp; Friends'],
    mep_city: ['New York'],
    mep_reg_status: ['on'],
    mep_total_seat_left: ['12'],
    _price: ['0'],
    ...extra,
  };
}

function event(extra: Record<string, unknown> = {}, metaExtra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 54,
    date: '2026-11-21T17:59:11',
    slug: 'carnival',
    link: 'https://example.org/events/carnival/',
    title: { rendered: 'Jazz Night &#038; <b>Acoustic</b> Sessions' },
    content: { rendered: '<p>Body <script>alert(1)</script></p>' },
    excerpt: { rendered: '<p>Short &hellip;</p>' },
    featured_media: 55,
    mep_cat: [16, 17],
    mep_org: [28],
    mep_tag: [],
    event_informations: meta(metaExtra),
    ...extra,
  };
}

describe('normalizeEvent', () => {
  it('reads a complete event', () => {
    const e = normalizeEvent(event());
    expect(e).to.deep.include({
      id: 54,
      title: 'Jazz Night & Acoustic Sessions',
      slug: 'carnival',
      link: 'https://example.org/events/carnival/',
      published: '2026-11-21T17:59:11',
      start: '2026-12-31T16:00:00',
      end: '2027-01-01T02:00:00',
      recurrence: 'no',
      mode: 'offline',
      registration: 'on',
      seatsLeft: 12,
      categoryIds: [16, 17],
      organizerIds: [28],
      tagIds: [],
      imageUrl: null,
      excerptHtml: '<p>Short &hellip;</p>',
      excerptText: 'Short …',
      contentHtml: '<p>Body <script>alert(1)</script></p>',
    });
    expect(e.venue).to.deep.equal({ name: 'Blue Note & Friends', street: '', city: 'New York', state: '', postcode: '', country: '' });
  });

  it('reads tickets from serialized meta, with prices parsed like the plugin does', () => {
    const e = normalizeEvent(event());
    expect(e.tickets).to.deep.equal([
      { name: 'GA & Floor', price: 90, quantity: 800, reserved: 0, enabled: true, details: 'General admission' },
      { name: 'VIP', price: 220.5, quantity: 200, reserved: 5, enabled: true, details: '' },
      { name: 'Closed', price: 999, quantity: null, reserved: null, enabled: false, details: '' },
      { name: 'Free', price: 0, quantity: null, reserved: null, enabled: true, details: '' },
      { name: 'Ask us', price: null, quantity: null, reserved: null, enabled: true, details: '' },
    ]);
    // Disabled and price-less tickets do not count; a free ticket does.
    expect(e.priceRange).to.deep.equal({ min: 0, max: 220.5 });
  });

  it('ignores _price, which is not a ticket price', () => {
    const e = normalizeEvent(event({}, { _price: ['999'], mep_event_ticket_type: [''] }));
    expect(e.tickets).to.deep.equal([]);
    expect(e.priceRange).to.equal(null);
  });

  it('requires a positive integer id', () => {
    for (const id of [undefined, null, 0, -54, 54.5, NaN, Infinity, 2 ** 53, '54abc', '', true, [54], { id: 54 }]) {
      expectInvalid(() => normalizeEvent(event({ id })), /Event has no usable id/);
    }
    expect(normalizeEvent(event({ id: '54' })).id).to.equal(54);
  });

  it('rejects anything that is not an object', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeEvent(raw), /Expected an event object/);
  });

  it('requires a title but allows an empty one', () => {
    for (const title of [undefined, null, 5, {}, { rendered: null }, []]) {
      expectInvalid(() => normalizeEvent(event({ title })), /Event 54 has no title/);
    }
    expect(normalizeEvent(event({ title: { rendered: '' } })).title).to.equal('');
  });

  it('turns hostile titles into plain text', () => {
    const e = normalizeEvent(event({ title: { rendered: 'Hi <img src=x onerror=alert(1)><script>evil()</script> &lt;script&gt;' } }));
    expect(e.title).to.equal('Hi <script>');
    expect(e.title).to.not.include('<img');
    expect(e.title).to.not.include('evil');
  });

  it('keeps only http(s) links and images', () => {
    expect(normalizeEvent(event({ link: 'javascript:alert(1)' })).link).to.equal('');
    expect(normalizeEvent(event({}, { event_feature_image: 'javascript:alert(1)' })).imageUrl).to.equal(null);
    expect(normalizeEvent(event({}, { event_feature_image: 'https://example.org/a.jpg' })).imageUrl).to.equal('https://example.org/a.jpg');
  });

  it('falls back to the embedded featured image', () => {
    const embedded = { _embedded: { 'wp:featuredmedia': [{ source_url: 'https://example.org/m.jpg' }] } };
    expect(normalizeEvent(event(embedded)).imageUrl).to.equal('https://example.org/m.jpg');
    expect(normalizeEvent(event(embedded, { event_feature_image: 'https://example.org/f.jpg' })).imageUrl).to.equal('https://example.org/f.jpg');
    expect(normalizeEvent(event({ _embedded: { 'wp:featuredmedia': 'x' } })).imageUrl).to.equal(null);
    expect(normalizeEvent(event({ _embedded: { 'wp:featuredmedia': [{ source_url: 'data:image/png;base64,AA' }] } })).imageUrl).to.equal(null);
  });

  it('resolves a relative image (a "relative URLs" plugin, a CDN rewrite) against the event link, and only then', () => {
    const image = (url: string, record: Record<string, unknown> = {}) => normalizeEvent(event(record, { event_feature_image: url })).imageUrl;
    expect(image('/wp-content/uploads/2026/11/e.jpg')).to.equal('https://example.org/wp-content/uploads/2026/11/e.jpg');
    expect(image('//cdn.example.net/e.jpg')).to.equal('https://cdn.example.net/e.jpg');
    const media = (url: string) => ({ _embedded: { 'wp:featuredmedia': [{ source_url: url }] } });
    expect(normalizeEvent(event(media('/wp-content/uploads/m.jpg'))).imageUrl).to.equal('https://example.org/wp-content/uploads/m.jpg');
    // Without a usable link there is nothing to resolve against; the scheme and credential rules still hold.
    expect(image('/wp-content/uploads/e.jpg', { link: 'javascript:alert(1)' })).to.equal(null);
    expect(image('//user:pw@cdn.example.net/e.jpg')).to.equal(null);
    expect(image('javascript:alert(1)')).to.equal(null);
  });

  it('is usable without event_informations, or with a non-object in its place', () => {
    for (const value of [undefined, null, [], 'meta', 5, [['2026-01-01']]]) {
      const raw = event();
      if (value === undefined) delete raw.event_informations;
      else raw.event_informations = value;
      const e = normalizeEvent(raw);
      expect(e).to.deep.include({
        id: 54,
        start: null,
        end: null,
        venue: null,
        tickets: [],
        priceRange: null,
        moreDates: [],
        recurrence: 'no',
        mode: 'offline',
        registration: 'on',
        seatsLeft: null,
      });
    }
  });

  it('falls back to event_start_date + event_start_time', () => {
    const e = normalizeEvent(
      event(
        {},
        {
          event_start_datetime: [''],
          event_start_date: ['2026-09-01'],
          event_start_time: ['9:05'],
          event_end_datetime: undefined,
          event_end_date: ['2026-09-01'],
          event_end_time: [''],
        },
      ),
    );
    expect(e.start).to.equal('2026-09-01T09:05:00');
    // The end's empty time reads as midnight, before the start: no end (see the next test).
    expect(e.end).to.equal(null);
  });

  it('reads an end before its start as no end, so an event that has not begun never reads as over', () => {
    const e = normalizeEvent(event({}, { event_start_datetime: ['2026-12-31 22:00:00'], event_end_datetime: ['2026-12-31 02:00:00'] }));
    expect(e.start).to.equal('2026-12-31T22:00:00');
    expect(e.end).to.equal(null);
    const dates = [{ event_more_start_date: '2027-01-20', event_more_start_time: '21:00', event_more_end_date: '2027-01-19', event_more_end_time: '23:00' }];
    expect(normalizeEvent(event({}, { mep_event_more_date: [phpSerialize(dates)] })).moreDates).to.deep.equal([{ start: '2027-01-20T21:00:00', end: null }]);
    const same = normalizeEvent(event({}, { event_start_datetime: ['2026-12-31 22:00:00'], event_end_datetime: ['2026-12-31 22:00:00'] }));
    expect(same.end).to.equal('2026-12-31T22:00:00');
  });

  it('refuses impossible dates rather than guessing', () => {
    const e = normalizeEvent(
      event(
        { date: '2026-02-30T10:00:00' },
        {
          event_start_datetime: ['2026-02-30 10:00:00'],
          event_start_date: ['2026-02-30'],
          event_start_time: ['10:00'],
          event_end_datetime: ['2026-09-01 25:00:00'],
        },
      ),
    );
    expect(e.start).to.equal(null);
    expect(e.end).to.equal(null);
    expect(e.published).to.equal(null);
  });

  it('reads more dates, skipping broken entries and sorting by start', () => {
    const dates = [
      { event_more_start_date: '2027-01-20', event_more_start_time: '09:00', event_more_end_date: '2027-01-30', event_more_end_time: '19:00' },
      { event_more_start_date: '2027-02-30', event_more_start_time: '09:00' },
      'not an entry',
      { event_more_start_date: '2026-12-31', event_more_start_time: '9:00', event_more_end_date: '', event_more_end_time: '' },
      { event_more_start_time: '10:00' },
    ];
    expect(normalizeEvent(event({}, { mep_event_more_date: [phpSerialize(dates)] })).moreDates).to.deep.equal([
      { start: '2026-12-31T09:00:00', end: null },
      { start: '2027-01-20T09:00:00', end: '2027-01-30T19:00:00' },
    ]);
  });

  it('drops only the field when serialized meta is malformed, hostile or an object', () => {
    const bad = [
      'a:1:{i:0;a:1:{s:13:"option_name_t";s:99:"short";}}',
      'O:8:"stdClass":1:{s:13:"option_name_t";s:3:"VIP";}',
      'a:1:{i:0;O:8:"stdClass":1:{s:13:"option_name_t";s:3:"VIP";}}',
      'a:1:{i:0;r:1;}',
      'a:99999999:{}',
      `${'a:1:{i:0;'.repeat(5000)}N;${'}'.repeat(5000)}`,
      // Well-formed, and a usable ticket but for its size.
      phpSerialize([{ option_name_t: 'VIP', option_price_t: '5', option_details_t: 'x'.repeat(MAX_SERIALIZED_LENGTH) }]),
      's:3:"VIP";',
      'i:5;',
      'not serialized',
      // A single ticket that is not wrapped in a list: its values are strings, not tickets.
      phpSerialize({ option_name_t: 'VIP', option_price_t: '5' }),
    ];
    for (const text of bad) {
      const e = normalizeEvent(event({}, { mep_event_ticket_type: [text], mep_event_more_date: [text] }));
      expect(e.tickets, text.slice(0, 40)).to.deep.equal([]);
      expect(e.moreDates, text.slice(0, 40)).to.deep.equal([]);
      expect(e.title).to.equal('Jazz Night & Acoustic Sessions');
    }
  });

  it('reads tickets from a PHP array with gaps and skips unusable entries', () => {
    const text =
      'a:4:{i:0;s:3:"VIP";i:2;a:2:{s:13:"option_name_t";s:4:"Late";s:14:"option_price_t";i:15;}i:5;a:0:{}' + 'i:7;a:1:{s:12:"option_qty_t";s:2:"10";}}';
    expect(normalizeEvent(event({}, { mep_event_ticket_type: [text] })).tickets).to.deep.equal([
      { name: 'Late', price: 15, quantity: null, reserved: null, enabled: true, details: '' },
    ]);
  });

  it('reads tickets from a PHP array keyed by strings', () => {
    const text = phpSerialize({ vip: { option_name_t: 'VIP', option_price_t: '50' }, ga: { option_name_t: 'GA', option_price_t: '10' } });
    expect(normalizeEvent(event({}, { mep_event_ticket_type: [text] })).tickets.map((t) => [t.name, t.price])).to.deep.equal([
      ['VIP', 50],
      ['GA', 10],
    ]);
  });

  it('reads at most 500 entries from one serialized list', () => {
    const dates = Array.from({ length: 600 }, (_, i) => ({
      event_more_start_date: '2027-01-01',
      event_more_start_time: `${String(i % 24).padStart(2, '0')}:00`,
    }));
    expect(normalizeEvent(event({}, { mep_event_more_date: [phpSerialize(dates)] })).moreDates).to.have.length(500);
  });

  it('reads recurrence, mode and registration with safe defaults', () => {
    const read = (m: Record<string, unknown>) => normalizeEvent(event({}, m));
    expect(read({ mep_enable_recurring: ['everyday'] }).recurrence).to.equal('everyday');
    expect(read({ mep_enable_recurring: ['YES'] }).recurrence).to.equal('yes');
    expect(read({ mep_enable_recurring: ['weekly'] }).recurrence).to.equal('no');
    expect(read({ mep_event_type: ['online'] }).mode).to.equal('online');
    expect(read({ mep_event_type: ['hybrid'] }).mode).to.equal('hybrid');
    expect(read({ mep_event_type: ['off'] }).mode).to.equal('offline');
    expect(read({ mep_event_type: [['online']] }).mode).to.equal('offline');
    expect(read({ mep_reg_status: ['rsvp'] }).registration).to.equal('rsvp');
    expect(read({ mep_reg_status: ['off'] }).registration).to.equal('off');
    expect(read({ mep_reg_status: ['maybe'] }).registration).to.equal('on');
  });

  it('reads seats left as a non-negative integer only', () => {
    expect(normalizeEvent(event({}, { mep_total_seat_left: ['0'] })).seatsLeft).to.equal(0);
    for (const value of [['-3'], ['many'], [''], ['1.5'], 7]) {
      expect(normalizeEvent(event({}, { mep_total_seat_left: value })).seatsLeft, String(value)).to.equal(null);
    }
  });

  it('keeps venue null when every part is empty', () => {
    const e = normalizeEvent(event({}, { mep_location_venue: [''], mep_city: ['  '], mep_street: [' <br> '] }));
    expect(e.venue).to.equal(null);
  });

  it('keeps only distinct integer term ids', () => {
    const e = normalizeEvent(event({ mep_cat: [12, '13', 12, -1, 1.5, 'x', null, { id: 3 }], mep_org: 'x', mep_tag: { 0: 5 } }));
    expect(e.categoryIds).to.deep.equal([12, 13]);
    expect(e.organizerIds).to.deep.equal([]);
    expect(e.tagIds).to.deep.equal([]);
  });

  it('survives __proto__ keys in the record and in meta', () => {
    const raw = JSON.parse(
      '{"id": 7, "title": {"rendered": "P"}, "__proto__": {"polluted": true}, "event_informations": {"__proto__": ["x"], "mep_city": ["Rome"]}}',
    ) as unknown;
    const e = normalizeEvent(raw);
    expect(e.venue?.city).to.equal('Rome');
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
  });

  it('tolerates wrong types in every optional field', () => {
    const e = normalizeEvent({
      id: 9,
      title: { rendered: 'T' },
      date: 12,
      slug: ['s'],
      link: { href: 'https://x.test' },
      content: 'plain',
      excerpt: 5,
      mep_cat: null,
      event_informations: { event_start_datetime: 5, mep_city: [{}], mep_event_ticket_type: { a: 1 }, event_feature_image: ['https://example.org/i.jpg'] },
    });
    expect(e).to.deep.include({
      id: 9,
      title: 'T',
      published: null,
      slug: '',
      link: '',
      contentHtml: 'plain',
      excerptHtml: '',
      excerptText: '',
      start: null,
      venue: null,
      tickets: [],
      categoryIds: [],
      imageUrl: 'https://example.org/i.jpg',
    });
  });
});

describe('normalizeEvents', () => {
  it('drops a broken event and keeps its neighbours', () => {
    const events = normalizeEvents([event({ id: 1 }), { id: 'x' }, null, event({ id: 3, event_informations: 'garbage' })]);
    expect(events.map((e) => e.id)).to.deep.equal([1, 3]);
  });

  it('rejects a page whose every event is broken, naming the first problem', () => {
    expectInvalid(() => normalizeEvents([{ id: -1, title: { rendered: 'x' } }, 'x']), /None of the 2 events could be used \(item 0: Event has no usable id/);
  });

  it('rejects a WordPress error body instead of reading it as no events', () => {
    expectInvalid(() => normalizeEvents({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }), /Expected a list of events, got an object/);
  });

  it('accepts an empty page', () => {
    expect(normalizeEvents([])).to.deep.equal([]);
  });
});
