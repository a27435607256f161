import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { readdirSync } from 'node:fs';
import { chromiumFlags, chromiumPath } from './test/tools/chromium.mjs';
import { loopbackServers } from './test/tools/loopback-servers.mjs';
import { axNamePlugin } from './test/tools/ax-name.mjs';
import { touchTapPlugin } from './test/tools/touch-tap.mjs';
import { minifyTemplates, shipsToBrowsers } from './test/tools/minify-templates.mjs';
import { describeMoment, testMoment } from './test/tools/test-moment.mjs';

// The system Chromium and its offline flags (test/tools/chromium.mjs, shared with the consumer apps
// and benchmarks). Playwright drives it: it never downloads a browser of its own (the playwright
// packages have no install script; `npx playwright install` is never run).
const executablePath = chromiumPath();
const args = chromiumFlags([
  '--headless=new',
  // Test files run in parallel pages; a page in the background must still get timers and frames.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
]);

// Every page's clock and every loopback reference API start at this one moment (TW_TEST_MOMENT or now).
const moment = testMoment();
console.log(`Browser tests pinned to ${describeMoment(moment)}`);

/** Lists the recorded fixtures so a test can prove it covers every one of them. */
function recordedIndex(ctx, next) {
  if (ctx.path !== '/__recorded__/') return next();
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(
    readdirSync('test/fixtures/recorded')
      .filter((f) => f.endsWith('.json'))
      .sort(),
  );
}

/**
 * The product's modules with their `html` and `css` literals minified as the build minifies them,
 * so the tests render the templates that ship. Before esbuild: it works on the TypeScript source.
 * (Stack lines in a product module may then point a line or two off: a minified template is one line.)
 */
function shippedTemplates() {
  return {
    name: 'shipped-templates',
    async transform(context) {
      if (!context.path.startsWith('/src/') || !shipsToBrowsers(context.path.slice('/src/'.length))) return undefined;
      const minified = await minifyTemplates(String(context.body), context.path);
      return minified ? { body: minified.code } : undefined;
    },
  };
}

export default {
  files: ['test/**/*.test.ts', 'src/**/*.test.ts', '!test/server/**'],
  nodeResolve: { exportConditions: ['development'] },
  plugins: [
    shippedTemplates(),
    esbuildPlugin({ ts: true, target: 'auto', tsconfig: 'tsconfig.json' }),
    loopbackServers({ now: moment }),
    axNamePlugin(),
    touchTapPlugin(),
  ],
  middleware: [recordedIndex],
  // Playwright (not puppeteer) so tests can emulate `forced-colors` as well as `prefers-reduced-motion`.
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath, headless: true, args } })],
  concurrency: 2,
  filterBrowserLogs: ({ args: logArgs }) => !String(logArgs[0]).startsWith('Lit is in dev mode'),
  testRunnerHtml: (framework) => `<!doctype html><html><head><meta charset="utf-8"></head><body>
    <script>window.__TW_TEST_MOMENT__ = ${moment};</script>
    <script type="module" src="/test/setup/pinned-clock.ts"></script>
    <script type="module" src="/test/setup/cloneable-errors.ts"></script>
    <script type="module" src="${framework}"></script></body></html>`,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 180000,
  reporters: [defaultReporter(), summaryReporter({ flatten: false })],
};
