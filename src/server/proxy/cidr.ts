import { isIP } from 'node:net';

/**
 * IP allow-lists (`--allow-ip`). Addresses become bigints so IPv4 and IPv6 prefixes compare the
 * same way. An IPv4 client matches IPv4 entries whether Node reports it as `10.0.0.5` or, on a
 * dual-stack socket, as `::ffff:10.0.0.5`; IPv6 entries match IPv6 clients.
 */
export interface Cidr {
  /** 4 also for an IPv4-mapped IPv6 entry (`::ffff:10.0.0.0/104`), which is stored as its IPv4 form. */
  family: 4 | 6;
  /** Prefix length within the family: 0-32 or 0-128. */
  bits: number;
  /** The entry as written (trimmed), for messages. */
  text: string;
  /** Internal: the network address as an unsigned integer; host bits are zero. */
  readonly network: bigint;
}

interface Address {
  family: 4 | 6;
  value: bigint;
}

const WIDTH = { 4: 32, 6: 128 } as const;

/** ::ffff:0:0/96 (RFC 4291 §2.5.5.2). */
const MAPPED_PREFIX = 0xffffn << 32n;

function parseIPv4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** Expects text that isIP() accepted as IPv6 without a zone id, so only the layout is handled here. */
function parseIPv6(text: string): bigint {
  const groupsOf = (part: string): string[] => {
    if (part === '') return [];
    const groups = part.split(':');
    const last = groups[groups.length - 1] ?? '';
    if (last.includes('.')) {
      // A trailing dotted quad (`::ffff:1.2.3.4`) stands for the last two groups.
      const v4 = parseIPv4(last);
      groups.splice(-1, 1, (v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16));
    }
    return groups;
  };
  const [head = '', tail] = text.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros: string[] = new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

/** The address without zone id, or null when it is not an IP address. */
function parseAddress(text: string): Address | null {
  switch (isIP(text)) {
    case 4:
      return { family: 4, value: parseIPv4(text) };
    case 6:
      return text.includes('%') ? null : { family: 6, value: parseIPv6(text) };
    default:
      return null;
  }
}

function mask(family: 4 | 6, bits: number): bigint {
  const width = BigInt(WIDTH[family]);
  return ((1n << width) - 1n) ^ ((1n << (width - BigInt(bits))) - 1n);
}

/** IPv4-mapped IPv6 addresses as the IPv4 address they carry; everything else unchanged. */
function unmap(address: Address): Address {
  if (address.family === 6 && address.value >> 32n === 0xffffn) return { family: 4, value: address.value - MAPPED_PREFIX };
  return address;
}

/**
 * `10.0.0.0/8`, `192.168.1.7` (= /32), `fd00::/8`, `::1` (= /128). Host bits must be zero:
 * `10.1.2.3/8` is refused rather than widened, since an allow-list should say what it means.
 */
export function parseCidr(text: string): Cidr {
  const entry = text.trim();
  const fail = (reason: string): never => {
    throw new Error(`invalid IP allow-list entry ${JSON.stringify(text)}: ${reason}`);
  };
  if (entry === '') fail('empty');
  const slash = entry.indexOf('/');
  const addressText = slash < 0 ? entry : entry.slice(0, slash);
  if (addressText.includes('%')) fail('zone ids (%…) are not allowed');
  const address = parseAddress(addressText) ?? fail('not an IPv4 or IPv6 address');
  const width: number = WIDTH[address.family];
  let bits = width;
  if (slash >= 0) {
    const prefix = entry.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > width) fail(`prefix length must be a number from 0 to ${width}`);
    bits = Number(prefix);
  }
  if ((address.value & ~mask(address.family, bits)) !== 0n) {
    const network = address.value & mask(address.family, bits);
    fail(`host bits are set after /${bits} (the network is ${formatAddress({ family: address.family, value: network })}/${bits})`);
  }
  // A mapped entry covering only mapped addresses is the IPv4 range it names, as clients are unmapped too.
  if (address.family === 6 && bits >= 96 && address.value >> 32n === 0xffffn) {
    return { family: 4, bits: bits - 96, text: entry, network: address.value - MAPPED_PREFIX };
  }
  return { family: address.family, bits, text: entry, network: address.value };
}

/** For error messages and client keys; IPv6 is printed uncompressed, which is still valid input. */
function formatAddress(address: Address): string {
  if (address.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((address.value >> shift) & 0xffffn).toString(16));
  return groups.join(':');
}

/**
 * Whether `ip`, as `req.socket.remoteAddress` reports it, lies in any entry. A zone id
 * (`fe80::1%eth0`) is ignored; anything that is not an IP address (or undefined cast to string by a
 * caller) never matches.
 */
export function ipMatches(ip: string, list: readonly Cidr[]): boolean {
  if (typeof ip !== 'string') return false;
  const zone = ip.indexOf('%');
  const parsed = parseAddress(zone >= 0 && ip.includes(':') ? ip.slice(0, zone) : ip);
  if (!parsed) return false;
  const address = unmap(parsed);
  return list.some((cidr) => cidr.family === address.family && (address.value & mask(cidr.family, cidr.bits)) === cidr.network);
}

/**
 * The key per-client limits count `ip` under: an IPv4 address (a mapped one unmapped) as itself, an
 * IPv6 address as its /64. One subscriber or host is normally given a whole /64 and may use any
 * address in it, so counting IPv6 addresses one by one would let one client be millions. Anything
 * that is not an address is its own key.
 */
export function clientGroup(ip: string): string {
  const address = clientAddress(ip);
  if (!address) return ip;
  if (address.family === 4) return formatAddress(address);
  return `${formatAddress({ family: 6, value: address.value & mask(6, 64) })}/64`;
}

/**
 * The wider group an IPv6 client also counts under: its /48, the prefix one subscriber or site is
 * commonly delegated whole (so it holds 65,536 /64s). Null for IPv4 (a mapped one included) and for
 * anything that is not an address: those have no wider group.
 */
export function clientNetwork(ip: string): string | null {
  const address = clientAddress(ip);
  if (!address || address.family === 4) return null;
  return `${formatAddress({ family: 6, value: address.value & mask(6, 48) })}/48`;
}

/** `ip` parsed as per-client limits see it: zone id dropped, IPv4-mapped unmapped; null if no address. */
function clientAddress(ip: string): Address | null {
  const zone = ip.indexOf('%');
  const parsed = parseAddress(zone >= 0 && ip.includes(':') ? ip.slice(0, zone) : ip);
  return parsed && unmap(parsed);
}
