/**
 * Escaping text into HTML, and the DOM-free sanitizer built on it. Apart from text.ts, which every
 * page loads: only the DOMPurify path and the public API use these.
 */
import { stripTags } from './text.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for use in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** The fallback without a DOM: no markup survives at all, only escaped plain text. */
export function sanitizeWithoutDom(html: string): string {
  return escapeHtml(stripTags(html));
}
