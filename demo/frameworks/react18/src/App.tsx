import { useState } from 'react';
// React 18 passes every unknown prop of a custom element as a string attribute and cannot listen
// to custom events, so React 18 apps use the package's wrapper components instead of the tags.
// Importing a wrapper also registers its element.
import { EventList } from 'ticketing-widgets/react';
import type { Strings } from 'ticketing-widgets';

// In a real app this is your WordPress site's REST root, e.g. 'https://example.org/wp-json'.
// Here the same server hosts the app and the reference API, so the page's own origin is the site.
const baseUrl = `${location.origin}/wp-json`;

// Outside the component so its identity is stable: the wrapper sets the property again whenever
// the value changes identity.
const strings: Partial<Strings> = { eventsEmpty: 'Nothing on' };

export function App() {
  const [page, setPage] = useState(1);

  // Props are the element's camelCase properties; events are `on` + the event name in PascalCase
  // (page-change → onPageChange), with typed CustomEvent details.
  return (
    <main>
      <h1>Events</h1>
      <p>
        Page <output data-testid="page">{page}</output>
      </p>
      <EventList baseUrl={baseUrl} perPage={3} strings={strings} onPageChange={(event) => setPage(event.detail.page)} />
    </main>
  );
}
