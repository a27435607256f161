/**
 * The base of `<event-category-select>` and `<event-organizer-select>`: a native `<select>` in the
 * shadow root with options from every page of a taxonomy, and `for` to drive an `<event-list>`.
 * Form association, the cancelable `change` and the link bookkeeping come from
 * `FormControlElement`. The value rules are documented on the elements.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { ApiClient } from '../../api/client.js';
import type { Term } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { errorView } from '../../shared/error-message.js';
import { FormControlElement } from '../../shared/form-control.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { emptyState, errorState } from '../../shared/states.js';
import { baseStyles, selectStyles } from '../../shared/styles.js';
import { indent, orderByHierarchy, type TermOption } from './hierarchy.js';
import { applyToEventList } from './linked-list.js';

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

export abstract class TermSelect extends FormControlElement {
  static override styles = [baseStyles, selectStyles];

  private readonly termsTask = new DataTask(this, () => [] as const, (client, _args, signal) => this.loadTerms(client, signal));

  /** The visible label; defaults to the localized "Category" / "Organizer". */
  @property() label = '';

  /** Shows each term's number of events: "Music (12)". */
  @property({ type: Boolean, reflect: true, attribute: 'show-counts' }) showCounts = false;

  /**
   * The id of an `<event-list>` (looked up in the same shadow root or document) that follows this
   * select: each new value (from the visitor unless the `change` was cancelled, from script, a
   * reset or a restore) sets the list's `category` / `organizer` and its `page` to 1. A value
   * already set when the options first load is applied once; an empty one leaves the list alone.
   */
  @property({ attribute: 'for' }) htmlFor = '';

  private orderedFor?: { terms: readonly Term[]; locale: string; options: TermOption[] };
  private idsFor?: { terms: readonly Term[]; ids: Set<string> };

  /** Loads every term of the taxonomy. */
  protected abstract loadTerms(client: ApiClient, signal: AbortSignal): Promise<Term[]>;
  /** The `<event-list>` property this select drives. */
  protected abstract get linkedProperty(): 'category' | 'organizer';
  protected abstract texts(strings: Strings): TermSelectTexts;

  /**
   * The selected term id as a string, '' for "All"; submitted as the form value. Setting it selects
   * that term (kept until the options arrive; a value matching no loaded term reads as ''). Does not
   * fire `change`, like a native control.
   */
  override get value(): string {
    return super.value;
  }

  override set value(next: string) {
    super.value = next;
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

  protected override resolveValue(raw: string): string {
    const state = this.termsState;
    if (raw !== '' && state?.kind === 'content' && !this.idsOf(state.terms).has(raw)) return '';
    return raw;
  }

  protected override get valueMissingMessage(): string {
    return this.texts(this.text).valueMissing;
  }

  protected override get validationAnchor(): HTMLElement | null {
    return this.select;
  }

  protected override syncControls(): void {
    const select = this.select;
    if (!select) return;
    const value = this.value;
    if (select.value !== value) select.value = value;
    // Not among the options (still loading, or kept through an error): show the first option.
    if (select.selectedIndex < 0) select.selectedIndex = 0;
  }

  protected override get linkId(): string {
    return this.htmlFor;
  }

  protected override get linkReady(): boolean {
    return this.termsState?.kind !== 'loading';
  }

  protected override applyLink(id: string, value: string): boolean {
    return applyToEventList(this, id, this.linkedProperty, value);
  }

  override render(): TemplateResult {
    const strings = this.text;
    const texts = this.texts(strings);
    const state = this.termsState ?? { kind: 'loading' };
    const loading = state.kind === 'loading';
    const options = state.kind === 'content' ? this.ordered(state.terms) : [];
    return html`<div part="base" dir=${this.direction} lang=${this.locale}>
      <label part="label" for="select">${this.label || texts.label}</label>
      ${this.nativeSelect({
        id: 'select',
        part: 'select',
        loading,
        placeholder: texts.all,
        options: options.map(({ term, depth }) => ({ value: String(term.id), label: indent(depth) + this.optionLabel(term, strings) })),
        onInput: this.onInput,
        onChange: this.onChange,
      })}
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

  private onInput(event: Event): void {
    this.handleInput(event, (event.target as HTMLSelectElement).value);
  }

  private onChange(event: Event): void {
    this.handleChange(event, (event.target as HTMLSelectElement).value);
  }
}
