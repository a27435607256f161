/**
 * The `siteHtml` directive: native sanitizer when the browser has one, DOMPurify loaded on first use
 * when it has not, and plain text when that download fails.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { html, render } from 'lit';
import { siteHtml } from '../../src/shared/site-html.js';

type WithSetHtml = Element & { setHTML?: unknown };
const proto = Element.prototype as WithSetHtml;

function renderInto(markup: string, host: HTMLElement = document.createElement('div')): HTMLElement {
  render(html`<div class="out">${siteHtml(markup)}</div>`, host);
  return host;
}

describe('siteHtml directive', () => {
  let hidden: PropertyDescriptor | undefined;
  function hideNativeSanitizer(): void {
    hidden = Object.getOwnPropertyDescriptor(Element.prototype, 'setHTML');
    delete proto.setHTML;
  }
  afterEach(() => {
    if (hidden) Object.defineProperty(Element.prototype, 'setHTML', hidden);
    hidden = undefined;
  });

  it('renders at once through Element.setHTML, narrowed to the policy', () => {
    const host = renderInto('<p class="x" onclick="x()">Hi <a href="https://example.org/" title="t">there</a><img src="x"></p>');
    expect(host.querySelector('.out')!.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(
      '<p>Hi <a href="https://example.org/" rel="noopener noreferrer nofollow" target="_blank">there</a></p>',
    );
  });

  it('keeps the same nodes when re-rendered with the same HTML', () => {
    const host = renderInto('<p>same</p>');
    const first = host.querySelector('p');
    renderInto('<p>same</p>', host);
    expect(host.querySelector('p')).to.equal(first);
    renderInto('<p>other</p>', host);
    expect(host.querySelector('p')!.textContent).to.equal('other');
  });

  it('without setHTML, loads DOMPurify on first use and renders the same result', async () => {
    hideNativeSanitizer();
    // The DOMPurify chunk is a first download (and transform) for this page: seconds on a loaded machine.
    const host = renderInto('<p style="x">Hi <b>you</b><script>window.__siteHtmlRan = 1</script></p>');
    await waitUntil(() => host.querySelector('p'), 'the fallback sanitizer arrives and renders', { timeout: 8000 });
    expect(host.querySelector('.out')!.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal('<p>Hi <b>you</b></p>');
    expect((window as { __siteHtmlRan?: unknown }).__siteHtmlRan).to.equal(undefined);
  });

  it('shows only the newest HTML when an older fallback result arrives late', async () => {
    hideNativeSanitizer();
    const host = renderInto('<p>old</p>');
    renderInto('<p>new</p>', host);
    await waitUntil(() => host.querySelector('p'), 'rendered', { timeout: 8000 });
    expect(host.textContent).to.equal('new');
  });
});
