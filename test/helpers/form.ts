// Form helpers for the form-associated elements' tests: what a form submits, and native-like validity.
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';

/** A form control as the elements expose it (the native `<select>` surface). */
export type ValidatingControl = HTMLElement & Pick<HTMLSelectElement, 'willValidate' | 'validity' | 'validationMessage' | 'checkValidity' | 'reportValidity'>;

/** Keeps what `form` submits instead of navigating: `last()` is the latest submission's data, null before any. */
export function submissions(form: HTMLFormElement): { last(): FormData | null } {
  let latest: FormData | null = null;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    latest = new FormData(form);
  });
  return { last: () => latest };
}

/** `el` is required with nothing chosen and says so as a native control does, `reportValidity()` firing `invalid`. */
export async function expectValueMissing(el: ValidatingControl, message: string): Promise<void> {
  expect(el.willValidate).to.equal(true);
  expect(el.checkValidity()).to.equal(false);
  expect(el.validity.valueMissing).to.equal(true);
  expect(el.validationMessage).to.equal(message);
  expect(el.matches(':invalid')).to.equal(true);
  const invalid = oneEvent(el, 'invalid');
  expect(el.reportValidity()).to.equal(false);
  await invalid;
}

/**
 * Focuses `el` (its inner control must take the focus: `delegatesFocus`), presses ArrowDown and
 * resolves with the `change` the host fires, checked to come from the host and be cancelable.
 */
export async function arrowDownChange(el: HTMLElement, inner: Element): Promise<Event> {
  el.focus();
  expect(el.shadowRoot!.activeElement).to.equal(inner);
  const changed = oneEvent(el, 'change');
  await sendKeys({ press: 'ArrowDown' });
  const change = await changed;
  expect(change.target).to.equal(el);
  expect(change.cancelable).to.equal(true);
  return change;
}

/**
 * `form` does not submit `el` and, as for an invalid native control, focus goes to `inner`, the
 * control the browser's message points at; `el.reportValidity()` does the same. That focus is the
 * message's precondition: Chromium shows no message at a control it cannot focus (a disabled one),
 * only "An invalid form control … is not focusable" in the console.
 */
export function expectRefusedAtFocus(form: HTMLFormElement, el: ValidatingControl, inner: HTMLElement): void {
  const submitted = submissions(form);
  (document.activeElement as HTMLElement | null)?.blur();
  form.requestSubmit();
  expect(submitted.last(), 'not submitted').to.equal(null);
  expect(el.shadowRoot!.activeElement, 'the refused submit focuses the control').to.equal(inner);
  inner.blur();
  expect(document.activeElement).to.equal(document.body);
  expect(el.reportValidity()).to.equal(false);
  expect(el.shadowRoot!.activeElement, 'reportValidity() focuses the control').to.equal(inner);
}
