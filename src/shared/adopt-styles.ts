import type { CSSResult } from 'lit';
import type { TwElement } from './tw-element.js';

/**
 * A lazily loaded part's styles, added to the host's shadow root after the element's own (`static
 * styles` are read when the class first renders, long before the part arrives), once per host.
 */
export function adoptStyles(host: TwElement, styles: readonly CSSResult[]): void {
  const root = host.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  for (const style of styles) {
    const sheet = style.styleSheet;
    if (sheet) {
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } else {
      // No constructable style sheets (Safari before 16.4): a `<style>` after the rendered content, as Lit does.
      const element = document.createElement('style');
      element.textContent = style.cssText;
      root.append(element);
    }
  }
}
