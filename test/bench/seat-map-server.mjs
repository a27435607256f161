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
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

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

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.map': 'application/json; charset=utf-8' };

/**
 * Serves, on 127.0.0.1 with an ephemeral port: `/` (the page), `/dist/**` (the package's build),
 * `/bench/seat-map-page.js` (the in-page measurements) and `BUS_PATH` (the layout, with an ETag).
 * Anything else is a WordPress-style 404, remembered in `unexpected`.
 */
export async function startSeatMapServer({ root, pageHtml, data }) {
  const dist = path.join(root, 'dist');
  const pageScript = path.join(root, 'test', 'bench', 'seat-map-page.js');
  const unexpected = [];
  const stats = { busRequests: 0, notModified: 0 };
  const send = (res, status, headers, body) => {
    res.writeHead(status, { 'Content-Length': body ? Buffer.byteLength(body) : 0, ...headers });
    res.end(body);
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { Allow: 'GET, HEAD' }, '');
      if (url.pathname === '/' || url.pathname === '/index.html') {
        return send(res, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }, pageHtml);
      }
      if (url.pathname === '/favicon.ico') return send(res, 204, {}, '');
      if (url.pathname === '/bench/seat-map-page.js') {
        return send(res, 200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }, await readFile(pageScript));
      }
      if (url.pathname.startsWith('/dist/')) {
        const file = path.join(dist, decodeURIComponent(url.pathname.slice('/dist/'.length)));
        const type = TYPES[path.extname(file)];
        if (!file.startsWith(dist + path.sep) || !type) return send(res, 404, {}, '');
        const body = await readFile(file).catch(() => null);
        if (body === null) return send(res, 404, {}, '');
        return send(res, 200, { 'Content-Type': type, 'Cache-Control': 'no-store' }, body);
      }
      if (url.pathname === BUS_PATH || url.searchParams.get('rest_route') === BUS_PATH.slice('/wp-json'.length)) {
        stats.busRequests++;
        const etag = data.etag();
        const headers = { ETag: etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=UTF-8' };
        if (req.headers['if-none-match'] === etag) {
          stats.notModified++;
          return send(res, 304, { ETag: etag, 'Cache-Control': 'no-cache' }, '');
        }
        return send(res, 200, headers, JSON.stringify(data.detail()));
      }
      unexpected.push(`${req.method} ${url.pathname}${url.search}`);
      return send(
        res,
        404,
        { 'Content-Type': 'application/json; charset=UTF-8' },
        JSON.stringify({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }),
      );
    } catch (error) {
      if (!res.headersSent) send(res, 500, {}, String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    unexpected,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
