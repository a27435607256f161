/** `for="<id>"`: how a select reaches the `<event-list>` it filters. */
import type { EventList } from '../event-list/event-list.component.js';

/**
 * Sets `property` (`category` / `organizer`) of the `<event-list id>` in the same document or shadow
 * root as `from` (else the document) and sends it back to page 1. False when there is no such list.
 * Works before the list is upgraded: Lit picks up properties set on an undefined element.
 */
export function applyToEventList(from: Element, id: string, property: 'category' | 'organizer', value: string): boolean {
  const root = from.getRootNode();
  const inRoot = root instanceof Document || root instanceof ShadowRoot ? root.getElementById(id) : null;
  const target = inRoot ?? document.getElementById(id);
  if (target?.localName !== 'event-list') return false;
  const list = target as EventList;
  list[property] = value;
  list.page = 1;
  return true;
}
