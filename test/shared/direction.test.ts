/**
 * A widget's writing direction is what the page's `dir` means, as the browser resolves it
 * (`:dir()`): any case of the keyword, `dir="auto"` from the text, an ancestor across shadow roots;
 * without any `dir` the widget's language decides. Seen on `part="base"`, which the seat map's arrow
 * keys read as well.
 */
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/event-category-select/event-category-select.js';
import { part } from '../helpers/element.js';

// No base-url: the select renders its "not configured" state at once, inside the same wrapper.
const baseDir = (root: ParentNode) => part(root.querySelector('event-category-select')!, 'base')?.getAttribute('dir');
const rendered = (root: ParentNode) => waitUntil(() => baseDir(root), 'the select renders');

describe('writing direction', () => {
  it('reads dir="RTL" (any case) on an ancestor as right to left', async () => {
    const page = fixtureSync(html`<div dir="RTL"><event-category-select></event-category-select></div>`);
    await rendered(page);
    expect(baseDir(page)).to.equal('rtl');
  });

  it('reads dir="auto" from the text: Hebrew and Arabic right to left, English left to right whatever the language', async () => {
    const hebrew = fixtureSync(
      html`<div dir="auto">
        <p>שלום עולם</p>
        <event-category-select></event-category-select>
      </div>`,
    );
    const arabic = fixtureSync(
      html`<div dir="auto">
        <p>مرحبا بالعالم</p>
        <event-category-select></event-category-select>
      </div>`,
    );
    const english = fixtureSync(
      html`<div dir="auto" lang="ar">
        <p>Hello</p>
        <event-category-select></event-category-select>
      </div>`,
    );
    await Promise.all([rendered(hebrew), rendered(arabic), rendered(english)]);
    expect([baseDir(hebrew), baseDir(arabic), baseDir(english)]).to.deep.equal(['rtl', 'rtl', 'ltr']);
  });

  it('reads a dir="rtl" outside the shadow root the widget is in', async () => {
    const host = fixtureSync(html`<div dir="rtl"><div></div></div>`).firstElementChild!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<event-category-select></event-category-select>';
    await rendered(host.shadowRoot!);
    expect(baseDir(host.shadowRoot!)).to.equal('rtl');
  });

  it('reads a dir="ltr" outside the shadow root the widget is in as winning over a right-to-left language', async () => {
    const host = fixtureSync(html`<div dir="ltr" lang="ar"><div></div></div>`).firstElementChild!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<event-category-select></event-category-select>';
    await rendered(host.shadowRoot!);
    expect(baseDir(host.shadowRoot!)).to.equal('ltr');
  });

  it('follows a dir="RTL" set on an ancestor after the first render', async () => {
    const page = fixtureSync(html`<div><event-category-select></event-category-select></div>`);
    await rendered(page);
    expect(baseDir(page)).to.equal('ltr');
    page.setAttribute('dir', 'RTL');
    await waitUntil(() => baseDir(page) === 'rtl', 'the select follows dir');
  });

  it('without any dir, the language decides; an explicit dir="ltr" wins over it', async () => {
    const arabic = fixtureSync(html`<div lang="ar"><event-category-select></event-category-select></div>`);
    const ltr = fixtureSync(html`<div lang="ar" dir="ltr"><event-category-select></event-category-select></div>`);
    await Promise.all([rendered(arabic), rendered(ltr)]);
    expect([baseDir(arabic), baseDir(ltr)]).to.deep.equal(['rtl', 'ltr']);
  });

  it('passes over an empty or unknown dir as the browser does: the language still decides', async () => {
    const empty = fixtureSync(html`<div lang="ar" dir=""><event-category-select></event-category-select></div>`);
    const unknown = fixtureSync(
      html`<div lang="ar">
        <div dir="rtI"><event-category-select></event-category-select></div>
      </div>`,
    );
    const inner = fixtureSync(
      html`<div lang="ar" dir="ltr">
        <div dir="bogus"><event-category-select></event-category-select></div>
      </div>`,
    );
    await Promise.all([rendered(empty), rendered(unknown), rendered(inner)]);
    expect([baseDir(empty), baseDir(unknown), baseDir(inner)]).to.deep.equal(['rtl', 'rtl', 'ltr']);
  });

  it('where the browser has no :dir() (matches throws), still renders, reading the nearest dir attribute', async () => {
    const matches = Element.prototype.matches;
    Element.prototype.matches = function (this: Element, selector: string) {
      if (selector.includes(':dir(')) throw new DOMException(`'${selector}' is not a valid selector.`, 'SyntaxError');
      return matches.call(this, selector);
    };
    try {
      const rtl = fixtureSync(html`<div dir="rtl"><event-category-select></event-category-select></div>`);
      const arabic = fixtureSync(html`<div lang="ar"><event-category-select></event-category-select></div>`);
      const ltr = fixtureSync(html`<div lang="ar" dir="ltr"><event-category-select></event-category-select></div>`);
      // The keyword in any case, as the browser reads it (HTMLElement.dir).
      const upper = fixtureSync(html`<div dir="RTL"><event-category-select></event-category-select></div>`);
      await Promise.all([rendered(rtl), rendered(arabic), rendered(ltr), rendered(upper)]);
      expect([baseDir(rtl), baseDir(arabic), baseDir(ltr), baseDir(upper)]).to.deep.equal(['rtl', 'rtl', 'ltr', 'rtl']);
    } finally {
      Element.prototype.matches = matches;
    }
  });
});
