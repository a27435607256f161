/**
 * A part of a widget's own code that is loaded on first use (the month view, the departure board,
 * the calendar menu) and did not arrive. It is told apart from the site's failures because the
 * visitor's remedy differs: the site is fine, the widget's files did not come through.
 */
import { ApiError } from '../api/errors.js';

/** The `code` of the error a widget shows when one of its parts could not be loaded. */
export const PART_NOT_LOADED = 'tw_part_not_loaded';

/**
 * What a failed `import()` of one of the widget's parts is reported as. Browsers reject a module
 * they could not fetch with a TypeError, which becomes a {@link PART_NOT_LOADED} error keeping the
 * browser's reason; anything else (thrown while a module that did arrive ran) stays as it is.
 */
export function partLoadError(error: unknown): unknown {
  // The browser's message names the module's URL, which says which part it was.
  return error instanceof TypeError ? new ApiError({ status: 0, code: PART_NOT_LOADED, message: String(error), cause: error }) : error;
}

/** Whether `error` says that a part of the widget could not be loaded. */
export function isPartNotLoaded(error: unknown): boolean {
  return error instanceof ApiError && error.code === PART_NOT_LOADED;
}
