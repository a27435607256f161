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

/**
 * How long widgets wait for a language before they render in English (once per language and
 * page, not per render); tests shorten it.
 * @internal
 */
export const languageWait = { ms: 3000 };

const loaded = new Map<string, Strings>();
const loading = new Map<string, Promise<void>>();
const waits = new Map<string, Promise<void>>();
const waitedOut = new Set<string>();
const failed = new Set<string>();

/** The built-in strings of a language once loaded; undefined for English and languages not (yet) here. */
export function loadedStrings(lang: string): Strings | undefined {
  return loaded.get(primaryLanguage(lang));
}

/**
 * Forgets the languages whose strings failed to download (the CDN loader calls it when the browser
 * is back online), so the next widget to render waits for them again instead of speaking English.
 * True when there were any: widgets showing English in their place should render again.
 */
export function retryFailedLanguages(): boolean {
  for (const primary of failed) {
    waits.delete(primary);
    waitedOut.delete(primary);
  }
  const any = failed.size > 0;
  failed.clear();
  return any;
}

function startLoading(primary: string, load: () => Promise<Strings>): Promise<void> {
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

/**
 * Starts loading a built-in language. Returns a promise to wait on before rendering: it settles
 * when the strings are in or when the language's wait has run out, whichever comes first. Undefined
 * when there is nothing to wait for: loaded already, English, not built in, failed before, or its
 * wait over (the widget then speaks English until the strings land; see {@link languageLanding}).
 */
export function languageReady(lang: string): Promise<void> | undefined {
  const primary = primaryLanguage(lang);
  const load = LOADERS[primary];
  if (!load || loaded.has(primary) || failed.has(primary) || waitedOut.has(primary)) return undefined;
  const pending = startLoading(primary, load);
  let wait = waits.get(primary);
  if (!wait) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, languageWait.ms)));
    wait = Promise.race([pending, deadline]).then(() => {
      clearTimeout(timer);
      if (!loaded.has(primary)) waitedOut.add(primary);
    });
    waits.set(primary, wait);
  }
  return wait;
}

/** A language's download still on its way after its wait ran out, for a render once it lands. */
export function languageLanding(lang: string): Promise<void> | undefined {
  return waitedOut.has(primaryLanguage(lang)) ? loading.get(primaryLanguage(lang)) : undefined;
}
