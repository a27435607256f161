import { WpError } from '../../shared/wp-error.js';

export { noRoute, WpError } from '../../shared/wp-error.js';

// Messages below are WordPress core's own strings, word for word.

/** 401 when anonymous, 403 when authenticated but not allowed (core's rest_authorization_required_code). */
export const forbidden = (authenticated: boolean): WpError =>
  new WpError('rest_forbidden', 'Sorry, you are not allowed to do that.', authenticated ? 403 : 401);

export const invalidPostId = (message = 'Invalid post ID.'): WpError => new WpError('rest_post_invalid_id', message, 404);

export const invalidTerm = (): WpError => new WpError('rest_term_invalid', 'Term does not exist.', 404);

export const invalidPageNumber = (): WpError =>
  new WpError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
