/** A polite live region that announces short messages, never whole widgets. */
import { html, type TemplateResult } from 'lit';

/** Holds the latest announcement; the same text twice in a row is still announced twice. */
export class Announcer {
  private text = '';
  private count = 0;

  constructor(private readonly onChange: () => void) {}

  get message(): string {
    return this.text;
  }

  announce(text: string): void {
    if (!text) return;
    this.count++;
    // A changed text node is what screen readers notice; a no-break space makes a repeat differ.
    this.text = this.count % 2 === 0 ? `${text}\u00a0` : text;
    this.onChange();
  }

  /** The region itself; render it from the start, so it exists before anything is announced. */
  render(): TemplateResult {
    return html`<div part="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.text}</div>`;
  }
}
