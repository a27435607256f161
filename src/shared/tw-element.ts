/**
 * The base every widget extends: configuration (base URL, currency, language, strings), the API
 * client, typed DOM events, and registration-safe defaults. Data loading lives in `DataTask`.
 */
import { LitElement, supportsAdoptingStyleSheets, type CSSResult, type PropertyDeclarations } from 'lit';
import { ApiClient } from '../api/client.js';
import type { OriginCache } from '../api/cache.js';
import { removedAttributeValue, restoreDefaults } from './attribute-defaults.js';
import { readoptStyles } from './document-sheets.js';
import { onConfigure, resolveBaseUrl, resolveCurrency, currentConfig, refreshWidgets } from './config.js';
import { inherited, isRtl, languageOf } from './localize/language.js';
import { languageLanding, languageReady } from './localize/language-loader.js';
import { englishFor, stringsFor, uiLanguageOf } from './localize/localize.js';
import type { Strings } from './localize/strings.js';
import { noteFocus, returnFocus } from './states.js';

// A site's language switch sets `lang` (and `dir`) on <html> or another ancestor after the widgets
// rendered: they follow it. (Inside another component's shadow root a change is seen at the next render.)
if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  new MutationObserver(refreshWidgets).observe(document, { attributeFilter: ['lang', 'dir'], subtree: true });
}

export abstract class TwElement extends LitElement {
  /**
   * Reactive properties are declared here and in each subclass's `static properties`, not with
   * decorators: the decorator helpers cost every page about 0.5 KB gzip (1.4 KB with every element).
   */
  static override properties: PropertyDeclarations = { baseUrl: { attribute: 'base-url', reflect: true }, currency: {}, strings: { attribute: false } };

  /**
   * The site's REST root (`https://example.org/wp-json`, `https://example.org/?rest_route=`) or our
   * proxy. Defaults to `<meta name="ticketing-widgets:base-url">`, then `configure({ baseUrl })`.
   */
  baseUrl?: string;

  /** ISO 4217 currency for prices (`EUR`); defaults to the page's; without one prices are plain numbers. */
  currency?: string;

  /** Overrides for any UI string (see `Strings`), e.g. `{ retry: 'Reload' }`. */
  strings?: Partial<Strings>;

  /**
   * True while data loads, reflected as the `pending` attribute (with `aria-busy`), as Spectrum's
   * pickers do; the previous content stays visible meanwhile.
   */
  get pending(): boolean {
    return this.dataTasks.some((task) => task.pending);
  }

  /**
   * Lazily loaded parts' styles, after the class's own (`adoptStyles`).
   * @internal
   */
  readonly partStyles: CSSResult[] = [];

  private readonly dataTasks: Array<{ readonly pending: boolean }> = [];
  private unsubscribe?: () => void;
  /**
   * A cache instead of the page-wide one for the base URL's origin (e.g. one on a fake clock in
   * tests). Set before connecting.
   * @internal
   */
  cache?: OriginCache;

  private clientCache?: { key: string; cache: OriginCache | undefined; client: ApiClient };

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value ?? removedAttributeValue(this, name));
  }

  protected override shouldUpdate(changed: Map<PropertyKey, unknown>): boolean {
    restoreDefaults(this, changed);
    noteFocus(this);
    return super.shouldUpdate(changed);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.unsubscribe = onConfigure(() => this.requestUpdate());
  }

  /**
   * Waits for the element's language before rendering (at most a few seconds per language and
   * page), so a German page never flashes English; English and languages already loaded render
   * without delay, and a language that lands after the wait renders once it is in.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const wait = languageReady(this.locale);
    if (wait) return wait.then(() => this.scheduleUpdate());
    void languageLanding(this.locale)?.then(() => this.requestUpdate());
    return super.scheduleUpdate();
  }

  /** @internal Called by DataTask so `pending` covers every load of the element. */
  trackTask(task: { readonly pending: boolean }): void {
    this.dataTasks.push(task);
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const pending = this.pending;
    this.toggleAttribute('pending', pending);
    if (pending) this.setAttribute('aria-busy', 'true');
    else this.removeAttribute('aria-busy');
    returnFocus(this, this.renderRoot, pending);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
  }

  /**
   * Made by the page but first connected in another document (appended into an iframe before it was
   * ever in the page): Lit would adopt the page's sheets, which the browser refuses there (Lit's
   * `createRenderRoot` throws and the widget never renders), so the shadow root gets sheets made for
   * its document. Without constructable sheets Lit's `<style>` elements work anywhere.
   * @internal
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    if (this.ownerDocument === document || !supportsAdoptingStyleSheets) return super.createRenderRoot();
    const root = this.attachShadow((this.constructor as typeof LitElement).shadowRootOptions);
    readoptStyles(this, this.partStyles);
    return root;
  }

  /**
   * Moved to another document (into an iframe): its styles go back in, made for that document.
   * @internal
   */
  adoptedCallback(): void {
    readoptStyles(this, this.partStyles);
  }

  /** The effective base URL (own attribute or page default); '' when none is configured. */
  get effectiveBaseUrl(): string {
    return resolveBaseUrl(this.baseUrl);
  }

  /** The effective language: own `lang`, the closest ancestor's, the document's. */
  get locale(): string {
    return languageOf(this);
  }

  /**
   * The language of the widget's own strings: its `locale`, or English where it has no strings
   * for that (a `lang="fr"` page) from the page or its own `strings`. The shadow root's wrapper carries it as `lang`.
   * @internal
   */
  get uiLanguage(): string {
    return uiLanguageOf(this.locale, this.strings);
  }

  /**
   * `lang` for what is in the page's language rather than the interface's (the site's titles,
   * excerpts, stop names, and dates formatted for the page) when the two differ; '' when they do not,
   * so a German or English page gets no extra attributes.
   * @internal
   */
  get contentLanguage(): string {
    const locale = this.locale;
    return this.uiLanguage === locale ? '' : locale;
  }

  /**
   * The English strings this widget shows (`englishFor(...families)`): a page loads only the string
   * families of the widgets on it.
   * @internal
   */
  protected static english: Partial<Strings> = englishFor();

  /**
   * The English the widget shows now: its class's `english`, unless part of it arrives later (with
   * a lazily loaded part's code).
   * @internal
   */
  protected get englishNow(): Partial<Strings> {
    return (this.constructor as typeof TwElement).english;
  }

  /** The widget's strings in its language, with the page's and its own overrides. */
  protected get text(): Strings {
    return stringsFor(this.locale, this.englishNow, this.strings);
  }

  /**
   * The same strings, for controllers that render part of the widget.
   * @internal
   */
  uiStrings(): Strings {
    return this.text;
  }

  protected get effectiveCurrency(): string | undefined {
    return resolveCurrency(this.currency);
  }

  /**
   * Writing direction for the shadow content: the page's `dir` as the browser resolves it (`:dir()`:
   * `dir="RTL"`, `dir="auto"` from the text, an ancestor beyond a shadow root), else the language's
   * when no `dir` keyword is set on the widget or any ancestor, across shadow roots as `lang` is found.
   * A browser without `:dir()` (Chrome before 120, Safari before 16.4) throws on it: there, `rtl` (any
   * case) on the nearest `dir`.
   */
  protected get direction(): 'rtl' | 'ltr' {
    // A `dir` that is no keyword (empty, mistyped) is none, as for the browser.
    const set = inherited(this, 'dir', (value) => (/^(ltr|rtl|auto)$/i.test(value) ? value : ''));
    let rtl: boolean;
    try {
      rtl = this.matches(':dir(rtl)');
    } catch {
      rtl = /^rtl$/i.test(set);
    }
    return rtl || (!set && isRtl(this.locale)) ? 'rtl' : 'ltr';
  }

  /**
   * One client per base URL, page timeout and cache: the element's own `cache` when set, else the
   * page-wide cache of the URL's origin.
   * @internal
   */
  clientFor(baseUrl: string): ApiClient {
    const { cache } = this;
    const timeoutMs = currentConfig().timeoutMs;
    // Keyed by the timeout too: a later configure({ timeoutMs }) reaches widgets already on the page.
    const key = `${timeoutMs} ${baseUrl}`;
    if (this.clientCache?.key !== key || this.clientCache.cache !== cache) {
      const client = new ApiClient({ baseUrl, ...(cache && { cache }), ...(timeoutMs !== undefined && { timeoutMs }) });
      this.clientCache = { key, cache, client };
    }
    return this.clientCache.client;
  }

  /**
   * Fires a `bubbles`/`composed` CustomEvent once the element has rendered, and resolves to false
   * when a listener cancelled it.
   */
  protected async emit<T>(name: string, detail: T, options: { cancelable?: boolean } = {}): Promise<boolean> {
    await this.updateComplete;
    return this.emitNow(name, detail, options);
  }

  /**
   * For a link click: offers the host a cancelable `name` event on a plain activation (modified
   * clicks open tabs as the visitor asked) and stops the link when the host cancels it.
   */
  protected offerLinkActivation<T>(click: MouseEvent, name: string, detail: T): void {
    if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    if (!this.emitNow<T>(name, detail, { cancelable: true })) click.preventDefault();
  }

  /** Synchronous variant for cancelable events whose default action must wait for the answer. */
  protected emitNow<T>(name: string, detail: T, options: { cancelable?: boolean } = {}): boolean {
    const event = new CustomEvent<T>(name, { bubbles: true, composed: true, cancelable: options.cancelable ?? false, detail });
    return this.dispatchEvent(event);
  }
}
