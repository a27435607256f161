import type { CSSResult } from 'lit';
import { sheetIn } from './document-sheets.js';
import type { TwElement } from './tw-element.js';

/**
 * A lazily loaded part's styles, added to the host's shadow root after the element's own (`static
 * styles` are read when the class first renders, long before the part arrives), once per host, as
 * sheets of the host's document; kept in `partStyles` to add again after a move to another.
 */
export function adoptStyles(host: TwElement, styles: readonly CSSResult[]): void {
  const root = host.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  const view = host.ownerDocument.defaultView;
  for (const style of styles) {
    if (host.partStyles.includes(style)) continue;
    host.partStyles.push(style);
    if (style.styleSheet) {
      // A document without a window (an iframe's once the iframe is gone) refuses every other
      // document's sheet and can make none: the style waits in `partStyles` for the next move.
      if (view) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheetIn(view, style)];
    } else {
      // No constructable style sheets (Safari before 16.4): a `<style>` after the rendered content, as Lit does.
      const element = document.createElement('style');
      element.textContent = style.cssText;
      root.append(element);
    }
  }
}
