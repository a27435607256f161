import { timingSafeEqual } from 'node:crypto';
import { WpError } from './wp/errors.js';

/**
 * Public demo credentials of the reference API. They guard nothing real: they exist so that
 * Interface B behaves like a site with application passwords. Never reuse them anywhere else.
 */
export const DEMO_USER = 'demo';
/** In WordPress's display format: 24 characters in six groups of four (spaces optional when sent). */
export const DEMO_APP_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 6789';

export interface Credentials {
  user: string;
  appPassword: string;
}

/** Application passwords are alphanumeric; core strips everything else before comparing. */
function normalizePassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * wp_authenticate_application_password() as newer cores apply it to every REST request: no Basic
 * header (or no colon in it) means anonymous; a Basic header that does not check out is a 401
 * before routing, even on public routes.
 * @returns the user name, or null for an anonymous request
 */
export function authenticate(header: string | undefined, expected: Credentials): string | null {
  const match = /^basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  // Logins match case-insensitively (MySQL collation); an e-mail address would be looked up too.
  if (user.toLowerCase() !== expected.user.toLowerCase()) {
    throw user.includes('@')
      ? new WpError('invalid_email', '<strong>Error:</strong> Unknown email address. Check again or try your username.', 401)
      : new WpError('invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.', 401);
  }
  if (!sameText(normalizePassword(password), normalizePassword(expected.appPassword))) {
    throw new WpError('incorrect_password', 'The provided password is an invalid application password.', 401);
  }
  return expected.user;
}
