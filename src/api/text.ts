/**
 * Text from WordPress: texturized titles full of entities, titles with tags, and untrusted HTML
 * (WordPress texturizes titles into `&#8217;`-style entities and lets plugins put markup in them;
 * content is whatever an editor pasted). Everything here works without a DOM so normalizers can run in
 * Node; HTML escaping lives in `text-escape.ts`, sanitizing in `sanitize-html.ts` (DOMPurify) and
 * `shared/site-html.ts` (lazy).
 */

// ------------------------------------------------------------------------------------- entities

/**
 * Every named reference we decode, in code point order: each name is one past the previous one's
 * code point, or `:n` further on. HTML 4's Latin-1 table (U+00A0..U+00FF, which editors and
 * WordPress emit) runs from `nbsp` to `yuml`, its lower-case letters derived from the capitals;
 * around it the punctuation texturize produces, common symbols and Latin Extended-A. One string
 * parsed once is a fraction of the bytes of a literal table.
 */
const NAMES =
  'quot:34 amp:4 apos lt:21 gt:2 nbsp:98 iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg ' +
  'plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml ' +
  'Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig divide:24 yuml:8 ' +
  'OElig:83 oelig Scaron:13 scaron Yuml:23 fnof:26 circ:308 tilde:22 ensp:7462 emsp thinsp:6 zwnj:3 zwj lrm rlm ndash:4 mdash ' +
  'lsquo:4 rsquo sbquo ldquo:2 rdquo bdquo dagger:2 Dagger bull hellip:4 permil:10 prime:2 Prime lsaquo:6 rsaquo euro:114 ' +
  'trade:118 larr:110 uarr rarr darr harr minus:126 infin:12 asymp:42 ne:24 le:4 ge star:929 hearts:95 check:174';

// A Map, not an object literal: `&constructor;` or `&__proto__;` must not find anything inherited.
const NAMED = new Map<string, string>();
{
  let code = 0;
  for (const entry of NAMES.split(' ')) {
    const [name = '', step] = entry.split(':');
    NAMED.set(name, String.fromCharCode((code += step ? +step : 1)));
    // Latin-1's lower-case letters (agrave..thorn) are its capitals' names (Agrave..THORN, U+C0..U+DE)
    // in lower case, 32 code points on; `times` (U+D7) is no letter: its place holds `divide`.
    if (code >= 0xc0 && code <= 0xde && code !== 0xd7) NAMED.set(name.toLowerCase(), String.fromCharCode(code + 32));
  }
}

/**
 * HTML maps numeric references 0x80..0x9F to Windows-1252 (old posts carry `&#146;` for ’): a name
 * from the table above, a code point, or nothing where the code point stays as it is.
 */
const WINDOWS_1252 =
  'euro  sbquo fnof bdquo hellip dagger Dagger circ permil Scaron lsaquo OElig  381   lsquo rsquo ldquo rdquo bull ndash mdash tilde trade scaron rsaquo oelig  382 Yuml'
    .split(' ')
    .map((token, i) => NAMED.get(token) ?? String.fromCharCode(+token || 0x80 + i));

const REPLACEMENT = '\ufffd';

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return REPLACEMENT;
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80] as string;
  return String.fromCodePoint(code);
}

// Named references need their `;` (so `?a=1&copy=2` stays a URL); numeric ones may omit it, as in
// browsers. No nested quantifiers: one linear scan.
const ENTITY = /&(?:#(\d+);?|#[xX]([0-9a-fA-F]+);?|([A-Za-z][A-Za-z0-9]{0,31});)/g;

/**
 * Decodes HTML character references in one pass (`&amp;lt;` → `&lt;`): decimal, hex, and the named
 * references WordPress and editors produce. Invalid code points become U+FFFD; unknown names stay as
 * written. No `innerHTML` or `DOMParser`, so it runs anywhere.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole: string, dec?: string, hex?: string, name?: string): string => {
    // Long digit runs would lose precision in parseInt; anything over 7 digits is out of range anyway.
    if (dec !== undefined) return dec.length > 8 ? REPLACEMENT : fromCodePoint(parseInt(dec, 10));
    if (hex !== undefined) return hex.length > 7 ? REPLACEMENT : fromCodePoint(parseInt(hex, 16));
    return (name !== undefined && NAMED.get(name)) || whole;
  });
}

// ------------------------------------------------------------------------------- plain text

/** Runs of any whitespace, including no-break spaces, become one space; ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Elements whose content is not visible text. */
const DROP_CONTENT = new Set('script style template noscript iframe noembed noframes xmp textarea title'.split(' '));

/** Tags that separate words when rendered, so `<p>a</p><p>b</p>` reads "a b", not "ab". */
const BLOCK_NAMES =
  'address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul';
const BLOCK = new Set(BLOCK_NAMES.split(' '));

const isTagSpace = (c = ''): boolean => /[ \t\n\r\f]/.test(c);

/**
 * Index just past the `>` that ends the tag whose name ends at `i`, honouring quoted attribute
 * values (`<a title="x>y">`); the input's length if it ends inside the tag, as an unterminated tag
 * swallows the rest in browsers. Each character is visited once.
 */
function tagEnd(html: string, i: number): number {
  const n = html.length;
  while (i < n) {
    const c = html[i++];
    if (c === '>') return i;
    if (c === '=') {
      while (isTagSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        i = html.indexOf(quote, i + 1) + 1;
        if (!i) return n;
      } else {
        while (i < n && !isTagSpace(html[i]) && html[i] !== '>') i++; // unquoted value
      }
    }
  }
  return n;
}

/** `<name` or `</name`: a letter, then anything up to whitespace, `/` or `>`. */
const TAG = /<(\/?)([A-Za-z][^ \t\n\r\f/>]*)/y;

/**
 * Plain text from HTML, for titles and excerpts: drops `<script>`/`<style>` (and similar) with their
 * content, every tag and comment; decodes entities after the tags are gone, so `&lt;b&gt;` is the
 * literal text `<b>` (safe for text rendering, not for `innerHTML`); collapses whitespace. A hand
 * tokenizer, linear on any input, where a regex would backtrack on unclosed tags.
 */
export function stripTags(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  const out: string[] = [];
  const n = html.length;
  /** Just past the `length` characters found at `index`, or the end of the input if not found. */
  const past = (index: number, length: number): number => (index < 0 ? n : index + length);
  let text = 0; // start of the pending text run
  let i = 0;
  let lt: number;
  while ((lt = html.indexOf('<', i)) >= 0) {
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    let separator = '';
    if (html.startsWith('<!--', lt)) {
      i = past(html.indexOf('-->', lt + 4), 3);
    } else if (tag) {
      const name = (tag[2] as string).toLowerCase();
      i = tagEnd(html, TAG.lastIndex);
      if (BLOCK.has(name)) separator = ' ';
      if (!tag[1] && DROP_CONTENT.has(name) && i < n) {
        // The content runs to the matching end tag, found case-insensitively; never closed, to the end.
        const closing = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
        closing.lastIndex = i;
        i = closing.exec(html) ? tagEnd(html, closing.lastIndex) : n;
      }
    } else if (/[!?/]/.test(html[lt + 1] ?? '')) {
      // Doctype, processing instruction, `</>` or `</ x>`: a bogus comment up to the next `>`.
      i = past(html.indexOf('>', lt + 2), 1);
    } else {
      i = lt + 1; // a lone `<` is text
      continue;
    }
    if (lt > text) out.push(decodeEntities(html.slice(text, lt)));
    out.push(separator);
    text = i;
  }
  out.push(decodeEntities(html.slice(text)));
  return collapseWhitespace(out.join(''));
}

// ------------------------------------------------------------------------------------ URLs

/**
 * The URL, normalized, when it is an absolute `http:`/`https:` URL without credentials (or one
 * relative to `base`, an already safe URL); else `''`.
 * The WHATWG parser strips tabs and newlines and lower-cases the scheme before we look at it, so
 * `java\tscript:` and `JaVaScRiPt:` are judged by what a browser would actually run.
 */
export function safeUrl(value: unknown, base?: string): string {
  // Blank is no URL, not the base itself.
  if (typeof value !== 'string' || !value.trim()) return '';
  let url: URL;
  try {
    // Relative to `base` where given (an image path from a "relative URLs" plugin, resolved against
    // its post's link); a relative one without a base throws.
    url = new URL(value.trim(), base || undefined);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  // `https://example.org@evil.test/` reads like example.org but goes to evil.test.
  if (url.username || url.password) return '';
  // Chromium lets some forbidden host characters through percent-encoded (`exa%20mple.org`); Node
  // and the URL standard refuse them. Refuse them everywhere so both platforms agree.
  return /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])$/i.test(url.hostname) ? url.href : '';
}
