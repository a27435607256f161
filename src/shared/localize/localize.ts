/**
 * String lookup: the element's language (see `language.ts`), the English strings of the widget's
 * families (`en/`) or another built-in language once loaded (`language-loader.ts`), everything
 * overridable.
 */
import { currentConfig } from '../config.js';
import { COMMON_EN } from './en/common.js';
import { loadedStrings } from './language-loader.js';
import { primaryLanguage } from './language.js';
import type { Strings } from './strings.js';

/** English for a widget: the strings every widget needs plus those of its families. */
export function englishFor(...families: ReadonlyArray<Partial<Strings>>): Partial<Strings> {
  return Object.assign({}, COMMON_EN, ...families);
}

/** The page's strings (`configure({ strings })`) that apply to `lang`: for any language, its primary language, `lang` itself. */
function pageStrings(lang: string): Array<Partial<Strings> | undefined> {
  const page = currentConfig().strings ?? {};
  return [page['*'], page[primaryLanguage(lang)], page[lang.toLowerCase()]];
}

/**
 * The strings for a language: built-in base (another language's whole table, or the widget's
 * English), then page overrides, then the element's own.
 */
export function stringsFor(lang: string, english: Partial<Strings>, own?: Partial<Strings>): Strings {
  return Object.assign({}, loadedStrings(lang) ?? english, ...pageStrings(lang), own) as Strings;
}

/**
 * The language the strings `stringsFor(lang, …)` gives are in: `lang` itself when they are English,
 * its loaded built-in table or the page's own strings for it (`configure({ strings: { fr: … } })`,
 * taken as a translation of the interface) or the element's `own` strings (`el.strings`, a page
 * translating one widget), else English, the fallback. Widgets mark their interface with it, so a
 * screen reader reads English words on a French page as English.
 */
export function uiLanguageOf(lang: string, own?: Partial<Strings>): string {
  const [, primary, exact] = pageStrings(lang);
  return primaryLanguage(lang) === 'en' || loadedStrings(lang) || primary || exact || (own && Object.keys(own).length) ? lang : 'en';
}
