import { basicAuthorization, normalizeAppPassword, type BasicCredentials } from './credentials.js';

/**
 * Scrubbing of secrets from log lines and error messages. A secret leaks in more shapes than the
 * one it was configured in (with or without WordPress's spaces, base64-encoded inside a Basic
 * header, percent-encoded inside a URL), so each is expanded into all of them.
 */
export const REDACTED = '[redacted]';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** encodeURIComponent throws on a lone surrogate; such a secret simply has no URL form. */
function uriEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every shape in which `secret` could appear in text we print. */
function formsOf(secret: string): string[] {
  const compact = normalizeAppPassword(secret);
  const forms = [secret, compact, uriEncoded(secret), uriEncoded(compact)];
  const colon = secret.indexOf(':');
  if (colon >= 0) {
    // `user:password` as a Basic header carries it; the password part may have been normalized
    // alone, since WordPress user names may contain spaces.
    const userWithCompactPassword = `${secret.slice(0, colon)}:${normalizeAppPassword(secret.slice(colon + 1))}`;
    forms.push(base64(secret), base64(compact), base64(userWithCompactPassword));
  }
  return forms;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A function replacing every occurrence of each non-empty secret (in any of its forms) with
 * `[redacted]`. Pass the password, `user:password`, OAuth secrets, the proxy token: whatever
 * must never reach a log.
 */
export function createRedactor(secrets: ReadonlyArray<string>): (text: string) => string {
  const forms = [...new Set(secrets.flatMap(formsOf))].filter((form) => form !== '');
  if (forms.length === 0) return (text) => text;
  // Longest first, so a secret that contains another is removed whole, not around the shorter one.
  forms.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  return (text) => text.replace(pattern, REDACTED);
}

/**
 * The shapes of a Basic-auth credential worth scrubbing: the password as configured and without
 * spaces, base64 of `user:password` in both forms, and both `Basic …` header values.
 */
export function secretForms(credentials: BasicCredentials): string[] {
  const { user, appPassword } = credentials;
  const compact = normalizeAppPassword(appPassword);
  const raw = base64(`${user}:${appPassword}`);
  const forms = [appPassword, compact, raw, base64(`${user}:${compact}`), `Basic ${raw}`, basicAuthorization(credentials)];
  return [...new Set(forms)].filter((form) => form !== '');
}
