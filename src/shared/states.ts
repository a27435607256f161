/** The loading, empty and error states every widget shows, with their parts. */
import { html, nothing, type TemplateResult } from 'lit';
import { isAbort } from '../api/errors.js';
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
 * The widget whose update took the focus with its Retry, First page or pager button
 * (`holdRetryFocus`), or whose control had it as a load failed (`holdFocus`): what it shows may
 * replace that, taking focus with it. One at a time, as focus is, and forgotten once anything gets
 * focus: the visitor went on (another field, another widget's Retry), and focus falling to the page
 * from there (a click on no control, that field removed) is theirs, not the widget's to take.
 */
let lostFocus: Element | undefined;

const forget = () => (lostFocus = undefined);

function lose(host: Element): void {
  lostFocus = host;
  host.ownerDocument.addEventListener('focusin', forget, true);
}

const RETRY = '[part~="retry"],[part~="first-page"]';

/**
 * A load's failure, `error`, which this throws on: if one of the widget's own controls has focus (a
 * select reloading under the visitor's pick), the error box about to render may replace it, and
 * focus then goes where it goes after a Retry (`refocusAfterRetry`). An abort holds nothing (a
 * newer load follows and keeps the controls), and a load that works never comes here, so it leaves
 * focus where it is, also where the visitor moved it meanwhile. For a load's `.catch`.
 * @internal
 */
export function holdFocus(host: Element, error: unknown): never {
  if (!isAbort(error) && host.shadowRoot?.activeElement) lose(host);
  throw error;
}

/** The element with focus in the widget whose update is in progress, as it began (`holdRetryFocus`). */
let held: Element | null | undefined;

/**
 * Before each update of a widget (TwElement): a Retry, First page or pager button with focus may be
 * about to go (the skeleton replaces Retry, the error box a pager whose page failed), pressed or
 * not: a timer loading a failed widget again (a seat map's refresh, a live route map, a board), the
 * site's new day. If the update takes it, focus comes back once the load settles (`refocusAfterRetry`).
 * Noted here, not at the click, so that a reload nobody pressed gets it too, and a click that started
 * nothing (a `page-change` cancelled) updates nothing and notes nothing. Only a render that takes
 * the button counts: a pager kept while the page loads keeps its focus, or loses it to the visitor.
 * @internal
 */
export function holdRetryFocus(host: Element): void {
  held = host.shadowRoot?.activeElement;
}

/**
 * After each update of a widget (TwElement): once the load that replaced a focused Retry (or
 * pager button) has settled, focus goes back into the widget if it fell to the document (the visitor
 * did not move it meanwhile, and the button is gone): to the new Retry when it failed again (First
 * page when only that can help), else to the content (a select's select). A content region is not
 * a control, so it gets `tabindex="-1"` for this one focus and loses it on blur: never a Tab stop,
 * and a screen reader reads the new content from its start, the next Tab going on from there.
 * @internal
 */
export function refocusAfterRetry(host: Element, root: ParentNode, pending: boolean): void {
  // The host's own document: in an iframe's, the page's has the iframe active, never its body; and
  // its body keeps the focus there while the visitor is in the page (`hasFocus`), not to be taken.
  const doc = host.ownerDocument;
  // Gone with the update that began with it focused (`holdRetryFocus`): taken from the visitor, not left by them.
  if (held?.matches(`${RETRY},[part~="pagination"] button`) && !held.isConnected) lose(host);
  if (pending || lostFocus !== host) return;
  lostFocus = undefined;
  if (doc.activeElement !== doc.body || !doc.hasFocus()) return;
  const target = root.querySelector<HTMLElement>(RETRY) ?? root.querySelector<HTMLElement>('[part~="content"],[part~="list"],[part~="empty"],select');
  if (target && target.tabIndex < 0) {
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  // The visitor may have scrolled away meanwhile: focus without pulling the page back.
  target?.focus({ preventScroll: true });
}
