// Where text is drawn, for tests of reading order (right-to-left names on a left-to-right page).

/** Where `needle` is drawn in `el`: the left edge of its first occurrence in `el`'s text. */
export function leftOf(el: HTMLElement, needle: string): number {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(needle);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + needle.length);
    return Math.min(...[...range.getClientRects()].map((rect) => rect.left));
  }
  throw new Error(`"${needle}" is not shown`);
}
