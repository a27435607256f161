/**
 * The base of `<event-category-select>` and `<event-organizer-select>`: a native `<select>` in the
 * shadow root with options from every page of a taxonomy, form-associated, and `for` to drive an
 * `<event-list>`. Form association (`FormAssociation`), the value with its cancelable `change`
 * (`SelectValue`) and the link (`LinkedTarget`) are controllers; the value rules are documented on
 * the elements.
 */
import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { ApiClient } from '../../api/client.js';
import type { Term } from '../../api/models.js';
import { DataTask, type DataState } from '../data-task.js';
import { errorView } from '../error-message.js';
import { FormAssociation } from '../form-association.js';
import { FormSelectElement } from '../form-select.js';
import { applyToList } from '../linked-target.js';
import { format, isolate, type Strings } from '../localize/strings.js';
import { nativeSelect, showValue } from '../native-select.js';
import { SelectValue } from '../select-value.js';
import { emptyState, errorState } from '../states.js';
import { baseStyles } from '../styles.js';
import { selectStyles } from '../select-styles.js';

import { indent, orderByHierarchy, type TermOption } from './hierarchy.js';

/** The texts that differ between the category and the organizer select. */
export interface TermSelectTexts {
  label: string;
  all: string;
  valueMissing: string;
}

/** What makes a term select the category or the organizer select. */
export interface TermTaxonomy {
  /** Loads every term of the taxonomy. */
  load(client: ApiClient, call: { signal: AbortSignal }): Promise<Term[]>;
  /** The `<event-list>` property this select drives. */
  linkedProperty: 'category' | 'organizer';
  texts(strings: Strings): TermSelectTexts;
}

export abstract class TermSelect extends FormSelectElement {
  static override properties: PropertyDeclarations = {
    label: {},
    showCounts: { type: Boolean, reflect: true, attribute: 'show-counts' },
    htmlFor: { attribute: 'for' },
  };

  static override styles = [baseStyles, selectStyles];

  private readonly termsTask = new DataTask(
    this,
    () => [] as const,
    (client, _args, signal) => this.taxonomy.load(client, { signal }),
  );

  /**
   * The visible label; defaults to the localized "Category" / "Organizer". Without it, a page's own
   * `<label for>` (also one added or reworded later) or `aria-label` on the element names the
   * control, and the default label is hidden.
   */
  override label = '';

  /**
   * Shows each term's number of events: "Music (12)". The count is bidi-isolated (U+2068 … U+2069),
   * so it stays after a name written right to left.
   */
  showCounts = false;

  /**
   * The id of an `<event-list>` (looked up in the same shadow root or document) that follows this
   * select: each new value (from the visitor unless the `change` was cancelled, from script, a
   * reset or a restore) sets the list's `category` / `organizer` and its `page` to 1. A value
   * already set when the options first load is applied once; an empty one leaves the list alone.
   * A list that appears under that id later (rendered after the select, or a new one replacing a
   * removed one, as on a single-page app's route change) gets the current value the same way; the
   * same list taken out and put back keeps what it was given.
   */
  override htmlFor = '';

  private orderedFor?: { terms: readonly Term[]; locale: string; options: TermOption[] };
  private idsFor?: { terms: readonly Term[]; ids: Set<string> };

  private readonly selection = new SelectValue(this, {
    defaults: () => `${this.defaultValue ?? ''}`,
    selection: () => this.value,
    syncControls: () => this.syncControls(),
    changeEvent: () => new Event('change', { bubbles: true, composed: true, cancelable: true }),
  });

  // Last: it reads the fields above.
  protected readonly formAssociation = new FormAssociation(this, {
    value: () => this.value,
    valueMissing: () => this.required && this.value === '',
    // Nothing to choose from yet: the message says so rather than asking for a choice.
    message: () => (this.pending ? this.text.stillLoading : this.taxonomy.texts(this.text).valueMissing),
    anchor: () => this.select,
    reset: () => this.selection.reset(),
    restore: (state) => this.restoreValue(state),
  });

  constructor() {
    super();
    this.linkTarget(
      () => !this.selection.settling && this.termsTask.state.kind !== 'loading',
      (target, value) => applyToList(target, 'event-list', this.taxonomy.linkedProperty, value),
    );
  }

  /** The taxonomy this select lists (a field of the subclass, read only after construction). */
  protected abstract readonly taxonomy: TermTaxonomy;

  /**
   * The selected term id as a string, '' for "All"; submitted as the form value. Setting it selects
   * that term (kept until the options arrive; a value matching no loaded term reads as ''). Does not
   * fire `change`, like a native control.
   */
  override get value(): string {
    const raw = this.selection.raw;
    const state = this.termsTask.state;
    if (raw !== '' && state.kind === 'complete' && !this.idsOf(state.value).has(raw)) return '';
    return raw;
  }

  override set value(next: string | number) {
    this.selection.set(next);
  }

  /** The selected term, or null for "All" (and before the options have loaded). */
  get selectedTerm(): Term | null {
    const state = this.termsTask.state;
    const value = this.value;
    if (state.kind !== 'complete' || value === '') return null;
    return state.value.find((term) => String(term.id) === value) ?? null;
  }

  /** Every loaded term, in the site's order; empty until they have loaded. */
  get terms(): readonly Term[] {
    const state = this.termsTask.state;
    return state.kind === 'complete' ? state.value : [];
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncControls();
  }

  override render(): TemplateResult {
    const strings = this.text;
    const texts = this.taxonomy.texts(strings);
    const state: DataState<readonly Term[]> = this.termsTask.state;
    const options = state.kind === 'complete' ? this.ordered(state.value) : [];
    const pageName = this.pageLabel();
    const content = this.contentLanguage;
    return html`<div part="base" dir=${this.direction} lang=${this.uiLanguage}>
      <label part="label" for="select" class=${pageName ? 'visually-hidden' : ''} lang=${(this.label && content) || nothing}
        >${this.label || texts.label}</label
      >
      ${nativeSelect({
        name: pageName,
        id: 'select',
        part: 'select',
        loading: state.kind === 'loading',
        loadingText: strings.loading,
        placeholder: texts.all,
        content,
        options: options.map(({ term, depth }) => ({ value: String(term.id), label: indent(depth) + this.optionLabel(term, strings) })),
        disabled: this.controlsDisabled,
        required: this.required,
        busy: this.pending,
        onInput: this.onInput,
        onChange: this.onChange,
      })}
      ${state.kind === 'complete' && state.value.length === 0 ? emptyState(strings.termsEmpty) : nothing}
      ${state.kind === 'error' ? errorState(errorView(state.error, strings, 'other'), strings, () => this.termsTask.run()) : nothing}
    </div>`;
  }

  private syncControls(): void {
    showValue(this.select, this.value);
  }

  /**
   * With the count isolated: "(12)" cannot join a right-to-left name's run and show before it. The
   * name stays bare: a native select's type-to-select matches the option's first letter, and a
   * leading isolate hides it (Chromium's does not skip one).
   */
  private optionLabel(term: Term, strings: Strings): string {
    if (!this.showCounts) return term.name;
    return format(strings.termWithCount, { name: term.name, count: isolate(new Intl.NumberFormat(this.locale).format(term.count)) });
  }

  private get select(): HTMLSelectElement | null {
    return this.shadowRoot?.querySelector<HTMLSelectElement>('[part~="select"]') ?? null;
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

  private onInput(event: Event): void {
    this.selection.input(event, (event.target as HTMLSelectElement).value);
  }

  private onChange(event: Event): void {
    this.selection.change(event, (event.target as HTMLSelectElement).value);
  }
}
