import { CAT, TAG } from './terms.js';

/**
 * What the 160 seeded events are made of: 20 themes × 8 cities. Titles are stored as WordPress
 * renders them (texturized entities, and tags where editors typed them).
 */
export type EventKind = 'concert' | 'talk' | 'food' | 'workshop' | 'outdoor' | 'party';

export interface Theme {
  title: string;
  kind: EventKind;
  categories: number[];
  tags: number[];
  free?: boolean;
}

export const THEMES: readonly Theme[] = [
  { title: 'Jazz &#038; Blues <b>Night</b>', kind: 'concert', categories: [CAT.jazz], tags: [] },
  { title: 'Rock &#8211; &#8220;Live&#8221;', kind: 'concert', categories: [CAT.music], tags: [] },
  { title: 'Founders&#8217; Breakfast', kind: 'talk', categories: [CAT.business], tags: [] },
  { title: 'Cloud Native Summit', kind: 'talk', categories: [CAT.conferences], tags: [TAG.accessible] },
  { title: 'Data &#038; AI Conference', kind: 'talk', categories: [CAT.conferences, CAT.business], tags: [] },
  { title: 'Street Food Market', kind: 'food', categories: [CAT.food], tags: [TAG.outdoor, TAG.family] },
  { title: 'Wine Tasting Evening', kind: 'food', categories: [CAT.food], tags: [] },
  { title: 'Pottery Workshop', kind: 'workshop', categories: [CAT.workshops], tags: [] },
  { title: 'Photography Walk', kind: 'outdoor', categories: [CAT.workshops], tags: [TAG.outdoor] },
  { title: 'Chamber Orchestra Matinée', kind: 'concert', categories: [CAT.music], tags: [TAG.accessible] },
  { title: 'Startup Pitch Night', kind: 'talk', categories: [CAT.business], tags: [] },
  { title: 'Kids&#8217; Science Fair', kind: 'workshop', categories: [CAT.workshops], tags: [TAG.family, TAG.free], free: true },
  { title: 'Open-Air Cinema', kind: 'outdoor', categories: [], tags: [TAG.outdoor] },
  { title: 'Leadership Masterclass', kind: 'talk', categories: [CAT.business, CAT.workshops], tags: [] },
  { title: 'Electronic Dance Carnival', kind: 'party', categories: [CAT.music], tags: [] },
  { title: 'Farmers&#8217; Market', kind: 'food', categories: [CAT.food], tags: [TAG.free, TAG.outdoor], free: true },
  { title: 'Developer Meetup', kind: 'talk', categories: [CAT.conferences], tags: [TAG.free], free: true },
  { title: 'Charity Gala', kind: 'party', categories: [CAT.business], tags: [] },
  { title: 'Yoga in the Park', kind: 'outdoor', categories: [CAT.workshops], tags: [TAG.outdoor, TAG.free], free: true },
  { title: 'Late Night Jam Session', kind: 'concert', categories: [CAT.jazz], tags: [] },
];

export interface Venue {
  venue: string;
  street: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
}

export const CITIES: ReadonlyArray<{ name: string; venues: Venue[] }> = [
  city('Berlin', 'Berlin', 'Germany', [
    ['Kulturbrauerei', 'Schönhauser Allee 36', '10435'],
    ['Tempodrom', 'Möckernstraße 10', '10963'],
  ]),
  city('Hamburg', 'Hamburg', 'Germany', [
    ['Fabrik', 'Barnerstraße 36', '22765'],
    ['Markthalle', 'Klosterwall 11', '20095'],
  ]),
  city('München', 'Bayern', 'Germany', [
    ['Muffathalle', 'Zellstraße 4', '81667'],
    ['Werksviertel Mitte', 'Atelierstraße 10', '81671'],
  ]),
  city('Köln', 'Nordrhein-Westfalen', 'Germany', [
    ['Gloria', 'Apostelnstraße 11', '50667'],
    ['Halle Tor 2', 'Girlitzweg 30', '50829'],
  ]),
  city('Wien', 'Wien', 'Austria', [
    ['Arena Wien', 'Baumgasse 80', '1030'],
    ['Sargfabrik', 'Goldschlagstraße 169', '1140'],
  ]),
  city('Zürich', 'Zürich', 'Switzerland', [
    ['Rote Fabrik', 'Seestrasse 395', '8038'],
    ['Kaufleuten', 'Pelikanstrasse 18', '8001'],
  ]),
  city('Paris', 'Île-de-France', 'France', [
    ['Le Trianon', '80 Boulevard de Rochechouart', '75018'],
    ['La Bellevilloise', '19-21 Rue Boyer', '75020'],
  ]),
  city('Amsterdam', 'Noord-Holland', 'Netherlands', [
    ['Paradiso', 'Weteringschans 6-8', '1017 SG'],
    ['Westergas', 'Pazzanistraat 37', '1014 DB'],
  ]),
];

function city(name: string, state: string, country: string, venues: Array<[string, string, string]>) {
  return {
    name,
    venues: venues.map(([venue, street, postcode]) => ({ venue, street, postcode, city: name, state, country })),
  };
}

/** [name, details, price range] per kind; prices become strings such as "35" or "12.50". */
export const TICKETS: Record<EventKind, Array<[string, string, number, number]>> = {
  concert: [
    ['General Admission', 'Standing, all areas except the front pit.', 25, 60],
    ['VIP', 'Front pit, lounge access and one drink.', 80, 150],
  ],
  party: [
    ['Early Bird', 'Limited contingent, entry before 23:00.', 15, 30],
    ['Regular', 'Entry all night.', 30, 55],
    ['Backstage Pass', 'Backstage area and photo opportunity.', 120, 250],
  ],
  talk: [
    ['Standard', 'Full-day access including lunch.', 149, 399],
    ['Student', 'Valid student ID required at the door.', 39, 99],
  ],
  food: [['Entry & tasting glass', 'Entry and one tasting glass.', 8, 25]],
  workshop: [['Workshop seat', 'All materials included.', 45, 120]],
  outdoor: [['Ticket', 'Rain or shine.', 10, 20]],
};

export const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ' +
  'ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu ' +
  'fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt ' +
  'mollit anim id est laborum.';

/** Real sites carry whatever editors pasted; these must never execute in a widget. */
export const HOSTILE_CONTENT =
  '<p>Doors open at 18:00.</p>\n<p><img src=x onerror=alert(1)></p>\n' +
  '<script>alert(document.cookie)</script>\n<p><a href="javascript:alert(1)">Buy tickets</a></p>\n';
export const HOSTILE_EXCERPT = '<p>Doors open at 18:00. <img src=x onerror=alert(1)><script>alert(1)</script></p>\n';
