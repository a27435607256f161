/** The loading, empty and error states every widget shows, with their parts. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ErrorView } from './error-message.js';
import type { Strings } from './localize/strings.js';

/** `rows` grey bars with a polite "Loading…" for screen readers. */
export function loadingState(strings: Strings, rows = 3): TemplateResult {
  return html`<div part="loading" role="status">
    <span class="visually-hidden">${strings.loading}</span>
    ${Array.from({ length: rows }, () => html`<span class="skeleton" aria-hidden="true"></span>`)}
  </div>`;
}

export function emptyState(message: string): TemplateResult {
  return html`<p part="empty" role="status">${message}</p>`;
}

/**
 * A localized message in an alert, a Retry button where retrying can help, and the fallback slot;
 * for a page past the end, a "First page" button where the widget pages (`firstPage`).
 */
export function errorState(view: ErrorView, strings: Strings, retry: () => void, firstPage?: () => unknown): TemplateResult {
  return html`<div part="error" role="alert">
    <p part="error-message">${view.message}</p>
    ${view.retryable ? html`<button part="retry" type="button" @click=${retry}>${strings.retry}</button>` : nothing}
    ${view.firstPage && firstPage ? html`<button part="first-page" type="button" @click=${firstPage}>${strings.firstPage}</button>` : nothing}
    <slot name="fallback"></slot>
  </div>`;
}

/**
 * The widget whose update took the focus from the visitor: the focused element was gone once it
 * rendered (`noteFocus`): a pressed Retry giving way to the skeleton, a pager whose page
 * failed, a stop select or a month's day replaced by the error box of a load that failed under
 * it. One at a time, as focus is, and forgotten once anything gets focus: the visitor went on
 * (another field, another widget's Retry, a click anywhere), and focus falling to the page from
 * there (a click on no control, that field removed) is theirs, not the widget's to take.
 */
let lostFocus: Element | undefined;

const forget = () => (lostFocus = undefined);

const RETRY = '[part~="retry"],[part~="first-page"]';

/** The element with focus in the widget whose update is in progress, as it began (`noteFocus`). */
let held: Element | null | undefined;

/**
 * Before each update of a widget (TwElement): whatever has focus in it may be about to go, whoever
 * started the load: a Retry pressed, a timer loading a failed widget again (a seat map's refresh, a
 * live route map, a board), the site's new day, a filter the page changed. If the update takes it,
 * focus comes back once the load settles (`returnFocus`). Noted here, not at a click or a
 * load's failure, so that every load gets it, and an update that keeps the element (a pager kept
 * while its page loads, a select that reloads its options) leaves focus to the visitor.
 * @internal
 */
export function noteFocus(host: Element): void {
  held = host.shadowRoot?.activeElement;
}

/**
 * After each update of a widget (TwElement): once the load whose update took the focused element
 * has settled, focus goes back into the widget if it fell to the document (the visitor did not
 * move it meanwhile, and the element is gone): to the new Retry when it failed again (First
 * page when only that can help), to the error box when it failed in a way no Retry can help (a
 * 404, a refusal: its message is read out), else to the content (a select's select). A region is not
 * a control, so it gets `tabindex="-1"` for this one focus and loses it on blur: never a Tab stop,
 * and a screen reader reads the new content from its start, the next Tab going on from there.
 * @internal
 */
export function returnFocus(host: Element, root: ParentNode, pending: boolean): void {
  // The host's own document: in an iframe's, the page's has the iframe active, never its body; and
  // its body keeps the focus there while the visitor is in the page (`hasFocus`), not to be taken.
  const doc = host.ownerDocument;
  // Gone with the update that began with it focused (`noteFocus`): taken from the visitor, not
  // left by them. (A widget the page removed has nothing focused, so this is never one.) Unless the
  // element placed focus itself already (a month's key, a board's row): a click on no control later
  // is the visitor's, as is focus falling from a field they moved to (`forget`).
  if (held && !held.isConnected && doc.activeElement === doc.body) {
    lostFocus = host;
    doc.addEventListener('focusin', forget, true);
    // A click on no control moves no focus, only where the next Tab starts.
    doc.addEventListener('pointerdown', forget, true);
  }
  if (pending || lostFocus !== host) return;
  lostFocus = undefined;
  if (doc.activeElement !== doc.body || !doc.hasFocus()) return;
  const target =
    root.querySelector<HTMLElement>(RETRY) ?? root.querySelector<HTMLElement>('[part~="error"],[part~="content"],[part~="list"],[part~="empty"],select');
  if (target && target.tabIndex < 0) {
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  // The visitor may have scrolled away meanwhile: focus without pulling the page back.
  target?.focus({ preventScroll: true });
}
