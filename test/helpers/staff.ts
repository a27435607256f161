// Shared pieces of the staff lists' tests: the site read independently through the proxy with a
// token, the rows and totals an element shows, and its failure states.
import { expect } from '@open-wc/testing';
import type { DownloadDetail } from '../../src/shared/staff/download.js';
import { part, parts, settled, text } from './element.js';
import { proxiedServer, type LoopbackServer, type RequestSeen } from './servers.js';

/** Every item of a collection, read page by page through the proxy with `token` (the test's own reading, not the element's). */
export async function readEveryPage<T>(base: string, route: string, token: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}${route}?per_page=100&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status, `${route} page ${page}`).to.equal(200);
    all.push(...((await response.json()) as T[]));
    if (page >= Number(response.headers.get('X-WP-TotalPages'))) return all;
  }
}

/** The reference API behind the real proxy (private routes behind `token`) and every item of `route` as the site holds it. */
export async function proxiedSite<T>(token: string, route: string): Promise<{ proxy: LoopbackServer; base: string; all: T[] }> {
  const proxy = await proxiedServer({ token });
  const base = `${proxy.origin}/wp-json`;
  return { proxy, base, all: await readEveryPage<T>(base, route, token) };
}

/** The names in the shown rows, in order. */
export const rowNames = (el: Element) => parts(el, 'row').map((row) => text(row.querySelector('[data-column="name"]')));

/** The summary's headline numbers by `data-total`. */
export const totalsOf = (el: Element) =>
  Object.fromEntries([...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="totals"] dd')].map((dd) => [dd.dataset['total'], text(dd)]));

/** The element shows a failure of `kind` with `message` (and a Retry only when `retry`), accessibly. */
export async function expectStaffFailure(el: Element, kind: string, message: string, retry = false): Promise<void> {
  expect(part(el, 'error')!.dataset['kind']).to.equal(kind);
  expect(text(part(el, 'error-message'))).to.equal(message);
  expect(part(el, 'retry') !== null, 'a Retry button').to.equal(retry);
  expect(part(el, 'table')).to.equal(null);
  await expect(el).to.be.accessible();
}

/** The bus and date with the most passengers (ties: the lower `bus|date` key) and their rows. */
export function busiestTrip<T extends { bus_id: number; date: string }>(all: readonly T[]): { busId: number; date: string; rows: T[] } {
  const groups = new Map<string, T[]>();
  for (const row of all) groups.set(`${row.bus_id}|${row.date}`, [...(groups.get(`${row.bus_id}|${row.date}`) ?? []), row]);
  const [key, rows] = [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!;
  const [busId, date] = key.split('|');
  return { busId: Number(busId), date: date!, rows };
}

/** With a stale `nonce` (the site answers rest_cookie_invalid_nonce): the expired state; the nonce went out as X-WP-Nonce, no Authorization. */
export async function expectNonceSentAndExpired(el: Element, server: LoopbackServer, nonce: string): Promise<RequestSeen> {
  await settled(el);
  await expectStaffFailure(el, 'expired', 'Your WordPress session has expired. Reload the page and sign in again.');
  const [request] = await server.requests();
  expect(request!.nonce).to.equal(nonce);
  expect(request!.authorization).to.equal(false);
  return request!;
}

/** One raw contract passenger as the wire has it (the test's own reading, not the element's). */
export interface WirePassenger {
  booking_id: number;
  name: string;
  bus_id: number;
  date: string;
  boarding_point: string;
  dropping_point: string;
  seat: string;
  ticket_type: string;
  price: number;
  status?: string;
}

/** A wire passenger on bus 7 from Paris to Lyon on 24 November 2026; unset fields follow from the id. */
export function wirePassenger(id: number, fields: Partial<WirePassenger> = {}): WirePassenger {
  return {
    booking_id: id,
    name: `Guest ${id}`,
    bus_id: 7,
    date: '2026-11-24',
    boarding_point: 'Paris',
    dropping_point: 'Lyon',
    seat: `A${id}`,
    ticket_type: 'adult',
    price: 10,
    ...fields,
  };
}

/** One raw attendee post as the wire has it (the test's own reading, not the element's). */
export interface WireAttendee {
  id: number;
  date: string;
  title: { rendered: string };
  attendee_informations: Record<string, string[]>;
}

/** A wire attendee with the plugin's meta keys; unset fields follow from the id. */
export function wireAttendee(id: number, fields: Partial<Record<'name' | 'email' | 'phone' | 'event' | 'type' | 'checkin', string>> = {}): WireAttendee {
  const name = fields.name ?? `Guest ${id}`;
  return {
    id,
    date: '2026-11-01T10:00:00',
    title: { rendered: name },
    attendee_informations: {
      ea_name: [name],
      ea_email: [fields.email ?? `guest${id}@example.com`],
      ea_phone: [fields.phone ?? `030 ${id}`],
      ea_event_id: ['7'],
      ea_event_name: [fields.event ?? 'Winter Gala'],
      ea_ticket_type: [fields.type ?? (id % 2 ? 'VIP' : 'Standard')],
      ea_event_date: ['2026-12-01 19:00:00'],
      ea_order_id: [String(5000 + id)],
      mep_checkin: [fields.checkin ?? (id % 3 === 0 ? 'yes' : 'no')],
    },
  };
}

/** The detail of each `download` `el` fires from now on, every one cancelled: no file is saved in the test's page. */
export function keptDownloads(el: Element): DownloadDetail[] {
  const downloads: DownloadDetail[] = [];
  el.addEventListener('download', (event) => {
    downloads.push((event as CustomEvent<DownloadDetail>).detail);
    event.preventDefault();
  });
  return downloads;
}
