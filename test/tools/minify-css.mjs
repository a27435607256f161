// Whitespace and comments out of CSS, nothing else: declarations, their order and every fallback
// (`overflow: hidden; overflow: clip`) stay as written, which an optimizing minifier would merge away.
// Used by the build (rollup.config.mjs) on the styles' `css` template literals.

/** Characters next to which whitespace never matters in CSS (outside strings). */
const TIGHT = new Set(['{', '}', ';', ',', '>']);
/** Whitespace after a colon never matters either (`color: red`, `(forced-colors: active)`); before one it may (`.a :hover`). */
const TIGHT_AFTER = new Set([...TIGHT, ':']);

/**
 * `css` with comments removed, each run of whitespace made one space, whitespace next to
 * `{ } ; , >` and after `:` removed, and the `;` before a `}` dropped; quoted strings are kept byte
 * for byte.
 * @param {string} css
 * @returns {string}
 */
export function minifyCss(css) {
  let out = '';
  let space = false;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
      space = true;
      continue;
    }
    if (/\s/.test(c)) {
      space = true;
      continue;
    }
    if (space && out && !TIGHT_AFTER.has(out[out.length - 1]) && !TIGHT.has(c)) out += ' ';
    space = false;
    if (c === '"' || c === "'") {
      let end = i + 1;
      while (end < css.length && css[end] !== c) end += css[end] === '\\' ? 2 : 1;
      out += css.slice(i, end + 1);
      i = end;
    } else {
      if (c === '}' && out.endsWith(';')) out = out.slice(0, -1);
      out += c;
    }
  }
  return out;
}
