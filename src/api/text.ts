/**
 * Text from WordPress: texturized titles full of entities, titles with tags, and untrusted HTML
 * (WordPress texturizes titles into `&#8217;`-style entities and lets plugins put markup in them;
 * content is whatever an editor pasted). Everything here works without a DOM so normalizers can run in
 * Node; HTML sanitizing lives in `sanitize-html.ts` (DOMPurify) and `shared/site-html.ts` (lazy).
 */

// ------------------------------------------------------------------------------------- entities

/** Latin-1 names, U+00A0..U+00FF in order: HTML 4's table, which editors and WordPress emit. */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 ' +
  'sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc ' +
  'Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve ' +
  'Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute ' +
  'acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

/** Beyond Latin-1: punctuation texturize produces, plus common symbols and Latin Extended-A. */
const OTHER: ReadonlyArray<readonly [string, number]> = [
  ['quot', 0x22],
  ['amp', 0x26],
  ['apos', 0x27],
  ['lt', 0x3c],
  ['gt', 0x3e],
  ['OElig', 0x152],
  ['oelig', 0x153],
  ['Scaron', 0x160],
  ['scaron', 0x161],
  ['Yuml', 0x178],
  ['fnof', 0x192],
  ['circ', 0x2c6],
  ['tilde', 0x2dc],
  ['ensp', 0x2002],
  ['emsp', 0x2003],
  ['thinsp', 0x2009],
  ['zwnj', 0x200c],
  ['zwj', 0x200d],
  ['lrm', 0x200e],
  ['rlm', 0x200f],
  ['ndash', 0x2013],
  ['mdash', 0x2014],
  ['lsquo', 0x2018],
  ['rsquo', 0x2019],
  ['sbquo', 0x201a],
  ['ldquo', 0x201c],
  ['rdquo', 0x201d],
  ['bdquo', 0x201e],
  ['dagger', 0x2020],
  ['Dagger', 0x2021],
  ['bull', 0x2022],
  ['hellip', 0x2026],
  ['permil', 0x2030],
  ['prime', 0x2032],
  ['Prime', 0x2033],
  ['lsaquo', 0x2039],
  ['rsaquo', 0x203a],
  ['euro', 0x20ac],
  ['trade', 0x2122],
  ['larr', 0x2190],
  ['uarr', 0x2191],
  ['rarr', 0x2192],
  ['darr', 0x2193],
  ['harr', 0x2194],
  ['minus', 0x2212],
  ['infin', 0x221e],
  ['ne', 0x2260],
  ['le', 0x2264],
  ['ge', 0x2265],
  ['asymp', 0x2248],
  ['hearts', 0x2665],
  ['check', 0x2713],
  ['star', 0x2606],
];

// A Map, not an object literal: `&constructor;` or `&__proto__;` must not find anything inherited.
const NAMED: ReadonlyMap<string, string> = new Map<string, string>([
  ...LATIN1.split(' ').map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...OTHER.map(([name, code]): [string, string] => [name, String.fromCharCode(code)]),
]);

/** HTML maps numeric references 0x80..0x9F to Windows-1252 (old posts carry `&#146;` for ’). */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const REPLACEMENT = '\ufffd';

function fromCodePoint(code: number): string {
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return REPLACEMENT;
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80] ?? REPLACEMENT;
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
const DROP_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'noembed', 'noframes', 'xmp', 'textarea', 'title']);

/** Tags that separate words when rendered, so `<p>a</p><p>b</p>` reads "a b", not "ab". */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

const isAsciiAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const isTagSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/**
 * Index just past the `>` that ends the tag whose name ends at `i`, honouring quoted attribute
 * values (`<a title="x>y">`), or -1 if the input ends inside the tag. Each character is visited once.
 */
function tagEnd(html: string, i: number): number {
  const n = html.length;
  while (i < n) {
    const c = html[i];
    if (c === '>') return i + 1;
    if (c === '=') {
      i++;
      while (isTagSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return -1;
        i = close + 1;
      } else {
        while (i < n && !isTagSpace(html[i]) && html[i] !== '>') i++; // unquoted value
      }
      continue;
    }
    i++;
  }
  return -1;
}

/** Where the matching `</name` starts, searched case-insensitively from `from`; -1 if never closed. */
function rawTextEnd(html: string, name: string, from: number): number {
  const closing = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  closing.lastIndex = from;
  return closing.exec(html)?.index ?? -1;
}

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
  let text = 0; // start of the pending text run
  let i = 0;
  const flush = (end: number, separator: string): void => {
    if (end > text) out.push(decodeEntities(html.slice(text, end)));
    out.push(separator);
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      flush(lt, '');
      text = i = close < 0 ? n : close + 3;
    } else if (isAsciiAlpha(next) || (next === '/' && isAsciiAlpha(html[lt + 2]))) {
      const nameStart = next === '/' ? lt + 2 : lt + 1;
      let nameEnd = nameStart;
      while (nameEnd < n && !isTagSpace(html[nameEnd]) && html[nameEnd] !== '/' && html[nameEnd] !== '>') nameEnd++;
      const name = html.slice(nameStart, nameEnd).toLowerCase();
      let end = tagEnd(html, nameEnd);
      if (end < 0) end = n; // an unterminated tag swallows the rest, as in browsers
      flush(lt, BLOCK.has(name) ? ' ' : '');
      if (next !== '/' && DROP_CONTENT.has(name) && end < n) {
        const close = rawTextEnd(html, name, end);
        const closeEnd = close < 0 ? -1 : tagEnd(html, close + 2 + name.length);
        end = closeEnd < 0 ? n : closeEnd;
      }
      text = i = end;
    } else if (next === '!' || next === '?' || next === '/') {
      // Doctype, processing instruction, `</>` or `</ x>`: a bogus comment up to the next `>`.
      const close = html.indexOf('>', lt + 2);
      flush(lt, '');
      text = i = close < 0 ? n : close + 1;
    } else {
      i = lt + 1; // a lone `<` is text
    }
  }
  flush(n, '');
  return collapseWhitespace(out.join(''));
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for use in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// ------------------------------------------------------------------------------------ URLs

/**
 * The URL, normalized, when it is an absolute `http:`/`https:` URL without credentials; else `''`.
 * The WHATWG parser strips tabs and newlines and lower-cases the scheme before we look at it, so
 * `java\tscript:` and `JaVaScRiPt:` are judged by what a browser would actually run.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  // `https://example.org@evil.test/` reads like example.org but goes to evil.test.
  if (url.username !== '' || url.password !== '') return '';
  // Chromium lets some forbidden host characters through percent-encoded (`exa%20mple.org`); Node
  // and the URL standard refuse them. Refuse them everywhere so both platforms agree.
  if (!/^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])$/i.test(url.hostname)) return '';
  return url.href;
}

// ------------------------------------------------------------------------------------ HTML

/** The fallback without a DOM: no markup survives at all, only escaped plain text. */
export function sanitizeWithoutDom(html: string): string {
  return escapeHtml(stripTags(html));
}
