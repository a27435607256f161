/** `for="<id>"`: how a select reaches the list it drives. */
import type { EventList } from '../event-list/event-list.component.js';

/** The element `id` in the same document or shadow root as `from`, else in the document. */
export function findLinked(from: Element, id: string): HTMLElement | null {
  const root = from.getRootNode();
  const inRoot = root instanceof Document || root instanceof ShadowRoot ? root.getElementById(id) : null;
  return inRoot ?? document.getElementById(id);
}

/** One value for a linked element: its property, and the attribute it reads the same value from. */
export interface LinkedField {
  property: string;
  attribute: string;
  /** '' clears: the property is set to '', the attribute removed. */
  value: string | number;
}

/**
 * Gives `fields` to `target`: as properties when it is defined (any built-in element, or an
 * upgraded custom element), as attributes while it is a custom element waiting for its definition,
 * so that it reads them when it upgrades whatever it does with properties set early.
 */
export function applyFields(target: Element, fields: readonly LinkedField[]): void {
  const defined = target.matches(':defined');
  for (const { property, attribute, value } of fields) {
    if (defined) (target as unknown as Record<string, unknown>)[property] = value;
    else if (value === '') target.removeAttribute(attribute);
    else target.setAttribute(attribute, String(value));
  }
}

/**
 * Sets `property` (`category` / `organizer`) of the `<event-list id>` in the same document or shadow
 * root as `from` (else the document) and sends it back to page 1. False when there is no such list.
 * Works before the list is upgraded: Lit picks up properties set on an undefined element.
 */
export function applyToEventList(from: Element, id: string, property: 'category' | 'organizer', value: string): boolean {
  const target = findLinked(from, id);
  if (target?.localName !== 'event-list') return false;
  const list = target as EventList;
  list[property] = value;
  list.page = 1;
  return true;
}
