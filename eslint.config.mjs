// ESLint: the recommended sets (JS, typescript-eslint, Lit, web components) and the layer rules of
// ARCHITECTURE.md ("Layers") as import restrictions. Formatting is Prettier's business, not ESLint's.
import js from '@eslint/js';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------- layers
// A relative import is judged by where it lands. A file `depth` folders below its layer folder
// (src/<layer>/ is depth 0) reaches src/ through `depth + 1` `../`; each block below is one depth,
// so the rules need no list of tags or subfolders and keep holding when folders move.
const MAX_DEPTH = 5;
const up = (depth) => `^(?:\\.\\./){${depth + 1}}`;
const glob = (layer, depth) => `src/${layer}/${'*/'.repeat(depth)}*.ts`;
const TESTS = ['src/**/*.test.ts', 'src/**/*.test-support.ts'];
const NO_LIT = { regex: '^(?:lit|@lit/.*|lit/.*)$', message: 'src/api is framework-free: no Lit.' };

/** `@typescript-eslint/no-restricted-imports` for the files of one layer at one depth. */
function layerBlock(layer, depth, patterns, extra = {}) {
  return {
    name: `layers/${layer}/depth-${depth}`,
    files: [glob(layer, depth)],
    ...extra,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

const layerRules = [];
for (let depth = 0; depth <= MAX_DEPTH; depth++) {
  const src = up(depth);
  // src/api: no Lit, nothing from the layers above it.
  layerRules.push(
    layerBlock('api', depth, [
      NO_LIT,
      {
        regex: `${src}(?:shared|elements|server)(?:/|$)|${src}index\\.js$`,
        message: 'src/api imports nothing from shared/, elements/, server/ (ARCHITECTURE.md, Layers).',
      },
    ]),
  );
  // src/shared: nothing from elements/ or server/.
  layerRules.push(
    layerBlock('shared', depth, [
      {
        regex: `${src}(?:elements|server)(?:/|$)|${src}index\\.js$`,
        message: 'src/shared imports nothing from elements/ or server/ (ARCHITECTURE.md, Layers).',
      },
    ]),
  );
  // src/server: Node only; from api/ only types, except the framework-free modules both sides share
  // (URL rules, site time, the Retry-After parser).
  layerRules.push(
    layerBlock('server', depth, [
      { regex: NO_LIT.regex, message: 'src/server is Node only: no Lit.' },
      { regex: `${src}(?:shared|elements)(?:/|$)|${src}index\\.js$`, message: 'src/server never imports the browser layers (shared/, elements/).' },
      {
        regex: `${src}api/(?!(?:url|site-time|http|errors|[^/]*retry-after[^/]*)\\.js$)`,
        allowTypeImports: true,
        message: 'src/server takes only types from src/api, except api/url.ts, api/site-time.ts, api/errors.ts (error codes) and the Retry-After parser.',
      },
    ]),
  );
  // src/elements/<tag>/: nothing from another element's folder, nothing from server/. One level
  // below src/elements/ is some tag's folder; a path that goes up to src/elements/ and back down
  // into a folder is another element's. Tests may put two elements together.
  const elements = `^(?:\\.\\./){${depth + 1}}`;
  layerRules.push(
    layerBlock(
      'elements',
      depth + 1,
      [
        { regex: `${elements}[^./][^/]*/`, message: 'An element imports nothing from another element folder: move what both need to src/shared.' },
        { regex: `${up(depth + 1)}server(?:/|$)`, message: 'Elements never import src/server.' },
      ],
      { ignores: TESTS },
    ),
  );
}

export default tseslint.config(
  {
    ignores: ['dist/', 'coverage/', '**/node_modules/', 'custom-elements.json', 'test/fixtures/', 'demo/frameworks/*/dist/', 'demo/frameworks/*/build/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'project/all',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A controller hands an object literal whose getter reads the controller (`const refresh = this`).
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['refresh'] }],
      // Reported, not failed: an initial value that every branch overwrites is harmless.
      'no-useless-assignment': 'warn',
    },
  },
  {
    // These match control characters on purpose: they refuse or strip them.
    name: 'project/control-characters',
    files: ['src/api/php-unserialize.ts', 'src/server/proxy/params.ts', 'src/server/proxy/request-target.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    name: 'project/tests',
    files: ['test/**', 'src/**/*.test.ts', 'src/**/*.test-support.ts'],
    rules: {
      // chai property assertions: `expect(x).to.exist`, `expect(y).to.be.true`.
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-unused-expressions': 'off',
      // Test callbacks keep their documented signature (`async (t) => ...`).
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-ex-assign': 'off',
    },
  },
  {
    // The Node tests exercise the build (dist/, through helpers' `dist()`); from src/ they take types only.
    name: 'project/node-tests',
    files: ['test/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+src/',
              allowTypeImports: true,
              message: 'test/server tests the built server: load it with dist() from ./helpers.js; import only types from src/.',
            },
            {
              regex: '^(?:\\.\\./)+dist/',
              message: 'Load the build with dist() from ./helpers.js: it is typed from the sources, and type-checking must not need a build.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'project/browser',
    files: ['src/**/*.ts', 'test/**/*.ts', 'demo/**/*.js'],
    // The Node tests of the reference API and the proxy (node --test, not the browser).
    ignores: ['test/server/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Scripts that drive a browser: what they hand to `page.evaluate` runs in the page.
    name: 'project/browser-drivers',
    files: ['test/bench/**', 'test/consumers/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'project/node',
    files: ['**/*.mjs', '**/*.cjs', 'src/server/**/*.ts', 'src/api/**/*.ts', 'test/server/**/*.ts', 'demo/deploy/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'project/lit-and-wc',
    files: ['src/shared/**/*.ts', 'src/elements/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    name: 'project/wc',
    files: ['src/shared/**/*.ts', 'src/elements/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  ...layerRules,
  {
    // The export command is a client of the data layer, as any Node script using `ticketing-widgets/api.js`:
    // it may import src/api whole, still nothing of the browser layers.
    name: 'layers/server/export-command',
    files: ['src/server/cli/export.ts', 'src/server/cli/export-args.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: NO_LIT.regex, message: 'src/server is Node only: no Lit.' },
            { regex: '^(?:\\.\\./){2}(?:shared|elements)(?:/|$)', message: 'src/server never imports the browser layers (shared/, elements/).' },
          ],
        },
      ],
    },
  },
);
