// Registers every element of the package (<event-list>, <bus-list>, …). A side-effect import:
// `import 'ticketing-widgets/event-list.js'` would register <event-list> alone.
import 'ticketing-widgets';

// In a real app this is your WordPress site's REST root, e.g. 'https://example.org/wp-json'.
// Here the same server hosts the app and the reference API, so the page's own origin is the site.
const baseUrl = `${location.origin}/wp-json`;

// createElement('event-list') is typed as EventList (the package declares the tag), so the
// properties below are checked. Objects such as `strings` can only be given as properties.
const list = document.createElement('event-list');
list.baseUrl = baseUrl;
list.perPage = 3;
list.strings = { eventsEmpty: 'Nothing on' };

// `page-change` is declared in GlobalEventHandlersEventMap: event.detail is a PageChangeDetail.
const pageOutput = document.querySelector<HTMLOutputElement>('[data-testid="page"]');
list.addEventListener('page-change', (event) => {
  if (pageOutput) pageOutput.value = String(event.detail.page);
});

document.querySelector('main')?.append(list);
