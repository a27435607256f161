import type {
  CellWire,
  ContractBusDetailWire,
  ContractBusWire,
  ContractPassengerWire,
  ContractRouteWire,
  DeckWire,
  PluginBusWire,
  PluginRoutesWire,
  PriceWire,
  StopWire,
} from '../../../api/wire/shapes.js';
import { fare, formatPrice, segments } from '../seed/bus-facts.js';
import { cellKind, soldRows } from '../seed/layouts.js';
import type { Booking, Bus, Route, Seed, SeatRows } from '../seed/types.js';
import { uploadsUrl, type View } from './context.js';

/**
 * Interface B records. Both dialects share the plugin's field names and shapes; the contract adds
 * route ids, per-segment prices, the seat layout and passengers (see api/wire/shapes.ts).
 */

export function published(seed: Seed): Bus[] {
  return seed.buses.filter((bus) => bus.status === 'publish').sort((a, b) => a.id - b.id);
}

export function routeStops(bus: Bus): StopWire[] {
  return bus.stops.map((stop) => ({ place: stop.place, type: stop.type, time: stop.time }));
}

/** Fares for one leg, one entry per ticket type. */
export function legPrices(bus: Bus, from: number, to: number): PriceWire[] {
  return bus.ticketTypes.map((ticket) => ({
    type: ticket.type,
    name: ticket.name,
    price: formatPrice(fare(bus, from, to, ticket.factor), bus.priceStyle),
  }));
}

/** Whole-route fares (first boarding point to last dropping point), as the plugin's `tickets`. */
export function wholeRouteTickets(bus: Bus): PriceWire[] {
  return bus.stops.length > 1 ? legPrices(bus, 0, bus.stops.length - 1) : [];
}

export function galleryUrls(seed: Seed, bus: Bus, view: View): string[] {
  return bus.gallery.flatMap((id) => {
    const media = seed.media.get(id);
    return media ? [uploadsUrl(view, media.file)] : [];
  });
}

/** The seats the site sells, as the plugin counts them: a hidden upper deck's are not. */
export function totalSeats(bus: Bus): number {
  if (!bus.seatPlan) return bus.capacity;
  return soldRows(bus.seatPlan)
    .flat()
    .filter((cell) => cellKind(cell) === 'seat').length;
}

/** One deck of cells; `status` is given only where seat availability for a date is known. */
export function deckWire(rows: SeatRows, deck: 'lower' | 'upper', status?: (seat: string) => 'available' | 'booked' | 'held'): DeckWire {
  const seats: CellWire[][] = rows.map((row) =>
    row.map((cell): CellWire => {
      const kind = cellKind(cell);
      if (kind === 'gap') return null;
      if (kind === 'non_seat') return { name: cell, type: 'non_seat' };
      return status ? { name: cell, type: 'seat', status: status(cell) } : { name: cell, type: 'seat' };
    }),
  );
  // Key order as the plugin builds it: rows, cols, seats, then deck.
  return { rows: seats.length, cols: seats[0]?.length ?? 0, seats, deck };
}

/**
 * The decks as sent: the plugin's seat answer includes a hidden upper deck with its seats (its
 * quirk); the contract's detail, `sold` only, does not.
 */
export function decksWire(bus: Bus, status?: (seat: string) => 'available' | 'booked' | 'held', sold = false): DeckWire[] | undefined {
  if (!bus.seatPlan) return undefined;
  const decks = [deckWire(bus.seatPlan.lower, 'lower', status)];
  if (bus.seatPlan.upper && !(sold && bus.seatPlan.upperHidden)) decks.push(deckWire(bus.seatPlan.upper, 'upper', status));
  return decks;
}

export function seatType(bus: Bus): string {
  return bus.seatPlan ? 'wbtm_seat_plan' : 'wbtm_without_seat_plan';
}

// ----- plugin dialect

/** Stop names in use, in the order the plugin collects them (bus by bus), without ids or pairs. */
export function pluginRoutes(seed: Seed): PluginRoutesWire {
  const boarding = new Set<string>();
  const dropping = new Set<string>();
  for (const bus of published(seed)) {
    for (const stop of bus.stops) if (stop.type !== 'dp') boarding.add(stop.place);
  }
  for (const bus of published(seed).reverse()) {
    for (const stop of bus.stops) if (stop.type !== 'bp') dropping.add(stop.place);
  }
  return { boarding_points: [...boarding], dropping_points: [...dropping] };
}

export function pluginBus(seed: Seed, bus: Bus, view: View): PluginBusWire {
  return {
    id: bus.id,
    name: bus.title,
    type: bus.type,
    route_stops: routeStops(bus),
    tickets: wholeRouteTickets(bus),
    features: bus.features,
    gallery: galleryUrls(seed, bus, view),
  };
}

// ----- contract dialect

export function contractRoute(route: Route): ContractRouteWire {
  const stops = route.stops.map((stop) => stop.place);
  return { id: route.id, start: stops[0] ?? '', end: stops[stops.length - 1] ?? '', stops };
}

export function contractBus(bus: Bus): ContractBusWire {
  return {
    id: bus.id,
    name: bus.title,
    type: bus.type,
    route_id: bus.routeId ?? 0,
    route_stops: routeStops(bus),
    tickets: wholeRouteTickets(bus),
    features: bus.features,
    total_seats: totalSeats(bus),
  };
}

export function contractBusDetail(seed: Seed, bus: Bus, view: View): ContractBusDetailWire {
  const prices = segments(bus).flatMap(({ from, to }) =>
    legPrices(bus, from, to).map((price) => ({
      ...price,
      boarding_point: bus.stops[from]?.place ?? '',
      dropping_point: bus.stops[to]?.place ?? '',
    })),
  );
  const detail: ContractBusDetailWire = {
    ...contractBus(bus),
    gallery: galleryUrls(seed, bus, view),
    prices,
    seat_type: seatType(bus),
  };
  // The layout only: the contract's detail has no date, so no per-seat status.
  const decks = decksWire(bus, undefined, true);
  if (decks) detail.decks = decks;
  return detail;
}

export function contractPassengers(bus: Bus, booking: Booking): ContractPassengerWire[] {
  const from = bus.stops.findIndex((stop) => stop.place === booking.boardingPoint);
  const to = bus.stops.findIndex((stop) => stop.place === booking.droppingPoint);
  return booking.passengers.map((passenger) => {
    const factor = bus.ticketTypes.find((ticket) => ticket.type === passenger.ticketType)?.factor ?? 1;
    return {
      booking_id: booking.id,
      name: passenger.name,
      email: passenger.email,
      phone: passenger.phone,
      bus_id: bus.id,
      bus_name: bus.title,
      date: booking.date,
      boarding_point: booking.boardingPoint,
      dropping_point: booking.droppingPoint,
      seat: passenger.seat,
      ticket_type: passenger.ticketType,
      price: formatPrice(fare(bus, from, to, factor), bus.priceStyle),
      status: 'confirmed',
    };
  });
}
