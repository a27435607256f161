// A list's page and its filters: what an app changing a filter itself may expect.
import { expect } from '@open-wc/testing';
import type { LitElement } from 'lit';

/**
 * Sets each filter attribute in turn on a list standing on page 3: each goes back to page 1 (the
 * property and the reflected attribute), as a linked select's change does.
 */
export async function expectFiltersResetPage(el: LitElement & { page: number }, filters: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [name, value] of filters) {
    el.page = 3;
    await el.updateComplete;
    el.setAttribute(name, value);
    await el.updateComplete;
    expect(el.page, name).to.equal(1);
    expect(el.getAttribute('page'), name).to.equal('1');
  }
}
