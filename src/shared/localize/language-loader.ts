/**
 * Built-in strings other than English, loaded when a page first needs them: English ships inline,
 * every other language is its own chunk, so an English page never downloads German.
 */
import type { Strings } from './strings.js';
import { primaryLanguage } from './language.js';

const LOADERS: Record<string, () => Promise<Strings>> = {
  de: () => import('./de.js').then((module) => module.DE),
};

/**
 * Adds a built-in language (tests use it for a download that never ends).
 * @internal
 */
export function addLanguage(primary: string, load: () => Promise<Strings>): void {
  LOADERS[primary] = load;
}

const loaded = new Map<string, Strings>();
const loading = new Map<string, Promise<void>>();
const failed = new Set<string>();

/** The built-in strings of a language once loaded; undefined for English and languages not (yet) here. */
export function loadedStrings(lang: string): Strings | undefined {
  return loaded.get(primaryLanguage(lang));
}

/**
 * Starts loading a built-in language. Returns a promise while its strings are on their way, and
 * undefined when there is nothing to wait for: loaded already, English, not built in, or failed
 * before (the widget then speaks English rather than waiting forever).
 */
export function languageReady(lang: string): Promise<void> | undefined {
  const primary = primaryLanguage(lang);
  const load = LOADERS[primary];
  if (!load || loaded.has(primary) || failed.has(primary)) return undefined;
  let pending = loading.get(primary);
  if (!pending) {
    pending = load().then(
      (strings) => void loaded.set(primary, strings),
      (error: unknown) => {
        failed.add(primary);
        console.warn(`ticketing-widgets: the "${primary}" strings could not be loaded; showing English.`, error);
      },
    );
    loading.set(primary, pending);
    void pending.finally(() => loading.delete(primary));
  }
  return pending;
}
