/**
 * The month view's loader: a skeleton (with `pending`) while the view's module loads, and when it
 * does not arrive, an error that says so with Retry, which imports it again.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { expectLoadingSkeleton, part, textOf } from '../../../test/helpers/element.js';
import { FakeScheduler } from '../../../test/helpers/test-doubles.js';
import { EN } from '../../shared/localize/en/index.js';
import { TwElement } from '../../shared/tw-element.js';
import { MonthLoader, type MonthViewModule } from './month-loader.js';
import type { MonthHost } from './month-view.js';

class MonthLoaderProbe extends TwElement implements MonthHost {
  view = 'month';
  month = '2026-12';
  category = '';
  organizer = '';
  includeChildren = false;
  search = '';
  timeZone = 'UTC';
  linkTarget = '';
  scheduler = new FakeScheduler(Date.UTC(2026, 11, 1, 12));
  imports = 0;
  /** The next import: by default it fails as a browser's does when the chunk cannot be fetched. */
  importView: () => Promise<MonthViewModule> = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /chunks/month-view-x.js'));
  readonly loader = new MonthLoader(this, { rtl: () => false, select: () => {} }, () => {
    this.imports++;
    return this.importView();
  });

  override render(): unknown {
    return this.view === 'month' ? this.loader.render() : 'the list';
  }
}
customElements.define('month-loader-probe', MonthLoaderProbe);

/** A probe in the page whose month view arrives only on `arrive()`. */
async function heldProbe(): Promise<[MonthLoaderProbe, () => void]> {
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  const el = document.createElement('month-loader-probe') as MonthLoaderProbe;
  el.importView = () => held.then(() => import('./month-view.js'));
  await fixture(html`<div>${el}</div>`);
  return [el, arrive];
}

describe('MonthLoader', () => {
  it('shows the skeleton with pending while the view loads', async () => {
    const [el, arrive] = await heldProbe();
    await expectLoadingSkeleton(el);
    expect(el.loader.pending).to.equal(true);
    expect(el.hasAttribute('pending')).to.equal(true);
    arrive();
    await waitUntil(() => !el.loader.pending, 'loaded', { timeout: 8000 });
    await el.updateComplete;
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(el.imports).to.equal(1);
  });

  it('a host switched back to its list while the view loads is not pending for it, and is again when switched to the month', async () => {
    const [el, arrive] = await heldProbe();
    expect(el.hasAttribute('pending')).to.equal(true);
    el.view = 'list';
    el.requestUpdate();
    await el.updateComplete;
    expect([el.hasAttribute('pending'), el.getAttribute('aria-busy')]).to.deep.equal([false, null]);
    el.view = 'month';
    el.requestUpdate();
    await el.updateComplete;
    expect(el.hasAttribute('pending')).to.equal(true);
    arrive();
    await waitUntil(() => !el.loader.pending, 'loaded', { timeout: 8000 });
    expect(el.imports).to.equal(1);
  });

  it('says that a part of the widget did not download, with Retry; Retry imports it again', async () => {
    const el = await fixture<MonthLoaderProbe>(html`<month-loader-probe></month-loader-probe>`);
    await waitUntil(() => part(el, 'error'), 'the failure shows');
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(textOf(el, 'error-message')).to.equal(EN.errorPartNotLoaded);
    expect(el.loader.pending).to.equal(false);
    expect(el.hasAttribute('pending')).to.equal(false);
    expect(el.imports).to.equal(1);
    await expect(el).to.be.accessible();

    el.importView = () => import('./month-view.js');
    (part(el, 'retry') as HTMLButtonElement).click();
    await waitUntil(() => el.imports === 2 && !el.loader.pending, 'imported again', { timeout: 8000 });
    await el.updateComplete;
    // The view itself now renders: with no base URL, it says what to configure.
    expect(textOf(el, 'error-message')).to.equal(EN.notConfigured);
  });
});
