import type { SeedClock } from './clock.js';
import { aisleCoach, comfortCoach, doubleDecker, hiddenUpperDeck, raggedCoach, standardCoach, switchedOffDeck } from './layouts.js';
import { makeMedia } from './media.js';
import { Prng } from './prng.js';
import { PublishTimes } from './publish.js';
import { uniqueSlugger } from './slug.js';
import type { Bus, Media, PriceStyle, SeatRows, StopType } from './types.js';

/**
 * Buses 40–53. 40–51 run on the routes of network.ts; 52 is a draft (never listed); 53 is published
 * but has no route configured (plugin dialect only). Gallery pictures are attachments 60 and up.
 */
interface BusSpec {
  id: number;
  name: string;
  type: 'AC' | 'Non AC';
  routeId: number | null;
  /** Per stop of the route: departure time, and the stop type where it is not the default. */
  times: string[];
  types?: StopType[];
  farePerKm: number;
  priceStyle?: PriceStyle;
  features: string[];
  gallery: number;
  seatPlan: Bus['seatPlan'];
  capacity?: number;
  offDays?: number[];
  status?: 'draft';
  child?: boolean;
}

const deck = (lower: SeatRows, upper: SeatRows | null = null): Bus['seatPlan'] => ({ lower, upper });
const dd = doubleDecker();

const SPECS: readonly BusSpec[] = [
  {
    id: 40,
    name: 'Flix Liner 1',
    type: 'AC',
    routeId: 70,
    times: ['07:00', '10:15', '12:45', '19:30'],
    farePerKm: 0.055,
    features: ['Wi-Fi', 'Air conditioning', 'USB charging', 'Toilet'],
    gallery: 2,
    seatPlan: deck(standardCoach()),
    child: true,
  },
  // Overnight: Brussels after midnight, Berlin next morning.
  {
    id: 41,
    name: 'Nachtfalter Night Coach',
    type: 'AC',
    routeId: 70,
    times: ['21:30', '00:45', '03:15', '09:45'],
    types: ['bp', 'both', 'dp', 'dp'],
    farePerKm: 0.07,
    features: ['Air conditioning', 'Sleeper seats', 'Toilet'],
    gallery: 1,
    seatPlan: deck(dd.lower, dd.upper),
    child: true,
  },
  {
    id: 42,
    name: 'Rhein &#038; Ruhr Express',
    type: 'Non AC',
    routeId: 72,
    times: ['08:00', '10:50', '13:05', '17:45'],
    farePerKm: 0.05,
    priceStyle: 'trailing-space',
    features: [],
    gallery: 0,
    seatPlan: deck(raggedCoach()),
  },
  // Upper deck switched off but still saved: an `upper` deck of gaps.
  {
    id: 43,
    name: 'Alpine Panorama',
    type: 'AC',
    routeId: 73,
    times: ['10:00', '11:45', '14:50'],
    farePerKm: 0.08,
    priceStyle: 'vat-suffix',
    features: ['Panorama windows', 'Air conditioning', 'Snacks &#038; drinks'],
    gallery: 3,
    seatPlan: deck(standardCoach(), switchedOffDeck()),
    child: true,
  },
  {
    id: 44,
    name: 'Moldau Sleeper',
    type: 'Non AC',
    routeId: 74,
    times: ['22:00', '00:20', '02:40', '06:55'],
    types: ['bp', 'bp', 'both', 'dp'],
    farePerKm: 0.06,
    features: ['Toilet', 'Blankets'],
    gallery: 1,
    // An upper deck filled in, then switched off: sent with seats, never sold.
    seatPlan: { lower: aisleCoach(), upper: hiddenUpperDeck(), upperHidden: true },
  },
  // No seat plan: free seating, a plain seat count.
  {
    id: 45,
    name: 'Hanse Shuttle',
    type: 'Non AC',
    routeId: 75,
    times: ['08:00', '11:10'],
    farePerKm: 0.06,
    features: ['Bike rack'],
    gallery: 0,
    seatPlan: null,
    capacity: 30,
  },
  {
    id: 46,
    name: 'Lumière Coach',
    type: 'AC',
    routeId: 76,
    times: ['07:30', '08:40', '10:35', '15:20'],
    farePerKm: 0.09,
    priceStyle: 'vat-suffix',
    features: ['Wi-Fi', 'Air conditioning', 'Power sockets'],
    gallery: 2,
    seatPlan: deck(aisleCoach()),
    child: true,
  },
  {
    id: 47,
    name: 'Berliner Bär',
    type: 'Non AC',
    routeId: 71,
    times: ['06:30', '12:10', '14:40', '17:55'],
    farePerKm: 0.045,
    features: ['Toilet'],
    gallery: 0,
    seatPlan: deck(standardCoach()),
  },
  // Weekdays only: the plugin's search skips it on Saturdays and Sundays.
  {
    id: 48,
    name: 'Eco Move',
    type: 'Non AC',
    routeId: 70,
    times: ['09:00', '12:20', '14:50', '21:40'],
    farePerKm: 0.04,
    priceStyle: 'trailing-space',
    features: [],
    gallery: 0,
    seatPlan: deck(comfortCoach()),
    offDays: [0, 6],
  },
  {
    id: 49,
    name: 'Royal Bus',
    type: 'AC',
    routeId: 72,
    times: ['22:15', '01:05', '03:20', '07:40'],
    farePerKm: 0.065,
    features: ['Air conditioning', 'Wi-Fi', 'Toilet', 'Reclining seats'],
    gallery: 2,
    seatPlan: deck(dd.lower, dd.upper),
    child: true,
  },
  {
    id: 50,
    name: 'Donau Express',
    type: 'Non AC',
    routeId: 73,
    times: ['16:30', '18:20', '21:35'],
    farePerKm: 0.05,
    features: [],
    gallery: 0,
    seatPlan: deck(comfortCoach()),
  },
  {
    id: 51,
    name: 'City Hopper',
    type: 'AC',
    routeId: 75,
    times: ['17:00', '20:05'],
    farePerKm: 0.07,
    features: ['Air conditioning', 'USB charging'],
    gallery: 1,
    seatPlan: deck(standardCoach()),
  },
  {
    id: 52,
    name: 'Phantom Liner',
    type: 'AC',
    routeId: 70,
    times: ['11:00', '14:00', '16:30', '23:00'],
    farePerKm: 0.05,
    features: [],
    gallery: 0,
    seatPlan: deck(standardCoach()),
    status: 'draft',
  },
  {
    id: 53,
    name: 'Charter Coach',
    type: 'AC',
    routeId: null,
    times: [],
    farePerKm: 0.05,
    features: ['Air conditioning'],
    gallery: 0,
    seatPlan: null,
    capacity: 20,
  },
];

export function seedBuses(clock: SeedClock, media: Map<number, Media>, stopsOf: (routeId: number | null) => string[]): Bus[] {
  const rng = new Prng(0x5eed_0004);
  const publish = new PublishTimes(clock, rng);
  const slug = uniqueSlugger();
  let nextMedia = 60;
  return SPECS.map((spec) => {
    const date = publish.on(-rng.int(30, 500));
    const places = stopsOf(spec.routeId);
    const stops = places.map((place, index) => ({
      place,
      type: spec.types?.[index] ?? (index === 0 ? 'bp' : index === places.length - 1 ? 'dp' : 'both'),
      time: spec.times[index] ?? '00:00',
    }));
    const gallery: number[] = [];
    for (let n = 1; n <= spec.gallery; n++) {
      const id = nextMedia++;
      media.set(
        id,
        makeMedia({
          id,
          name: `bus-${spec.id}-${n}.svg`,
          title: `Bus ${spec.id} photo ${n}`,
          alt: '',
          label: `Bus ${spec.id} · ${n}`,
          width: 1200,
          height: 800,
          date,
          parent: spec.id,
        }),
      );
      gallery.push(id);
    }
    const route = places.length > 0 ? `${places[0]} to ${places[places.length - 1]}` : 'charter trips on request';
    return {
      id: spec.id,
      slug: slug(spec.name),
      status: spec.status ?? 'publish',
      date,
      modified: publish.modified(date),
      title: spec.name,
      content: `<p>${spec.name}: ${route}.</p>\n`,
      excerpt: '',
      featuredMedia: 0,
      type: spec.type,
      routeId: spec.routeId,
      stops,
      farePerKm: spec.farePerKm,
      ticketTypes: [{ type: 'adult', name: 'Adult', factor: 1 }, ...(spec.child ? [{ type: 'child', name: 'Child', factor: 0.5 }] : [])],
      priceStyle: spec.priceStyle ?? 'number',
      features: spec.features,
      gallery,
      seatPlan: spec.seatPlan,
      capacity: spec.capacity ?? 0,
      offDays: spec.offDays ?? [],
    };
  });
}
