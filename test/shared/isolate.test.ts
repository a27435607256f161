/**
 * Site names in text that cannot hold a `<bdi>` (an `<option>`'s): the values around the option's
 * leading name are isolated with bidi controls, so a right-to-left name keeps its place in a
 * left-to-right text, while the option still begins with the name's first letter for type-to-select.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { format, isolate } from '../../src/shared/localize/strings.js';

const [CAIRO, ALEXANDRIA, MUSIC] = [
  '\u0627\u0644\u0642\u0627\u0647\u0631\u0629',
  '\u0627\u0644\u0625\u0633\u0643\u0646\u062f\u0631\u064a\u0629',
  '\u0645\u0648\u0633\u064a\u0642\u0649',
];
const ROUTE = '{from} → {to}';
const COUNTED = '{name} ({count})';

/** Where `needle` is drawn in `el`: the left edge of its first occurrence in `el`'s text. */
function leftOf(el: HTMLElement, needle: string): number {
  const node = [...el.childNodes].find((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.includes(needle));
  if (!node) throw new Error(`"${needle}" is not shown`);
  const at = node.textContent!.indexOf(needle);
  const range = document.createRange();
  range.setStart(node, at);
  range.setEnd(node, at + needle.length);
  return Math.min(...[...range.getClientRects()].map((rect) => rect.left));
}

/** `text` as one text node on a left-to-right page. */
const shown = (text: string) => fixture<HTMLElement>(html`<p dir="ltr" style="font: 16px monospace; white-space: pre">${text}</p>`);

describe('isolate', () => {
  it('puts a name between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE', () => {
    expect(isolate(CAIRO)).to.equal(`\u2068${CAIRO}\u2069`);
    expect(isolate('')).to.equal('\u2068\u2069');
  });

  it('keeps right-to-left names in the reading order of a left-to-right text, where plain names do not', async () => {
    // The selects' way: the leading name bare, the values after it isolated.
    const route = await shown(format(ROUTE, { from: CAIRO, to: isolate(ALEXANDRIA) }));
    expect(leftOf(route, CAIRO), 'from first').to.be.below(leftOf(route, '→'));
    expect(leftOf(route, '→'), 'then to').to.be.below(leftOf(route, ALEXANDRIA));
    const mixed = await shown(format(ROUTE, { from: CAIRO, to: isolate('Paris') }));
    expect(leftOf(mixed, CAIRO), 'from first').to.be.below(leftOf(mixed, '→'));
    expect(leftOf(mixed, '→'), 'then to').to.be.below(leftOf(mixed, 'Paris'));
    const count = await shown(format(COUNTED, { name: MUSIC, count: isolate('12') }));
    expect(leftOf(count, MUSIC), 'the count after the name').to.be.below(leftOf(count, '12'));
    // The bus list's way: both isolated, after other text.
    const both = await shown(`9:00 AM ${format(ROUTE, { from: isolate(CAIRO), to: isolate(ALEXANDRIA) })} 12 seats`);
    expect(leftOf(both, '9:00'), 'the time first').to.be.below(leftOf(both, CAIRO));
    expect(leftOf(both, CAIRO), 'then from').to.be.below(leftOf(both, '→'));
    expect(leftOf(both, '→'), 'then to').to.be.below(leftOf(both, ALEXANDRIA));
    // What the controls prevent: the arrow and the count join the names' right-to-left run.
    const plain = await shown(format(ROUTE, { from: CAIRO, to: ALEXANDRIA }));
    expect(leftOf(plain, ALEXANDRIA)).to.be.below(leftOf(plain, CAIRO));
    const plainCount = await shown(format(COUNTED, { name: MUSIC, count: '12' }));
    expect(leftOf(plainCount, '12')).to.be.below(leftOf(plainCount, MUSIC));
  });

  it("keeps a native select's type-to-select when the option's leading name stays bare", async () => {
    const label = (name: string, count: string) => format(COUNTED, { name, count: isolate(count) });
    const select = await fixture<HTMLSelectElement>(
      html`<select>
        <option value="">All</option>
        <option value="b">${label('Business', '3')}</option>
        <option value="m">${label('Music', '12')}</option>
      </select>`,
    );
    select.focus();
    await sendKeys({ type: 'm' });
    expect(select.value).to.equal('m');
  });
});
