/**
 * The form-associated base of our select elements: form association through `ElementInternals`
 * (as Material Web's `labs/behaviors/form-associated.ts` does), focus delegated to the inner
 * control, native-like `value` / `defaultValue`, `required` with a localized message, `disabled`
 * (own attribute or a disabled `<fieldset>`), form reset and state restore, the native `input`
 * re-dispatched from the host, a cancelable `change` whose `preventDefault()` restores the previous
 * selection (as Spectrum's picker does), and the bookkeeping for `for="<id>"` links to another
 * element. Subclasses render the native controls and say what their value means.
 */
import { html, LitElement, nothing, type PropertyDeclaration, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { TwElement } from './tw-element.js';

/** One `<option>` of a native select: the value as submitted, the text as shown. */
export interface NativeOption {
  value: string;
  label: string;
  title?: string;
}

export interface NativeSelectView {
  id: string;
  part: string;
  /** While loading: disabled, with a single "Loading…" option. */
  loading: boolean;
  /** The first option, value ''. */
  placeholder: string;
  options: readonly NativeOption[];
  onInput: (event: Event) => void;
  onChange: (event: Event) => void;
}

export abstract class FormControlElement extends TwElement {
  /** Focusing the element focuses its first enabled inner control (`delegatesFocus`). */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Takes part in forms like a native control. */
  static formAssociated = true;

  // Declared before the reactive properties: their initial values already call requestUpdate().
  private readonly internals: ElementInternals = this.attachInternals();

  /** The form field name; the value is submitted as `name=value`. */
  @property({ reflect: true }) name = '';

  /**
   * The initial value (the `value` attribute, as `defaultValue` is on `<input>`); a form reset
   * returns to it. The current value is the `value` property.
   */
  @property({ attribute: 'value', reflect: true }) defaultValue = '';

  /** The form does not submit while nothing is chosen; the validation message is localized. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** Disables the control; it is then neither submitted nor validated. A disabled `<fieldset>` does the same. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Disabled by an ancestor `<fieldset disabled>` (or by the `disabled` attribute, via the form). */
  @state() protected formDisabled = false;

  /** The selection set by script, the visitor or a restore; null = still the defaults (attributes). */
  private currentValue: string | null = null;
  /** The selection when the visitor started a change (`input` before `change`). */
  private selectionBeforeInput: string | undefined;
  /** The value last given to the linked element, and that element's id; undefined = not yet. */
  private linked: { id: string; value: string } | undefined;

  /**
   * The current value, as submitted with the form. Setting it changes the selection (kept as given
   * until the subclass can check it). Does not fire `change`, like a native control.
   */
  get value(): string {
    return this.resolveValue(this.rawValue);
  }

  set value(next: string) {
    const old = this.value;
    this.currentValue = next === null || next === undefined ? '' : String(next);
    this.selectionChanged(old);
  }

  /** The `<form>` this control belongs to. */
  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** `<label for>` elements pointing at this control. */
  get labels(): NodeList {
    return this.internals.labels;
  }

  /** `select-one`, as for a native single `<select>`. */
  get type(): string {
    return 'select-one';
  }

  /** The validity state, as on native controls (`valueMissing` when required and nothing is chosen). */
  get validity(): ValidityState {
    return this.internals.validity;
  }

  /** The localized message while invalid, else ''. */
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

  /** Like `checkValidity()`, and shows the browser's message on the inner control when invalid. */
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
    this.selectionBeforeInput = undefined;
    this.selectionChanged(old);
  }

  /** @internal */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.value = state;
  }

  // ------------------------------------------------------------------------- for subclasses

  /** The selection as set (script, visitor, restore), else the defaults; not yet checked. */
  protected get rawValue(): string {
    return this.currentValue ?? this.defaultSelection;
  }

  /** The selection before any change: the `value` attribute unless a subclass has more defaults. */
  protected get defaultSelection(): string {
    return this.defaultValue ?? '';
  }

  /** Turns the raw selection into the value (e.g. '' once the options show it matches nothing). */
  protected resolveValue(raw: string): string {
    return raw;
  }

  /**
   * The whole selection, kept as the form state (restored after back/forward) and restored when a
   * `change` is cancelled; the value unless the subclass has partial selections to keep.
   */
  protected get selection(): string {
    return this.value;
  }

  /** The message while required and nothing is chosen. */
  protected abstract get valueMissingMessage(): string;

  /** The inner control the browser points at when reporting validity. */
  protected abstract get validationAnchor(): HTMLElement | null;

  /** Puts the current selection into the native controls. */
  protected abstract syncControls(): void;

  /** The `change` event to dispatch (a plain cancelable `Event` unless overridden). */
  protected createChangeEvent(): Event {
    return new Event('change', { bubbles: true, composed: true, cancelable: true });
  }

  /** The id of the element this control drives ('' for none). */
  protected get linkId(): string {
    return '';
  }

  /** False while the value cannot be judged yet (options still loading): the link waits. */
  protected get linkReady(): boolean {
    return true;
  }

  /** Gives `value` to the element `id`; false when there is no such element (try again later). */
  protected applyLink(_id: string, _value: string): boolean {
    return false;
  }

  /**
   * For the native `input` of an inner control: replaces it with one from the host (the native one
   * is composed) that already sees `selection` as the new selection.
   */
  protected handleInput(event: Event, selection: string): void {
    event.stopPropagation();
    this.selectionBeforeInput ??= this.selection;
    this.value = selection;
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /**
   * For the native `change` of an inner control: takes `selection`, fires the host's cancelable
   * `change` synchronously (so a listener's `preventDefault()` can still undo it) and, when it was
   * cancelled, puts the previous selection back, in the controls too. Says whether the change
   * stands and what the selection was before the visitor's pick.
   */
  protected handleChange(event: Event, selection: string): { accepted: boolean; previous: string } {
    event.stopPropagation();
    const previous = this.selectionBeforeInput ?? this.selection;
    this.selectionBeforeInput = undefined;
    this.value = selection;
    const accepted = this.dispatchEvent(this.createChangeEvent());
    if (!accepted) this.value = previous;
    this.syncControls();
    // `input` already set the value; the linked element only hears of it now that the choice stands.
    this.requestUpdate();
    return { accepted, previous };
  }

  /**
   * Renders again after the selection changed: `value` is reported as changed when it did, and the
   * controls are updated even when it did not (a partial selection submits '' as before).
   */
  private selectionChanged(oldValue: string): void {
    this.requestUpdate('value', oldValue);
    this.requestUpdate();
  }

  /** Keeps the form value and validity in step with every change, synchronously. */
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    this.syncForm();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncControls();
    this.syncForm();
    this.syncLink();
  }

  private syncForm(): void {
    // Lit's constructor asks for an update before the class fields exist.
    if (!this.internals) return;
    const value = this.value;
    this.internals.setFormValue(value, this.selection);
    if (this.required && value === '') {
      const anchor = this.validationAnchor;
      const message = this.valueMissingMessage;
      if (anchor) this.internals.setValidity({ valueMissing: true }, message, anchor);
      else this.internals.setValidity({ valueMissing: true }, message);
    } else {
      this.internals.setValidity({});
    }
  }

  /** Pushes the value to the linked element: once after the first load when set, then on every change. */
  private syncLink(): void {
    const id = this.linkId;
    // Between the visitor's `input` and `change` the choice is not final yet (it may be cancelled).
    if (!id || this.selectionBeforeInput !== undefined || !this.linkReady) return;
    // A new target gets the current value (when there is one) on its own.
    if (this.linked && this.linked.id !== id) this.linked = undefined;
    const value = this.value;
    if (value === (this.linked?.value ?? '')) {
      this.linked = { id, value };
      return;
    }
    if (!this.applyLink(id, value)) return;
    this.linked = { id, value };
  }

  /** A native select wired to this control's disabled, required and pending state. */
  protected nativeSelect(view: NativeSelectView): TemplateResult {
    return html`<select
      part=${view.part}
      id=${view.id}
      ?disabled=${this.disabled || this.formDisabled || view.loading}
      ?required=${this.required}
      aria-busy=${this.pending ? 'true' : nothing}
      @input=${view.onInput}
      @change=${view.onChange}
    >
      ${view.loading
        ? html`<option part="option" value="">${this.text.loading}</option>`
        : html`<option part="option" value="">${view.placeholder}</option>
            ${view.options.map((option) => html`<option part="option" value=${option.value} title=${option.title || nothing}>${option.label}</option>`)}`}
    </select>`;
  }
}
