/**
 * What the selects follow in the page's own markup can change anywhere in it, long after they
 * rendered: the element `for` names (an app mounts it later, or replaces it under the same id on a
 * route change) and the `<label for>`s that name them (added, reworded). One MutationObserver serves
 * every connected select, not one each: each batch of changes calls every `check`, which compares
 * what it looks up with what it used last and renders only on a difference.
 */

/** Called after each batch of changes; `labels` when one may have added, removed or reworded a `<label>`. */
export type TreeCheck = (labels: boolean) => void;

const checks = new Set<TreeCheck>();
let observer: MutationObserver | undefined;

/** A `<label>` or a node in one. */
const inLabel = (node: Node) => (node.nodeType === 1 ? (node as Element) : node.parentElement)?.closest('label');

/**
 * Calls `check` on every change of the tree (elements, text, `id` and `for` attributes) in `host`'s
 * root and its document, until the returned function is called (the host left).
 */
export function watchTree(host: Element, check: TreeCheck): () => void {
  observer ??= new MutationObserver((records) => {
    // An `id` or `for` attribute, a change inside a label, or a label (or what holds one) added or removed.
    const labels = records.some(
      (record) =>
        record.type === 'attributes' ||
        inLabel(record.target) ||
        [...record.addedNodes, ...record.removedNodes].some((node) => inLabel(node) || (node as Element).querySelector?.('label')),
    );
    checks.forEach((each) => each(labels));
  });
  checks.add(check);
  const options = { childList: true, subtree: true, characterData: true, attributeFilter: ['id', 'for'] };
  observer.observe(host.getRootNode(), options);
  observer.observe(host.ownerDocument, options);
  return () => {
    checks.delete(check);
    // The last one out stops the observer (observing again starts it afresh).
    if (!checks.size) observer?.disconnect();
  };
}
