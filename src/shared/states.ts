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

/** A localized message in an alert, a Retry button where retrying can help, and the fallback slot. */
export function errorState(view: ErrorView, strings: Strings, retry: () => void): TemplateResult {
  return html`<div part="error" role="alert">
    <p part="error-message">${view.message}</p>
    ${view.retryable ? html`<button part="retry" type="button" @click=${retry}>${strings.retry}</button>` : nothing}
    <slot name="fallback"></slot>
  </div>`;
}
