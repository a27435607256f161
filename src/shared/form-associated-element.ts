/**
 * The native-control surface every form-associated widget shares (the selects and the seat map):
 * `form`, `labels`, `validity` and the validation methods, answered by the `FormAssociation`
 * controller the subclass creates, and the form callbacks forwarded to it. Focus is delegated to the
 * first inner control, as a native control takes focus itself. A value the page set before the
 * element was defined is taken over on connect (`upgradedProperties`).
 */
import { LitElement, type PropertyDeclaration } from 'lit';
import type { FormAssociation } from './form-association.js';
import { TwElement } from './tw-element.js';

export abstract class FormAssociatedElement extends TwElement {
  /** Focusing the element focuses its first enabled inner control (`delegatesFocus`). */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Takes part in forms like a native control. */
  static formAssociated = true;

  /**
   * The subclass's plain accessors (not Lit properties) a page may set before the element is
   * defined, in the order they are applied.
   * @internal
   */
  protected static upgradedProperties: readonly string[] = ['value'];

  /** The subclass's form association; create it after the subclass's other fields (it reads them). */
  protected abstract readonly formAssociation: FormAssociation;

  /** The `<form>` this control belongs to. */
  get form(): HTMLFormElement | null {
    return this.formAssociation.form;
  }

  override connectedCallback(): void {
    // The CDN loader defines elements lazily, so a page's script often sets `value` first: that lands
    // as an own property of the instance and would hide the class's accessor. Lit saves only its
    // reactive properties; these go through their accessor now (the custom-element "upgrade
    // property" pattern; Object.hasOwn is as old as form-associated custom elements in Safari).
    const self = this as unknown as Record<string, unknown>;
    for (const name of (this.constructor as typeof FormAssociatedElement).upgradedProperties) {
      if (Object.hasOwn(self, name)) {
        const value = self[name];
        delete self[name];
        self[name] = value;
      }
    }
    super.connectedCallback();
  }

  /**
   * The browser reads a form control's `name` and `disabled` from its attributes: set as
   * properties, they reach them at once, as on a native control, not at the next render (when Lit
   * would reflect them). Not before the first update: that one reflects them, and an element under
   * construction must not gain attributes.
   */
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    if (!this.hasUpdated || (name !== 'name' && name !== 'disabled')) return;
    const value = (this as unknown as Record<'name' | 'disabled', unknown>)[name];
    if (name === 'disabled') this.toggleAttribute('disabled', Boolean(value));
    // No name, no attribute: a removed one stays removed, as on a native control, while the property
    // goes back to its default (attribute-defaults.ts); `form-select.ts` reflects the same way.
    else if (!value) this.removeAttribute('name');
    else this.setAttribute('name', String(value));
  }

  /** `<label for>` elements pointing at this control. */
  get labels(): NodeList {
    return this.formAssociation.labels;
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
}
