import { expect } from '@open-wc/testing';
import { PhpUnserializeError, isSerialized, phpUnserialize, tryPhpUnserialize, type PhpValue } from '../../src/api/php-unserialize.js';

// Copied verbatim from test/fixtures/recorded/mep-events-page-1-per-page-5.json (events 54 and 48).
const TICKET_TYPES_54 =
  'a:3:{i:0;a:10:{s:13:"option_name_t";s:14:"GA Dance Floor";s:16:"option_details_t";s:60:"General admission access to the main dance floor and stages.";s:14:"option_price_t";s:2:"90";s:12:"option_qty_t";s:3:"800";s:12:"option_rsv_t";s:1:"0";s:20:"option_default_qty_t";s:1:"0";s:17:"option_qty_t_type";s:8:"inputbox";s:20:"option_sale_end_date";s:0:"";s:20:"option_sale_end_time";s:0:"";s:22:"option_sale_end_date_t";s:19:"2027-01-15 23:00:00";}i:1;a:10:{s:13:"option_name_t";s:10:"VIP Lounge";s:16:"option_details_t";s:65:"VIP lounge access, express entry, and complimentary drink tokens.";s:14:"option_price_t";s:3:"220";s:12:"option_qty_t";s:3:"200";s:12:"option_rsv_t";s:1:"0";s:20:"option_default_qty_t";s:1:"0";s:17:"option_qty_t_type";s:8:"inputbox";s:20:"option_sale_end_date";s:0:"";s:20:"option_sale_end_time";s:0:"";s:22:"option_sale_end_date_t";s:19:"2027-01-15 23:00:00";}i:2;a:10:{s:13:"option_name_t";s:14:"Backstage Pass";s:16:"option_details_t";s:52:"Backstage artist area access with photo opportunity.";s:14:"option_price_t";s:3:"350";s:12:"option_qty_t";s:2:"50";s:12:"option_rsv_t";s:1:"0";s:20:"option_default_qty_t";s:1:"0";s:17:"option_qty_t_type";s:8:"inputbox";s:20:"option_sale_end_date";s:0:"";s:20:"option_sale_end_time";s:0:"";s:22:"option_sale_end_date_t";s:19:"2027-01-15 23:00:00";}}';
const MORE_DATES_48 =
  'a:4:{i:0;a:4:{s:21:"event_more_start_date";s:10:"2026-12-31";s:21:"event_more_start_time";s:5:"09:00";s:19:"event_more_end_date";s:10:"2027-01-10";s:19:"event_more_end_time";s:5:"19:00";}i:1;a:4:{s:21:"event_more_start_date";s:10:"2027-01-10";s:21:"event_more_start_time";s:5:"09:00";s:19:"event_more_end_date";s:10:"2027-01-20";s:19:"event_more_end_time";s:5:"19:00";}i:2;a:4:{s:21:"event_more_start_date";s:10:"2027-01-20";s:21:"event_more_start_time";s:5:"09:00";s:19:"event_more_end_date";s:10:"2027-01-30";s:19:"event_more_end_time";s:5:"19:00";}i:3;a:4:{s:21:"event_more_start_date";s:10:"2027-01-30";s:21:"event_more_start_time";s:5:"09:00";s:19:"event_more_end_date";s:10:"2027-02-09";s:19:"event_more_end_time";s:5:"19:00";}}';
const SPEAKERS_54 = 'a:4:{i:0;s:2:"22";i:1;s:2:"24";i:2;s:2:"26";i:3;s:2:"28";}';

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

/** A minimal PHP `serialize()` for round trips; lengths in UTF-8 bytes as PHP writes them. */
function serialize(value: PhpValue): string {
  if (value === null) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return `s:${utf8Length(value)}:"${value}";`;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  const body = entries.map(([k, v]) => (typeof k === 'number' ? `i:${k};` : serialize(k)) + serialize(v)).join('');
  return `a:${entries.length}:{${body}}`;
}

/** Runs `fn`, asserts it threw a PhpUnserializeError, and returns it for further checks. */
function parseError(text: string, limits?: Parameters<typeof phpUnserialize>[1]): PhpUnserializeError {
  try {
    phpUnserialize(text, limits);
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(PhpUnserializeError);
    return error as PhpUnserializeError;
  }
  throw new Error(`expected ${JSON.stringify(text.slice(0, 80))} to be rejected`);
}

/** Own enumerable data of a null-prototype record as a plain object, for deep comparisons. */
const plain = (value: unknown): Record<string, unknown> => ({ ...(value as Record<string, unknown>) });

describe('phpUnserialize: scalars', () => {
  it('reads null, booleans and integers', () => {
    expect(phpUnserialize('N;')).to.equal(null);
    expect(phpUnserialize('b:1;')).to.equal(true);
    expect(phpUnserialize('b:0;')).to.equal(false);
    expect(phpUnserialize('i:0;')).to.equal(0);
    expect(phpUnserialize('i:-42;')).to.equal(-42);
    expect(phpUnserialize('i:+7;')).to.equal(7);
    expect(phpUnserialize('i:9007199254740991;')).to.equal(Number.MAX_SAFE_INTEGER);
  });

  it('reads floats in every form PHP writes, including INF, -INF and NAN', () => {
    expect(phpUnserialize('d:0.1;')).to.equal(0.1);
    expect(phpUnserialize('d:-1.5;')).to.equal(-1.5);
    expect(phpUnserialize('d:1.0E+25;')).to.equal(1e25);
    expect(phpUnserialize('d:2.5e-3;')).to.equal(0.0025);
    expect(phpUnserialize('d:.5;')).to.equal(0.5);
    expect(phpUnserialize('d:3;')).to.equal(3);
    expect(Object.is(phpUnserialize('d:-0;'), -0)).to.equal(true);
    expect(phpUnserialize('d:INF;')).to.equal(Infinity);
    expect(phpUnserialize('d:-INF;')).to.equal(-Infinity);
    expect(Number.isNaN(phpUnserialize('d:NAN;'))).to.equal(true);
  });

  it('reads strings whose length counts UTF-8 bytes, not UTF-16 units', () => {
    expect(phpUnserialize('s:0:"";')).to.equal('');
    expect(phpUnserialize('s:5:"hello";')).to.equal('hello');
    expect(phpUnserialize('s:5:"Café";')).to.equal('Café');
    expect(phpUnserialize('s:7:"Zürich";')).to.equal('Zürich');
    expect(phpUnserialize('s:3:"€";')).to.equal('€');
    expect(phpUnserialize('s:4:"😀";')).to.equal('😀');
    expect(phpUnserialize('s:23:"Tickets 🎟️ ab 9€";')).to.equal('Tickets 🎟️ ab 9€');
    // Quotes and semicolons inside are data: the length, not a delimiter, ends the string.
    expect(phpUnserialize('s:8:"a";b:1;"";')).to.equal('a";b:1;"');
    expect(phpUnserialize('s:2:"\n\t";')).to.equal('\n\t');
  });

  it('rejects string lengths that do not match the bytes', () => {
    expect(parseError('s:4:"Café";').message).to.match(/multi-byte/); // JS length, not bytes
    expect(parseError('s:6:"Café";').message).to.match(/Expected '"'/);
    expect(parseError('s:3:"😀";').message).to.match(/multi-byte/);
    parseError('s:2:"😀";');
    parseError('s:5:"abc";');
    parseError('s:2:"abc";');
  });

  it('round-trips multi-byte text in keys and values', () => {
    const value = { Straße: 'Zürich → Genève', 日本: ['東京', '🚌 Bus'], café: { ñ: 'ç' } };
    expect(plain(phpUnserialize(serialize(value)))['Straße']).to.equal('Zürich → Genève');
    expect(JSON.stringify(phpUnserialize(serialize(value)))).to.equal(JSON.stringify(value));
  });

  it('ignores surrounding whitespace as WordPress maybe_unserialize() does', () => {
    expect(phpUnserialize('  i:1;\n')).to.equal(1);
    expect(phpUnserialize('\ta:0:{}\r\n')).to.deep.equal([]);
  });
});

describe('phpUnserialize: arrays', () => {
  it('turns keys 0..n-1 in order into a JS array', () => {
    const value = phpUnserialize('a:3:{i:0;s:1:"a";i:1;i:2;i:2;N;}');
    expect(Array.isArray(value)).to.equal(true);
    expect(value).to.deep.equal(['a', 2, null]);
    expect(phpUnserialize('a:0:{}')).to.deep.equal([]);
  });

  it('treats canonical numeric string keys as integers, as PHP arrays do', () => {
    expect(phpUnserialize('a:2:{s:1:"0";s:1:"a";s:1:"1";s:1:"b";}')).to.deep.equal(['a', 'b']);
    const padded = phpUnserialize('a:1:{s:2:"00";s:1:"a";}');
    expect(Array.isArray(padded)).to.equal(false);
    expect(plain(padded)).to.deep.equal({ '00': 'a' });
  });

  it('turns any other key set into a null-prototype record', () => {
    const outOfOrder = phpUnserialize('a:2:{i:1;s:1:"a";i:0;s:1:"b";}');
    expect(Array.isArray(outOfOrder)).to.equal(false);
    expect(plain(outOfOrder)).to.deep.equal({ 0: 'b', 1: 'a' });
    const gap = phpUnserialize('a:2:{i:0;s:1:"a";i:2;s:1:"b";}');
    expect(Array.isArray(gap)).to.equal(false);
    const negative = phpUnserialize('a:1:{i:-1;b:1;}');
    expect(plain(negative)).to.deep.equal({ '-1': true });
    const named = phpUnserialize('a:2:{s:4:"name";s:3:"VIP";s:5:"price";d:9.5;}');
    expect(Object.getPrototypeOf(named)).to.equal(null);
    expect(plain(named)).to.deep.equal({ name: 'VIP', price: 9.5 });
  });

  it('reads nested arrays', () => {
    const value = phpUnserialize('a:2:{i:0;a:1:{s:1:"k";a:2:{i:0;b:1;i:1;b:0;}}i:1;a:0:{}}') as PhpValue[];
    expect(plain(value[0])['k']).to.deep.equal([true, false]);
    expect(value[1]).to.deep.equal([]);
  });

  it('reads the recorded mep_event_ticket_type meta', () => {
    const tickets = phpUnserialize(TICKET_TYPES_54) as PhpValue[];
    expect(tickets).to.have.length(3);
    expect(tickets.map((t) => plain(t)['option_name_t'])).to.deep.equal(['GA Dance Floor', 'VIP Lounge', 'Backstage Pass']);
    expect(plain(tickets[0])).to.deep.equal({
      option_name_t: 'GA Dance Floor',
      option_details_t: 'General admission access to the main dance floor and stages.',
      option_price_t: '90',
      option_qty_t: '800',
      option_rsv_t: '0',
      option_default_qty_t: '0',
      option_qty_t_type: 'inputbox',
      option_sale_end_date: '',
      option_sale_end_time: '',
      option_sale_end_date_t: '2027-01-15 23:00:00',
    });
  });

  it('reads the recorded mep_event_more_date and mep_event_speakers_list meta', () => {
    const dates = phpUnserialize(MORE_DATES_48) as PhpValue[];
    expect(dates.map((d) => plain(d))).to.deep.equal([
      { event_more_start_date: '2026-12-31', event_more_start_time: '09:00', event_more_end_date: '2027-01-10', event_more_end_time: '19:00' },
      { event_more_start_date: '2027-01-10', event_more_start_time: '09:00', event_more_end_date: '2027-01-20', event_more_end_time: '19:00' },
      { event_more_start_date: '2027-01-20', event_more_start_time: '09:00', event_more_end_date: '2027-01-30', event_more_end_time: '19:00' },
      { event_more_start_date: '2027-01-30', event_more_start_time: '09:00', event_more_end_date: '2027-02-09', event_more_end_time: '19:00' },
    ]);
    expect(phpUnserialize(SPEAKERS_54)).to.deep.equal(['22', '24', '26', '28']);
  });

  it('reads every serialized meta value of both recorded event files, and only those', async () => {
    let parsed = 0;
    for (const file of ['mep-events-page-1-per-page-5.json', 'mep-events-category-business-event.json']) {
      const recorded = (await (await fetch(`/test/fixtures/recorded/${file}`)).json()) as { body: Array<{ event_informations: Record<string, unknown> }> };
      for (const event of recorded.body) {
        for (const [key, raw] of Object.entries(event.event_informations)) {
          const text = Array.isArray(raw) ? raw[0] : raw;
          if (typeof text !== 'string') continue;
          if (isSerialized(text)) {
            expect(tryPhpUnserialize(text), key).to.not.equal(undefined);
            parsed++;
          } else {
            expect(tryPhpUnserialize(text), `${key}: ${text}`).to.equal(undefined);
          }
        }
      }
    }
    expect(parsed).to.be.greaterThan(40);
  });
});

describe('phpUnserialize: hostile input', () => {
  it('rejects objects, custom-serialized objects, enums and references', () => {
    expect(parseError('O:8:"stdClass":0:{}')).to.include({ offset: 0 });
    expect(parseError('O:8:"stdClass":0:{}').message).to.match(/Objects are not accepted/);
    expect(parseError('C:11:"ArrayObject":21:{x:i:0;a:0:{};m:a:0:{}}').message).to.match(/Objects/);
    expect(parseError('E:11:"Suit:Hearts";').message).to.match(/Enums/);
    expect(parseError('a:2:{i:0;s:1:"x";i:1;r:1;}').message).to.match(/References/);
    expect(parseError('a:2:{i:0;s:1:"x";i:1;R:2;}')).to.include({ offset: 21 });
    const nested = parseError('a:1:{i:0;O:8:"stdClass":1:{s:1:"a";i:1;}}');
    expect(nested.offset).to.equal(9);
    expect(nested.message).to.match(/Objects/);
    parseError('a:1:{i:0;O:40:"WP_HTML_Token":0:{}}');
    parseError('S:3:"\\61bc";');
  });

  it('rejects wrong element counts', () => {
    expect(parseError('a:2:{i:0;s:10:"abcdefghij";}').message).to.match(/declared 2 elements but has 1/);
    expect(parseError('a:2:{i:0;i:1;}').message).to.match(/too short/);
    expect(parseError('a:1:{i:0;i:1;i:1;i:2;}').message).to.match(/has more/);
    parseError('a:0:{i:0;i:1;}');
  });

  it('rejects every truncation of a real value', () => {
    for (let cut = 0; cut < TICKET_TYPES_54.length; cut++) {
      expect(tryPhpUnserialize(TICKET_TYPES_54.slice(0, cut)), `cut at ${cut}`).to.equal(undefined);
    }
    expect(tryPhpUnserialize(TICKET_TYPES_54)).to.not.equal(undefined);
  });

  it('rejects trailing garbage', () => {
    expect(parseError('i:1;x').offset).to.equal(4);
    parseError('N;N;');
    parseError('b:1;;');
    parseError(`${SPEAKERS_54}}`);
    parseError(`${TICKET_TYPES_54} i:1;`);
  });

  it('rejects malformed scalars and keys', () => {
    for (const text of [
      '',
      'N',
      'n;',
      'b:2;',
      'b:;',
      'b:1',
      'i:;',
      'i:1.5;',
      'i:1',
      'i:0x1F;',
      'd:;',
      'd:abc;',
      'd:1.5',
      'd:inf;',
      's:1:"a"',
      's:1:a;',
      's:1:"a":',
      'x:1;',
      'a:1:{d:1.5;i:1;}',
      'a:1:{N;i:1;}',
      'a:1:{b:1;i:1;}',
      'a:1:{a:0:{}i:1;}',
      'a:1:[i:0;i:1;]',
      'a:1{i:0;i:1;}',
    ]) {
      expect(tryPhpUnserialize(text), JSON.stringify(text)).to.equal(undefined);
    }
  });

  it('rejects negative and non-numeric lengths and counts', () => {
    for (const text of [
      's:-1:"";',
      's:-0:"";',
      's:x:"a";',
      's:+1:"a";',
      's: 1:"a";',
      's::"";',
      's:1e1:"aaaaaaaaaa";',
      'a:-1:{}',
      'a:one:{}',
      'a:+0:{}',
      'a:1.0:{i:0;N;}',
      'a::{}',
    ]) {
      expect(tryPhpUnserialize(text), text).to.equal(undefined);
    }
  });

  it('rejects huge declared lengths and counts without allocating for them', () => {
    expect(parseError('s:99999999999999999999:"a";').message).to.match(/too large/);
    expect(parseError('s:9007199254740991:"a";').message).to.match(/shorter/);
    expect(parseError('a:4294967295:{i:0;N;}').message).to.match(/More than 100000/);
    expect(parseError('a:99999:{i:0;N;}').message).to.match(/too short/);
    expect(parseError('i:99999999999999999999;').message).to.match(/representable/);
  });

  it('stops a depth bomb at maxDepth before descending', () => {
    const bomb = 'a:1:{i:0;'.repeat(10000);
    const error = parseError(bomb);
    expect(error.message).to.match(/deeper than 32/);
    expect(error.offset).to.equal(32 * 'a:1:{i:0;'.length);
    // Even a well-formed 10 000-deep value cannot overflow the stack when a caller raises the limit.
    const deep = `${bomb}N;${'}'.repeat(10000)}`;
    parseError(deep);
    let value = phpUnserialize(deep, { maxDepth: 10000 });
    for (let depth = 0; depth < 10000; depth++) value = (value as PhpValue[])[0] as PhpValue;
    expect(value).to.equal(null);
    expect(tryPhpUnserialize(deep, { maxDepth: 9999 })).to.equal(undefined);
  });

  it('enforces maxLength, maxEntries and maxDepth as given', () => {
    expect(parseError(TICKET_TYPES_54, { maxLength: 100 }).message).to.match(/exceeds the limit of 100/);
    expect(phpUnserialize('s:3:"abc";', { maxLength: 10 })).to.equal('abc');
    expect(parseError(`s:1000001:"${'x'.repeat(1_000_001)}";`).message).to.match(/exceeds/);
    // 3 outer + 3 × 10 inner entries = 33.
    expect(tryPhpUnserialize(TICKET_TYPES_54, { maxEntries: 33 })).to.not.equal(undefined);
    expect(parseError(TICKET_TYPES_54, { maxEntries: 32 }).message).to.match(/More than 32/);
    expect(tryPhpUnserialize(TICKET_TYPES_54, { maxDepth: 2 })).to.not.equal(undefined);
    expect(parseError(TICKET_TYPES_54, { maxDepth: 1 }).offset).to.equal(9);
    expect(parseError('a:0:{}', { maxDepth: 0 }).message).to.match(/deeper than 0/);
  });

  it('keeps __proto__, constructor and prototype keys as own data without polluting prototypes', () => {
    const text =
      'a:4:{s:9:"__proto__";a:1:{s:8:"polluted";b:1;}s:11:"constructor";a:1:{s:9:"prototype";a:1:{s:8:"polluted";b:1;}}' +
      's:9:"prototype";a:1:{s:8:"polluted";b:1;}s:8:"toString";s:1:"x";}';
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const value = phpUnserialize(text) as Record<string, PhpValue>;
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
    expect(Object.prototype).to.not.have.own.property('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).to.deep.equal(before);
    expect(Object.getPrototypeOf(value)).to.equal(null);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).to.equal(true);
    expect(Object.keys(value)).to.deep.equal(['__proto__', 'constructor', 'prototype', 'toString']);
    expect(plain(value['__proto__'])).to.deep.equal({ polluted: true });
    expect(Object.getPrototypeOf(value['__proto__'])).to.equal(null);
    expect(value['toString']).to.equal('x');
    // Nested records are null-prototype too, so `constructor.prototype` is plain data as well.
    expect(plain(plain(value['constructor'])['prototype'])).to.deep.equal({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
  });

  it('reports failures as PhpUnserializeError with an offset', () => {
    const error = parseError('a:1:{i:0;s:3:"ab";}');
    expect(error).to.be.instanceOf(Error);
    expect(error.name).to.equal('PhpUnserializeError');
    expect(error.offset).to.be.within(14, 19);
    expect(error.message).to.include('offset');
    expect(parseError(42 as unknown as string).message).to.match(/not a string/);
  });

  it('parses a large valid value and rejects a large broken one quickly', () => {
    const big = serialize(Array.from({ length: 15000 }, (_, i) => ({ n: i, s: `naïve ${i}` })));
    expect(big.length).to.be.greaterThan(500_000);
    let start = performance.now();
    expect((phpUnserialize(big) as PhpValue[]).length).to.equal(15000);
    const broken = big.slice(0, -2);
    expect(tryPhpUnserialize(broken)).to.equal(undefined);
    expect(performance.now() - start).to.be.lessThan(2000);
    start = performance.now();
    expect(tryPhpUnserialize(`d:${'1'.repeat(900_000)}x;`)).to.equal(undefined);
    expect(tryPhpUnserialize(`i:${'1'.repeat(900_000)}`)).to.equal(undefined);
    expect(performance.now() - start).to.be.lessThan(1000);
  });
});

describe('tryPhpUnserialize', () => {
  it('returns the value or undefined', () => {
    expect(tryPhpUnserialize('a:1:{i:0;s:3:"all";}')).to.deep.equal(['all']);
    expect(tryPhpUnserialize('O:8:"stdClass":0:{}')).to.equal(undefined);
    expect(tryPhpUnserialize('https://example.org/wp-content/uploads/x.jpg')).to.equal(undefined);
    expect(tryPhpUnserialize('a:1:{i:0;', { maxDepth: 0 })).to.equal(undefined);
  });
});

describe('isSerialized', () => {
  it('recognises serialized shapes the way WordPress is_serialized() does', () => {
    for (const text of [
      'N;',
      'b:1;',
      'i:5;',
      'i:-5;',
      'd:0.5;',
      'd:1.0E+25;',
      'd:INF;',
      's:3:"abc";',
      's:0:"";',
      'a:0:{}',
      ' a:0:{} ',
      TICKET_TYPES_54,
      MORE_DATES_48,
      SPEAKERS_54,
      'O:8:"stdClass":0:{}',
    ]) {
      expect(isSerialized(text), text.slice(0, 40)).to.equal(true);
    }
  });

  it('says no to plain meta strings', () => {
    for (const text of [
      '',
      'hello',
      'yes',
      '0',
      '2026-09-01 09:00:00',
      'https://example.org/x.jpg',
      'a:',
      'a:b',
      's:3:"abc"',
      's:3:abc;',
      'i:x;',
      'b:true;',
      'a:x:{}',
      'N',
      'x:1;',
      'Tickets: 5;',
    ]) {
      expect(isSerialized(text), text).to.equal(false);
    }
    expect(isSerialized(null as unknown as string)).to.equal(false);
  });
});
