/**
 * A property left without a value gets its default back, as a native element's does when its
 * attribute goes (`<input>` without `maxlength`). Lit sets `null` when an attribute is removed, and
 * frameworks set `undefined` when a bound prop goes away (React 19, @lit/react); no reader expects
 * either (`trim()`, arithmetic, enums): `<event-list>` threw in render when `from-date` went.
 */
import type { ReactiveElement } from 'lit';

type Values = Record<PropertyKey, unknown>;

/** Each class's defaults: an instance of it that is never connected. */
const defaults = new WeakMap<typeof ReactiveElement, Values>();

/**
 * For `shouldUpdate`: each changed property now null or undefined gets its default (a default that
 * is null or undefined itself stays so).
 */
export function restoreDefaults(element: ReactiveElement, changed: Map<PropertyKey, unknown>): void {
  const ctor = element.constructor as typeof ReactiveElement;
  let values = defaults.get(ctor);
  if (!values) defaults.set(ctor, (values = new (ctor as unknown as new () => Values)()));
  const own = element as unknown as Values;
  for (const property of changed.keys()) if (own[property] == null) own[property] = values[property];
}
