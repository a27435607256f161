// The templates' minifier, configured once for the build (rollup.config.mjs) and the browser tests
// (web-test-runner.config.mjs): the tests render the templates as they ship.
//  - `css` literals: whitespace and comments out (minify-css.mjs), every declaration kept.
//  - `html` literals: html-minifier collapses whitespace. Between block elements it goes (about 20
//    text nodes fewer per event card); where text flows it stays one space.
import { minifyHTMLLiterals } from '@lit-labs/rollup-plugin-minify-html-literals/lib/minify-html-literals.js';
import { defaultStrategy } from '@lit-labs/rollup-plugin-minify-html-literals/lib/strategy.js';
import { minifyCss } from './minify-css.mjs';

/**
 * html-minifier trims the ends of what it is given, and it is given one template at a time: a
 * nested template that starts or ends with a space on purpose (`html\` &mdash; ${name}\``, glued to
 * the text before it) would lose it. Space at an end that holds no line break is kept as one space;
 * a line break there is the source's layout.
 */
const keepEdgeSpaces = {
  ...defaultStrategy,
  async minifyHTML(html, options) {
    const minified = await defaultStrategy.minifyHTML(html, options);
    const start = /^[ \t]+\S/.test(html) && !/^\s/.test(minified) ? ' ' : '';
    const end = /\S[ \t]+$/.test(html) && !/\s$/.test(minified) ? ' ' : '';
    return `${start}${minified}${end}`;
  },
};

export const templateMinifierOptions = {
  strategy: keepEdgeSpaces,
  minifyOptions: {
    minifyCSS: minifyCss,
    // Keep `lang=""`, `title=""` and the like: an empty value can mean something (unknown language).
    removeEmptyAttributes: false,
    // `&ndash;` stays an entity: decoded, it would be a non-ASCII character in a template literal,
    // which terser's `ascii_only` leaves as it is (a tagged template's raw text must not change).
    decodeEntities: false,
  },
};

/**
 * Whether a module of `src/` (its path from there) ships to browsers, so the minifier runs on it:
 * not a test, a test's support or the server.
 * @param {string} file
 */
export const shipsToBrowsers = (file) => file.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(file) && !/^server[\\/]/.test(file);

/**
 * `source` (TypeScript or JavaScript) with its `html` and `css` literals minified, or null when
 * nothing changed.
 * @param {string} source
 * @param {string} fileName
 * @returns {Promise<{ code: string, map?: unknown } | null>}
 */
export const minifyTemplates = (source, fileName) => minifyHTMLLiterals(source, { ...templateMinifierOptions, fileName });
