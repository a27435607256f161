/**
 * Each test starts from a page without the fixtures of the tests before it: a widget left behind
 * keeps its timers, requests and listeners running under the next test. The cleanup is
 * `@open-wc/testing`'s own afterEach, which it registers only when mocha is there as it is first
 * evaluated; the runner's setup modules (test/setup) run before mocha and must not evaluate it.
 */
import { expect, fixture, html } from '@open-wc/testing';

describe('fixtures between tests', () => {
  it('puts a fixture in the page', async () => {
    await fixture(html`<p class="left-behind">left behind?</p>`);
    expect(document.querySelectorAll('.left-behind')).to.have.length(1);
  });

  it('finds the previous test’s fixture gone', () => {
    expect(document.querySelectorAll('.left-behind')).to.have.length(0);
  });
});
