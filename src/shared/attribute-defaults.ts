/**
 * A removed attribute gives its property back its default, as a native element's does
 * (`<input>` without `maxlength`). Lit sets `null` instead, which the elements' readers (`trim()`,
 * arithmetic, enums) never expect: removing `from-date` threw during render.
 */
import type { ReactiveElement } from 'lit';

type Values = Record<PropertyKey, unknown>;

/** Each class's defaults: an instance of it that is never connected. */
const defaults = new WeakMap<typeof ReactiveElement, Values>();

/**
 * After Lit has handled an attribute's removal: each property left null or undefined gets its
 * default (null and undefined are no value any property accepts, and a default that is one stays).
 */
export function restoreDefaults(element: ReactiveElement): void {
  const ctor = element.constructor as typeof ReactiveElement;
  let values = defaults.get(ctor);
  if (!values) defaults.set(ctor, (values = new (ctor as unknown as new () => Values)()));
  for (const property of ctor.elementProperties.keys())
    if ((element as unknown as Values)[property] == null) (element as unknown as Values)[property] = values[property];
}
