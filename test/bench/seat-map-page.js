// In-page half of the seat-map benchmark (served at /bench/seat-map-page.js by seat-map-server.mjs,
// driven through page.evaluate by seat-map.mjs). Plain browser JavaScript, no imports: the CDN
// bundle is imported on demand so the baseline still runs when the bundle has no <bus-seat-map>.
//
// Every timed span ends after a forced synchronous layout (getBoundingClientRect + offsetHeight):
// style and layout are in, paint and compositing are not, for the baseline and the element alike.
import { forceLayout, now, settle } from './page-timing.js';

// The element's CDN entry (what the loader would load for the tag), imported directly.
const BUNDLE = '/dist/cdn/elements/bus-seat-map.js';
const BUS_PATH = '/wp-json/wbtm/v1/buses/1';

let layout; // the wire JSON, for the baseline
let current; // the <bus-seat-map> kept for the re-render runs
let seatSelector = 'button[aria-pressed]';
/** How often `until` woke up on its 50 ms timer instead of a DOM change (that would inflate a figure). */
let timerWakeups = 0;

// ----- hand-written DOM baseline

/**
 * The same page as plain DOM: what <bus-seat-map> shows around the seats (bus name, the toggle of its
 * list alternative, boarding and getting-off selects, legend, fares, summary, live region), then one
 * grid per deck, one <button> per seat, fixtures and gaps as cells. The page's CSS (seat-map.mjs)
 * draws each seat's state as the element does: border, pattern and a mark (an ::after), not colour
 * alone; without the marks the baseline would be about 1.8 ms (15%) cheaper than the same cells.
 */
function buildBaseline(detail) {
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(Number(detail.tickets[0].price));
  const page = el('div', 'bl-page');
  page.append(el('p', 'bl-name', detail.name));
  const toggle = el('button', 'bl-toggle', 'Choose from a list of available seats');
  toggle.type = 'button';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', () => {});
  const list = el('div');
  list.hidden = true;
  page.append(toggle, list);
  const stops = detail.route_stops;
  const select = (label, choices, chosen) => {
    const field = el('div', 'bl-field');
    const name = el('label', '', label);
    const box = el('select');
    for (const [index, stop] of choices) box.append(new Option(`${stop.place}, ${stop.time}`, String(index), false, index === chosen));
    box.addEventListener('change', () => {});
    name.append(box);
    field.append(name);
    return field;
  };
  const stopList = stops.map((stop, index) => [index, stop]);
  page.append(
    select(
      'Boarding at',
      stopList.filter(([, stop]) => stop.type !== 'dp'),
      0,
    ),
    select(
      'Getting off at',
      stopList.filter(([, stop]) => stop.type !== 'bp'),
      stops.length - 1,
    ),
  );
  const legend = el('ul', 'bl-legend');
  legend.setAttribute('aria-label', 'Legend');
  for (const state of ['Available', 'Selected', 'Booked', 'Held']) {
    const item = el('li', '', state);
    const swatch = el('span', `bl-swatch bl-${state.toLowerCase()}`);
    swatch.setAttribute('aria-hidden', 'true');
    item.prepend(swatch);
    legend.append(item);
  }
  const fares = el('p', 'bl-fares', `Fares: ${detail.tickets.map((ticket) => `${ticket.name} ${ticket.price}`).join(' · ')}`);
  page.append(legend, fares);
  const map = el('div', 'bl-map');
  let first = true;
  for (const deck of detail.decks) {
    const section = document.createElement('section');
    section.className = 'bl-deck';
    const heading = document.createElement('h3');
    heading.textContent = deck.deck === 'upper' ? 'Upper deck' : 'Lower deck';
    const grid = document.createElement('div');
    grid.className = 'bl-grid';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', heading.textContent);
    const cols = Math.max(...deck.seats.map((row) => row.length));
    grid.style.gridTemplateColumns = `repeat(${cols}, 2.5rem)`;
    for (const row of deck.seats) {
      const rowEl = document.createElement('div');
      rowEl.className = 'bl-row';
      rowEl.setAttribute('role', 'row');
      for (let c = 0; c < cols; c++) {
        const cell = row[c] ?? null;
        const cellEl = document.createElement('div');
        cellEl.setAttribute('role', 'gridcell');
        if (cell?.type === 'seat') {
          const status = cell.status ?? 'available';
          const button = document.createElement('button');
          button.type = 'button';
          button.className = `bl-seat bl-${status}`;
          button.textContent = cell.name;
          button.setAttribute('aria-label', `Seat ${cell.name}, ${status}, ${price}`);
          button.setAttribute('aria-pressed', 'false');
          if (status !== 'available') button.setAttribute('aria-disabled', 'true');
          button.tabIndex = first ? 0 : -1;
          first = false;
          cellEl.append(button);
        } else if (cell) {
          cellEl.className = 'bl-fixture';
          cellEl.textContent = cell.name;
        } else {
          cellEl.className = 'bl-gap';
        }
        rowEl.append(cellEl);
      }
      grid.append(rowEl);
    }
    section.append(heading, grid);
    map.append(section);
  }
  map.addEventListener('click', () => {});
  page.append(map);
  const summary = el('section', 'bl-summary');
  summary.append(el('p', 'bl-summary-title', 'Your seats'), el('p', '', `0 of 4 seats chosen.`), el('p', '', 'No seats chosen yet.'));
  const live = el('div', 'bl-hidden');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  page.append(summary, live);
  return page;
}

async function baseline(runs) {
  layout ??= await (await fetch(BUS_PATH, { cache: 'no-store' })).json();
  const times = [];
  let seats = 0;
  for (let i = 0; i < runs; i++) {
    await settle();
    const started = now();
    const map = buildBaseline(layout);
    document.body.append(map);
    forceLayout(map);
    times.push(now() - started);
    seats = map.querySelectorAll('.bl-seat').length;
    map.remove();
  }
  return { times, seats };
}

// ----- <bus-seat-map>

async function loadBundle(options = {}) {
  if (options.seatSelector) seatSelector = options.seatSelector;
  try {
    await import(BUNDLE);
  } catch (error) {
    return { loaded: false, defined: false, error: String(error) };
  }
  const ctor = customElements.get('bus-seat-map');
  return { loaded: true, defined: Boolean(ctor), refresh: typeof ctor?.prototype.refreshAvailability === 'function' };
}

/** Seat buttons of the element, looking into nested shadow roots too. */
function seatButtons(el) {
  const found = [];
  const visit = (root) => {
    found.push(...root.querySelectorAll(seatSelector));
    for (const node of root.querySelectorAll('*')) if (node.shadowRoot) visit(node.shadowRoot);
  };
  if (el.shadowRoot) visit(el.shadowRoot);
  return found;
}

/** What a seat button shows, minus focus bookkeeping: equal strings, equal rendering of the seat. */
function signature(button) {
  const attributes = [...button.attributes].filter((a) => a.name !== 'tabindex').map((a) => `${a.name}=${a.value}`);
  return `${attributes.sort().join(' ')}|${button.textContent.trim()}`;
}

function describe(el) {
  const text = (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return `pending=${el.hasAttribute('pending')} seats=${seatButtons(el).length} text="${text}"`;
}

/**
 * Resolves once `done()` holds after an update: checks after each `updateComplete` and waits for
 * the next DOM change (a microtask, no timer clamping) otherwise.
 */
async function until(el, done, what, timeoutMs = 10_000) {
  const deadline = now() + timeoutMs;
  for (;;) {
    await el.updateComplete;
    if (done()) return;
    if (now() > deadline) throw new Error(`<bus-seat-map> never ${what} (${describe(el)})`);
    await new Promise((resolve) => {
      const finish = () => {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      };
      const observer = new MutationObserver(finish);
      observer.observe(el, { attributes: true });
      if (el.shadowRoot) observer.observe(el.shadowRoot, { childList: true, subtree: true, attributes: true, characterData: true });
      const timer = setTimeout(() => {
        timerWakeups++;
        finish();
      }, 50);
    });
  }
}

function createMap() {
  const el = document.createElement('bus-seat-map');
  el.setAttribute('bus-id', '1');
  el.setAttribute('dialect', 'contract');
  el.setAttribute('base-url', '/wp-json');
  return el;
}

const apiRequests = () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/wp-json/'));

/**
 * First render, `runs` times: from append to 500 seat buttons, no `pending`, laid out. The first
 * call (the warm-up) loads the detail into the page-wide cache over the network; later ones find it
 * there. The last map stays in the page for the re-render runs when `keep` is set.
 */
async function firstRender(runs, expectedSeats, keep = false) {
  const times = [];
  const requests = [];
  const wakeups = [];
  for (let i = 0; i < runs; i++) {
    current?.remove();
    current = undefined;
    await settle();
    performance.clearResourceTimings();
    timerWakeups = 0;
    const started = now();
    const el = createMap();
    document.body.append(el);
    // Inside the timed span, one query of the element's own shadow root (the count after it looks
    // into nested roots as well): the check must not cost the element what the baseline never pays.
    await until(
      el,
      () => !el.hasAttribute('pending') && (el.shadowRoot?.querySelectorAll(seatSelector).length ?? 0) >= expectedSeats,
      `showed ${expectedSeats} seats`,
    );
    forceLayout(el);
    times.push(now() - started);
    requests.push(apiRequests().length);
    wakeups.push(timerWakeups);
    current = el;
  }
  const seats = seatButtons(current).length;
  if (!keep) {
    current.remove();
    current = undefined;
  }
  return { times, requests, wakeups, seats };
}

/**
 * One re-render after the server's answer changed in one seat: `refreshAvailability()` (a request
 * revalidating with the ETag, a 200 with the new layout, parsed and normalized), `updateComplete`,
 * forced layout. Two more marks: the response's last byte (Resource Timing `responseEnd`), and the
 * moment the element applied the new data, i.e. its first argument-less `requestUpdate()` after the
 * start (bus-seat-map.component.ts stores the refreshed load, then calls `this.requestUpdate()`;
 * property setters call it with a property name). The instance's method is wrapped, not changed.
 */
async function rerender(seatName) {
  const el = current;
  await settle();
  const before = seatButtons(el).map(signature);
  let applied = null;
  const original = el.requestUpdate;
  el.requestUpdate = function (...args) {
    if (applied === null && args.length === 0) applied = now();
    return original.apply(this, args);
  };
  performance.clearResourceTimings();
  const started = now();
  let ended;
  let late = false;
  try {
    await el.refreshAvailability();
    await el.updateComplete;
    const changed = () => seatButtons(el).some((button, i) => signature(button) !== before[i]);
    if (!changed()) {
      // Not on screen after refreshAvailability() + updateComplete: wait for it, and say so.
      late = true;
      await until(el, changed, `showed the changed seat ${seatName}`);
    }
    forceLayout(el);
    ended = now();
  } finally {
    delete el.requestUpdate; // back to the prototype's
  }
  const after = seatButtons(el).map(signature);
  const diff = after.flatMap((sig, i) => (sig !== before[i] ? [i] : []));
  const requests = apiRequests();
  const response = requests.find((entry) => entry.name.endsWith(BUS_PATH));
  return {
    total: ended - started,
    afterApplied: applied === null ? null : ended - applied,
    afterResponse: response ? ended - response.responseEnd : null,
    network: response ? response.responseEnd - started : null,
    status: response?.responseStatus ?? null,
    requests: requests.length,
    late,
    seats: after.length,
    changed: diff.map((i) => after[i]),
    changedIsSeat: diff.length === 1 && after[diff[0]].includes(seatName),
  };
}

window.seatMapBench = { baseline, loadBundle, firstRender, rerender };
