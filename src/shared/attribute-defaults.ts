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

function defaultsOf(ctor: typeof ReactiveElement): Values {
  let values = defaults.get(ctor);
  if (!values) defaults.set(ctor, (values = new (ctor as unknown as new () => Values)()));
  return values;
}

/**
 * For `attributeChangedCallback`: what a removed attribute reads as, its property's default as an
 * attribute (`''`, `'10'`), so that Lit sets the default while it knows the attribute changed and
 * reflects nothing: a removed attribute stays removed, not `from=""`. Null (Lit's own reading) for
 * a boolean, a null default, or an attribute of no property.
 */
export function removedAttributeValue(element: ReactiveElement, attribute: string): string | null {
  const ctor = element.constructor as typeof ReactiveElement;
  for (const [property, options] of ctor.elementProperties)
    // An `attribute: false` property (or state) of the same name owns no attribute.
    if (options.attribute !== false && (typeof options.attribute === 'string' ? options.attribute : String(property).toLowerCase()) === attribute) {
      const value = defaultsOf(ctor)[property];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    }
  return null;
}

/**
 * For `shouldUpdate`: each changed property now null or undefined gets its default (a default that
 * is null or undefined itself stays so).
 */
export function restoreDefaults(element: ReactiveElement, changed: Map<PropertyKey, unknown>): void {
  const values = defaultsOf(element.constructor as typeof ReactiveElement);
  const own = element as unknown as Values;
  for (const property of changed.keys()) if (own[property] == null) own[property] = values[property];
}
