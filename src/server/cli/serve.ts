import path from 'node:path';
import { DEMO_APP_PASSWORD, DEMO_USER, startReferenceApi } from '../reference/index.js';
import type { ServeConfig } from './args.js';

/** `ticketing-widgets serve`: the reference API plus demo/ and dist/ from the package root. */

function banner(url: string, config: ServeConfig): string {
  const auth = `-u '${DEMO_USER}:${DEMO_APP_PASSWORD}'`;
  return [
    `Reference API (${config.dialect} dialect) listening on ${url}`,
    `  REST root  ${url}/wp-json/   (also ${url}/?rest_route=/)`,
    `  Demo       ${url}/`,
    `  Bundles    ${url}/dist/`,
    '',
    'Interface B and attendees need Basic auth. PUBLIC DEMO CREDENTIALS (not secret, protect nothing):',
    `  user                  ${DEMO_USER}`,
    `  application password  ${DEMO_APP_PASSWORD}`,
    '',
    'Try:',
    `  curl -i '${url}/wp-json/wp/v2/mep_events?per_page=5'`,
    `  curl ${auth} '${url}/?rest_route=/wbtm/v1/routes'`,
    config.dialect === 'contract'
      ? `  curl ${auth} '${url}/wp-json/wbtm/v1/passengers?date=${new Date().toISOString().slice(0, 10)}'`
      : `  curl '${url}/wp-json/wbtm/v1/buses/search?bp=Paris&dp=Berlin&date=${new Date().toISOString().slice(0, 10)}'`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}

/** Runs until SIGINT/SIGTERM, then closes every connection; resolves with the exit code. */
export async function runServe(config: ServeConfig, packageRoot: string): Promise<number> {
  const running = await startReferenceApi({
    port: config.port,
    host: config.host,
    dialect: config.dialect,
    staticRoots: [
      { prefix: '/dist/', dir: path.join(packageRoot, 'dist') },
      { prefix: '/', dir: path.join(packageRoot, 'demo') },
    ],
    log: config.quiet ? undefined : (line) => console.log(line),
  });
  console.log(banner(running.url, config));
  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      console.log(`\n${signal}: shutting down`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      running.close().then(() => resolve(0), () => resolve(1));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
