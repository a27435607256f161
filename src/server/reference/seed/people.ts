import type { Prng } from './prng.js';

/** Invented people for attendees and passengers; e-mail under the reserved example.com domain. */
const FIRST = [
  'Anna',
  'Ben',
  'Chloé',
  'David',
  'Elif',
  'Felix',
  'Greta',
  'Hamza',
  'Ines',
  'Jonas',
  'Kira',
  'Luca',
  'Mia',
  'Noah',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umut',
  'Vera',
  'Wim',
  'Zoë',
];
const LAST = [
  'Berger',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hansen',
  'Ivanova',
  'Jäger',
  'Kowalski',
  'Lambert',
  'Müller',
  'Novak',
  "O'Neill",
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Vogel',
  'Weiß',
];

export interface Person {
  name: string;
  email: string;
  phone: string;
}

function ascii(text: string): string {
  return text
    .replace(/'/g, '')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export function person(rng: Prng, serial: number): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return {
    // As typed into a booking form: raw text, no entities.
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${serial}@example.com`,
    phone: `+49 30 5550 ${String(1000 + ((serial * 37) % 9000)).padStart(4, '0')}`,
  };
}
