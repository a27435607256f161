/**
 * When a board's data stops being live: after `stale-after` seconds without a successful refresh
 * (three refresh intervals unless set) it says so on the board itself, "Live updates unavailable
 * since 10:42", announced once per outage.
 */
import { html, type TemplateResult } from 'lit';
import type { SiteZone } from '../../../api/site-time.js';
import { format, type Strings } from '../../../shared/localize/strings.js';
import { refreshIntervalMs } from '../../../shared/refresh-scheduler.js';
import { stampOf } from './stamp.js';

/** `stale-after` seconds in ms; unset or not positive: three refresh intervals. */
export function staleAfterMs(staleAfter: number | null, refreshSeconds: number): number {
  if (typeof staleAfter === 'number' && Number.isFinite(staleAfter) && staleAfter > 0) return staleAfter * 1000;
  return 3 * refreshIntervalMs(refreshSeconds);
}

/** The moment the data shown stopped being live (its last success), or null while it is. */
export function staleSince(updatedAt: number | null, now: number, afterMs: number): number | null {
  return updatedAt !== null && now - updatedAt >= afterMs ? updatedAt : null;
}

/** "Live updates unavailable since 10:42", with the date when that was not today. */
export function staleText(since: number, now: number, zone: SiteZone | null, strings: Strings, locale: string): string {
  return format(strings.boardStaleSince, { time: stampOf(since, now, zone, locale).text });
}

/** The banner on the board itself (not a live region: the announcer says it once). */
export function staleBanner(text: string): TemplateResult {
  return html`<p part="stale-banner">${text}</p>`;
}
