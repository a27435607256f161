import { RATE_LIMIT_CODES } from '../../../api/errors.js';
import type { SiteZone } from '../../../api/site-time.js';
import { authenticate, type Credentials } from '../credentials.js';
import type { Exchange } from '../http/exchange.js';
import { requestOrigin } from '../../shared/origin.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { sendJson } from '../http/respond.js';
import type { Seed } from '../seed/types.js';
import type { View } from '../wire/context.js';
import { validateArgs } from '../wp/args.js';
import { forbidden, noRoute, WpError } from '../wp/errors.js';
import { parseEmbed, parseFields } from '../wp/fields.js';
import type { Query } from '../wp/query.js';
import { describeRoute } from './table.js';
import { matchRoute, type CompiledRoute } from './types.js';

export interface RestServices {
  routes: readonly CompiledRoute[];
  credentials: Credentials;
  /** The bus plugin's limiter, or null when off (contract dialect, or a limit of 0). */
  limiter: RateLimiter | null;
  seed: () => Seed;
  /** The site's time zone. */
  zone: SiteZone;
  log?: (line: string) => void;
}

const RATE_LIMITED = 'Too many requests. Please try again in a minute.';

/**
 * One REST request in core's order: authentication (a bad Basic header fails before routing), route
 * match (an unregistered method is `rest_no_route` too), arg validation, permission, then the
 * callback, where the bus plugin checks its rate limit first.
 */
export function dispatchRest(exchange: Exchange, route: string, query: Query, services: RestServices): void {
  exchange.route = route;
  const view: View = {
    origin: requestOrigin(exchange.req),
    fields: parseFields(query.get('_fields')),
    embed: parseEmbed(query.get('_embed')),
    zone: services.zone,
  };
  const match = matchRoute(services.routes, route);
  // core sends `Allow` only once a route has been matched for the request's method.
  let matched = false;
  try {
    const user = authenticate(exchange.req.headers.authorization, services.credentials);
    if (exchange.method === 'OPTIONS' && match) {
      sendJson(exchange, view.origin, { status: 200, body: describeRoute(match.route, view), matched: true, preflight: true });
      return;
    }
    if (!match || (exchange.method !== 'GET' && exchange.method !== 'HEAD')) throw noRoute();
    matched = true;
    const { route: definition, params } = match;
    const args = validateArgs(definition.args ?? {}, query);
    if (definition.auth && user === null) throw forbidden(false);
    if (definition.rateLimited && services.limiter) {
      const key = user !== null ? `user:${user}` : `ip:${exchange.req.socket.remoteAddress ?? 'unknown'}`;
      const retryAfter = services.limiter.hit(key);
      // Retry-After is ours: the plugin sends none, but it tells a client exactly how long to back off.
      if (retryAfter !== null) throw new WpError(RATE_LIMIT_CODES.plugin, RATE_LIMITED, 429, {}, { 'Retry-After': String(retryAfter) });
    }
    const result = definition.handler({ seed: services.seed(), view, query, args, params, user, route });
    sendJson(exchange, view.origin, {
      status: result.status ?? 200,
      body: result.body,
      headers: result.headers,
      personal: definition.personal,
      matched: true,
    });
  } catch (error) {
    const personal = match?.route.personal;
    if (error instanceof WpError) {
      sendJson(exchange, view.origin, { status: error.status, body: error.toBody(), headers: error.headers, personal, matched });
      return;
    }
    services.log?.(`reference API: ${exchange.method} ${exchange.path}${exchange.search} failed: ${String((error as Error)?.stack ?? error)}`);
    sendJson(exchange, view.origin, {
      status: 500,
      body: {
        code: 'internal_server_error',
        message: '<p>There has been a critical error on this website.</p>',
        data: { status: 500 },
      },
      personal,
      matched,
    });
  }
}
