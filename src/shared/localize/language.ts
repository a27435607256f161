/** Which language an element speaks: no strings here, so the CDN loader can ask cheaply. */

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

/** `de` for `de-AT`: built-in strings are per primary language. */
export function primaryLanguage(lang: string): string {
  return lang.toLowerCase().split('-')[0] || 'en';
}

/** Right-to-left scripts, for `dir` when the page does not set one. */
export function isRtl(lang: string): boolean {
  return /^(ar|fa|he|iw|ps|ur|yi|dv|ckb|sd|ug)(-|$)/i.test(lang);
}
