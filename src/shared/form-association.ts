/**
 * Form association as a reactive controller, as Material Web's `labs/behaviors/form-associated.ts`
 * does it: the host declares `static formAssociated = true`; the controller attaches the
 * `ElementInternals`, keeps the form value, the restore state and the validity (`valueMissing` with
 * a localized message, pointed at an inner control) in step, and answers the form callbacks the
 * host forwards (`formDisabledCallback`, `formResetCallback`, `formStateRestoreCallback`).
 *
 * Create it after the host's other fields: it reads them from its first `sync()` on.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A form value: one string, several entries (`FormData`), or null for nothing submitted. */
export type FormValue = string | FormData | null;

export interface FormAssociationOptions {
  /** The value submitted with the form. */
  value(): FormValue;
  /** What the browser keeps to restore after back/forward; the value unless given. */
  state?(): FormValue;
  /** True while `required` and nothing is chosen. */
  valueMissing(): boolean;
  /** The localized message for `valueMissing`. */
  message(): string;
  /** The inner control the browser points at when reporting validity (null: the host). */
  anchor(): HTMLElement | null;
  /** The form was reset: go back to the defaults. */
  reset(): void;
  /** The browser restores a state kept by `state()` (back/forward, autofill). */
  restore(state: string | File | FormData | null): void;
  /**
   * The host's own ARIA role, none unless given. A role lets the browser name the host itself from
   * the page's `<label for>` (a form-associated element is labelable) or its `aria-label`, and keep
   * that name current as they change.
   */
  role?: string;
}

export class FormAssociation implements ReactiveController {
  /** Disabled by an ancestor `<fieldset disabled>` (or by the host's `disabled` attribute, via the form). */
  disabledByForm = false;
  private readonly internals: ElementInternals;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: FormAssociationOptions,
  ) {
    this.internals = host.attachInternals();
    if (options.role) this.internals.role = options.role;
    host.addController(this);
    this.sync();
  }

  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  get labels(): NodeList {
    return this.internals.labels;
  }

  get validity(): ValidityState {
    return this.internals.validity;
  }

  get validationMessage(): string {
    return this.internals.validationMessage;
  }

  get willValidate(): boolean {
    return this.internals.willValidate;
  }

  checkValidity(): boolean {
    return this.internals.checkValidity();
  }

  reportValidity(): boolean {
    return this.internals.reportValidity();
  }

  /** Gives the form the current value, state and validity; the host calls it on every change. */
  sync(): void {
    const { options } = this;
    const value = options.value();
    this.internals.setFormValue(value, options.state ? options.state() : value);
    if (options.valueMissing()) {
      const anchor = options.anchor();
      const message = options.message();
      if (anchor) this.internals.setValidity({ valueMissing: true }, message, anchor);
      else this.internals.setValidity({ valueMissing: true }, message);
    } else {
      this.internals.setValidity({});
    }
  }

  hostUpdated(): void {
    this.sync();
  }

  // ------------------------------------------------------------ callbacks the host forwards

  formDisabledCallback(disabled: boolean): void {
    this.disabledByForm = disabled;
    this.host.requestUpdate();
  }

  formResetCallback(): void {
    this.options.reset();
    this.sync();
  }

  formStateRestoreCallback(state: string | File | FormData | null): void {
    this.options.restore(state);
    this.sync();
  }
}
