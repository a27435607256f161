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

/** What Trusted Types offers where a page enforces them (`require-trusted-types-for 'script'`). */
interface ScriptPolicyFactory {
  createPolicy(name: string, rules: { createScript: (text: string) => string }): { createScript(text: string): unknown };
}

/** Our policy once a plain assignment was refused; null when the page refused the policy too (asked once, said once). */
let scriptPolicy: { createScript(text: string): unknown } | null | undefined;

/**
 * Sets a data block's text. Under Trusted Types a script's text is a TrustedScript sink whatever its
 * `type`: once a plain assignment is refused, the JSON goes in through a policy of our own that
 * passes only JSON (used for nothing else), with no plain try first again (each refusal is a
 * violation the page may report). Where the page's `trusted-types` list leaves the policy out, the
 * page gets no JSON-LD, said once in the console.
 */
function setText(script: HTMLScriptElement, text: string): boolean {
  if (scriptPolicy === undefined) {
    try {
      script.textContent = text;
      return true;
    } catch (refused) {
      scriptPolicy = null;
      try {
        const factory = (globalThis as { trustedTypes?: ScriptPolicyFactory }).trustedTypes!;
        scriptPolicy = factory.createPolicy('ticketing-widgets#json-ld', { createScript: (json) => (JSON.parse(json) === undefined ? '' : json) });
      } catch {
        console.warn("ticketing-widgets: the page's trusted-types list leaves out 'ticketing-widgets#json-ld', so no JSON-LD is written.", refused);
      }
    }
  }
  if (!scriptPolicy) return false;
  script.textContent = scriptPolicy.createScript(text) as string;
  return true;
}
