// The seat-map benchmark's data and server (see seat-map.mjs).
//
// Layout: a double-decker of 500 seats in the contract dialect's `/wbtm/v1/buses/{id}` shape
// (ContractBusDetailWire in src/api/wire/shapes.ts). Each deck: a front row of fixtures (driver and
// door below, stairs and a toilet above), then 50 rows of 2 + aisle + 3 seats (`null` = the aisle),
// 250 seats per deck. Statuses come from a fixed pseudo-random sequence: ~30 % booked, ~4 % held.
//
// `flip()` makes the next answer differ from the previous one by exactly one seat (the next
// available seat in a fixed order becomes booked) under a new ETag; flips accumulate, so version n
// differs from version n-1 in one seat only.
import { startBenchServer } from './bench-server.mjs';

export const BUS_ID = 1;
export const BUS_PATH = `/wp-json/wbtm/v1/buses/${BUS_ID}`;
export const SEAT_ROWS = 50;
const LETTERS = ['A', 'B', null, 'C', 'D', 'E']; // null: the aisle column

/** Park–Miller: the same "random" statuses on every run. */
function sequence(seed) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function baseDecks() {
  const random = sequence(20240611);
  const deck = (level, prefix, front) => {
    const seats = [front];
    for (let row = 1; row <= SEAT_ROWS; row++) {
      seats.push(
        LETTERS.map((letter) => {
          if (letter === null) return null;
          const roll = random();
          const status = roll < 0.3 ? 'booked' : roll < 0.34 ? 'held' : 'available';
          return { name: `${prefix}${row}${letter}`, type: 'seat', status };
        }),
      );
    }
    return { deck: level, rows: seats.length, cols: LETTERS.length, seats };
  };
  const fixture = (name) => ({ name, type: 'non_seat' });
  return [
    deck('lower', 'L', [fixture('Driver'), null, null, null, null, fixture('Door')]),
    deck('upper', 'U', [fixture('Stairs'), null, null, null, null, fixture('Toilet')]),
  ];
}

/** Available seats in the order `flip()` books them: shuffled (fixed seed), alternating decks. */
function flipOrder(decks) {
  const random = sequence(777);
  const perDeck = decks.map((deck) => {
    const names = deck.seats
      .flat()
      .filter((cell) => cell?.type === 'seat' && cell.status === 'available')
      .map((cell) => cell.name);
    for (let i = names.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [names[i], names[j]] = [names[j], names[i]];
    }
    return names;
  });
  const order = [];
  for (let i = 0; i < Math.max(...perDeck.map((names) => names.length)); i++) {
    for (const names of perDeck) if (i < names.length) order.push(names[i]);
  }
  return order;
}

export function createSeatMapData() {
  const base = baseDecks();
  const order = flipOrder(base);
  const total = base.flatMap((deck) => deck.seats.flat()).filter((cell) => cell?.type === 'seat').length;
  let version = 0;

  const detail = () => {
    const booked = new Set(order.slice(0, version));
    const decks = base.map((deck) => ({
      ...deck,
      seats: deck.seats.map((row) => row.map((cell) => (cell?.type === 'seat' && booked.has(cell.name) ? { ...cell, status: 'booked' } : cell))),
    }));
    return {
      id: BUS_ID,
      name: 'Benchmark Double-Decker',
      type: 'AC',
      route_id: 1,
      route_stops: [
        { place: 'Paris', type: 'bp', time: '09:00' },
        { place: 'Frankfurt', type: 'both', time: '14:30' },
        { place: 'Berlin', type: 'dp', time: '01:30' },
      ],
      tickets: [
        { type: 'adult', name: 'Adult', price: 25 },
        { type: 'child', name: 'Child', price: 15 },
      ],
      prices: [
        { type: 'adult', name: 'Adult', price: 25, boarding_point: 'Paris', dropping_point: 'Berlin' },
        { type: 'child', name: 'Child', price: 15, boarding_point: 'Paris', dropping_point: 'Berlin' },
        { type: 'adult', name: 'Adult', price: 12, boarding_point: 'Paris', dropping_point: 'Frankfurt' },
        { type: 'child', name: 'Child', price: 7, boarding_point: 'Paris', dropping_point: 'Frankfurt' },
        { type: 'adult', name: 'Adult', price: 14, boarding_point: 'Frankfurt', dropping_point: 'Berlin' },
        { type: 'child', name: 'Child', price: 8, boarding_point: 'Frankfurt', dropping_point: 'Berlin' },
      ],
      features: [],
      gallery: [],
      total_seats: total,
      seat_type: 'wbtm_seat_plan',
      decks,
    };
  };

  return {
    total,
    get version() {
      return version;
    },
    etag: () => `"seat-map-v${version}"`,
    detail,
    /** The next answer books one more seat; returns that seat. */
    flip() {
      if (version >= order.length) throw new Error('seat-map bench: no available seat left to flip');
      const seat = order[version];
      version++;
      return { seat, status: 'booked' };
    },
  };
}

/**
 * The seat-map page's server (bench-server.mjs) with `BUS_PATH` (the layout, with an ETag) as its API.
 */
export async function startSeatMapServer({ root, pageHtml, data }) {
  const stats = { busRequests: 0, notModified: 0 };
  const server = await startBenchServer({
    root,
    pageHtml,
    scripts: ['seat-map-page.js', 'page-timing.js'],
    api: (req, url, res, send) => {
      if (url.pathname !== BUS_PATH && url.searchParams.get('rest_route') !== BUS_PATH.slice('/wp-json'.length)) return false;
      stats.busRequests++;
      const etag = data.etag();
      const headers = { ETag: etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=UTF-8' };
      if (req.headers['if-none-match'] === etag) {
        stats.notModified++;
        send(res, 304, { ETag: etag, 'Cache-Control': 'no-cache' }, '');
      } else send(res, 200, headers, JSON.stringify(data.detail()));
      return true;
    },
  });
  return { ...server, stats };
}
