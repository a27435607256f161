import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { WpError } from '../shared/wp-error.js';
import { ipMatches, type Cidr } from './cidr.js';
import { addressRefused, tokenRequired } from './errors.js';

/**
 * Who may read personal data through the proxy: the configured bearer token and/or client
 * addresses. The address is the TCP peer's: `X-Forwarded-For` is the client's own word, so it is
 * never trusted for access control.
 */
export interface PrivateAccess {
  token: string | null;
  allowIps: readonly Cidr[];
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Null when the request may read private routes, else the error to answer with. */
export function checkPrivateAccess(headers: IncomingHttpHeaders, ip: string, access: PrivateAccess): WpError | null {
  if (access.allowIps.length > 0 && !ipMatches(ip, access.allowIps)) return addressRefused();
  if (access.token !== null) {
    const given = bearerToken(headers);
    if (given === null || !sameToken(given, access.token)) return tokenRequired();
  }
  return null;
}
