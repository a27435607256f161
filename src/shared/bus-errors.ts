/** The shared error messages, plus the bus plugin's own 400 codes a visitor can act on. */
import { ApiError } from '../api/errors.js';
import { errorView, type ErrorView } from './error-message.js';
import { format, type Strings } from './localize/strings.js';

export function busErrorView(error: unknown, strings: Strings): ErrorView {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'wbtm_unknown_stop':
        return { message: strings.busesUnknownStop, retryable: false };
      case 'wbtm_invalid_date':
      case 'wbtm_missing_param':
        return { message: format(strings.errorInvalidParam, { detail: error.message }), retryable: false };
    }
  }
  return errorView(error, strings, 'other');
}
