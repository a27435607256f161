/** The bus list's messages, plus what the seat routes add: a missing bus, a bus without a route. */
import { ApiError } from '../../api/errors.js';
import type { ErrorView } from '../../shared/error-message.js';
import type { Strings } from '../../shared/localize/strings.js';
import { busErrorView } from '../../shared/bus-errors.js';

export function seatErrorView(error: unknown, strings: Strings): ErrorView {
  if (error instanceof ApiError) {
    switch (error.code) {
      // The plugin answers a missing bus with 400 `wbtm_invalid_bus`; the contract with a 404.
      case 'wbtm_invalid_bus':
      case 'rest_post_invalid_id':
        return { message: strings.seatMapBusNotFound, retryable: false };
      case 'wbtm_no_route':
        return { message: strings.seatMapNoRoute, retryable: false };
    }
    if (error.status === 404 && error.code !== 'rest_no_route') return { message: strings.seatMapBusNotFound, retryable: false };
  }
  return busErrorView(error, strings);
}
