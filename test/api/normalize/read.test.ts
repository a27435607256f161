import { expect } from '@open-wc/testing';
import { invalidResponse } from '../../../src/api/errors.js';
import {
  asRecord,
  field,
  joinDateTime,
  normalizeList,
  parsePrice,
  plainText,
  readCount,
  readId,
  readInt,
  readIntArray,
  readMeta,
  readNumber,
  readRendered,
  readString,
  toLocalDate,
  toLocalDateTime,
  toLocalTime,
} from '../../../src/api/normalize/read.js';
import { readList, readPlace, readStringArray, typeKey } from '../../../src/api/normalize/read-bus.js';
import { expectInvalid } from './expect-invalid.js';

describe('read: typed readers', () => {
  it('asRecord accepts plain and null-prototype objects only', () => {
    const plain = { a: 1 };
    const bare = Object.create(null) as Record<string, unknown>;
    expect(asRecord(plain)).to.equal(plain);
    expect(asRecord(bare)).to.equal(bare);
    for (const value of [null, undefined, [], [1], 'x', 1, true, new Date(0), new Map(), () => 1]) {
      expect(asRecord(value), String(value)).to.equal(null);
    }
  });

  it('field reads own properties only, including a JSON "__proto__" key', () => {
    const record = JSON.parse('{"__proto__": "own", "a": 1}') as Record<string, unknown>;
    expect(field(record, '__proto__')).to.equal('own');
    expect(field(record, 'a')).to.equal(1);
    expect(field({}, 'constructor')).to.equal(undefined);
    expect(field({}, 'toString')).to.equal(undefined);
    expect(field(null, 'a')).to.equal(undefined);
  });

  it('readInt takes safe integers and integer strings, nothing else', () => {
    expect(readInt(12)).to.equal(12);
    expect(readInt('12')).to.equal(12);
    expect(readInt(' 12 ')).to.equal(12);
    expect(readInt('-3')).to.equal(-3);
    expect(readInt(0)).to.equal(0);
    for (const bad of [NaN, Infinity, -Infinity, 1.5, '1.5', '12abc', '', ' ', '1e3', '0x10', 2 ** 53, '9007199254740993', null, true, [], {}, [12]]) {
      expect(readInt(bad), String(bad)).to.equal(null);
    }
  });

  it('readId wants a positive integer, readCount a non-negative one', () => {
    expect(readId(5)).to.equal(5);
    expect(readId('5')).to.equal(5);
    expect(readId(0)).to.equal(null);
    expect(readId(-5)).to.equal(null);
    expect(readId(5.5)).to.equal(null);
    expect(readCount(0)).to.equal(0);
    expect(readCount('0')).to.equal(0);
    expect(readCount(-1)).to.equal(null);
  });

  it('readNumber takes finite numbers and wholly numeric strings', () => {
    expect(readNumber(1.5)).to.equal(1.5);
    expect(readNumber(' 2.25 ')).to.equal(2.25);
    expect(readNumber('2e3')).to.equal(2000);
    expect(readNumber('.5')).to.equal(0.5);
    for (const bad of [NaN, Infinity, '1.5 kg', '', 'abc', null, {}, '1e999']) expect(readNumber(bad), String(bad)).to.equal(null);
  });

  it('readString keeps strings, prints finite numbers, blanks the rest', () => {
    expect(readString('a b')).to.equal('a b');
    expect(readString(7)).to.equal('7');
    for (const bad of [NaN, Infinity, null, undefined, true, {}, ['a']]) expect(readString(bad), String(bad)).to.equal('');
  });

  it('plainText decodes entities and removes tags, leaving any markup as literal text', () => {
    expect(plainText('Jazz Night &#038; Acoustic Sessions')).to.equal('Jazz Night & Acoustic Sessions');
    expect(plainText('<b>Bold</b> <img src=x onerror=alert(1)>title')).to.equal('Bold title');
    expect(plainText('&lt;script&gt;x')).to.equal('<script>x');
    expect(plainText(null)).to.equal('');
  });

  it('readPlace keeps stop names byte-exact and refuses blanks', () => {
    expect(readPlace(' Frankfurt &amp; Main ')).to.equal(' Frankfurt &amp; Main ');
    expect(readPlace('   ')).to.equal('');
    expect(readPlace(3)).to.equal('');
  });

  it('readIntArray keeps distinct positive ids in order', () => {
    expect(readIntArray([3, '4', 3, -1, 0, 1.5, 'x', null, 2 ** 60, 4, 7])).to.deep.equal([3, 4, 7]);
    expect(readIntArray({ 0: 3 })).to.deep.equal([]);
    expect(readIntArray('3,4')).to.deep.equal([]);
  });

  it('readStringArray keeps the strings of an array', () => {
    expect(readStringArray(['a', 1, null, 'b', {}])).to.deep.equal(['a', 'b']);
    expect(readStringArray('a')).to.deep.equal([]);
  });

  it('readList reads arrays and PHP index-keyed objects in index order', () => {
    expect(readList([1, 2])).to.deep.equal([1, 2]);
    expect(readList({ 2: 'c', 0: 'a', 10: 'k' })).to.deep.equal(['a', 'c', 'k']);
    expect(readList({})).to.deep.equal([]);
    expect(readList({ a: 1 })).to.equal(null);
    expect(readList(JSON.parse('{"0": 1, "__proto__": 2}'))).to.equal(null);
    expect(readList({ '01': 1 })).to.equal(null);
    expect(readList('abc')).to.equal(null);
  });

  it('readRendered reads {rendered} and bare strings', () => {
    expect(readRendered({ rendered: '<p>x</p>' })).to.equal('<p>x</p>');
    expect(readRendered('x')).to.equal('x');
    expect(readRendered({ rendered: 5 })).to.equal('');
    expect(readRendered({ raw: 'x' })).to.equal('');
    expect(readRendered(null)).to.equal('');
  });

  it('parsePrice follows parseFloat(String(price)) and refuses negatives', () => {
    expect(parsePrice(20)).to.equal(20);
    expect(parsePrice('20.00 ')).to.equal(20);
    expect(parsePrice('20.00 incl. VAT')).to.equal(20);
    expect(parsePrice(' 12.5')).to.equal(12.5);
    expect(parsePrice('0')).to.equal(0);
    expect(parsePrice(0)).to.equal(0);
    expect(Object.is(parsePrice('-0'), 0)).to.equal(true);
    for (const bad of ['free', '', null, undefined, -5, '-5', NaN, Infinity, 'Infinity', '$20', true, [20], { price: 20 }]) {
      expect(parsePrice(bad), String(bad)).to.equal(null);
    }
  });

  it('toLocalDateTime accepts the three site-local forms and validates the calendar', () => {
    expect(toLocalDateTime('2026-09-01 09:00:00')).to.equal('2026-09-01T09:00:00');
    expect(toLocalDateTime('2026-09-01 09:00')).to.equal('2026-09-01T09:00:00');
    expect(toLocalDateTime('2026-09-01T09:00:00')).to.equal('2026-09-01T09:00:00');
    expect(toLocalDateTime('2028-02-29 23:59:59')).to.equal('2028-02-29T23:59:59');
    for (const bad of [
      '2026-02-30 10:00:00',
      '2026-02-29 10:00:00',
      '1900-02-29 10:00',
      '2026-04-31 10:00',
      '2026-13-01 10:00',
      '2026-00-10 10:00',
      '2026-01-00 10:00',
      '2026-01-01 24:00',
      '2026-01-01 23:60',
      '2026-01-01 23:59:60',
      '0000-00-00 00:00:00',
      '0026-05-01 10:00',
      '0999-12-31 23:59',
      '2026-09-01T09:00:00Z',
      '2026-09-01T09:00:00+02:00',
      '2026-09-01',
      '2026-9-1 09:00',
      '2026-09-01 9:00',
      'tomorrow',
      '',
      null,
      1767225600,
      {},
    ]) {
      expect(toLocalDateTime(bad), String(bad)).to.equal(null);
    }
  });

  it('toLocalDate and toLocalTime', () => {
    expect(toLocalDate('2026-11-30')).to.equal('2026-11-30');
    expect(toLocalDate('2026-11-31')).to.equal(null);
    // A year typed with a leading zero is no date (Date.UTC would read 0026 as 1926); 1000 on are years.
    expect(toLocalDate('0026-05-01')).to.equal(null);
    expect(toLocalDate('1000-01-01')).to.equal('1000-01-01');
    expect(toLocalDate('30/11/2026')).to.equal(null);
    expect(toLocalDate('2026-11-30 10:00')).to.equal(null);
    expect(toLocalTime('09:05')).to.equal('09:05');
    expect(toLocalTime('9:05')).to.equal('09:05');
    expect(toLocalTime('21:30:59')).to.equal('21:30');
    for (const bad of ['24:00', '12:60', '9:5', '123:00', '4:00 PM', '', null, 930]) expect(toLocalTime(bad), String(bad)).to.equal(null);
  });

  it('joinDateTime: a missing time is midnight, an unreadable one is nothing', () => {
    expect(joinDateTime('2026-12-31', '16:00')).to.equal('2026-12-31T16:00:00');
    expect(joinDateTime('2026-12-31', '')).to.equal('2026-12-31T00:00:00');
    expect(joinDateTime('2026-12-31', 'noon')).to.equal(null);
    expect(joinDateTime('2026-02-30', '16:00')).to.equal(null);
  });

  it('typeKey slugs free-text bus types', () => {
    expect(typeKey('AC')).to.equal('ac');
    expect(typeKey('Non AC')).to.equal('non-ac');
    expect(typeKey('non_ac')).to.equal('non-ac');
    expect(typeKey('  Non--AC  ')).to.equal('non-ac');
    expect(typeKey('Schlafbus Über')).to.equal('schlafbus-über');
    expect(typeKey('')).to.equal('');
  });

  it('readMeta reads one-element arrays and tolerates every other shape', () => {
    const meta = { a: ['x'], b: 'plain', c: [], d: [5], e: {}, f: ['y', 'z'], g: null };
    expect(readMeta(meta, 'a')).to.equal('x');
    expect(readMeta(meta, 'b')).to.equal('plain');
    expect(readMeta(meta, 'f')).to.equal('y');
    for (const key of ['c', 'd', 'e', 'g', 'missing', 'constructor', 'hasOwnProperty']) expect(readMeta(meta, key), key).to.equal('');
    expect(readMeta(null, 'a')).to.equal('');
    expect(readMeta([['x']], '0')).to.equal('');
  });

  describe('normalizeList', () => {
    const one = (item: unknown): number => {
      if (typeof item !== 'number') throw invalidResponse(`not a number but ${typeof item}`);
      return item * 2;
    };

    it('rejects a top level that is not an array', () => {
      for (const raw of [null, undefined, {}, { 0: 1 }, 'x', 3]) expectInvalid(() => normalizeList(raw, one, 'numbers'), /Expected a list of numbers/);
    });

    it('drops broken items and keeps their neighbours', () => {
      expect(normalizeList([1, 'x', 2, null, 3], one, 'numbers')).to.deep.equal([2, 4, 6]);
    });

    it('keeps going when an item throws something other than an ApiError', () => {
      const fragile = (item: unknown): number => (item as { n: number }).n;
      expect(normalizeList([{ n: 1 }, null, { n: 3 }], fragile, 'things')).to.deep.equal([1, 3]);
    });

    it('accepts an empty list', () => {
      expect(normalizeList([], one, 'numbers')).to.deep.equal([]);
    });

    it('rejects a non-empty list whose every item is broken, naming the first problem', () => {
      expectInvalid(() => normalizeList(['x', null], one, 'numbers'), /None of the 2 numbers could be used \(item 0: not a number but string\)/);
    });
  });
});
