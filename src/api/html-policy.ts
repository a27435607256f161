/**
 * What site HTML may keep, shared by both sanitizers (DOMPurify in `sanitize-html.ts`, the
 * browser's `Element.setHTML` in `shared/site-html.ts`) so a widget shows the same either way:
 * simple text formatting, no attribute but `href` on links, and links that open safely.
 */
import { safeUrl } from './text.js';

export const ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'span',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
];

/**
 * Elements dropped with their content (DOMPurify's default list and what the browser's sanitizer
 * always drops, so both agree; tested on the same inputs); any
 * other element outside {@link ALLOWED_TAGS} is replaced by its content (DOMPurify's KEEP_CONTENT),
 * so `<div><h1>Title</h1></div>` still reads "Title".
 */
export const DROP_WITH_CONTENT: ReadonlySet<string> = new Set(
  (
    'annotation-xml audio colgroup desc foreignobject head iframe math mi mn mo ms mtext noembed ' +
    'noframes noscript plaintext script style svg template thead title video xmp' +
    // The browser's sanitizer always drops these with their content; DOMPurify is told to as well.
    ' embed frame object'
  ).split(' '),
);

const MAILTO = /^mailto:[^\s<>"]+$/i;

/**
 * Makes a kept link safe: only what `safeUrl` accepts or a plain `mailto:` stays (belt and braces
 * over the sanitizer's own URL rules), and a link with an `href` opens in a new tab without opener
 * or referrer; a link without one stays as plain text.
 */
export function finishLink(link: Element): void {
  const href = link.getAttribute('href');
  const trimmed = href?.trim() ?? '';
  const safe = href === null ? '' : MAILTO.test(trimmed) ? trimmed : safeUrl(href);
  if (!safe) {
    link.removeAttribute('href');
    return;
  }
  link.setAttribute('href', safe);
  link.setAttribute('rel', 'noopener noreferrer nofollow');
  link.setAttribute('target', '_blank');
}
