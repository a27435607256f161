/**
 * The public surface our single-choice selects share with a native `<select>` (`select-one`): the
 * form attributes (`name`, `value` as `defaultValue`, `required`, `disabled`), focus delegated to the
 * inner control, and `form`, `labels`, `validity`… answered by the `FormAssociation` controller the
 * subclass creates (it says what the value is). The form callbacks are forwarded to it.
 */
import { LitElement, type PropertyDeclaration } from 'lit';
import { property } from 'lit/decorators.js';
import type { FormAssociation } from './form-association.js';
import { TwElement } from './tw-element.js';

export abstract class FormSelectElement extends TwElement {
  /** Focusing the element focuses its first enabled inner control (`delegatesFocus`). */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Takes part in forms like a native control. */
  static formAssociated = true;

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

  /** The subclass's form association; create it after the subclass's other fields (it reads them). */
  protected abstract readonly formAssociation: FormAssociation;

  /** The `<form>` this control belongs to. */
  get form(): HTMLFormElement | null {
    return this.formAssociation.form;
  }

  /** `<label for>` elements pointing at this control. */
  get labels(): NodeList {
    return this.formAssociation.labels;
  }

  /** `select-one`, as for a native single `<select>`. */
  get type(): string {
    return 'select-one';
  }

  /** The validity state, as on native controls (`valueMissing` when required and nothing is chosen). */
  get validity(): ValidityState {
    return this.formAssociation.validity;
  }

  /** The localized message while invalid, else ''. */
  get validationMessage(): string {
    return this.formAssociation.validationMessage;
  }

  /** False while disabled. */
  get willValidate(): boolean {
    return this.formAssociation.willValidate;
  }

  /** True when valid; otherwise fires `invalid` at the element and returns false. */
  checkValidity(): boolean {
    return this.formAssociation.checkValidity();
  }

  /** Like `checkValidity()`, and shows the browser's message on the inner control when invalid. */
  reportValidity(): boolean {
    return this.formAssociation.reportValidity();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.formAssociation.formDisabledCallback(disabled);
  }

  /** @internal */
  formResetCallback(): void {
    this.formAssociation.formResetCallback();
  }

  /** @internal */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    this.formAssociation.formStateRestoreCallback(state);
  }

  /** Disabled by its own attribute or by a disabled `<fieldset>`. */
  protected get controlsDisabled(): boolean {
    return this.disabled || this.formAssociation.disabledByForm;
  }

  /** Keeps the form value and validity in step with every change, synchronously (as Material Web does). */
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    // Undefined while Lit's constructor and the field initializers run.
    (this.formAssociation as FormAssociation | undefined)?.sync();
  }
}
