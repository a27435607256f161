/**
 * Constructed style sheets belong to the document they were made for: the browser drops those of
 * another document from a shadow root that moves to a new one (into an iframe). These make a
 * widget's sheets for the document it is in.
 */
import type { CSSResult, LitElement } from 'lit';

/** `style` as a sheet of `view`'s document: Lit's own in the page's, else one made by `view`. */
export function sheetIn(view: Window & typeof globalThis, style: CSSResult): CSSStyleSheet {
  if (view === window) return style.styleSheet!;
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(style.cssText);
  return sheet;
}

/**
 * For `adoptedCallback`: the class's styles and the parts' (`partStyles`, see adopt-styles.ts) go
 * back in, made for the new document. Without constructable sheets (Safari before 16.4) the styles
 * are `<style>` elements, which move with the shadow root; a document without a window (a
 * template's) renders nothing, and the next move brings them back.
 */
export function readoptStyles(host: LitElement, partStyles: readonly CSSResult[]): void {
  const root = host.shadowRoot;
  const view = host.ownerDocument.defaultView;
  if (!root?.adoptedStyleSheets || !view) return;
  // Every style of ours is a `css` result.
  const styles = [...(host.constructor as typeof LitElement).elementStyles, ...partStyles] as CSSResult[];
  root.adoptedStyleSheets = styles.map((style) => sheetIn(view, style));
}
