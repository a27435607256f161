// A list's page and its filters: what an app changing a filter itself may expect.
import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';

/**
 * Sets each filter attribute in turn on a list standing on page 3: each goes back to page 1 (the
 * property and the reflected attribute), as a linked select's change does. A page set in the same
 * turn as the filter (an app restoring both from its URL) stands, even the one already shown.
 */
export async function expectFiltersResetPage(el: LitElement & { page: number }, filters: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [name, value] of filters) {
    el.page = 3;
    await el.updateComplete;
    el.setAttribute(name, value);
    await el.updateComplete;
    expect(el.page, name).to.equal(1);
    expect(el.getAttribute('page'), name).to.equal('1');

    el.page = 3;
    await el.updateComplete;
    el.removeAttribute(name);
    el.page = 3;
    await el.updateComplete;
    expect(el.page, `${name} cleared with page 3 set again`).to.equal(3);
  }
}
