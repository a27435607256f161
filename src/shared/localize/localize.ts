/**
 * Language resolution and string lookup: the element's own `lang`, else the closest ancestor's,
 * else the document's; English and German built in, everything overridable.
 */
import { currentConfig } from '../config.js';
import { DE } from './de.js';
import { EN, type Strings } from './strings.js';

const BUILT_IN: Record<string, Strings> = { en: EN, de: DE };

/** BCP 47 language of an element, following `lang` up the tree and out of shadow roots. */
export function languageOf(element: Element): string {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) {
      const lang = node.getAttribute('lang')!.trim();
      if (lang) return lang;
    }
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return (typeof navigator !== 'undefined' && navigator.language) || 'en';
}

/** Right-to-left scripts, for `dir` when the page does not set one. */
export function isRtl(lang: string): boolean {
  return /^(ar|fa|he|iw|ps|ur|yi|dv|ckb|sd|ug)(-|$)/i.test(lang);
}

/** The strings for a language: built-in base, then page overrides, then the element's own. */
export function stringsFor(lang: string, own?: Partial<Strings>): Strings {
  const primary = lang.toLowerCase().split('-')[0] ?? 'en';
  const page = currentConfig().strings ?? {};
  return {
    ...(BUILT_IN[primary] ?? EN),
    ...page['*'],
    ...page[primary],
    ...page[lang.toLowerCase()],
    ...own,
  };
}
