/**
 * What our single-choice selects share with a native `<select>` (`select-one`) beyond the form
 * surface of `FormAssociatedElement`: the form attributes (`name`, `value` as `defaultValue`,
 * `required`, `disabled`), restoring a kept value, `for=` linking, and the form value kept in step
 * with every change.
 */
import type { PropertyDeclaration, PropertyDeclarations } from 'lit';
import type { FormAssociation } from './form-association.js';
import { LinkedTarget } from './linked-target.js';
import { FormAssociatedElement } from './form-associated-element.js';
import { watchTree } from './tree-watch.js';

export abstract class FormSelectElement extends FormAssociatedElement {
  static override properties: PropertyDeclarations = {
    // An empty name reflects as none, as a native select without one has no attribute.
    name: { reflect: true, converter: { toAttribute: (name: string) => name || null } },
    defaultValue: { attribute: 'value', reflect: true },
    required: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
  };

  /** The form field name; the value is submitted as `name=value`. */
  name = '';

  /**
   * The initial value (the `value` attribute, as `defaultValue` is on `<input>`); a form reset
   * returns to it. The current value is the `value` property.
   */
  defaultValue: string | number = '';

  /**
   * The form does not submit while nothing is chosen; the validation message is localized. While the
   * options load it says so, at the select: that one takes focus (Tab reaches it) but offers nothing
   * to pick until they are there (`aria-disabled`).
   */
  required = false;

  /** Disables the control; it is then neither submitted nor validated. A disabled `<fieldset>` does the same. */
  disabled = false;

  /** The id of the element this select drives (the subclass documents the `for` attribute). */
  abstract htmlFor: string;

  /** The element's own visible label (the subclass documents it); when set, the page's words are not used. */
  abstract label: string;

  /** The `for` link, once the subclass made it (`linkTarget`). */
  private link?: LinkedTarget;
  private unwatch?: () => void;

  /** The current value, submitted with the form; set it to an id or its text (`3` or `'3'`). */
  abstract get value(): string;
  abstract set value(next: string | number);

  /** `select-one`, as for a native single `<select>`. */
  get type(): string {
    return 'select-one';
  }

  /** A value the browser kept for this control (history navigation, autofill) is selected again. */
  protected restoreValue(state: unknown): void {
    if (typeof state === 'string') this.value = state;
  }

  /** Drives the element `for` names with the value once `ready()` (options loaded, choice final). */
  protected linkTarget(ready: () => boolean, apply: (target: HTMLElement, value: string) => void): void {
    this.link = new LinkedTarget(this, { id: () => this.htmlFor, ready, value: () => this.value, apply });
  }

  /**
   * The page's own words for this control, unless the `label` attribute gives the element's own:
   * `aria-label` on the element, else its `<label for>`s; '' for none. They name the inner control
   * (what a screen reader says, WCAG 2.5.3), and the element's own label, a second one on screen,
   * is then hidden.
   */
  protected pageLabel(): string {
    if (this.label) return '';
    const labels = Array.from(this.labels, this.labelText, this);
    return (this.getAttribute('aria-label') ?? labels.join(' ')).replace(/\s+/g, ' ').trim();
  }

  /**
   * What a `<label>` says, as a screen reader reads it: not this element's own content (a `<label>`
   * around it holds its fallback, "All events") nor what the page hides from screen readers (a
   * required mark's `aria-hidden` asterisk).
   */
  private labelText(node: Node): string {
    if (node === this || (node as Element).matches?.('[aria-hidden=true],[hidden]')) return '';
    return node.nodeType === 3 ? node.nodeValue! : Array.from(node.childNodes, this.labelText, this).join('');
  }

  /**
   * What the select follows in the page's markup changes long after its first render: a
   * `<label for>` added, removed or reworded (an app rendering it later, a language switch) must not
   * leave screen readers the old name, and the element `for` names may come later or be replaced
   * under its id. One observer serves every select (`watchTree`); this one renders after a change
   * that may touch a label, or when `for` names another element, and not for any other change.
   */
  override connectedCallback(): void {
    super.connectedCallback();
    this.unwatch = watchTree(this, (labels) => {
      if (labels || this.link?.moved()) this.requestUpdate();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unwatch?.();
  }

  /**
   * `aria-label` is no Lit property, yet it names the inner control (`pageLabel`): an app that sets
   * or changes it later (a language switch) must not leave screen readers the old name. (`concat`,
   * not an array literal: the manifest analyzer would list a global ARIA attribute as our own.)
   * @internal
   */
  static override get observedAttributes(): string[] {
    return super.observedAttributes.concat('aria-label');
  }

  /** @internal */
  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    // The others are Lit's properties, which render anyway: no need to tell `aria-label` apart.
    this.requestUpdate();
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
