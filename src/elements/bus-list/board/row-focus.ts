/**
 * Keeps a keyboard user's place on the departure board. Rows are drawn in place (row n of the new
 * rows reuses row n's DOM), so when an earlier departure leaves, the focused bus button would
 * silently show the next bus, and when the last row goes, focus would fall to the page. After such
 * an update focus goes back to the button of the same departure (`data-departure`), else of the row
 * now in its place (its bus has left), else the empty message.
 */
/**
 * Call as the board renders: notes the focused departure, and returns what puts focus back, for the
 * host's `hostUpdated`. That comes before the element's own follow-up of focus an update took
 * (`returnFocus` in shared/states.ts, in `updated`), which then finds it placed.
 */
export function keepRowFocus(root: ShadowRoot): (() => void) | undefined {
  const rowsOf = () => [...root.querySelectorAll<HTMLElement>('tr[data-departure]')];
  const row = root.activeElement?.closest<HTMLElement>('tr[data-departure]');
  if (!row) return;
  const departure = row.dataset['departure'];
  const index = rowsOf().indexOf(row);
  return () => {
    const now = root.activeElement;
    const page = root.host.ownerDocument;
    // The departure still holds focus, or the visitor moved on (in the element, or in its own document,
    // which in an iframe is not the page's): nothing to do.
    if (now ? now.closest<HTMLElement>('tr[data-departure]')?.dataset['departure'] === departure || !row.contains(now) : page.activeElement !== page.body)
      return;
    const rows = rowsOf();
    const target =
      (rows.find((each) => each.dataset['departure'] === departure) ?? rows[Math.min(index, rows.length - 1)])?.querySelector('button') ??
      root.querySelector<HTMLElement>('[part~="empty"]');
    // A message paragraph takes focus only with a `tabindex` attribute; -1 keeps it out of the tab order.
    if (target && target.tabIndex < 0) target.tabIndex = -1;
    target?.focus({ preventScroll: true });
  };
}
