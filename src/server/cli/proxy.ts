import { loadCredentials, loadOAuth1, loadProxyToken, type BasicCredentials, type Env } from '../proxy/credentials.js';
import { ProxyConfigError, startProxy, type RunningProxy } from '../proxy/index.js';
import type { OAuth1Credentials } from '../proxy/oauth1.js';
import { createRedactor, secretForms } from '../proxy/redact.js';
import type { ProxyConfig } from './proxy-args.js';
import { listenProblem, type PortHint } from './listen-problem.js';

/** `ticketing-widgets proxy`: loads secrets, starts the proxy, stops gracefully on SIGTERM/SIGINT. */

/** The proxy has no port variable; a taken port is changed with its flag. */
const PROXY_PORT_HINT: PortHint = { another: 'choose another port with --port <n>' };

interface Secrets {
  credentials: BasicCredentials | null;
  oauth1: OAuth1Credentials | null;
  token: string | null;
}

async function loadSecrets(config: ProxyConfig, env: Env): Promise<Secrets> {
  const credentials = await loadCredentials({ env, credentialsFile: config.credentialsFile });
  const oauth1 = config.oauth1 ? loadOAuth1(env) : null;
  if (config.oauth1 && !oauth1) {
    throw new Error('--oauth1 needs TICKETING_OAUTH1_CONSUMER_KEY and TICKETING_OAUTH1_CONSUMER_SECRET in the environment');
  }
  return { credentials, oauth1, token: loadProxyToken(env) };
}

function describe(running: RunningProxy, config: ProxyConfig, secrets: Secrets): string {
  const { url } = running;
  const rate = config.upstreamRate;
  const auth = secrets.oauth1
    ? `OAuth 1.0a${secrets.oauth1.token ? ' with a token' : ' (two-legged)'}`
    : secrets.credentials
      ? `Basic, as user "${secrets.credentials.user}" (application password from ${config.credentialsFile ? 'the credentials file' : 'the environment'})`
      : 'none: requests to the site are anonymous (authenticated routes will fail)';
  const access = [
    secrets.token ? 'bearer token (TICKETING_PROXY_TOKEN)' : '',
    config.allowIps.length ? `clients in ${config.allowIps.map((c) => c.text).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const lines = [
    `Credentials proxy listening on ${url}`,
    `  REST root     ${url}/wp-json/   (the widgets' base-url)`,
    `  Site          ${config.target}`,
    `  Upstream auth ${auth}`,
    `  CORS origins  ${config.allowOrigins.length ? config.allowOrigins.join(', ') : 'none (same-origin and server-side clients only)'}`,
    `  Private data  ${config.allowPrivate ? `on, for ${access}` : 'off (passengers and attendees answer 404)'}`,
    `  Cache         max-age ${config.maxAgeSeconds} s, stale-while-revalidate ${config.staleWhileRevalidateSeconds} s, stale-if-error ${config.staleIfErrorSeconds} s`,
    `  Host names    ${[...running.handler.settings.publicHosts].join(', ')} (others get 421; --public-host)`,
    `  Site limits   ${config.concurrency} at once, timeout ${config.timeoutMs / 1000} s, /wbtm/ budget ${rate.requests} per ${rate.perMs / 1000} s, others ${config.publicRate.requests} per ${config.publicRate.perMs / 1000} s`,
    `  Per client    ${config.clientRate.requests} uncached requests per ${config.clientRate.perMs / 1000} s (/wbtm/: ${config.clientBusRate.requests}), ${config.maxConnectionsPerClient} connections; cache up to ${config.cacheBytes / 1024 / 1024} MiB`,
    `  Health        ${url}/healthz`,
  ];
  if (secrets.token && !config.allowPrivate) lines.push('Note: TICKETING_PROXY_TOKEN is set but --allow-private is not; the token is unused.');
  if (secrets.credentials && secrets.oauth1) lines.push('Note: --oauth1 is given, so the Basic credentials are not used.');
  if ((secrets.credentials || secrets.oauth1) && config.target.startsWith('http:')) {
    lines.push(
      'Warning: the site is plain http: credentials travel unencrypted, and WordPress ignores application passwords without HTTPS outside local environments.',
    );
  }
  return lines.join('\n');
}

export async function runProxy(config: ProxyConfig, env: Env): Promise<number> {
  let secrets: Secrets;
  try {
    secrets = await loadSecrets(config, env);
  } catch (error) {
    // The loaders never put a secret in a message; redaction is not needed here.
    console.error(`ticketing-widgets proxy: ${(error as Error).message}`);
    return 1;
  }
  const redact = createRedactor([
    ...(secrets.credentials ? secretForms(secrets.credentials) : []),
    secrets.oauth1?.consumerSecret ?? '',
    secrets.oauth1?.tokenSecret ?? '',
    secrets.token ?? '',
  ]);
  const print = (line: string): void => console.log(redact(line));
  let running: RunningProxy;
  try {
    running = await startProxy({
      target: config.target,
      host: config.host,
      port: config.port,
      allowOrigins: config.allowOrigins,
      credentials: secrets.credentials,
      oauth1: secrets.oauth1,
      allowPrivate: config.allowPrivate,
      allowPrivateWithoutToken: config.allowPrivateWithoutToken,
      token: secrets.token,
      allowIps: config.allowIps,
      ...(config.publicHosts && { publicHosts: config.publicHosts }),
      publicRate: config.publicRate,
      clientRate: config.clientRate,
      clientBusRate: config.clientBusRate,
      maxCacheBytes: config.cacheBytes,
      maxConnections: config.maxConnections,
      maxConnectionsPerClient: config.maxConnectionsPerClient,
      maxAgeSeconds: config.maxAgeSeconds,
      staleWhileRevalidateSeconds: config.staleWhileRevalidateSeconds,
      staleIfErrorSeconds: config.staleIfErrorSeconds,
      upstreamTimeoutMs: config.timeoutMs,
      upstreamConcurrency: config.concurrency,
      upstreamRate: config.upstreamRate,
      // Request lines are the ones with a method; warnings are kept even when quiet.
      log: config.quiet ? (line) => (line.includes('"level":') ? console.log(line) : undefined) : (line) => console.log(line),
    });
  } catch (error) {
    const problem = listenProblem(error, config, PROXY_PORT_HINT);
    console.error(`ticketing-widgets proxy: ${redact(problem ?? (error as Error).message)}`);
    return error instanceof ProxyConfigError ? 2 : 1;
  }
  print(describe(running, config, secrets));
  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      print(`${signal}: finishing requests in progress, then stopping`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      running.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
