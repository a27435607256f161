/**
 * Site HTML as a safe string, through DOMPurify. The public data-layer function; widgets load it
 * only on browsers without `Element.setHTML` (see `shared/site-html.ts`), so a page that renders
 * no site HTML never downloads DOMPurify.
 */
import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import { ALLOWED_TAGS, DROP_WITH_CONTENT, finishLink } from './html-policy.js';
import { sanitizeWithoutDom } from './text-escape.js';

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: ['href'],
  FORBID_ATTR: ['style', 'class', 'id'],
  ADD_FORBID_CONTENTS: [...DROP_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
  KEEP_CONTENT: true,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
  RETURN_TRUSTED_TYPE: false,
};

/** A private instance, so our hook and config never touch other DOMPurify users on the page. */
let purifier: Purifier | undefined;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.nodeName === 'A') finishLink(node);
  });
  purifier = instance;
  return instance;
}

/**
 * HTML from a site, made safe to render: simple text formatting only, no attributes but `href` on
 * links (http, https, mailto), and every link opens in a new tab with `rel="noopener noreferrer
 * nofollow"`. Without a DOM (Node), returns escaped plain text instead.
 */
export function sanitizeHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return sanitizeWithoutDom(html);
  return getPurifier().sanitize(html, PURIFY_CONFIG) as string;
}
