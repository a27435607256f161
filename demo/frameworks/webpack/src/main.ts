// Registers <event-list> alone, not every element of the package. Nothing here uses a value this
// module exports, so webpack keeps it only because the package's `sideEffects` lists it: with
// `"sideEffects": false` a production build would drop it and the tag would stay unregistered.
import 'ticketing-widgets/event-list.js';

// In a real app this is your WordPress site's REST root, e.g. 'https://example.org/wp-json'.
// Here the same server hosts the app and the reference API, so the page's own origin is the site.
const baseUrl = `${location.origin}/wp-json`;

// The per-element entry declares its tag too: createElement('event-list') is an EventList, and
// `page-change` is typed in GlobalEventHandlersEventMap. Objects such as `strings` are properties.
const list = document.createElement('event-list');
list.baseUrl = baseUrl;
list.perPage = 3;
list.strings = { eventsEmpty: 'Nothing on' };

const pageOutput = document.querySelector<HTMLOutputElement>('[data-testid="page"]');
list.addEventListener('page-change', (event) => {
  if (pageOutput) pageOutput.value = String(event.detail.page);
});

document.querySelector('main')?.append(list);
