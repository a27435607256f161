/**
 * Styles in a widget's shadow root beyond what Lit puts there: a lazily loaded part's, and all of
 * them again after the widget moved to another document.
 */
import type { CSSResult, LitElement } from 'lit';

/** Per host, the parts' styles it has, in order: each is added once, and again after a move. */
const partStyles = new WeakMap<Element, readonly CSSResult[]>();

/**
 * `style` as a sheet the host's document accepts: a constructed sheet belongs to the document it
 * was made for. Lit's own in the page's document, else one made by the host's window; undefined
 * without constructable sheets (Safari before 16.4) or without a window.
 */
function sheetFor(host: Element, style: CSSResult): CSSStyleSheet | undefined {
  const view = host.ownerDocument.defaultView;
  if (view === window || !style.styleSheet || !view) return view ? style.styleSheet : undefined;
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(style.cssText);
  return sheet;
}

/**
 * A lazily loaded part's styles, added to the host's shadow root after the element's own (`static
 * styles` are read when the class first renders, long before the part arrives), once per host.
 */
export function adoptStyles(host: LitElement, styles: readonly CSSResult[]): void {
  const root = host.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  const added = partStyles.get(host) ?? [];
  const fresh = styles.filter((style) => !added.includes(style));
  partStyles.set(host, [...added, ...fresh]);
  for (const style of fresh) {
    const sheet = sheetFor(host, style);
    if (sheet) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } else {
      // No constructable style sheets: a `<style>` after the rendered content, as Lit does.
      const element = host.ownerDocument.createElement('style');
      element.textContent = style.cssText;
      root.append(element);
    }
  }
}

/**
 * For `adoptedCallback`: moved to another document (an iframe's), the host's shadow root loses
 * every constructed sheet of the old one, so its class's styles and its parts' go back in, made
 * for the new document. Without constructable sheets the styles are `<style>` elements, which
 * move with it.
 */
export function readoptStyles(host: LitElement): void {
  const root = host.shadowRoot;
  if (!root?.adoptedStyleSheets) return;
  const styles = [...(host.constructor as typeof LitElement).elementStyles, ...(partStyles.get(host) ?? [])];
  // Every style of ours is a `css` result.
  root.adoptedStyleSheets = styles.flatMap((style) => sheetFor(host, style as CSSResult) ?? []);
}
