/** The bus list's messages, plus what the seat routes add: a missing bus, a bus without a route. */
import type { ErrorView } from '../../shared/error-message.js';
import type { Strings } from '../../shared/localize/strings.js';
import { busDetailErrorView } from '../../shared/bus-errors.js';

export function seatErrorView(error: unknown, strings: Strings): ErrorView {
  return busDetailErrorView(error, strings, strings.seatMapNoRoute);
}
