/**
 * Strings per language: English inline, German loaded on first need, and a widget on a German
 * page waits for its strings instead of flashing English.
 */
import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import { TwElement } from '../../src/shared/tw-element.js';
import { languageReady, loadedStrings } from '../../src/shared/localize/language-loader.js';

class LanguageProbe extends TwElement {
  rendered: string[] = [];
  override render(): unknown {
    this.rendered.push(this.text.loading);
    return html`<p>${this.text.loading}</p>`;
  }
}
customElements.define('language-probe', LanguageProbe);

describe('language loading', () => {
  it('has nothing to load for English or a language without built-in strings', () => {
    expect(languageReady('en-GB')).to.equal(undefined);
    expect(languageReady('fi')).to.equal(undefined);
    expect(loadedStrings('en')).to.equal(undefined);
  });

  it('renders a German widget first in German: its strings load before the first render', async () => {
    expect(loadedStrings('de'), 'German is not part of the first download').to.equal(undefined);
    const el = await fixture<LanguageProbe>(html`<div lang="de-AT"><language-probe></language-probe></div>`).then(
      (wrapper) => wrapper.querySelector('language-probe') as LanguageProbe,
    );
    await el.updateComplete;
    expect(el.rendered).to.deep.equal(['Wird geladen …']);
    expect(loadedStrings('de')?.retry).to.equal('Erneut versuchen');
    expect(languageReady('de'), 'loaded once, then ready at once').to.equal(undefined);
  });

  it('renders an English widget without waiting', async () => {
    const el = document.createElement('language-probe') as LanguageProbe;
    el.lang = 'en';
    document.body.append(el);
    try {
      // The first update is a microtask away: no strings to fetch first.
      await Promise.resolve();
      await Promise.resolve();
      expect(el.rendered).to.deep.equal(['Loading…']);
    } finally {
      el.remove();
    }
  });
});
