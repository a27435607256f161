import type { Term } from './types.js';

/**
 * Taxonomy terms. Ids are fixed (tests and the demo name them): 3 Business with child 4 Conferences,
 * 5 Music with child 6 Jazz, 9 is a category nobody uses; organizer 15 has no events.
 * Names are stored HTML-escaped, as WordPress stores term names (`&amp;`).
 */
export const CAT = { business: 3, conferences: 4, music: 5, jazz: 6, food: 7, workshops: 8, press: 9 } as const;
export const ORG = { acme: 11, arts: 12, harbor: 13, nordlicht: 14, silent: 15 } as const;
export const TAG = { free: 16, family: 17, outdoor: 18, accessible: 19 } as const;

export const TERMS: readonly Term[] = [
  { id: 3, taxonomy: 'mep_cat', name: 'Business', slug: 'business', description: 'Talks, summits and networking.', parent: 0 },
  { id: 4, taxonomy: 'mep_cat', name: 'Conferences', slug: 'conferences', description: '', parent: 3 },
  { id: 5, taxonomy: 'mep_cat', name: 'Music', slug: 'music', description: 'Concerts and live sets.', parent: 0 },
  { id: 6, taxonomy: 'mep_cat', name: 'Jazz &amp; Blues', slug: 'jazz-blues', description: '', parent: 5 },
  { id: 7, taxonomy: 'mep_cat', name: 'Food &amp; Drink', slug: 'food-drink', description: 'Markets, tastings, dinners.', parent: 0 },
  { id: 8, taxonomy: 'mep_cat', name: 'Workshops', slug: 'workshops', description: '', parent: 0 },
  { id: 9, taxonomy: 'mep_cat', name: 'Press Conferences', slug: 'press-conferences', description: '', parent: 0 },
  { id: 11, taxonomy: 'mep_org', name: 'Acme Events Ltd', slug: 'acme-events-ltd', description: '', parent: 0 },
  { id: 12, taxonomy: 'mep_org', name: 'City Arts Council', slug: 'city-arts-council', description: 'Public arts programme.', parent: 0 },
  { id: 13, taxonomy: 'mep_org', name: 'Harbor &amp; Sons Catering', slug: 'harbor-sons-catering', description: '', parent: 0 },
  { id: 14, taxonomy: 'mep_org', name: 'Nordlicht Kultur GmbH', slug: 'nordlicht-kultur-gmbh', description: '', parent: 0 },
  { id: 15, taxonomy: 'mep_org', name: 'Silent Partners LLC', slug: 'silent-partners-llc', description: 'Has no events.', parent: 0 },
  { id: 16, taxonomy: 'mep_tag', name: 'Free entry', slug: 'free-entry', description: '', parent: 0 },
  { id: 17, taxonomy: 'mep_tag', name: 'Family friendly', slug: 'family-friendly', description: '', parent: 0 },
  { id: 18, taxonomy: 'mep_tag', name: 'Outdoor', slug: 'outdoor', description: '', parent: 0 },
  { id: 19, taxonomy: 'mep_tag', name: 'Accessible', slug: 'accessible', description: '', parent: 0 },
];
