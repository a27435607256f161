import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { EventItem, Speaker, Term } from '../../api/models.js';
import { normalizeEvents, normalizeSpeakers, normalizeTerms } from '../../api/normalize/index.js';
import { parseSiteZone, type SiteZone } from '../../api/site-time.js';
import { serializeRecords, wireEvent } from '../../../test/helpers/wire-events.js';
import './event-list.js';
import type { EventList } from './event-list.js';
import { eventsJsonLd, isoDateTime, jsonLdText, type StructuredDataContext } from './structured-data.js';
import { STRUCTURED_DATA_ATTRIBUTE, syncStructuredData } from './structured-data-script.js';

type Ld = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function recorded(name: string): Promise<unknown> {
  const response = await fetch(`/test/fixtures/recorded/${name}`);
  expect(response.ok, name).to.equal(true);
  return ((await response.json()) as { body: unknown }).body;
}

const zone = (text: string): SiteZone => {
  const parsed = parseSiteZone(text);
  expect(parsed, text).to.not.equal(null);
  return parsed!;
};

const byId = (events: EventItem[], id: number): EventItem => {
  const event = events.find((e) => e.id === id);
  expect(event, `event ${id}`).to.not.equal(undefined);
  return event!;
};

describe('event-list structured data', () => {
  let events: EventItem[];
  let organizers: Map<number, Term>;
  let speakers: Map<number, Speaker>;
  let context: StructuredDataContext;

  before(async () => {
    events = normalizeEvents(await recorded('mep-events-page-1-per-page-5.json'));
    organizers = new Map(normalizeTerms(await recorded('mep-org-list.json')).map((t) => [t.id, t]));
    speakers = new Map(normalizeSpeakers(await recorded('mep-event-speaker-list.json')).map((s) => [s.id, s]));
    context = { zone: zone('Europe/Berlin'), currency: 'EUR', organizers, speakers };
  });

  describe('from recorded data', () => {
    it('writes one Event per occurrence, in order, with names, urls and images', () => {
      expect(events.map((e) => e.id)).to.deep.equal([54, 52, 50, 48, 46]);
      const ld = eventsJsonLd(events, context) as Ld[];
      // 54, 52 and 50 have one date each; 48 has its start and four more dates; 46 is an "everyday"
      // event from 2026-11-21 to 2026-12-01: a daily 09:00-19:00 slot on each of those 11 days.
      expect(ld).to.have.length(3 + 5 + 11);
      expect(ld.filter((n) => n['name'] === 'Live Music & Cannabis Industry Expo').map((n) => String(n['startDate']).slice(0, 16))).to.deep.equal(
        Array.from({ length: 11 }, (_, n) => `2026-${n < 10 ? `11-${21 + n}` : '12-01'}T09:00`),
      );
      for (const node of ld) {
        expect(node['@context']).to.equal('https://schema.org');
        expect(node['@type']).to.equal('Event');
      }
      expect(ld.map((n) => n['name'])).to.deep.equal([
        'Electronic Dance Music Carnival',
        'Jazz Night & Acoustic Sessions',
        'Summer Music Festival & Outdoor Concert',
        ...Array<string>(5).fill('Global Economic Leadership Summit'),
        ...Array<string>(11).fill('Live Music & Cannabis Industry Expo'),
      ]);
      const carnival = ld[0]!;
      expect(carnival['url']).to.equal('https://example.org/events/electronic-dance-music-carnival/');
      expect(carnival['image']).to.equal('https://example.org/wp-content/uploads/2026/11/event-1-1.jpg');
      expect(carnival['description']).to.match(/^Lorem ipsum dolor sit amet/);
      expect(carnival).to.not.have.property('eventStatus');
    });

    it('writes each occurrence of a multi-date event with its own dates', () => {
      const summit = eventsJsonLd([byId(events, 48)], context) as Ld[];
      expect(summit.map((n) => [n['startDate'], n['endDate']])).to.deep.equal([
        ['2026-11-21T09:00:00+01:00', '2026-12-01T19:00:00+01:00'],
        ['2026-12-31T09:00:00+01:00', '2027-01-10T19:00:00+01:00'],
        ['2027-01-10T09:00:00+01:00', '2027-01-20T19:00:00+01:00'],
        ['2027-01-20T09:00:00+01:00', '2027-01-30T19:00:00+01:00'],
        ['2027-01-30T09:00:00+01:00', '2027-02-09T19:00:00+01:00'],
      ]);
    });

    it("writes the site zone's offset at each instant, on both sides of DST switches", () => {
      const summit = byId(events, 48);
      // The recorded dates all fall in winter; add dates around Berlin's autumn 2026 and spring 2027 switches.
      const around: EventItem = {
        ...summit,
        moreDates: [
          ...summit.moreDates,
          { start: '2026-10-24T20:00:00', end: '2026-10-24T23:00:00' },
          { start: '2026-10-25T20:00:00', end: '2026-10-25T23:00:00' },
          { start: '2027-03-27T20:00:00', end: '2027-03-27T23:00:00' },
          { start: '2027-03-28T20:00:00', end: '2027-03-28T23:00:00' },
        ],
      };
      const starts = (eventsJsonLd([around], context) as Ld[]).map((n) => n['startDate'] as string);
      expect(starts).to.deep.equal([
        '2026-10-24T20:00:00+02:00',
        '2026-10-25T20:00:00+01:00',
        '2026-11-21T09:00:00+01:00',
        '2026-12-31T09:00:00+01:00',
        '2027-01-10T09:00:00+01:00',
        '2027-01-20T09:00:00+01:00',
        '2027-01-30T09:00:00+01:00',
        '2027-03-27T20:00:00+01:00',
        '2027-03-28T20:00:00+02:00',
      ]);
      // Every written date is the instant the site's wall clock means.
      expect(new Date(starts[0]!).toISOString()).to.equal('2026-10-24T18:00:00.000Z');
      expect(new Date(starts[8]!).toISOString()).to.equal('2027-03-28T18:00:00.000Z');

      const carnival = (eventsJsonLd([byId(events, 54)], context) as Ld[])[0]!;
      expect([carnival['startDate'], carnival['endDate']]).to.deep.equal(['2026-12-31T16:00:00+01:00', '2027-01-01T02:00:00+01:00']);
      const inNewYork = (eventsJsonLd([byId(events, 54)], { ...context, zone: zone('America/New_York') }) as Ld[])[0]!;
      expect(inNewYork['startDate']).to.equal('2026-12-31T16:00:00-05:00');
    });

    it('writes no endDate before its startDate when the start falls in the hour a spring switch skips', () => {
      const summit = byId(events, 48);
      // 02:30 does not exist in Berlin on 2031-03-30: it is written as 03:30+02:00, after an end at 03:00.
      const gap: EventItem = { ...summit, start: '2031-03-30T02:30:00', end: '2031-03-30T03:00:00', moreDates: [], recurrence: 'no' };
      const [node] = eventsJsonLd([gap], context) as Ld[];
      expect(node!['startDate']).to.equal('2031-03-30T03:30:00+02:00');
      expect(node!).to.not.have.property('endDate');
      // An end after the moved start stays.
      const later: EventItem = { ...gap, end: '2031-03-30T04:00:00' };
      expect((eventsJsonLd([later], context) as Ld[])[0]!['endDate']).to.equal('2031-03-30T04:00:00+02:00');
    });

    it('reads skipped and repeated wall-clock times as the instant they stand for', () => {
      const berlin = zone('Europe/Berlin');
      // 02:30 never happens on 2027-03-28: it is 03:30 summer time, the same instant as 02:30 winter time.
      expect(isoDateTime('2027-03-28T02:30:00', berlin)).to.equal('2027-03-28T03:30:00+02:00');
      // 02:30 happens twice on 2026-10-25: the earlier one, still summer time.
      expect(isoDateTime('2026-10-25T02:30:00', berlin)).to.equal('2026-10-25T02:30:00+02:00');
      expect(isoDateTime('2026-12-31T16:00:00', zone('+05:30'))).to.equal('2026-12-31T16:00:00+05:30');
      expect(isoDateTime('2026-12-31T16:00:00', zone('UTC'))).to.equal('2026-12-31T16:00:00+00:00');
      expect(isoDateTime('2026-02-30T16:00:00', berlin)).to.equal(null);
    });

    it('writes local times without an offset when the zone is unknown, never the viewer’s', () => {
      const ld = eventsJsonLd([byId(events, 54)], { ...context, zone: null }) as Ld[];
      expect([ld[0]!['startDate'], ld[0]!['endDate']]).to.deep.equal(['2026-12-31T16:00:00', '2027-01-01T02:00:00']);
      // An IANA name this runtime does not know would otherwise fall back to the viewer's offset.
      const unknown = eventsJsonLd([byId(events, 54)], { ...context, zone: { kind: 'iana', name: 'Mars/Olympus_Mons' } }) as Ld[];
      expect(unknown[0]!['startDate']).to.equal('2026-12-31T16:00:00');
    });

    it('writes a Place for venue events, a VirtualLocation for online ones, both for hybrid ones', () => {
      const carnival = byId(events, 54);
      const offline = (eventsJsonLd([carnival], context) as Ld[])[0]!;
      expect(offline['eventAttendanceMode']).to.equal('https://schema.org/OfflineEventAttendanceMode');
      // The recorded venue has only a name (the address typed into it); empty parts are not written.
      expect(offline['location']).to.deep.equal({ '@type': 'Place', name: 'Ultra Beach Arena, Miami, FL, USA' });

      const withAddress: EventItem = {
        ...carnival,
        venue: { name: 'Ultra Beach Arena', street: '301 Biscayne Blvd', city: 'Miami', state: 'FL', postcode: '', country: 'US' },
      };
      expect((eventsJsonLd([withAddress], context) as Ld[])[0]!['location']).to.deep.equal({
        '@type': 'Place',
        name: 'Ultra Beach Arena',
        address: { '@type': 'PostalAddress', streetAddress: '301 Biscayne Blvd', addressLocality: 'Miami', addressRegion: 'FL', addressCountry: 'US' },
      });

      const online = (eventsJsonLd([{ ...carnival, mode: 'online' }], context) as Ld[])[0]!;
      expect(online['eventAttendanceMode']).to.equal('https://schema.org/OnlineEventAttendanceMode');
      expect(online['location']).to.deep.equal({ '@type': 'VirtualLocation', url: carnival.link });

      const hybrid = (eventsJsonLd([{ ...carnival, mode: 'hybrid' }], context) as Ld[])[0]!;
      expect(hybrid['eventAttendanceMode']).to.equal('https://schema.org/MixedEventAttendanceMode');
      expect(hybrid['location']).to.deep.equal([
        { '@type': 'Place', name: 'Ultra Beach Arena, Miami, FL, USA' },
        { '@type': 'VirtualLocation', url: carnival.link },
      ]);

      const nowhere = (eventsJsonLd([{ ...carnival, venue: null }], context) as Ld[])[0]!;
      expect(nowhere).to.not.have.property('location');
    });

    it('writes one Offer per enabled ticket with a price, with the currency and SoldOut only where capacity is all reserved', () => {
      const carnival = byId(events, 54);
      expect(carnival.seatsLeft).to.equal(0); // "not computed" on the recorded site, not sold out
      const offers = (eventsJsonLd([carnival], context) as Ld[])[0]!['offers'] as Ld[];
      const url = 'https://example.org/events/electronic-dance-music-carnival/';
      expect(offers).to.deep.equal([
        { '@type': 'Offer', name: 'GA Dance Floor', price: 90, priceCurrency: 'EUR', url },
        { '@type': 'Offer', name: 'VIP Lounge', price: 220, priceCurrency: 'EUR', url },
        { '@type': 'Offer', name: 'Backstage Pass', price: 350, priceCurrency: 'EUR', url },
      ]);

      const [ga, vip, backstage] = carnival.tickets;
      const some: EventItem = { ...carnival, tickets: [{ ...ga!, enabled: false }, { ...vip!, price: null }, backstage!] };
      const noCurrency = (eventsJsonLd([some], { ...context, currency: 'euros' }) as Ld[])[0]!['offers'] as Ld[];
      expect(noCurrency).to.deep.equal([{ '@type': 'Offer', name: 'Backstage Pass', price: 350, url }]);
      expect((eventsJsonLd([some], { ...context, currency: ' usd ' }) as Ld[])[0]!['offers'][0]['priceCurrency']).to.equal('USD');

      // All of a ticket's capacity reserved: none can be sold on any date. Seats left at 0, or capacity
      // left over, say nothing either way.
      const full: EventItem = { ...carnival, tickets: [{ ...ga!, quantity: 10, reserved: 10 }, { ...vip!, quantity: 0, reserved: null }, backstage!] };
      expect(((eventsJsonLd([full], context) as Ld[])[0]!['offers'] as Ld[]).map((o) => o['availability'])).to.deep.equal([
        'https://schema.org/SoldOut',
        'https://schema.org/SoldOut',
        undefined,
      ]);
      expect(offers.every((o) => !('availability' in o))).to.equal(true);

      // Listing mode: no registration, so nothing is offered. RSVP: the plugin's free form.
      expect((eventsJsonLd([{ ...carnival, registration: 'off' }], context) as Ld[])[0]).to.not.have.property('offers');
      expect((eventsJsonLd([{ ...carnival, registration: 'rsvp' }], context) as Ld[])[0]!['offers']).to.deep.equal([
        { '@type': 'Offer', price: 0, priceCurrency: 'EUR', url },
      ]);
    });

    it('names performers from the speakers and organizers from the organizer terms', () => {
      const carnival = (eventsJsonLd([byId(events, 54)], context) as Ld[])[0]!;
      expect(carnival['performer']).to.deep.equal(['Jordan Blake', 'Sofia Alvarez', 'Liam Okonkwo', 'Priya Nair'].map((name) => ({ '@type': 'Person', name })));
      expect(carnival['organizer']).to.deep.equal(['Doogle Inc', 'Myamazon Inc'].map((name) => ({ '@type': 'Organization', name })));
      const summit = (eventsJsonLd([byId(events, 48)], context) as Ld[])[0]!;
      expect(summit['organizer']).to.deep.equal(['Best Buy Ltd', 'Cooking Studio', 'Duperstar LLC'].map((name) => ({ '@type': 'Organization', name })));

      // Not loaded (or an id the map lacks): left out, never an empty name.
      const bare = (eventsJsonLd([byId(events, 54)], { ...context, organizers: undefined, speakers: new Map([[22, speakers.get(22)!]]) }) as Ld[])[0]!;
      expect(bare).to.not.have.property('organizer');
      expect(bare['performer']).to.deep.equal([{ '@type': 'Person', name: 'Jordan Blake' }]);
    });

    it('leaves out what the data lacks instead of writing empty strings', () => {
      const sparse: EventItem = { ...byId(events, 54), link: '', imageUrl: null, excerptText: '', end: null, tickets: [], organizerIds: [], speakerIds: [] };
      const node = (eventsJsonLd([sparse], context) as Ld[])[0]!;
      expect(Object.keys(node).sort()).to.deep.equal(['@context', '@type', 'eventAttendanceMode', 'location', 'name', 'startDate']);
      expect(JSON.stringify(node)).to.not.contain('""');
      expect(eventsJsonLd([{ ...sparse, start: null }], context)).to.deep.equal([]);
    });
  });

  describe('hostile text', () => {
    const TITLE = '</script><script>alert(1)</script>';
    const VENUE = '<!--<script>window.__twJsonLd=1</script>\u2028-->\u2029 & co';
    let calls: unknown[];
    let realAlert: typeof window.alert;

    beforeEach(() => {
      calls = [];
      realAlert = window.alert;
      window.alert = (message?: unknown) => void calls.push(message);
    });
    afterEach(() => {
      window.alert = realAlert;
      delete (window as unknown as Record<string, unknown>)['__twJsonLd'];
    });

    const encode = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

    function hostile(): EventItem[] {
      // Through the normalizer, as a site would send them (WordPress sends titles entity-encoded).
      const wire = [
        wireEvent({ id: 1, title: encode(TITLE), meta: { mep_location_venue: encode(VENUE), mep_city: encode('</SCRIPT >'), mep_event_type: 'hybrid' } }),
        wireEvent({
          id: 2,
          title: encode('</script><script>window.__twJsonLd=1</script>'),
          meta: {
            mep_event_ticket_type: serializeRecords([{ option_name_t: encode('</script><!--'), option_price_t: '5' }]),
            mep_event_more_date: serializeRecords([{ event_more_start_date: '2027-01-02', event_more_start_time: '10:00' }]),
          },
        }),
      ];
      const [first, second] = normalizeEvents(wire);
      expect([first!.title, second!.title]).to.deep.equal([TITLE, '</script><script>window.__twJsonLd=1</script>']);
      expect(first!.venue!.name).to.contain('<!--<script>');
      expect(second!.tickets[0]!.name).to.equal('</script><!--');
      // The normalizer folds U+2028/U+2029 into spaces; the model may still carry them from elsewhere.
      return [{ ...first!, venue: { ...first!.venue!, name: VENUE } }, second!];
    }

    it('jsonLdText has no <, >, & or line separators, and parses back to the same value', () => {
      const ld = eventsJsonLd(hostile(), context);
      const text = jsonLdText(ld);
      for (const c of ['<', '>', '&', '\u2028', '\u2029']) expect(text, JSON.stringify(c)).to.not.contain(c);
      expect(text).to.contain('\\u003c/script\\u003e').and.contain('\\u003c!--').and.contain('\\u2028').and.contain('\\u0026');
      expect(JSON.parse(text)).to.deep.equal(ld);
      expect(JSON.parse(jsonLdText(TITLE))).to.equal(TITLE);
      expect(JSON.parse(jsonLdText({ a: ['\u2028<>&\u2029', 1, null] }))).to.deep.equal({ a: ['\u2028<>&\u2029', 1, null] });
    });

    it('stays one inert script in the document, and after its HTML is parsed again', async () => {
      const ld = eventsJsonLd(hostile(), context) as Ld[];
      const names = ld.map((n) => n['name'] as string);
      expect(names).to.have.length(3);
      const host = await fixture<HTMLDivElement>(html`<div><a slot="fallback" href="/events/">All events</a></div>`);
      syncStructuredData(host, jsonLdText(ld));

      expect(host.querySelectorAll('script').length).to.equal(1);
      const script = host.querySelector('script')!;
      expect((JSON.parse(script.textContent!) as Ld[]).map((n) => n['name'])).to.deep.equal(names);

      // What a crawler or a server-side renderer serializes must survive being parsed again.
      const template = document.createElement('template');
      template.innerHTML = host.innerHTML;
      const scripts = template.content.querySelectorAll('script');
      expect(scripts.length).to.equal(1);
      expect((JSON.parse(scripts[0]!.textContent!) as Ld[]).map((n) => n['name'])).to.deep.equal(names);
      expect(template.content.querySelector('a[slot="fallback"]')?.textContent).to.equal('All events');

      // And inserted as live markup (scripts in a contextual fragment do run): nothing runs.
      const live = document.createElement('div');
      document.body.append(live);
      try {
        live.append(document.createRange().createContextualFragment(host.innerHTML));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(live.querySelectorAll('script').length).to.equal(1);
      } finally {
        live.remove();
      }
      expect(calls).to.deep.equal([]);
      expect((window as unknown as Record<string, unknown>)['__twJsonLd']).to.equal(undefined);
    });

    it('the live-markup check does catch an unescaped script (control)', async () => {
      const live = document.createElement('div');
      document.body.append(live);
      try {
        const unescaped = `<script type="application/ld+json">${JSON.stringify({ name: TITLE })}</script>`;
        live.append(document.createRange().createContextualFragment(unescaped));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(live.querySelectorAll('script').length).to.equal(2);
        expect(calls).to.deep.equal([1]);
      } finally {
        live.remove();
      }
    });
  });

  describe('syncStructuredData', () => {
    const ours = (host: Element) => host.querySelectorAll(`:scope > script[type="application/ld+json"][${STRUCTURED_DATA_ATTRIBUTE}]`);

    it('adds one script, updates it in place, removes it on null, and leaves other children alone', async () => {
      const host = await fixture<HTMLDivElement>(
        html`<div>
          <a slot="fallback" href="/events/">All events</a>
          <script type="application/ld+json">
            { "site": "own" }
          </script>
        </div>`,
      );
      const before = Array.from(host.childNodes);
      const snapshot = host.innerHTML;

      syncStructuredData(host, '[1]');
      expect(ours(host).length).to.equal(1);
      const script = ours(host)[0] as HTMLScriptElement;
      expect(script.type).to.equal('application/ld+json');
      expect(script.textContent).to.equal('[1]');
      expect(script.parentNode).to.equal(host);

      syncStructuredData(host, '[2]');
      expect(ours(host).length).to.equal(1);
      expect(ours(host)[0]).to.equal(script); // the same element, not a new one
      expect(script.textContent).to.equal('[2]');
      expect(Array.from(host.childNodes).filter((n) => n !== script)).to.deep.equal(before);

      syncStructuredData(host, null);
      expect(ours(host).length).to.equal(0);
      expect(script.isConnected).to.equal(false);
      expect(Array.from(host.childNodes)).to.deep.equal(before);
      expect(host.innerHTML).to.equal(snapshot);
      expect(JSON.parse(host.querySelector('script:not([data-tw-structured-data])')!.textContent!)).to.deep.equal({ site: 'own' });

      syncStructuredData(host, null); // nothing to remove: no error, nothing else removed
      expect(Array.from(host.childNodes)).to.deep.equal(before);
    });

    it('keeps exactly one when copies exist, and never reaches into descendants', async () => {
      const host = await fixture<HTMLDivElement>(
        html`<div>
          <script type="application/ld+json" data-tw-structured-data>
            [0]
          </script>
          <script type="application/ld+json" data-tw-structured-data>
            [0]
          </script>
          <div slot="fallback">
            <script type="application/ld+json" data-tw-structured-data>
              { "nested": true }
            </script>
          </div>
        </div>`,
      );
      const first = ours(host)[0];
      syncStructuredData(host, '[3]');
      expect(ours(host).length).to.equal(1);
      expect(ours(host)[0]).to.equal(first);
      expect(first!.textContent).to.equal('[3]');
      expect(JSON.parse(host.querySelector('[slot="fallback"] > script')!.textContent!)).to.deep.equal({ nested: true });
    });

    it('is assigned to no slot of <event-list>, whose only slot is the named fallback', async () => {
      // No base URL: the element shows its error state, the one state with a slot.
      const el = await fixture<EventList>(html`<event-list><a slot="fallback" href="/events/">All events</a></event-list>`);
      await waitUntil(() => el.shadowRoot!.querySelector('slot'), 'the error state with its fallback slot');
      const slots = Array.from(el.shadowRoot!.querySelectorAll('slot'));
      expect(slots.length).to.be.greaterThan(0);
      expect(slots.every((slot) => slot.name === 'fallback')).to.equal(true);
      syncStructuredData(el, jsonLdText(eventsJsonLd([byId(events, 54)], context)));
      const script = el.querySelector(`script[${STRUCTURED_DATA_ATTRIBUTE}]`) as HTMLScriptElement;
      expect(script.assignedSlot).to.equal(null);
      expect(el.querySelector('a')!.assignedSlot).to.equal(slots[0]);
      // Outside the flat tree: not rendered at all.
      expect(script.checkVisibility()).to.equal(false);
      expect(script.getClientRects().length).to.equal(0);
    });
  });
});
