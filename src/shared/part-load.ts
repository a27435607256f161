/**
 * A part of a widget's own code that is loaded on first use (the month view, the departure board,
 * the calendar menu) and did not arrive. It is told apart from the site's failures because the
 * visitor's remedy differs: the site is fine, the widget's files did not come through.
 */
import { ApiError } from '../api/errors.js';

/** The `code` of the error a widget shows when one of its parts could not be loaded. */
export const PART_NOT_LOADED = 'tw_part_not_loaded';

/** The error for a failed `import()` of one of the widget's parts, keeping the browser's reason. */
export function partNotLoaded(part: string, cause: unknown): ApiError {
  return new ApiError({ status: 0, code: PART_NOT_LOADED, message: `The ${part} could not be loaded (${String(cause)})` });
}
