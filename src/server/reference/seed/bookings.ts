import type { SeedClock } from './clock.js';
import { segments } from './bus-facts.js';
import { seatNames, soldRows } from './layouts.js';
import { person } from './people.js';
import { Prng } from './prng.js';
import type { Booking, BookingStatus, Bus } from './types.js';

/**
 * Bookings (ids 700 …) for every scheduled bus today and tomorrow. Most are confirmed; some are
 * pending (their seats show as `held`) or cancelled, and neither may appear as passengers.
 * Bus 40 today always has at least one of each.
 */
export const BOOKING_DAYS = [0, 1];

export function seedBookings(clock: SeedClock, buses: readonly Bus[]): Booking[] {
  const rng = new Prng(0x5eed_0005);
  const bookings: Booking[] = [];
  let nextId = 700;
  let serial = 1;
  for (const dayOffset of BOOKING_DAYS) {
    const date = clock.ymd(dayOffset);
    for (const bus of buses) {
      if (bus.status !== 'publish' || bus.stops.length === 0) continue;
      const free = rng.shuffle(seatNames(bus.seatPlan ? soldRows(bus.seatPlan) : []));
      const legs = segments(bus);
      const count = rng.int(3, 6);
      for (let n = 0; n < count; n++) {
        const forced: BookingStatus | undefined = bus.id === 40 && dayOffset === 0 ? (['confirmed', 'pending', 'cancelled'] as const)[n] : undefined;
        const status: BookingStatus = forced ?? (rng.chance(0.15) ? 'pending' : rng.chance(0.1) ? 'cancelled' : 'confirmed');
        const leg = rng.pick(legs);
        const party = rng.int(1, 3);
        const passengers: Booking['passengers'] = [];
        for (let p = 0; p < party; p++) {
          const who = person(rng, serial++);
          // Free-seating buses have no seat numbers.
          const seat = bus.seatPlan ? (free.pop() ?? '') : '';
          const ticketType = bus.ticketTypes.length > 1 && p > 0 && rng.chance(0.4) ? 'child' : 'adult';
          passengers.push({ ...who, seat, ticketType });
        }
        bookings.push({
          id: nextId++,
          busId: bus.id,
          date,
          boardingPoint: bus.stops[leg.from]?.place ?? '',
          droppingPoint: bus.stops[leg.to]?.place ?? '',
          status,
          passengers,
        });
      }
    }
  }
  return bookings;
}
