/**
 * Safe registration: a CMS page may load the bundle twice (two plugins, two versions). The first
 * definition wins; a later one warns instead of throwing, so neither copy breaks the page.
 */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tag);
  if (!existing) {
    customElements.define(tag, constructor);
  } else if (existing !== constructor) {
    console.warn(`ticketing-widgets: <${tag}> is already defined (another copy of the bundle?); keeping the first definition.`);
  }
}
