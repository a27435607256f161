/** Site HTML rendered only after DOMPurify has cleaned it. */
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { sanitizeHtml } from '../api/text.js';

export function sanitizedHtml(html: string): ReturnType<typeof unsafeHTML> {
  return unsafeHTML(sanitizeHtml(html));
}
