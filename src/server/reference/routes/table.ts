import { offsetMinutesAt } from '../../../api/site-time.js';
import { restUrl, type View } from '../wire/context.js';
import type { ArgSpec } from '../wp/args.js';
import { contractRoutes } from './contract.js';
import { interfaceARoutes } from './interface-a.js';
import { pluginRoutesTable } from './plugin.js';
import { compileRoute, type CompiledRoute, type RestContext, type RouteDef } from './types.js';

export type Dialect = 'contract' | 'plugin';

const CONTEXT_ARG: RouteDef['args'] = {
  context: { type: 'string', description: 'Scope under which the request is made.', default: 'view' },
};

/** An arg as the index describes it (core's schema keys). */
function describeArg(spec: ArgSpec): Record<string, unknown> {
  const { type, description, ...rest } = spec;
  const schema = type === 'terms' ? { type: 'array', items: { type: 'integer' } } : { type, ...rest };
  return { description, ...schema, required: false };
}

/** A route as the index (and an OPTIONS request) describes it. */
export function describeRoute(route: RouteDef, view: View): Record<string, unknown> {
  const args = Object.fromEntries(Object.entries(route.args ?? {}).map(([name, spec]) => [name, describeArg(spec)]));
  const entry: Record<string, unknown> = {
    namespace: route.namespace,
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args }],
  };
  // core links only the routes without parameters.
  if (!route.pattern.includes('(')) entry['_links'] = { self: [{ href: restUrl(view, route.pattern) }] };
  return entry;
}

function describeRoutes(routes: readonly RouteDef[], context: RestContext): Record<string, unknown> {
  return Object.fromEntries(routes.map((route) => [route.pattern, describeRoute(route, context.view)]));
}

/**
 * Every route of a dialect, with the `/wp-json/` index and the namespace indexes in front. The index
 * is how clients detect the dialect: contract lists `/wbtm/v1/buses` and `/wbtm/v1/passengers`, the
 * plugin `/wbtm/v1/buses/search` and `/wbtm/v1/buses/(?P<id>\d+)/seats`.
 */
export function buildRouteTable(dialect: Dialect): CompiledRoute[] {
  const busRoutes = dialect === 'contract' ? contractRoutes() : pluginRoutesTable();
  const byNamespace = new Map<string, RouteDef[]>();
  for (const route of [...busRoutes, ...interfaceARoutes()]) {
    byNamespace.set(route.namespace, [...(byNamespace.get(route.namespace) ?? []), route]);
  }
  const namespaceIndex = (namespace: string): RouteDef => {
    const index: RouteDef = {
      pattern: `/${namespace}`,
      namespace,
      args: CONTEXT_ARG,
      handler: (context) => ({
        body: {
          namespace,
          routes: describeRoutes([index, ...(byNamespace.get(namespace) ?? [])], context),
          _links: { up: [{ href: `${context.view.origin}/wp-json/` }] },
        },
      }),
    };
    return index;
  };
  const ordered = [...byNamespace].flatMap(([namespace, routes]) => [namespaceIndex(namespace), ...routes]);
  const root: RouteDef = {
    pattern: '/',
    namespace: '',
    args: CONTEXT_ARG,
    handler: (context) => ({ body: siteIndex(context, dialect, [...byNamespace.keys()], [root, ...ordered]) }),
  };
  return [root, ...ordered].map(compileRoute);
}

function siteIndex(context: RestContext, dialect: Dialect, namespaces: string[], routes: RouteDef[]): Record<string, unknown> {
  const { origin } = context.view;
  return {
    name: 'Ticketing Widgets Reference',
    description: `Seeded WordPress-compatible reference API (${dialect} dialect of Interface B)`,
    url: origin,
    home: origin,
    // What WordPress publishes: the offset in hours now, and the zone's name unless it is a fixed offset.
    gmt_offset: offsetMinutesAt(Date.now(), context.seed.zone) / 60,
    timezone_string: context.seed.zone.kind === 'iana' ? context.seed.zone.name : '',
    namespaces,
    authentication: {
      'application-passwords': { endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` } },
    },
    routes: describeRoutes(routes, context),
    site_logo: 0,
    site_icon: 0,
    site_icon_url: '',
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}
