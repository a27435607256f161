/**
 * The JSON-LD `<script>` of a widget, in the host's light DOM: search engines read structured data
 * from the document, and a shadow root is not part of what they index.
 *
 * The element is ours alone (`data-tw-structured-data`); every other light-DOM child (the site's
 * `slot="fallback"` content, its own scripts) is left as it is. The script is never shown: it has no
 * `slot` attribute and `<event-list>`'s shadow root has no default slot (only `fallback`), so it is
 * assigned nowhere, and scripts are `display: none` anyway. A `type="application/ld+json"` script is
 * a data block the browser never runs, and its text is set with `textContent`, never parsed as HTML.
 */

import { trustedSink } from '../../shared/trusted-sink.js';

/** Marks the one script element this module owns in a host. */
export const STRUCTURED_DATA_ATTRIBUTE = 'data-tw-structured-data';

const SELECTOR = `:scope > script[type="application/ld+json"][${STRUCTURED_DATA_ATTRIBUTE}]`;

/**
 * Keeps exactly one `<script type="application/ld+json" data-tw-structured-data>` child in `host`
 * with `text` (from `jsonLdText`), updated in place; `null` removes it (opt-out, no events, or the
 * element leaving the page). Touches no other child.
 */
export function syncStructuredData(host: HTMLElement, text: string | null): void {
  const [script, ...extra] = Array.from(host.querySelectorAll<HTMLScriptElement>(SELECTOR));
  // Copies (a cloned host, a second bundle) would say the same thing twice.
  for (const copy of extra) copy.remove();
  if (text === null) {
    script?.remove();
    return;
  }
  if (script) {
    if (script.textContent !== text) setText(script, text);
    return;
  }
  const created = host.ownerDocument.createElement('script');
  created.type = 'application/ld+json';
  created.setAttribute(STRUCTURED_DATA_ATTRIBUTE, '');
  if (setText(created, text)) host.append(created);
}

/**
 * Under Trusted Types a script's text is a TrustedScript sink whatever its `type`: the JSON goes in
 * through a policy of our own that passes only JSON (used for nothing else). Where the page's
 * `trusted-types` list leaves the policy out, the page gets no JSON-LD.
 */
const writeScript = trustedSink('ticketing-widgets#json-ld', { createScript: (json) => (JSON.parse(json) === undefined ? '' : json) }, 'no JSON-LD is written');

const setText = (script: HTMLScriptElement, text: string): boolean => writeScript((json) => (script.textContent = json), text);
