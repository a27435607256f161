// The seeded data set: minimums, the quirks real sites show, and PHP-serialized meta that parses.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AUTH, dist, getAll, getJson, NOW_LOCAL, phpUnserialize, startFor, type Parsed } from './helpers.js';

describe('PHP serialize()', () => {
  test('string lengths are UTF-8 bytes, integer-like keys become i:, and it round-trips', async () => {
    const { phpSerialize } = await dist('server/reference/wp/php-serialize.js');
    assert.equal(phpSerialize('Café'), 's:5:"Café";');
    assert.equal(phpSerialize(['a', 'b']), 'a:2:{i:0;s:1:"a";i:1;s:1:"b";}');
    assert.equal(phpSerialize({ 7: 'x', k: 1, f: 1.5, t: true, n: null }), 'a:5:{i:7;s:1:"x";s:1:"k";i:1;s:1:"f";d:1.5;s:1:"t";b:1;s:1:"n";N;}');
    const value = [
      { option_name_t: 'Frühbucher', option_price_t: '12.50' },
      { option_name_t: 'Entry & tasting glass 🍷', option_price_t: '0' },
    ];
    assert.deepEqual(phpUnserialize(phpSerialize(value)), value);
    assert.throws(() => phpUnserialize('s:4:"Café";'), 'a char-count prefix must not parse');
  });
});

describe('seeded events', () => {
  test('minimums and the shapes of every event', async (t) => {
    const api = await startFor(t);
    const events = await getAll(api.url, '/wp/v2/mep_events');
    assert.ok(events.length >= 150);
    const now = new Date(NOW_LOCAL); // site-local readings compared as if UTC
    const starts = events.map((event) => new Date(`${event.event_informations.event_start_datetime[0]}Z`));
    assert.ok(starts.filter((d) => d < now).length >= 20, 'past events');
    assert.ok(starts.filter((d) => d > now).length >= 60, 'future events');
    for (const event of events) {
      for (const [key, value] of Object.entries(event.event_informations)) {
        if (key === 'event_feature_image') assert.equal(typeof value, 'string');
        else assert.ok(Array.isArray(value) && value.length === 1 && typeof value[0] === 'string', `${event.id} ${key}`);
      }
      const tickets = phpUnserialize(event.event_informations.mep_event_ticket_type[0]);
      assert.ok(tickets.length >= 1 && tickets.every((ticket: Parsed) => typeof ticket.option_price_t === 'string'));
      const more = event.event_informations.mep_event_more_date?.[0];
      if (more) assert.ok(phpUnserialize(more).every((date: Parsed) => /^\d{4}-\d\d-\d\d$/.test(date.event_more_start_date)));
      assert.ok(new Date(`${event.date}Z`) < now, `${event.id} is published in the past`);
    }
    const meta = (key: string): Parsed[] => events.map((event) => event.event_informations[key]?.[0]);
    assert.ok(meta('mep_enable_recurring').includes('yes') && meta('mep_enable_recurring').includes('everyday'));
    for (const type of ['online', 'offline', 'hybrid']) assert.ok(meta('mep_event_type').includes(type), type);
    assert.ok(
      events.some((event) => phpUnserialize(event.event_informations.mep_event_ticket_type[0]).some((t: Parsed) => t.option_price_t === '0')),
      'a free event',
    );
    assert.ok(events.some((event) => phpUnserialize(event.event_informations.mep_event_ticket_type[0]).some((t: Parsed) => t.option_name_t === 'Frühbucher')));
    const titles = events.map((event) => event.title.rendered);
    assert.ok(titles.includes('Jazz &#038; Blues <b>Night</b>'));
    assert.ok(titles.includes('Rock &#8211; &#8220;Live&#8221;'));
    assert.ok(events.some((event) => event.content.rendered.includes('<img src=x onerror=alert(1)>')));
    assert.ok(events.some((event) => event.content.rendered.includes('<script>')));
    assert.ok(events.some((event) => event.featured_media === 0) && events.some((event) => event.featured_media > 0));
    assert.ok(events.some((event) => event.event_informations.event_feature_image.endsWith('.svg')));
  });

  test('taxonomies, speakers and attendees', async (t) => {
    const api = await startFor(t);
    const cats = (await getJson(api.url, '/wp-json/wp/v2/mep_cat')).data;
    assert.ok(cats.length >= 3 && cats.some((cat: Parsed) => cat.parent !== 0));
    const orgs = (await getJson(api.url, '/wp-json/wp/v2/mep_org')).data;
    assert.ok(orgs.length >= 3 && orgs.some((org: Parsed) => org.count === 0));
    const speakers = (await getJson(api.url, '/wp-json/wp/v2/mep_event_speaker')).data;
    assert.ok(speakers.length >= 6);
    for (const speaker of speakers) {
      assert.ok(speaker.featured_media > 0);
      assert.match(speaker.excerpt.rendered, /^<p>.+·.+<\/p>\n$/);
      assert.ok(speaker.content.rendered.length > 20);
    }
    const attendees = await getAll(api.url, '/wp/v2/mep_event_attendee', '', { authorization: AUTH });
    assert.ok(attendees.length >= 20);
    assert.ok(attendees.some((a) => a.attendee_informations.mep_checkin[0] === 'yes'));
  });
});

describe('seeded buses', () => {
  test('types, plans, decks and overnight arrivals', async (t) => {
    const api = await startFor(t);
    const list = await getAll(api.url, '/wbtm/v1/buses', '', { authorization: AUTH });
    assert.ok(list.length >= 12);
    assert.ok(list.some((bus) => bus.type === 'AC') && list.some((bus) => bus.type === 'Non AC'));
    const details = await Promise.all(list.map(async (bus) => (await getJson(api.url, `/wp-json/wbtm/v1/buses/${bus.id}`, { authorization: AUTH })).data));
    assert.ok(details.some((bus) => bus.seat_type === 'wbtm_without_seat_plan' && bus.decks === undefined));
    assert.ok(details.some((bus) => bus.decks?.length === 2 && bus.decks[1].seats.flat().some((cell: Parsed) => cell?.type === 'seat')));
    assert.ok(
      details.some((bus) => bus.decks?.some((deck: Parsed) => new Set(deck.seats.map((row: Parsed) => row.length)).size > 1)),
      'ragged rows',
    );
    const overnight = details.filter((bus) => bus.route_stops.some((stop: Parsed, i: number, stops: Parsed[]) => i > 0 && stop.time < stops[i - 1].time));
    assert.ok(overnight.length >= 2);
    for (const bus of details) {
      if (!bus.decks) continue;
      const seats = bus.decks.flatMap((deck: Parsed) => deck.seats.flat()).filter((cell: Parsed) => cell?.type === 'seat');
      assert.equal(seats.length, bus.total_seats, `total_seats of ${bus.id}`);
      assert.equal(new Set(seats.map((seat: Parsed) => seat.name)).size, seats.length, `unique seat names on ${bus.id}`);
    }
    const prices = details.flatMap((bus) => bus.prices.map((p: Parsed) => p.price));
    assert.ok(prices.some((p) => typeof p === 'number'));
    assert.ok(prices.some((p) => typeof p === 'string' && p.endsWith(' ')));
    assert.ok(prices.some((p) => typeof p === 'string' && p.endsWith(' incl. VAT')));
  });
});
