import type { ContractPassengerWire } from '../../../api/wire/shapes.js';
import type { Bus } from '../seed/types.js';
import { contractBus, contractBusDetail, contractPassengers, contractRoute, published } from '../wire/buses.js';
import { PAGING_ARGS } from '../wp/args.js';
import { invalidPostId } from '../wp/errors.js';
import { pageResult } from './collection.js';
import type { RouteDef } from './types.js';

/**
 * Interface B as the contract publishes it: authenticated, with route ids, a paged bus list, the full
 * bus record and passengers of confirmed bookings. Shapes per api/wire/shapes.ts (contract dialect).
 */

/** "non-ac", "Non AC", "NON_AC" all name the same type. */
const typeKey = (type: string) => type.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Buses the contract lists: published and running on a route, newest published first (post order). */
function listed(buses: readonly Bus[]): Bus[] {
  return buses.filter((bus) => bus.routeId !== null).sort((a, b) => b.date - a.date || b.id - a.id);
}

export function contractRoutes(): RouteDef[] {
  return [
    {
      pattern: '/wbtm/v1/routes',
      namespace: 'wbtm/v1',
      auth: true,
      handler: ({ seed }) => ({ body: seed.routes.map(contractRoute) }),
    },
    {
      pattern: '/wbtm/v1/buses',
      namespace: 'wbtm/v1',
      auth: true,
      args: {
        ...PAGING_ARGS,
        route_id: { type: 'integer', description: 'Limit buses to one route.', minimum: 1 },
        type: { type: 'string', description: 'Limit buses to one bus type, e.g. "ac" or "non-ac".' },
      },
      handler: (context) => {
        const { route_id: routeId, type } = context.args;
        const buses = listed(published(context.seed)).filter(
          (bus) => (routeId === undefined || bus.routeId === routeId) && (typeof type !== 'string' || type === '' || typeKey(bus.type) === typeKey(type)),
        );
        return pageResult(context, buses, 'posts', '/wbtm/v1/buses', contractBus);
      },
    },
    {
      pattern: '/wbtm/v1/buses/(?P<id>\\d+)',
      namespace: 'wbtm/v1',
      auth: true,
      handler: (context) => {
        const bus = listed(published(context.seed)).find((candidate) => candidate.id === Number(context.params['id']));
        if (!bus) throw invalidPostId('Invalid bus ID.');
        return { body: contractBusDetail(context.seed, bus, context.view) };
      },
    },
    {
      pattern: '/wbtm/v1/passengers',
      namespace: 'wbtm/v1',
      auth: true,
      personal: true,
      args: {
        ...PAGING_ARGS,
        bus_id: { type: 'integer', description: 'Limit passengers to one bus.', minimum: 1 },
        date: { type: 'string', description: 'Limit passengers to one travel date (YYYY-MM-DD).', format: 'date' },
      },
      handler: (context) => {
        const { bus_id: busId, date } = context.args;
        const buses = new Map(published(context.seed).map((bus) => [bus.id, bus]));
        const passengers: ContractPassengerWire[] = context.seed.bookings
          .filter((booking) => booking.status === 'confirmed')
          .filter((booking) => (busId === undefined || booking.busId === busId) && (date === undefined || booking.date === date))
          .sort((a, b) => a.date.localeCompare(b.date) || a.busId - b.busId || a.id - b.id)
          .flatMap((booking) => {
            const bus = buses.get(booking.busId);
            return bus ? contractPassengers(bus, booking) : [];
          });
        return pageResult(context, passengers, 'posts', '/wbtm/v1/passengers', (passenger) => passenger);
      },
    },
  ];
}
