// In-page half of the event-list benchmark (served at /bench/event-list-page.js, driven through
// page.evaluate by event-list.mjs). Like seat-map-page.js: every timed span ends after a forced
// synchronous layout, so style and layout are in, paint is not, for the baseline and the element.
import { forceLayout, now, settle } from './page-timing.js';

// The data layer and the element's CDN entry; they share the page-wide cache through a common chunk.
const API = '/dist/cdn/api.js';
const ELEMENT = '/dist/cdn/elements/event-list.js';
const BASE = '/wp-json';

let bundle;
let events; // the normalized page of events the baseline draws (the element loads the same page)
let categoryNames; // category id → name

async function prepare(perPage) {
  bundle = await import(API);
  await import(ELEMENT);
  if (!customElements.get('event-list')) return { defined: false };
  const client = new bundle.ApiClient({ baseUrl: new URL(BASE, location.href).href });
  const page = await bundle.listEvents(client, { page: 1, perPage });
  events = page.items;
  categoryNames = new Map((await bundle.listAllCategories(client)).map((term) => [term.id, term.name]));
  return { defined: true, count: events.length };
}

// ----- hand-written DOM baseline: the element's cards (list layout), same elements and texts

function buildBaseline() {
  const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const priceFormat = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const list = el('ul', 'bl-list');
  list.setAttribute('aria-label', 'Events');
  for (const event of events) {
    const item = el('li', 'bl-item');
    const card = el('article', 'bl-card');
    if (event.imageUrl) {
      const img = el('img', 'bl-image');
      img.src = event.imageUrl;
      img.alt = '';
      img.loading = 'lazy';
      img.decoding = 'async';
      card.append(img);
    }
    const body = el('div', 'bl-body');
    const title = el('h3', 'bl-title');
    if (event.link) {
      const link = el('a', '', event.title);
      link.href = event.link;
      link.addEventListener('click', () => {});
      title.append(link);
    } else title.textContent = event.title;
    const meta = el('p', 'bl-meta');
    const when = event.next ?? event.start;
    const date = el('span', 'bl-date');
    if (when) {
      const time = el('time', '', dateFormat.format(new Date(`${when}Z`)));
      time.dateTime = when;
      date.append(time);
    } else date.textContent = 'Date to be announced';
    meta.append(date);
    if (event.moreDates.length > 0) meta.append(el('span', 'bl-more', `+${event.moreDates.length} more dates`));
    const venue = event.mode === 'online' ? 'Online' : event.venue ? [event.venue.name, event.venue.city].filter(Boolean).join(', ') : '';
    if (venue) meta.append(el('span', 'bl-venue', venue));
    if (event.priceRange) {
      const one = (amount) => (amount === 0 ? 'Free' : priceFormat.format(amount));
      const { min, max } = event.priceRange;
      meta.append(el('span', 'bl-price', min === max ? one(min) : `${one(min)} – ${one(max)}`));
    }
    // The badges the element shows for these events (kind and registration; the availability ones
    // need ticket arithmetic the element does and this page skips, so the baseline stays lean).
    const badges = [
      event.registration === 'off' ? 'Registration closed' : '',
      event.mode === 'online' ? 'Online' : event.mode === 'hybrid' ? 'On site and online' : '',
    ].filter(Boolean);
    if (badges.length > 0) {
      const list = el('ul', 'bl-badges');
      list.setAttribute('aria-label', 'Availability');
      for (const badge of badges) list.append(el('li', 'bl-badge', badge));
      body.append(title, list, meta);
    } else body.append(title, meta);
    const names = event.categoryIds.map((id) => categoryNames.get(id)).filter(Boolean);
    if (names.length > 0) {
      const chips = el('ul', 'bl-chips');
      chips.setAttribute('aria-label', 'Categories');
      for (const name of names) chips.append(el('li', 'bl-chip', name));
      body.append(chips);
    }
    if (event.excerptHtml) {
      const excerpt = el('div', 'bl-excerpt');
      // Site HTML is untrusted: the least a hand-written widget must do is the browser's own
      // sanitizer, as the element does where there is one (falling back to pre-sanitized markup).
      if (excerpt.setHTML) excerpt.setHTML(event.excerptHtml);
      else excerpt.innerHTML = bundle.sanitizeHtml(event.excerptHtml);
      body.append(excerpt);
    }
    if (when) {
      // The "Add to calendar" disclosure button, closed, with its accessible name.
      const calendar = el('div', 'bl-calendar');
      const toggle = el('button', 'bl-calendar-toggle', 'Add to calendar');
      toggle.type = 'button';
      toggle.setAttribute('aria-expanded', 'false');
      toggle.addEventListener('click', () => {});
      toggle.append(el('span', 'bl-hidden', ` (${event.title}, ${dateFormat.format(new Date(`${when}Z`))})`));
      calendar.append(toggle);
      body.append(calendar);
    }
    card.append(body);
    item.append(card);
    list.append(item);
  }
  return list;
}

async function baseline(runs) {
  const times = [];
  let cards = 0;
  let chips = 0;
  for (let i = 0; i < runs; i++) {
    await settle();
    const started = now();
    const list = buildBaseline();
    document.body.append(list);
    forceLayout(list);
    times.push(now() - started);
    cards = list.children.length;
    chips = list.querySelectorAll('.bl-chip').length;
    list.remove();
  }
  return { times, cards, chips };
}

// ----- <event-list>

const count = (el, selector) => el.shadowRoot?.querySelectorAll(selector).length ?? 0;

/** The next DOM change in the element (a microtask, no timer clamping, no frame in between). */
const nextChange = (el) =>
  new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(el, { attributes: true });
    if (el.shadowRoot) observer.observe(el.shadowRoot, { childList: true, subtree: true, attributes: true, characterData: true });
  });

/**
 * First render, `runs` times: from append to `count` cards, no `pending`, laid out. The first call
 * (the warm-up) loads the page of events and the categories into the page-wide cache; later ones
 * find them there.
 */
async function firstRender(runs, perPage, expected) {
  const times = [];
  let current;
  for (let i = 0; i < runs; i++) {
    current?.remove();
    await settle();
    const started = now();
    const el = document.createElement('event-list');
    el.setAttribute('base-url', BASE);
    el.setAttribute('per-page', String(perPage));
    el.setAttribute('lang', 'en');
    document.body.append(el);
    const deadline = started + 10_000;
    for (;;) {
      await el.updateComplete;
      const done = () => !el.hasAttribute('pending') && count(el, '[part~="item"]') >= expected.cards && count(el, '[part~="category"]') >= expected.chips;
      if (done()) break;
      if (now() > deadline) throw new Error(`<event-list> never showed ${expected.cards} cards (${count(el, '[part~="item"]')})`);
      await Promise.race([nextChange(el), new Promise((resolve) => setTimeout(resolve, 50))]);
    }
    forceLayout(el);
    times.push(now() - started);
    current = el;
  }
  const cards = count(current, '[part~="item"]');
  current.remove();
  return { times, cards };
}

window.eventListBench = { prepare, baseline, firstRender };
