import type { Seed } from '../seed/types.js';
import type { View } from '../wire/context.js';
import type { ArgSpecs, ArgValues } from '../wp/args.js';
import type { Query } from '../wp/query.js';

export interface RestContext {
  seed: Seed;
  view: View;
  query: Query;
  /** Declared args, validated and defaulted. */
  args: ArgValues;
  /** Named groups of the route pattern (`id`). */
  params: Record<string, string>;
  /** The authenticated user, or null when anonymous. */
  user: string | null;
  /** The matched REST route path, e.g. `/wp/v2/mep_events`. */
  route: string;
}

export interface RestResult {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** One registered route, as register_rest_route() would declare it (GET only: the API is read-only). */
export interface RouteDef {
  /** The pattern exactly as the `/wp-json/` index lists it, PHP named groups included. */
  pattern: string;
  namespace: string;
  args?: ArgSpecs;
  /** Requires an authenticated user (Interface B contract, attendees). */
  auth?: boolean;
  /** Personal data: `Cache-Control: no-store, private`. */
  personal?: boolean;
  /** Counted by the bus plugin's per-visitor limiter. */
  rateLimited?: boolean;
  handler: (context: RestContext) => RestResult;
}

export interface CompiledRoute extends RouteDef {
  regex: RegExp;
}

/** core matches `@^{pattern}$@i`; PHP's `(?P<name>` is JavaScript's `(?<name>`. */
export function compileRoute(route: RouteDef): CompiledRoute {
  return { ...route, regex: new RegExp(`^${route.pattern.replace(/\(\?P</g, '(?<')}$`, 'i') };
}

export function matchRoute(routes: readonly CompiledRoute[], path: string): { route: CompiledRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const match = route.regex.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}
