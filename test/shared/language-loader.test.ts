/**
 * Strings per language: English inline, German loaded on first need, and a widget on a German
 * page waits for its strings instead of flashing English.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { html } from 'lit';
import { TwElement } from '../../src/shared/tw-element.js';
import { addLanguage, languageReady, languageWait, loadedStrings, retryFailedLanguages } from '../../src/shared/localize/language-loader.js';
import { EN } from '../../src/shared/localize/en/index.js';
import type { Strings } from '../../src/shared/localize/strings.js';

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

describe('a language whose strings never arrive', () => {
  const wait = languageWait.ms;
  afterEach(() => (languageWait.ms = wait));

  it('renders in English after the wait instead of staying blank', async () => {
    addLanguage('xx', () => new Promise<never>(() => {}));
    languageWait.ms = 50;
    const el = await fixture<LanguageProbe>(html`<language-probe lang="xx"></language-probe>`);
    await el.updateComplete;
    expect(el.rendered).to.deep.equal(['Loading…']);
    expect(languageReady('xx'), 'waited once per language: later renders do not wait again').to.equal(undefined);
    const again = await fixture<LanguageProbe>(html`<language-probe lang="xx"></language-probe>`);
    expect(again.rendered, 'a widget added after the wait renders at once').to.deep.equal(['Loading…']);
  });

  it('renders in the language once its strings land after the wait', async () => {
    let arrive: (strings: Strings) => void = () => {};
    addLanguage('yy', () => new Promise<Strings>((resolve) => (arrive = resolve)));
    languageWait.ms = 20;
    const el = await fixture<LanguageProbe>(html`<language-probe lang="yy"></language-probe>`);
    await el.updateComplete;
    expect(el.rendered).to.deep.equal(['Loading…']);
    arrive({ ...EN, loading: 'Lataa…' });
    await waitUntil(() => el.rendered.length === 2, 'rendered again');
    expect(el.rendered[1]).to.equal('Lataa…');
  });
});

describe('a language whose strings failed to download', () => {
  it('is not asked for again (widgets speak English) until the failures are forgotten; then it loads', async () => {
    let attempts = 0;
    addLanguage('zz', () =>
      ++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ ...EN, retry: 'Uudelleen' }),
    );
    await languageReady('zz');
    expect(loadedStrings('zz')).to.equal(undefined);
    expect(languageReady('zz'), 'a failed language is not waited for again').to.equal(undefined);
    expect(attempts).to.equal(1);

    expect(retryFailedLanguages(), 'there was one to forget').to.equal(true);
    expect(retryFailedLanguages(), 'nothing left to forget').to.equal(false);
    const wait = languageReady('zz');
    expect(wait, 'forgotten: the next widget waits for it again').to.not.equal(undefined);
    await wait;
    expect(attempts).to.equal(2);
    expect(loadedStrings('zz')?.retry).to.equal('Uudelleen');
  });
});
