/**
 * Site HTML (excerpts, biographies) rendered safely without making every page pay for a sanitizer:
 * where the browser has the HTML Sanitizer API (`Element.setHTML`) it does the work and
 * {@link enforcePolicy} narrows the result to our policy; elsewhere DOMPurify is loaded the first
 * time a widget has site HTML to show. A widget that only renders text loads neither.
 */
import { nothing, noChange } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { ALLOWED_TAGS, DROP_WITH_CONTENT, finishLink } from '../api/html-policy.js';
import { trustedSink } from './trusted-sink.js';
import { stripTags } from '../api/text.js';

type SetHtml = (html: string, options?: { sanitizer?: SanitizerConfig }) => void;

/** The part of the HTML Sanitizer API's configuration we use. */
interface SanitizerConfig {
  removeElements?: string[];
  comments?: boolean;
}
type Sanitize = (html: string) => string;

const XHTML = 'http://www.w3.org/1999/xhtml';
const ALLOWED = new Set(ALLOWED_TAGS);

/**
 * Unwraps or drops every element outside the policy and strips every attribute but a link's
 * `href`, in place. Runs on nodes the browser's sanitizer already made inert and script-free.
 */
export function enforcePolicy(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const name = element.localName;
    if (element.namespaceURI !== XHTML || !ALLOWED.has(name)) {
      if (DROP_WITH_CONTENT.has(name)) element.remove();
      else element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    // An `is` value outlives its attribute (it picks a customized built-in at creation): a fresh
    // element of the same name carries none.
    const kept = element.hasAttribute('is') ? plainCopy(element) : element;
    for (const attribute of Array.from(kept.attributes)) {
      if (!(name === 'a' && attribute.name === 'href')) kept.removeAttribute(attribute.name);
    }
    if (name === 'a') finishLink(kept);
  }
}

/** Replaces an element by a new one of the same name with its children and `href`, and returns it. */
function plainCopy(element: Element): Element {
  const plain = element.ownerDocument.createElement(element.localName);
  const href = element.getAttribute('href');
  if (href !== null) plain.setAttribute('href', href);
  plain.append(...Array.from(element.childNodes));
  element.replaceWith(plain);
  return plain;
}

/** The browser's own sanitizer, when it has one (looked up per call so tests can hide it). */
function nativeSetHtml(): SetHtml | undefined {
  const setHTML = (Element.prototype as Element & { setHTML?: SetHtml }).setHTML;
  return typeof setHTML === 'function' ? setHTML : undefined;
}

let inertDocument: Document | undefined;

const NATIVE_CONFIG: SanitizerConfig = { removeElements: [...DROP_WITH_CONTENT], comments: false };

function viaNativeSanitizer(html: string, setHTML: SetHtml): DocumentFragment {
  // A document without a browsing context (one per page, reused): an <img> the default sanitizer
  // keeps never loads there.
  inertDocument ??= document.implementation.createHTMLDocument('');
  const holder = inertDocument.createElement('div');
  // Every element but these survives to `enforcePolicy`, which unwraps the unknown ones as DOMPurify
  // does: with the browser's default list, `<font>`, `<x-note>` or Word's `<o:p>` would lose their
  // text. The safe `setHTML` still removes scripts, handlers and script URLs whatever we pass.
  setHTML.call(holder, html, { sanitizer: NATIVE_CONFIG });
  enforcePolicy(holder);
  const fragment = document.createDocumentFragment();
  fragment.append(...Array.from(holder.childNodes));
  return fragment;
}

/** DOMPurify's output, which only `fromSafeString` writes: our policy passes it as it is. */
const writeHtml = trustedSink('ticketing-widgets', { createHTML: (sanitized) => sanitized }, 'site HTML shows as plain text');

function fromSafeString(safe: string): DocumentFragment {
  // Parsed into the template's inert content: nothing loads or runs until Lit inserts it.
  const template = document.createElement('template');
  // Refused (Trusted Types without our policy): caught by every caller, which shows the words as plain text.
  if (!writeHtml((html) => (template.innerHTML = html), safe)) throw new TypeError('Trusted Types');
  return template.content;
}

let fallback: Sanitize | undefined;
let fallbackLoading: Promise<Sanitize> | undefined;

function loadFallback(): Promise<Sanitize> {
  // A failed download shows the words as plain text and is forgotten, so the next site HTML tries
  // again (and succeeds in a browser that no longer keeps a failed module fetch).
  fallbackLoading ??= import('../api/sanitize-html.js').then(
    (module) => (fallback = module.sanitizeHtml),
    (error: unknown) => {
      fallbackLoading = undefined;
      throw error;
    },
  );
  return fallbackLoading;
}

/** The sanitized nodes now, or undefined when the fallback sanitizer has yet to arrive. */
export function siteHtmlFragment(html: string): DocumentFragment | undefined {
  const setHTML = nativeSetHtml();
  if (setHTML) return viaNativeSanitizer(html, setHTML);
  return fallback ? fromSafeString(fallback(html)) : undefined;
}

/** The sanitized nodes, loading the fallback sanitizer when the browser has none. */
export async function siteHtmlFragmentAsync(html: string): Promise<DocumentFragment> {
  return siteHtmlFragment(html) ?? fromSafeString((await loadFallback())(html));
}

class SiteHtmlDirective extends AsyncDirective {
  private html?: string;

  render(html: string): unknown {
    if (html === this.html) return noChange;
    this.html = html;
    let now: DocumentFragment | undefined;
    try {
      now = siteHtmlFragment(html);
    } catch {
      // A page that refuses our HTML (Trusted Types without our policy): the words, as plain text.
      return stripTags(html);
    }
    if (now) return now;
    siteHtmlFragmentAsync(html).then(
      (fragment) => this.settle(html, fragment),
      // Without a sanitizer (its download failed) the words still show, as plain text.
      () => this.settle(html, stripTags(html)),
    );
    return nothing;
  }

  /** Shows a late result unless newer HTML has been rendered meanwhile. */
  private settle(html: string, value: DocumentFragment | string): void {
    if (this.html === html) this.setValue(value);
  }
}

/**
 * Renders site HTML made safe: simple formatting only, no attribute but a link's `href`, and links
 * that open in a new tab without opener or referrer.
 */
export const siteHtml = directive(SiteHtmlDirective);
