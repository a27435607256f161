import { listAllOrganizers } from '../../api/events.js';
import { TermSelect, type TermTaxonomy } from '../../shared/term-select/term-select.js';
import { englishFor } from '../../shared/localize/localize.js';
import { TERMS_EN } from '../../shared/localize/en/terms.js';

/**
 * A native `<select>` of the site's event organizers (`/wp/v2/mep_org`, every page), child
 * organizers indented under their parent, with an "All organizers" option first. It takes part in
 * forms like a native control (`name`, `value`, `required`, `disabled`, reset, state restore) and,
 * with `for="<event-list id>"`, filters that list by the chosen organizer.
 *
 * Value rules: the `value` attribute is the initial value and what a form reset returns to; the
 * `value` property is the current one. A value set before the options arrive is kept and selected
 * when they do; once they are there, a value matching no organizer reads as '' ("All"), like a
 * native `<select>`. When loading fails the value is kept (and submitted) while the select offers
 * only "All".
 *
 * @tagname event-organizer-select
 * @summary A form-associated select of event organizers that can filter an `<event-list>`.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's events page. Avoid form controls with the same `name` in it: light-DOM controls belong to the form too.
 *
 * @event {Event} change - A plain `Event` (`bubbles`, `composed`, cancelable) when the visitor picks another option; read `value` / `selectedTerm` from the element. `preventDefault()` restores the previous value (and the `for` list is left alone). Not fired for changes made by script, a form reset or a restore, like a native `<select>`.
 * @event {Event} input - A plain `Event` (`bubbles`, `composed`) as the visitor picks an option, before `change`.
 *
 * @csspart base - The wrapper around the label, the select and the messages.
 * @csspart label - The visible `<label>`.
 * @csspart select - The native `<select>`.
 * @csspart option - Each `<option>` (browsers allow little styling on options).
 * @csspart empty - The "nothing to choose from" status text.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Colour of the "nothing to choose from" text.
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of the select.
 * @cssprop --tw-color-border - Border of the select.
 * @cssprop --tw-color-accent - Focus ring and Retry button.
 * @cssprop --tw-color-accent-contrast - Text on the Retry button.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-select-min-width - Minimum width of the select (default 12rem).
 */
export class EventOrganizerSelect extends TermSelect {
  /** @internal */
  protected static override english = englishFor(TERMS_EN);

  protected override readonly taxonomy: TermTaxonomy = {
    load: listAllOrganizers,
    linkedProperty: 'organizer',
    texts: (strings) => ({ label: strings.organizerLabel, all: strings.allOrganizers, valueMissing: strings.organizerRequired }),
  };
}
