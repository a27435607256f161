/**
 * Page-wide configuration. A widget's `base-url` attribute wins; else the page default from
 * `<meta name="ticketing-widgets:base-url" content="…">`; else `configure({ baseUrl })`. The same
 * order holds for `currency` and `time-zone`.
 */
import { parseSiteZone, type SiteZone } from '../api/site-time.js';
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
  /**
   * The site's time zone, an IANA name (`Europe/Berlin`) or an offset (`+05:30`): "today", the
   * board clock and "upcoming" follow the site's wall clock. Without it, the viewer's zone.
   */
  timeZone?: string;
}

const META_PREFIX = 'ticketing-widgets:';
let pageConfig: PageConfig = {};
const listeners = new Set<() => void>();

/** Sets page-wide defaults; widgets already on the page pick them up. */
export function configure(config: PageConfig): void {
  pageConfig = { ...pageConfig, ...config };
  refreshWidgets();
}

/** Renders every widget on the page again: after `configure()`, a language switch, strings that arrived. */
export function refreshWidgets(): void {
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

/** The site's zone: the widget's own `time-zone`, else the page's; null (the viewer's zone) when none is set or readable. */
export function resolveTimeZone(own: string | null | undefined): SiteZone | null {
  const text = (own ?? '').trim() || meta('time-zone') || pageConfig.timeZone?.trim() || '';
  return text === '' ? null : parseSiteZone(text);
}

export function resolveCurrency(own: string | null | undefined): string | undefined {
  return (own ?? '').trim() || meta('currency') || pageConfig.currency || undefined;
}
