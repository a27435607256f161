import type { WpErrorWire } from '../../../api/wire/shapes.js';

/**
 * A WordPress `WP_Error` on its way to the client. Handlers throw it; the dispatcher turns it into
 * `{code, message, data: {status, ...}}` with the status as the HTTP status.
 */
export class WpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Extra `data` members after `status`, in WordPress's order (e.g. `params`, `details`). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers the error needs (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): WpErrorWire {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }
}

// Messages below are WordPress core's own strings, word for word.

export const noRoute = (): WpError =>
  new WpError('rest_no_route', 'No route was found matching the URL and request method.', 404);

/** 401 when anonymous, 403 when authenticated but not allowed (core's rest_authorization_required_code). */
export const forbidden = (authenticated: boolean): WpError =>
  new WpError('rest_forbidden', 'Sorry, you are not allowed to do that.', authenticated ? 403 : 401);

export const invalidPostId = (message = 'Invalid post ID.'): WpError =>
  new WpError('rest_post_invalid_id', message, 404);

export const invalidTerm = (): WpError => new WpError('rest_term_invalid', 'Term does not exist.', 404);

export const invalidPageNumber = (): WpError =>
  new WpError(
    'rest_post_invalid_page_number',
    'The page number requested is larger than the number of pages available.',
    400,
  );
