#!/usr/bin/env node
// A CRM passenger sync with the data layer in Node (`ticketing-widgets/api.js`): every passenger of
// one travel date, merged into one contact per e-mail address with their bookings, printed as JSON
// lines a CRM import (or an HTTP upsert loop) can take. Run it against `npm start`'s reference API:
//
//   TICKETING_WP_USER=demo TICKETING_WP_APP_PASSWORD='…printed by npm start…' \
//     node demo/crm-sync.mjs http://127.0.0.1:8080/wp-json 2026-11-24
//
// Credentials come from the environment, as for the proxy; the output holds personal data.
import { ApiClient, ApiError, OriginCache, listAllPassengers } from 'ticketing-widgets/api.js';

const [target, date] = process.argv.slice(2);
const { TICKETING_WP_USER: user, TICKETING_WP_APP_PASSWORD: password } = process.env;
if (!target || !user || !password) {
  console.error('usage: TICKETING_WP_USER=… TICKETING_WP_APP_PASSWORD=… node demo/crm-sync.mjs <REST root> [YYYY-MM-DD]');
  process.exit(2);
}

const client = new ApiClient({
  baseUrl: target,
  headers: { Authorization: `Basic ${Buffer.from(`${user}:${password.replace(/\s+/g, '')}`).toString('base64')}` },
  // A cache of its own that keeps nothing: personal data is read, used and forgotten.
  cache: new OriginCache({ ttlMs: 0, maxEntries: 1 }),
});

try {
  const { items, complete } = await listAllPassengers(client, date ? { date } : {}, {
    maxPages: 1000,
    onProgress: ({ read, total }) => process.stderr.write(`read ${read}${total === null ? '' : ` of ${total}`} passengers\n`),
  });
  if (!complete) console.error('warning: stopped after 1000 pages');
  const contacts = new Map();
  for (const passenger of items) {
    const key = passenger.email.toLowerCase() || `booking:${passenger.bookingId}`;
    const contact = contacts.get(key) ?? { email: passenger.email, name: passenger.name, phone: passenger.phone, bookings: [] };
    contact.bookings.push({
      bookingId: passenger.bookingId,
      bus: passenger.busName,
      date: passenger.date,
      from: passenger.from,
      to: passenger.to,
      seat: passenger.seat,
      price: passenger.price,
    });
    contacts.set(key, contact);
  }
  for (const contact of contacts.values()) process.stdout.write(`${JSON.stringify(contact)}\n`);
  process.stderr.write(`${contacts.size} contacts from ${items.length} passengers\n`);
} catch (error) {
  // ApiError carries the WordPress error code: branch on it, never on the message.
  if (error instanceof ApiError) console.error(`the site answered ${error.status} ${error.code}: ${error.message}`);
  else console.error(error);
  process.exit(1);
}
