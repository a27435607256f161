/** Chooses the localized message for a failure from its `ApiError.code`. */
import { ApiError, CLIENT_ERROR_CODES as CODES, isRateLimitCode } from '../api/errors.js';
import { format, type Strings } from './localize/strings.js';
import { PART_NOT_LOADED } from './part-load.js';

/** What the widget was reading, for messages that can say more than "not published". */
export type ErrorContext = 'events' | 'speakers' | 'other';

export interface ErrorView {
  message: string;
  /** Whether a Retry button makes sense (it does not for configuration or permission problems). */
  retryable: boolean;
  /** A page past the end was asked for: a widget that pages offers its first page instead of Retry. */
  firstPage?: true;
}

export function errorView(error: unknown, strings: Strings, context: ErrorContext = 'other'): ErrorView {
  if (!(error instanceof ApiError)) return { message: format(strings.errorGeneric, { code: 'unknown' }), retryable: true };
  const code = error.code;
  if (isRateLimitCode(code)) return rateLimited(error, strings);
  switch (code) {
    case CODES.notConfigured:
      return { message: strings.notConfigured, retryable: false };
    case CODES.network:
      return { message: strings.errorNetwork, retryable: true };
    case CODES.timeout:
      return { message: strings.errorTimeout, retryable: true };
    case CODES.notJson:
      return { message: strings.errorNotJson, retryable: true };
    case CODES.truncated:
      return { message: strings.errorTruncated, retryable: true };
    case CODES.phpNotice:
      return { message: strings.errorPhpNotice, retryable: true };
    case CODES.invalidResponse:
      return { message: strings.errorInvalidResponse, retryable: true };
    case PART_NOT_LOADED:
      // Retry helps where the browser no longer keeps a failed module fetch; the message names the reload for where it does.
      return { message: strings.errorPartNotLoaded, retryable: true };
    case 'tw_upstream_credentials_rejected':
      return { message: strings.errorCredentials, retryable: false };
    case 'rest_no_route':
      return {
        message: context === 'events' ? strings.errorNoRouteEvents : context === 'speakers' ? strings.errorNoRouteSpeakers : strings.errorNoRoute,
        retryable: false,
      };
    case 'rest_post_invalid_page_number':
      return { message: strings.errorPageOutOfRange, retryable: false, firstPage: true };
    case 'rest_invalid_param': {
      const detail = Object.values(error.params ?? {}).join('; ') || error.message;
      return { message: format(strings.errorInvalidParam, { detail }), retryable: false };
    }
    case CODES.invalidArgument:
      // The page's own mistake (an attribute no request could carry), not the site's refusal.
      return { message: format(strings.errorInvalidSetting, { detail: error.message }), retryable: false };
  }
  if (error.status === 401 || error.status === 403) return { message: strings.errorForbidden, retryable: false };
  if (error.status === 404) return { message: strings.errorNotFound, retryable: false };
  if (error.status === 429) return rateLimited(error, strings);
  if (error.status >= 500) return { message: format(strings.errorServer, { status: error.status }), retryable: true };
  return { message: format(strings.errorGeneric, { code }), retryable: true };
}

/**
 * "The site asked us to slow down. Try again in 42 s" (60 s when it did not say; at least 1 s, as a
 * `Retry-After` of 0 or a date already past would read "in 0 s").
 */
function rateLimited(error: ApiError, strings: Strings): ErrorView {
  return { message: format(strings.errorRateLimited, { seconds: Math.max(1, error.retryAfter ?? 60) }), retryable: true };
}
