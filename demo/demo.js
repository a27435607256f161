// Renders with textContent only: the data layer's models are plain text where it matters, and
// nothing from the site is ever parsed as HTML here.
const { ApiClient, getSiteCapabilities, listEvents } = window.TicketingWidgets ?? (await import('/dist/cdn/api.js'));

const baseUrl = document.querySelector('meta[name="ticketing-widgets:base-url"]')?.content ?? '/wp-json';
const client = new ApiClient({ baseUrl });

function item(tag, text) {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

async function showCapabilities() {
  const list = document.getElementById('capabilities');
  try {
    const caps = await getSiteCapabilities(client);
    list.replaceChildren(
      ...[
        ['Events REST', caps.events ? 'on' : 'off (enable it in the event plugin settings)'],
        ['Speakers', caps.speakers ? 'yes' : 'no'],
        ['Attendees', caps.attendees ? 'yes (authenticated)' : 'no'],
        ['Bus dialect', caps.busDialect ?? 'no bus plugin'],
        ['Passengers', caps.passengers ? 'yes (authenticated)' : 'no'],
      ].flatMap(([term, value]) => [item('dt', term), item('dd', value)]),
    );
  } catch (error) {
    list.replaceChildren(item('dt', 'Could not read the index'), item('dd', `${error.code}: ${error.message}`));
  }
}

async function showEvents() {
  const list = document.getElementById('data-events');
  try {
    const page = await listEvents(client, { perPage: 5 });
    list.replaceChildren(
      ...page.items.map((event) => {
        const when = event.start ? event.start.replace('T', ' ').slice(0, 16) : 'date to be announced';
        const where = event.mode === 'online' ? 'Online' : (event.venue?.name ?? '');
        return item('li', `${event.title} — ${when}${where ? ` — ${where}` : ''}`);
      }),
    );
    document.getElementById('events-total').textContent = `${page.total} events in ${page.totalPages} pages of 5.`;
  } catch (error) {
    list.replaceChildren(item('li', `${error.code}: ${error.message}`));
  }
}

showCapabilities();
showEvents();

const eventList = document.getElementById('events');
document.getElementById('order').addEventListener('change', (event) => {
  eventList.order = event.target.value;
  eventList.page = 1;
});
document.getElementById('layout').addEventListener('change', (event) => {
  eventList.layout = event.target.value;
});
document.getElementById('view').addEventListener('change', (event) => {
  eventList.view = event.target.value;
});
for (const id of ['from-date', 'to-date']) {
  document.getElementById(id).addEventListener('change', (event) => {
    eventList.setAttribute(id, event.target.value);
    eventList.page = 1;
  });
}
document.addEventListener('month-change', (event) => {
  log.textContent = `month-change → ${event.detail.month}`;
});
document.addEventListener('search-change', (event) => {
  log.textContent = `search-change → "${event.detail.search}"`;
});
const log = document.getElementById('event-log');
document.addEventListener('page-change', (event) => {
  log.textContent = `page-change → page ${event.detail.page}`;
});
document.addEventListener('event-select', (event) => {
  // A host can open its own view instead of following the link:
  if (event.detail.event.mode === 'online') {
    event.preventDefault();
    log.textContent = `event-select: "${event.detail.event.title}" is online — handled by the page instead of following the link.`;
  }
});

const busLog = document.getElementById('bus-log');
document.addEventListener('route-change', (event) => {
  const route = event.detail.route;
  busLog.textContent = route ? `route-change → ${route.from} → ${route.to}${route.routeId ? ` (route ${route.routeId})` : ''}` : 'route-change → none';
  // The plugin-dialect select: the route map draws the new route across its buses.
  if (route && event.target.getAttribute('for') === 'plugin-buses') {
    const map = document.getElementById('route-map');
    map.removeAttribute('bus-id');
    map.setAttribute('from', route.from);
    map.setAttribute('to', route.to);
  }
});
document.addEventListener('bus-select', (event) => {
  // The seat map issue opens <bus-seat-map> here; for now the page reports the choice.
  event.preventDefault();
  busLog.textContent = `bus-select → ${event.detail.bus.name} (${event.detail.bus.id})`;
  // A bus of the plugin-dialect list: the route map shows that bus's stops.
  if (event.target.id === 'plugin-buses') document.getElementById('route-map').setAttribute('bus-id', String(event.detail.bus.id));
});
