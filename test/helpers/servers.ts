/** Browser-side handles on the loopback servers of test/tools/loopback-servers.mjs. */
import { executeServerCommand } from '@web/test-runner-commands';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent verbatim; anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  /** Drop the connection instead of answering. */
  destroy?: boolean;
  /** Announce a longer body than sent, then drop the connection mid-body. */
  truncate?: boolean;
}

export interface RequestSeen {
  method: string;
  path: string;
  search: string;
  status?: number;
  ifNoneMatch: string | null;
  authorization: boolean;
  /** The `X-WP-Nonce` header (scripted servers), null without one. */
  nonce?: string | null;
  /** Whether cookies came along (scripted servers). */
  cookie?: boolean;
  /** Scripted servers: requests in progress when this one arrived, itself included. */
  concurrent: number | null;
}

export interface LoopbackServer {
  origin: string;
  requests(): Promise<RequestSeen[]>;
  stop(): Promise<void>;
}

async function handle(started: { id: number; origin: string }): Promise<LoopbackServer> {
  return {
    origin: started.origin,
    requests: async () => (await executeServerCommand<RequestSeen[], { id: number }>('server-requests', { id: started.id })) ?? [],
    stop: async () => {
      await executeServerCommand('server-stop', { id: started.id });
    },
  };
}

/**
 * A server that answers `script` in turn (the last reply repeats). Requests whose path and query
 * contain a key of `routes` are answered from that key's own queue instead.
 */
export async function scriptedServer(script: Reply[], routes: Record<string, Reply[]> = {}): Promise<LoopbackServer> {
  return handle(
    await executeServerCommand<{ id: number; origin: string }, { script: Reply[]; routes: Record<string, Reply[]> }>('scripted-start', { script, routes }),
  );
}

/** A fresh reference API (the built dist/server), contract dialect unless asked. */
export async function referenceServer(options: { dialect?: 'contract' | 'plugin'; now?: number; rateLimitPerMinute?: number } = {}): Promise<LoopbackServer> {
  return handle(await executeServerCommand<{ id: number; origin: string }, typeof options>('reference-start', options));
}

/**
 * A reference API behind the real proxy (dist/server) with private routes on behind a bearer
 * token, CORS for this page: staff elements meet it as in production. `origin` is the proxy's;
 * `requests()` lists what reached the site behind it. `clientBusRate` lifts the proxy's per-client
 * limit on uncached `/wbtm/` requests (default 8 a minute) for suites that read many buses.
 */
export async function proxiedServer(options: { token: string; dialect?: 'contract' | 'plugin'; clientBusRate?: number }): Promise<LoopbackServer> {
  return handle(
    await executeServerCommand<{ id: number; origin: string }, { token: string; pageOrigin: string; dialect?: 'contract' | 'plugin'; clientBusRate?: number }>(
      'proxied-start',
      {
        ...options,
        pageOrigin: location.origin,
      },
    ),
  );
}
