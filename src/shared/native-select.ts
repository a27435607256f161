/** The native `<select>` of our form-associated selects, wired to the host's disabled, required, loading and pending state. */
import { html, nothing, type TemplateResult } from 'lit';

/** One `<option>` of a native select: the value as submitted, the text as shown. */
export interface NativeOption {
  value: string;
  label: string;
  title?: string;
}

export interface NativeSelectView {
  id: string;
  part: string;
  /**
   * While loading: a single option showing `loadingText`, so no pick can change the value; and
   * `aria-disabled`, not `disabled`: a required select refused while loading must take focus for the
   * browser to show its "still loading" message there (and Tab reaches it meanwhile).
   */
  loading: boolean;
  loadingText: string;
  /** The first option, value ''. */
  placeholder: string;
  options: readonly NativeOption[];
  /** The host is disabled (own attribute or a disabled `<fieldset>`). */
  disabled: boolean;
  required: boolean;
  /** A newer load runs (`aria-busy`). */
  busy: boolean;
  /** `lang` of the site's options when the interface speaks another language (`TwElement.contentLanguage`); '' or none for no mark. */
  content?: string;
  /** The page's own name for the control (its `<label for>` or `aria-label` on the host); '' for the element's label. */
  name?: string;
  onInput: (event: Event) => void;
  onChange: (event: Event) => void;
}

export function nativeSelect(view: NativeSelectView): TemplateResult {
  return html`<select
    part=${view.part}
    id=${view.id}
    ?disabled=${view.disabled}
    aria-disabled=${view.loading ? 'true' : nothing}
    ?required=${view.required}
    aria-busy=${view.busy ? 'true' : nothing}
    aria-label=${view.name || nothing}
    @input=${view.onInput}
    @change=${view.onChange}
  >
    ${
      view.loading
        ? html`<option part="option" value="">${view.loadingText}</option>`
        : html`<option part="option" value="">${view.placeholder}</option>
            ${view.options.map((option) => html`<option part="option" value=${option.value} title=${option.title || nothing} lang=${view.content || nothing}>${option.label}</option>`)}`
    }
  </select>`;
}

/** Shows `value` in a native select; the first option when it is not among the options (still loading, or kept through an error). */
export function showValue(select: HTMLSelectElement | null, value: string): void {
  if (!select) return;
  if (select.value !== value) select.value = value;
  if (select.selectedIndex < 0) select.selectedIndex = 0;
}
