/** A JSON string's `\uXXXX` escape of one UTF-16 code unit. */
export const unicodeEscape = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON exactly as PHP's `json_encode()` writes it for WordPress: `/` escaped as `\/` and every
 * non-ASCII code unit as `\uXXXX`. Parsers do not care, but byte-level comparisons with real sites do,
 * and it keeps bodies 7-bit clean whatever the seed contains.
 */
export function encodeJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  // Both characters can only occur inside JSON strings, so a global replace is safe.
  return text.replace(/[/\u0080-\uffff]/g, (ch) => (ch === '/' ? '\\/' : unicodeEscape(ch)));
}
