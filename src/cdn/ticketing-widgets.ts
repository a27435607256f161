/**
 * The CDN embed: a small loader that defines each element the first time its tag appears in the
 * document, now or later, by loading only that element's chunk (which shares Lit and the data layer
 * with the others). Until then the element's own content (its fallback) stays visible.
 *
 * Elements inside another component's shadow root are not seen by the document's observer: call
 * `discover(shadowRoot)` for such a root, or `load(tag)`.
 */
import { ELEMENT_TAGS } from './element-tags.js';
import { languageOf } from '../shared/localize/language.js';
import { languageReady, retryFailedLanguages } from '../shared/localize/language-loader.js';
import { refreshWidgets } from '../shared/config.js';

export { configure, type PageConfig } from '../shared/config.js';

const SELECTOR = ELEMENT_TAGS.join(',');
const requested = new Map<string, Promise<void>>();
/** Tags whose last download failed, for another try when the browser is back online. */
const failed = new Set<string>();

/** Entries asked for again so far: each try's URL is new. */
let retries = 0;

/**
 * Loads and defines one element. Resolves once `<tag>` is defined; rejects for an unknown tag or a
 * failed download. A failed download is forgotten, so the next call tries again, under a fresh URL:
 * many browsers keep a failed module fetch for the page's life and would fail again without asking
 * (the HTML standard's older rule). The entry never ran, so this is its only copy. Where one of
 * the chunks it imports failed, only a browser that forgets failed fetches fetches that chunk again.
 */
export function load(tag: string): Promise<void> {
  const name = tag.toLowerCase();
  if (!ELEMENT_TAGS.includes(name)) return Promise.reject(new Error(`ticketing-widgets: there is no <${name}> element.`));
  let pending = requested.get(name);
  if (!pending) {
    pending = import(`./elements/${name}.js${failed.has(name) ? `?retry=${++retries}` : ''}`).then(() =>
      customElements.whenDefined(name).then(() => undefined),
    );
    pending.then(
      () => failed.delete(name),
      () => {
        requested.delete(name);
        failed.add(name);
      },
    );
    requested.set(name, pending);
  }
  return pending;
}

function loadFor(element: Element): void {
  const tag = element.localName;
  if (customElements.get(tag)) return;
  // The language's strings download beside the element's chunk instead of after it.
  void languageReady(languageOf(element));
  load(tag).catch(reportFailure(tag));
}

// When it is tried again: README, "Using the bundle".
const reportFailure = (tag: string) => (error: unknown) => console.error(`ticketing-widgets: <${tag}> could not be loaded; its fallback content stays.`, error);

/** Loads every element of ours found in `root` (a document, a shadow root or an element). */
export function discover(root: ParentNode): void {
  // By nodeType, not instanceof: a tag made by another document (a same-origin iframe's) and moved here is another realm's Element.
  if (root.nodeType === 1 && ELEMENT_TAGS.includes((root as Element).localName)) loadFor(root as Element);
  for (const element of Array.from(root.querySelectorAll(SELECTOR))) loadFor(element);
}

if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  discover(document);
  // The document itself, not its <html>: a page that swaps in a new root element, or writes itself
  // anew (`document.open`), keeps the document but would leave an observer of the old root behind.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) if (node.nodeType === 1) discover(node as Element);
    }
  }).observe(document, { childList: true, subtree: true });
  // Back online: every element whose download failed gets another try, wherever its tags are
  // (shadow roots included), and so do languages whose strings failed. Widgets already showing
  // English in their place render again, which loads the strings.
  window.addEventListener('online', () => {
    if (retryFailedLanguages()) refreshWidgets();
    for (const tag of failed) load(tag).catch(reportFailure(tag));
  });
}
