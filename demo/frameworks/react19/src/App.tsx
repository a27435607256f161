import { useState } from 'react';
import type { Strings } from 'ticketing-widgets';

// In a real app this is your WordPress site's REST root, e.g. 'https://example.org/wp-json'.
// Here the same server hosts the app and the reference API, so the page's own origin is the site.
const baseUrl = `${location.origin}/wp-json`;

// Outside the component so its identity is stable: React hands the element a new object (and the
// element re-renders) whenever the value changes identity.
const strings: Partial<Strings> = { eventsEmpty: 'Nothing on' };

export function App() {
  const [page, setPage] = useState(1);

  // React 19 supports custom elements natively: dashed attributes are passed as written, objects
  // such as `strings` are set as properties, and `onpage-change` listens to the `page-change` event.
  return (
    <main>
      <h1>Events</h1>
      <p>
        Page <output data-testid="page">{page}</output>
      </p>
      <event-list base-url={baseUrl} per-page="3" strings={strings} onpage-change={(event) => setPage(event.detail.page)} />
    </main>
  );
}
