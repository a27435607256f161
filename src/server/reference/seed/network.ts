import type { Route } from './types.js';

/**
 * Routes of the contract dialect (ids 70–76), stops in travel order with the distance from the
 * first stop, which fares are computed from. Stop names include UTF-8 (Köln, Zürich, Praha).
 */
export const ROUTES: readonly Route[] = [
  {
    id: 70,
    stops: [
      { place: 'Paris', km: 0 },
      { place: 'Brussels', km: 310 },
      { place: 'Köln', km: 520 },
      { place: 'Berlin', km: 1090 },
    ],
  },
  {
    id: 71,
    stops: [
      { place: 'Berlin', km: 0 },
      { place: 'Köln', km: 570 },
      { place: 'Brussels', km: 780 },
      { place: 'Paris', km: 1090 },
    ],
  },
  {
    id: 72,
    stops: [
      { place: 'Amsterdam', km: 0 },
      { place: 'Köln', km: 260 },
      { place: 'Frankfurt', km: 450 },
      { place: 'München', km: 850 },
    ],
  },
  {
    id: 73,
    stops: [
      { place: 'München', km: 0 },
      { place: 'Salzburg', km: 145 },
      { place: 'Wien', km: 440 },
    ],
  },
  {
    id: 74,
    stops: [
      { place: 'Berlin', km: 0 },
      { place: 'Dresden', km: 190 },
      { place: 'Praha', km: 350 },
      { place: 'Wien', km: 680 },
    ],
  },
  {
    id: 75,
    stops: [
      { place: 'Hamburg', km: 0 },
      { place: 'Berlin', km: 290 },
    ],
  },
  {
    id: 76,
    stops: [
      { place: 'Zürich', km: 0 },
      { place: 'Basel', km: 85 },
      { place: 'Strasbourg', km: 230 },
      { place: 'Paris', km: 720 },
    ],
  },
];

export function routeById(id: number | null): Route | undefined {
  return ROUTES.find((route) => route.id === id);
}
