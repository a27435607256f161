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

/**
 * For an element reading one bus (`/buses/{id}`): a missing bus says so (the plugin answers 400
 * `wbtm_invalid_bus`, the contract 404), a bus without a route says `noRoute`; else as
 * {@link busErrorView}.
 */
export function busDetailErrorView(error: unknown, strings: Strings, noRoute: string): ErrorView {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'wbtm_invalid_bus':
      case 'rest_post_invalid_id':
        return { message: strings.seatMapBusNotFound, retryable: false };
      case 'wbtm_no_route':
        return { message: noRoute, retryable: false };
    }
    if (error.status === 404 && error.code !== 'rest_no_route') return { message: strings.seatMapBusNotFound, retryable: false };
  }
  return busErrorView(error, strings);
}
