/**
 * Page-wide configuration. A widget's `base-url` attribute wins; else the page default from
 * `<meta name="ticketing-widgets:base-url" content="…">`; else `configure({ baseUrl })`.
 */
import type { Strings } from './localize/strings.js';

export interface PageConfig {
  /** REST root or proxy, e.g. `https://example.org/wp-json` or `/proxy/wp-json`. */
  baseUrl?: string;
  /** ISO 4217 currency for prices, e.g. `EUR`; without it prices are plain numbers. */
  currency?: string;
  /** Overrides for UI strings, per language (`{ en: {...}, de: {...} }`) or for all (`{ '*': {...} }`). */
  strings?: Record<string, Partial<Strings>>;
  /** Request timeout in ms for every widget (default 15 000). */
  timeoutMs?: number;
}

const META_PREFIX = 'ticketing-widgets:';
let pageConfig: PageConfig = {};
const listeners = new Set<() => void>();

/** Sets page-wide defaults; widgets already on the page pick them up. */
export function configure(config: PageConfig): void {
  pageConfig = { ...pageConfig, ...config };
  for (const listener of listeners) listener();
}

export function currentConfig(): Readonly<PageConfig> {
  return pageConfig;
}

/** Called by widgets so a later `configure()` re-renders them. Returns the unsubscribe function. */
export function onConfigure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function meta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${META_PREFIX}${name}"]`)?.content?.trim();
  return content ? content : undefined;
}

/** The base URL a widget should use: its own, else the page's. `''` when none is configured. */
export function resolveBaseUrl(own: string | null | undefined): string {
  return (own ?? '').trim() || meta('base-url') || pageConfig.baseUrl?.trim() || '';
}

export function resolveCurrency(own: string | null | undefined): string | undefined {
  return (own ?? '').trim() || meta('currency') || pageConfig.currency || undefined;
}
