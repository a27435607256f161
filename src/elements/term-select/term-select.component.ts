/**
 * The form-associated base of `<event-category-select>` and `<event-organizer-select>`: a native
 * `<select>` in the shadow root, options from every page of a taxonomy, form association through
 * `ElementInternals` (as Material Web's select does), a cancelable `change` (as Spectrum's picker
 * does), and `for` to drive an `<event-list>`. The value rules are documented on the elements.
 */
import { html, LitElement, nothing, type PropertyDeclaration, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../api/client.js';
import type { Term } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { errorView } from '../../shared/error-message.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { emptyState, errorState } from '../../shared/states.js';
import { baseStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { indent, orderByHierarchy, type TermOption } from './hierarchy.js';
import { applyToEventList } from './linked-list.js';
import { termSelectStyles } from './term-select.styles.js';

/** The texts that differ between the category and the organizer select. */
export interface TermSelectTexts {
  label: string;
  all: string;
  valueMissing: string;
}

type TermState =
  | { kind: 'loading' }
  | { kind: 'content'; terms: readonly Term[] }
  | { kind: 'error'; error: unknown; retry: () => void };

export abstract class TermSelect extends TwElement {
  static override styles = [baseStyles, termSelectStyles];
  /** Focusing the element focuses its `<select>` (`delegatesFocus`). */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Takes part in forms like a native control. */
  static formAssociated = true;

  // Declared before the reactive properties: their initial values already call requestUpdate().
  private readonly internals: ElementInternals = this.attachInternals();

  private readonly termsTask = new DataTask(this, () => [] as const, (client, _args, signal) => this.loadTerms(client, signal));

  /** The form field name; the value is submitted as `name=value` (`value` '' for "All"). */
  @property({ reflect: true }) name = '';

  /** The visible label; defaults to the localized "Category" / "Organizer". */
  @property() label = '';

  /**
   * The initial value, a term id (`value="5"`); '' (default) selects "All". This is the `value`
   * attribute (as `defaultValue` is on `<input>`); a form reset returns to it. The current value
   * is the `value` property.
   */
  @property({ attribute: 'value', reflect: true }) defaultValue = '';

  /** The form does not submit while "All" is selected; the message is localized. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** Disables the select; it is then neither submitted nor validated. A disabled `<fieldset>` does the same. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Shows each term's number of events: "Music (12)". */
  @property({ type: Boolean, reflect: true, attribute: 'show-counts' }) showCounts = false;

  /**
   * The id of an `<event-list>` (looked up in the same shadow root or document) that follows this
   * select: each new value (from the visitor unless the `change` was cancelled, from script, a
   * reset or a restore) sets the list's `category` / `organizer` and its `page` to 1. A value
   * already set when the options first load is applied once; an empty one leaves the list alone.
   */
  @property({ attribute: 'for' }) htmlFor = '';

  /** Disabled by an ancestor `<fieldset disabled>` (or by the `disabled` attribute, via the form). */
  @state() private formDisabled = false;

  /** The value set by script, the visitor or a restore; null = still the `value` attribute. */
  private currentValue: string | null = null;
  /** The value when the visitor started a change (`input` before `change`). */
  private valueBeforeInput: string | undefined;
  /** The value last given to the `for` list; undefined = not yet. */
  private linkedValue: string | undefined;
  private orderedFor?: { terms: readonly Term[]; locale: string; options: TermOption[] };
  private idsFor?: { terms: readonly Term[]; ids: Set<string> };

  /** Loads every term of the taxonomy. */
  protected abstract loadTerms(client: ApiClient, signal: AbortSignal): Promise<Term[]>;
  /** The `<event-list>` property this select drives. */
  protected abstract get linkedProperty(): 'category' | 'organizer';
  protected abstract texts(strings: Strings): TermSelectTexts;

  /**
   * The selected term id as a string, '' for "All". Setting it selects that term (kept until the
   * options arrive; a value matching no loaded term reads as ''). Does not fire `change`, like a
   * native control.
   */
  get value(): string {
    const raw = this.currentValue ?? this.defaultValue ?? '';
    const state = this.termsState;
    if (raw !== '' && state?.kind === 'content' && !this.idsOf(state.terms).has(raw)) return '';
    return raw;
  }

  set value(next: string) {
    const old = this.value;
    this.currentValue = next === null || next === undefined ? '' : String(next);
    this.requestUpdate('value', old);
  }

  /** The selected term, or null for "All" (and before the options have loaded). */
  get selectedTerm(): Term | null {
    const state = this.termsState;
    const value = this.value;
    if (state?.kind !== 'content' || value === '') return null;
    return state.terms.find((term) => String(term.id) === value) ?? null;
  }

  /** Every loaded term, in the site's order; empty until they have loaded. */
  get terms(): readonly Term[] {
    const state = this.termsState;
    return state?.kind === 'content' ? state.terms : [];
  }

  /** The `<form>` this select belongs to. */
  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** `<label for>` elements pointing at this select. */
  get labels(): NodeList {
    return this.internals.labels;
  }

  /** `select-one`, as for a native single `<select>`. */
  get type(): string {
    return 'select-one';
  }

  /** The validity state, as on native controls (`valueMissing` when required and "All" is selected). */
  get validity(): ValidityState {
    return this.internals.validity;
  }

  /** The localized message while invalid ("Please choose a category."), else ''. */
  get validationMessage(): string {
    return this.internals.validationMessage;
  }

  /** False while disabled. */
  get willValidate(): boolean {
    return this.internals.willValidate;
  }

  /** True when valid; otherwise fires `invalid` at the element and returns false. */
  checkValidity(): boolean {
    return this.internals.checkValidity();
  }

  /** Like `checkValidity()`, and shows the browser's message on the select when invalid. */
  reportValidity(): boolean {
    return this.internals.reportValidity();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }

  /** @internal */
  formResetCallback(): void {
    const old = this.value;
    this.currentValue = null;
    this.valueBeforeInput = undefined;
    this.requestUpdate('value', old);
  }

  /** @internal */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.value = state;
  }

  /** Keeps the form value and validity in step with every change, synchronously. */
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    this.syncForm();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A new target gets the current value (when there is one) on its own.
    if (changed.has('htmlFor') && changed.get('htmlFor') !== undefined) this.linkedValue = undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const select = this.select;
    if (select) {
      const value = this.value;
      if (select.value !== value) select.value = value;
      // Not among the options (still loading, or kept through an error): show the first option.
      if (select.selectedIndex < 0) select.selectedIndex = 0;
    }
    this.syncForm();
    this.syncLinkedList();
  }

  override render(): TemplateResult {
    const strings = this.text;
    const texts = this.texts(strings);
    const state = this.termsState ?? { kind: 'loading' };
    const loading = state.kind === 'loading';
    const options = state.kind === 'content' ? this.ordered(state.terms) : [];
    return html`<div part="base" dir=${this.direction} lang=${this.locale}>
      <label part="label" for="select">${this.label || texts.label}</label>
      <select
        part="select"
        id="select"
        ?disabled=${this.disabled || this.formDisabled || loading}
        ?required=${this.required}
        aria-busy=${this.pending ? 'true' : nothing}
        @input=${this.onInput}
        @change=${this.onChange}
      >
        ${loading
          ? html`<option part="option" value="">${strings.loading}</option>`
          : html`<option part="option" value="">${texts.all}</option>
              ${options.map(({ term, depth }) => html`<option part="option" value=${String(term.id)}>${indent(depth) + this.optionLabel(term, strings)}</option>`)}`}
      </select>
      ${state.kind === 'content' && state.terms.length === 0 ? emptyState(strings.termsEmpty) : nothing}
      ${state.kind === 'error' ? errorState(errorView(state.error, strings, 'other'), strings, state.retry) : nothing}
    </div>`;
  }

  private optionLabel(term: Term, strings: Strings): string {
    if (!this.showCounts) return term.name;
    return format(strings.termWithCount, { name: term.name, count: new Intl.NumberFormat(this.locale).format(term.count) });
  }

  private get select(): HTMLSelectElement | null {
    return this.shadowRoot?.querySelector<HTMLSelectElement>('[part~="select"]') ?? null;
  }

  /** What the task shows now; undefined while the class fields are still being set up. */
  private get termsState(): TermState | undefined {
    if (!this.termsTask) return undefined;
    return this.termsTask.render({
      loading: () => ({ kind: 'loading' }),
      complete: (terms) => ({ kind: 'content', terms }),
      error: (error, retry) => ({ kind: 'error', error, retry }),
    }) as TermState;
  }

  private ordered(terms: readonly Term[]): TermOption[] {
    const locale = this.locale;
    if (this.orderedFor?.terms !== terms || this.orderedFor.locale !== locale) {
      this.orderedFor = { terms, locale, options: orderByHierarchy(terms, locale) };
    }
    return this.orderedFor.options;
  }

  private idsOf(terms: readonly Term[]): Set<string> {
    if (this.idsFor?.terms !== terms) this.idsFor = { terms, ids: new Set(terms.map((term) => String(term.id))) };
    return this.idsFor.ids;
  }

  private syncForm(): void {
    if (!this.internals || !this.termsTask) return;
    const value = this.value;
    this.internals.setFormValue(value);
    if (this.required && value === '') {
      const select = this.select;
      const message = this.texts(this.text).valueMissing;
      if (select) this.internals.setValidity({ valueMissing: true }, message, select);
      else this.internals.setValidity({ valueMissing: true }, message);
    } else {
      this.internals.setValidity({});
    }
  }

  private onInput(event: Event): void {
    // The native `input` is composed; replace it with one from the host that sees the new value.
    event.stopPropagation();
    const select = event.target as HTMLSelectElement;
    this.valueBeforeInput ??= this.value;
    this.value = select.value;
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  private onChange(event: Event): void {
    event.stopPropagation();
    const select = event.target as HTMLSelectElement;
    const previous = this.valueBeforeInput ?? this.value;
    this.valueBeforeInput = undefined;
    this.value = select.value;
    // Synchronous, so that a listener's preventDefault() can still undo the choice.
    const accepted = this.dispatchEvent(new Event('change', { bubbles: true, composed: true, cancelable: true }));
    if (!accepted) {
      this.value = previous;
      select.value = previous;
      if (select.selectedIndex < 0) select.selectedIndex = 0;
    }
    // `input` already set the value; the `for` list only hears of it now that the choice stands.
    this.requestUpdate();
  }

  /** Pushes the value to the `for` list: once after the first load when set, then on every change. */
  private syncLinkedList(): void {
    // Between the visitor's `input` and `change` the choice is not final yet (it may be cancelled).
    if (!this.htmlFor || this.valueBeforeInput !== undefined || this.termsState?.kind === 'loading') return;
    const value = this.value;
    if (value === (this.linkedValue ?? '')) {
      this.linkedValue = value;
      return;
    }
    if (!applyToEventList(this, this.htmlFor, this.linkedProperty, value)) return;
    this.linkedValue = value;
  }
}
