/**
 * Staff lists read personal data, so some failures mean "you may not see this" rather than "the
 * site has a problem": the message says what to do (sign in, ask the site's administrator for the
 * right, reload for a fresh session, nothing: the site does not publish it), and no Retry is offered
 * where retrying cannot help.
 */
import { TOO_MANY_PAGES } from '../../api/all-pages.js';
import { ApiError } from '../../api/errors.js';
import { errorView, type ErrorView } from '../error-message.js';
import type { Strings } from '../localize/strings.js';

export interface StaffTexts {
  signIn: string;
  forbidden: string;
  unpublished: string;
}

export type StaffErrorKind = 'sign-in' | 'forbidden' | 'expired' | 'unpublished' | 'other';

export function staffErrorKind(error: unknown): StaffErrorKind {
  if (!(error instanceof ApiError)) return 'other';
  // WordPress answers a stale or forged nonce with 403 rest_cookie_invalid_nonce.
  if (error.code === 'rest_cookie_invalid_nonce') return 'expired';
  if (error.code === 'rest_no_route') return 'unpublished';
  if (error.code === 'tw_upstream_credentials_rejected') return 'other';
  if (error.status === 401) return 'sign-in';
  // WordPress answers 401 to nobody signed in and 403 to an account without the right
  // (rest_authorization_required_code); the proxy 403s an address it does not serve. Signing in
  // again cannot help there.
  if (error.status === 403) return 'forbidden';
  return 'other';
}

/**
 * The site or the proxy refused the list (signed out, the right taken away, an expired session, the
 * route gone, the proxy's own credentials revoked by the site): no rows read before may stay up.
 * The proxy's case reads as `other` (its message is the site's, not a sign-in), yet is a refusal.
 */
export function refused(error: unknown): boolean {
  return staffErrorKind(error) != 'other' || (error as ApiError | undefined)?.code == 'tw_upstream_credentials_rejected';
}

export function staffErrorView(error: unknown, strings: Strings, texts: StaffTexts): ErrorView & { kind: StaffErrorKind } {
  const kind = staffErrorKind(error);
  switch (kind) {
    case 'sign-in':
      return { kind, message: texts.signIn, retryable: false };
    case 'forbidden':
      return { kind, message: texts.forbidden, retryable: false };
    case 'expired':
      return { kind, message: strings.staffNonceExpired, retryable: false };
    case 'unpublished':
      return { kind, message: texts.unpublished, retryable: false };
    default:
      // Retrying cannot help a site that announces pages without end.
      if ((error as ApiError | undefined)?.code === TOO_MANY_PAGES) return { kind, message: strings.staffTooManyPages, retryable: false };
      return { kind, ...errorView(error, strings) };
  }
}
