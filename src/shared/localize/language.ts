/** Which language an element speaks: no strings here, so the CDN loader can ask cheaply. */

/**
 * BCP 47 language of an element, following `lang` up the tree and out of shadow roots. Always a
 * tag `Intl` accepts: a formatter given `de_DE` (a PHP locale, as WordPress themes print it) throws,
 * and would leave a widget on its skeleton. Such a tag reads as `de-DE`; one that is no tag at all
 * is passed over like an empty `lang`.
 */
export function languageOf(element: Element): string {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) {
      const lang = wellFormed(node.getAttribute('lang')!);
      if (lang) return lang;
    }
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return (typeof navigator !== 'undefined' && navigator.language) || 'en';
}

/** `de` for `de-AT`: built-in strings are per primary language. */
export function primaryLanguage(lang: string): string {
  return lang.toLowerCase().split('-')[0] || 'en';
}

/** Right-to-left scripts, for `dir` when the page does not set one. */
export function isRtl(lang: string): boolean {
  return /^(ar|fa|he|iw|ps|ur|yi|dv|ckb|sd|ug)(-|$)/i.test(lang);
}

/** `lang` as a canonical BCP 47 tag, `_` read as `-`; '' when it is not one. */
function wellFormed(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang.trim().replace(/_/g, '-'))[0] ?? '';
  } catch {
    return '';
  }
}
