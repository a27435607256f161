/**
 * String lookup: the element's language (see `language.ts`), English inline and other built-in
 * languages once loaded (`language-loader.ts`), everything overridable.
 */
import { currentConfig } from '../config.js';
import { loadedStrings } from './language-loader.js';
import { primaryLanguage } from './language.js';
import { EN, type Strings } from './strings.js';

/** The strings for a language: built-in base, then page overrides, then the element's own. */
export function stringsFor(lang: string, own?: Partial<Strings>): Strings {
  const page = currentConfig().strings ?? {};
  return {
    ...(loadedStrings(lang) ?? EN),
    ...page['*'],
    ...page[primaryLanguage(lang)],
    ...page[lang.toLowerCase()],
    ...own,
  };
}
