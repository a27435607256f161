/**
 * `format` for markup: each value goes in a `<bdi>`, so a name written right to left (or one
 * carrying bidi controls) cannot trade places with the words and numbers around it: "Next stop:
 * القاهرة, 8:00 PM" keeps its time after the name on a left-to-right page. Same text as `format`.
 * Text that cannot hold markup (an `<option>`'s) uses `isolate` (localize/strings.ts) instead.
 */
import { html, type TemplateResult } from 'lit';

export function formatIsolated(template: string, values: Record<string, string | number>): Array<string | TemplateResult> {
  // With a group, split() puts the names at the odd places and the template's own text around them.
  return template.split(/\{(\w+)\}/).map((piece, at) => (at % 2 === 0 ? piece : piece in values ? html`<bdi>${values[piece]}</bdi>` : `{${piece}}`));
}
