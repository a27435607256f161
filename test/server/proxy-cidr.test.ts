// IP allow-lists for the proxy's --allow-ip.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dist } from './helpers.js';

const { ipMatches, parseCidr } = await dist('server/proxy/cidr.js');

describe('parseCidr', () => {
  const valid: Array<[text: string, family: 4 | 6, bits: number]> = [
    ['10.0.0.0/8', 4, 8],
    ['192.168.1.7', 4, 32],
    ['192.168.1.7/32', 4, 32],
    ['0.0.0.0/0', 4, 0],
    ['255.255.255.255/32', 4, 32],
    ['  172.16.0.0/12 ', 4, 12],
    ['fd00::/8', 6, 8],
    ['::1', 6, 128],
    ['::/0', 6, 0],
    ['2001:db8::/32', 6, 32],
    ['2001:DB8:0:0:0:0:0:1/128', 6, 128],
    ['2001:db8:85a3::8a2e:370:7334', 6, 128],
    ['fe80::/10', 6, 10],
    ['64:ff9b::/96', 6, 96],
    // IPv4-mapped entries become the IPv4 range they name.
    ['::ffff:10.0.0.0/104', 4, 8],
    ['::ffff:127.0.0.1', 4, 32],
    ['::ffff:0:0/96', 4, 0],
  ];
  for (const [text, family, bits] of valid) {
    test(`${JSON.stringify(text)} → IPv${family}/${bits}`, () => {
      const cidr = parseCidr(text);
      assert.equal(cidr.family, family);
      assert.equal(cidr.bits, bits);
      assert.equal(cidr.text, text.trim());
      assert.equal(typeof cidr.network, 'bigint');
    });
  }

  const invalid: Array<[text: string, message: RegExp]> = [
    ['', /empty/],
    ['   ', /empty/],
    ['garbage', /not an IPv4 or IPv6 address/],
    ['256.0.0.1', /not an IPv4 or IPv6 address/],
    ['1.2.3', /not an IPv4 or IPv6 address/],
    ['1.2.3.4.5', /not an IPv4 or IPv6 address/],
    ['01.2.3.4', /not an IPv4 or IPv6 address/],
    ['1.2.3.-1', /not an IPv4 or IPv6 address/],
    ['10.0.0.0/33', /prefix length must be a number from 0 to 32/],
    ['10.0.0.0/-1', /prefix length/],
    ['10.0.0.0/', /prefix length/],
    ['10.0.0.0/8/8', /prefix length/],
    ['10.0.0.0/ 8', /prefix length/],
    ['10.0.0.0/x', /prefix length/],
    ['::/129', /prefix length must be a number from 0 to 128/],
    ['::1::', /not an IPv4 or IPv6 address/],
    ['1:2:3:4:5:6:7:8:9', /not an IPv4 or IPv6 address/],
    ['fe80::1%eth0', /zone ids/],
    ['/8', /not an IPv4 or IPv6 address/],
    ['10.1.2.3/8', /host bits are set after \/8 \(the network is 10\.0\.0\.0\/8\)/],
    ['fd00::1/8', /host bits are set/],
  ];
  for (const [text, message] of invalid) {
    test(`${JSON.stringify(text)} is refused`, () => {
      assert.throws(
        () => parseCidr(text),
        (error) => {
          assert.ok(error instanceof Error);
          assert.match(error.message, /^invalid IP allow-list entry /);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }
});

describe('ipMatches', () => {
  const list = (...entries: string[]) => entries.map(parseCidr);

  const cases: Array<[ip: string, entries: string[], expected: boolean]> = [
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['10.0.0.0', ['10.0.0.0/8'], true],
    ['10.255.255.255', ['10.0.0.0/8'], true],
    ['11.0.0.0', ['10.0.0.0/8'], false],
    ['9.255.255.255', ['10.0.0.0/8'], false],
    ['192.168.1.7', ['192.168.1.7'], true],
    ['192.168.1.8', ['192.168.1.7'], false],
    ['192.168.1.6', ['192.168.1.7/32'], false],
    ['172.31.255.255', ['172.16.0.0/12'], true],
    ['172.32.0.0', ['172.16.0.0/12'], false],
    ['8.8.8.8', ['0.0.0.0/0'], true],
    ['255.255.255.255', ['0.0.0.0/0'], true],
    ['8.8.8.8', ['192.168.0.0/16', '8.8.8.0/24'], true],
    ['8.8.8.8', [], false],
    // IPv6
    ['::1', ['::1'], true],
    ['::2', ['::1'], false],
    ['::1', ['::1/128'], true],
    ['fd12:3456::1', ['fd00::/8'], true],
    ['fe00::1', ['fd00::/8'], false],
    ['fcff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', ['fd00::/8'], false],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', ['fd00::/8'], true],
    ['2001:db8::1', ['::/0'], true],
    ['2001:DB8:0:0::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['2001:db8:85a3:0:0:8a2e:370:7334', ['2001:db8:85a3::8a2e:370:7334'], true],
    // Zone ids are ignored.
    ['fe80::1%eth0', ['fe80::/10'], true],
    ['fe80::1%25', ['fe80::1'], true],
    ['fec0::1%eth0', ['fe80::/10'], false],
    // IPv4-mapped IPv6, as a dual-stack socket reports IPv4 clients.
    ['::ffff:127.0.0.1', ['127.0.0.0/8'], true],
    ['::ffff:127.0.0.1', ['127.0.0.1'], true],
    ['::ffff:128.0.0.1', ['127.0.0.0/8'], false],
    ['::FFFF:7f00:1', ['127.0.0.1'], true],
    ['::ffff:10.1.2.3', ['0.0.0.0/0'], true],
    ['::ffff:10.1.2.3', ['::ffff:10.0.0.0/104'], true],
    ['10.1.2.3', ['::ffff:10.0.0.0/104'], true],
    ['10.1.2.3', ['::ffff:10.1.2.3'], true],
    ['11.1.2.3', ['::ffff:10.0.0.0/104'], false],
    // Families do not cross otherwise: IPv4 clients are not "in" IPv6 ranges, nor the reverse.
    ['127.0.0.1', ['::1'], false],
    ['::1', ['127.0.0.1'], false],
    ['::1', ['0.0.0.0/0'], false],
    ['10.1.2.3', ['::/0'], false],
    ['::ffff:10.1.2.3', ['::/0'], false],
    ['::a01:203', ['10.1.2.3'], false],
    // Not addresses.
    ['', ['0.0.0.0/0', '::/0'], false],
    ['localhost', ['0.0.0.0/0', '::/0'], false],
    ['256.1.1.1', ['0.0.0.0/0'], false],
    ['10.0.0.1/8', ['0.0.0.0/0'], false],
    [' 10.0.0.1', ['0.0.0.0/0'], false],
    ['::ffff:999.0.0.1', ['0.0.0.0/0', '::/0'], false],
    ['1.2.3.4%eth0', ['0.0.0.0/0'], false],
    ['%eth0', ['0.0.0.0/0', '::/0'], false],
  ];
  for (const [ip, entries, expected] of cases) {
    test(`${JSON.stringify(ip)} ${expected ? 'in' : 'not in'} [${entries.join(', ')}]`, () => {
      assert.equal(ipMatches(ip, list(...entries)), expected);
    });
  }

  test('undefined (a destroyed socket) never matches', () => {
    // @ts-expect-error -- undefined on purpose: what a destroyed socket's remoteAddress gives a caller
    assert.equal(ipMatches(undefined, list('0.0.0.0/0', '::/0')), false);
  });
});
