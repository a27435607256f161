/** Which language an element speaks: no strings here, so the CDN loader can ask cheaply. */

/**
 * BCP 47 language of an element, following `lang` up the tree and out of shadow roots. Always a
 * tag `Intl` accepts: a formatter given `de_DE` (a PHP locale, as WordPress themes print it) throws,
 * and would leave a widget on its skeleton. Such a tag reads as `de-DE`; one that is no tag at all
 * is passed over like an empty `lang`.
 */
export function languageOf(element: Element): string {
  return inherited(element, 'lang', wellFormed) || (typeof navigator !== 'undefined' && navigator.language) || 'en';
}

/**
 * The first non-empty `read(value)` of attribute `name` from `element` up the tree and out of
 * shadow roots, '' when there is none: what an element inherits, as `:lang()` and `:dir()` see it.
 */
export function inherited(element: Element, name: string, read = (value: string) => value): string {
  let node: Node | null = element;
  while (node) {
    // By nodeType, not instanceof: in an iframe a widget was moved into, its ancestors are nodes of
    // that document's realm.
    const value = node.nodeType === 1 && (node as Element).getAttribute(name);
    const meant = value && read(value);
    if (meant) return meant;
    node = node.parentNode ?? (node.nodeType === 11 ? ((node as ShadowRoot).host ?? null) : null);
  }
  return '';
}

/** `de` for `de-AT`: built-in strings are per primary language. */
export function primaryLanguage(lang: string): string {
  return lang.toLowerCase().split('-')[0] || 'en';
}

/** Right-to-left scripts, for `dir` when the page does not set one. */
export function isRtl(lang: string): boolean {
  return /^(ar|fa|he|iw|ps|ur|yi|dv|ckb|sd|ug)(-|$)/i.test(lang);
}

/**
 * `lang` with `_` read as `-`, as written otherwise ('' when it is no tag): canonical forms rename
 * real codes (`tl` to `fil`, `iw` to `he`), and page string overrides are keyed by what pages write.
 */
function wellFormed(lang: string): string {
  const tag = lang.trim().replace(/_/g, '-');
  try {
    Intl.getCanonicalLocales(tag);
    return tag;
  } catch {
    return '';
  }
}
