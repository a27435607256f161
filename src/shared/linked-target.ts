/**
 * `for="<id>"`: how a select reaches the element it drives. `LinkedTarget` pushes the select's value
 * to that element once after the first load (when there is one), then on every change, and to each
 * new element the id names later (when there is a value); the host says how a value is applied.
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
 * Sets `property` (`category` / `organizer`) of `target` when it is a `<tag>`, and sends it back to
 * page 1; any other element is left alone. Works before the list is upgraded: Lit picks up
 * properties set on an undefined element.
 */
export function applyToList(target: Element, tag: string, property: 'category' | 'organizer', value: string): void {
  if (target.localName !== tag) return;
  const list = target as unknown as FilterableList;
  list[property] = value;
  list.page = 1;
}

export interface LinkedTargetOptions {
  /** The id of the element to drive ('' for none). */
  id(): string;
  /** False while the value cannot be judged yet (options loading, the visitor's choice not final): the link waits. */
  ready(): boolean;
  value(): string;
  /** Gives `value` to `target`, the element `id` names. */
  apply(target: HTMLElement, value: string): void;
}

export class LinkedTarget implements ReactiveController {
  /** The element last given a value, and that value; undefined = none yet. */
  private linked: { target: HTMLElement; value: string } | undefined;
  /** What `id` named at the last update (null: nothing), to tell when the page mounts another. */
  private seen: HTMLElement | null = null;
  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly options: LinkedTargetOptions,
  ) {
    host.addController(this);
  }

  /**
   * True when `id` now names another element than at the last update: the page mounted it after
   * the select (a conditional block), replaced it under the same id (a single-page app's route
   * change) or removed it. Asked after each change of the page's tree (the host's `watchTree`): a
   * lookup by id, and the host renders only when this says so.
   */
  moved(): boolean {
    return findLinked(this.host, this.options.id()) !== this.seen;
  }

  hostUpdated(): void {
    const target = (this.seen = findLinked(this.host, this.options.id()));
    if (!target || !this.options.ready()) return;
    // Another element (another id, or a new one mounted under the same id) gets the current value
    // on its own, as at the first load: when there is one; an empty one leaves it alone. The same
    // element taken out and put back keeps what it was given.
    const value = this.options.value();
    if (value !== (this.linked?.target === target ? this.linked.value : '')) this.options.apply(target, value);
    this.linked = { target, value };
  }
}
