/**
 * `for="<id>"`: how a select reaches the element it drives. `LinkedTarget` pushes the select's value
 * to that element once after the first load (when there is one), then on every change; the host
 * says how a value is applied.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The element `id` in the same document or shadow root as `from`, else in its document. Asked of
 * `from`'s own document, and by what the root can do rather than `instanceof`: in an iframe it was
 * moved into, the root is that document, of another realm than the element's class.
 */
export function findLinked(from: Element, id: string): HTMLElement | null {
  const root = from.getRootNode() as Partial<Pick<Document, 'getElementById'>>;
  return root.getElementById?.(id) ?? from.ownerDocument.getElementById(id);
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

/** What a term select needs of the list it filters (`<event-list>` has these properties). */
export interface FilterableList {
  category: string;
  organizer: string;
  page: number;
}

/**
 * Sets `property` (`category` / `organizer`) of the `<tag id>` in the same document or shadow root
 * as `from` (else the document) and sends it back to page 1. False when there is no such element.
 * Works before the list is upgraded: Lit picks up properties set on an undefined element.
 */
export function applyToList(from: Element, id: string, tag: string, property: 'category' | 'organizer', value: string): boolean {
  const target = findLinked(from, id);
  if (target?.localName !== tag) return false;
  const list = target as unknown as FilterableList;
  list[property] = value;
  list.page = 1;
  return true;
}

export interface LinkedTargetOptions {
  /** The id of the element to drive ('' for none). */
  id(): string;
  /** False while the value cannot be judged yet (options loading, the visitor's choice not final): the link waits. */
  ready(): boolean;
  value(): string;
  /** Gives `value` to the element `id`; false when there is no such element (try again later). */
  apply(id: string, value: string): boolean;
}

export class LinkedTarget implements ReactiveController {
  /** The value last given to the linked element, and that element's id; undefined = not yet. */
  private linked: { id: string; value: string } | undefined;
  /** Watches for the element `id` while it is not there yet (rendered later by an app). */
  private waiting: MutationObserver | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly options: LinkedTargetOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stopWaiting();
  }

  hostUpdated(): void {
    const id = this.options.id();
    // Whatever follows but a failed apply waits for nothing: the watch ends.
    if (!id || !this.options.ready()) {
      this.stopWaiting();
      return;
    }
    // A new target gets the current value (when there is one) on its own.
    if (this.linked && this.linked.id !== id) this.linked = undefined;
    const value = this.options.value();
    if (value === (this.linked?.value ?? '')) {
      this.stopWaiting();
      this.linked = { id, value };
      return;
    }
    if (!this.options.apply(id, value)) {
      this.waitForTarget();
      return;
    }
    this.stopWaiting();
    this.linked = { id, value };
  }

  /**
   * The element is not there yet (an app renders the list after the select, a conditional block
   * mounts later): any change of the tree or of an `id` in the host's root, or the document, tries
   * again, until the value is given or the host leaves.
   */
  private waitForTarget(): void {
    if (this.waiting || !this.host.isConnected) return;
    this.waiting = new MutationObserver(() => this.host.requestUpdate());
    const options = { childList: true, subtree: true, attributes: true, attributeFilter: ['id'] };
    const root = this.host.getRootNode();
    this.waiting.observe(root, options);
    if (root !== this.host.ownerDocument) this.waiting.observe(this.host.ownerDocument, options);
  }

  private stopWaiting(): void {
    this.waiting?.disconnect();
    this.waiting = undefined;
  }
}
