/** Writing and saving an `.ics` file: loaded on the first "Download .ics" click. */
import { eventsToIcs, ICS_MIME } from '../../api/export/ics.js';
import type { EventItem } from '../../api/models.js';
import type { CalendarContext } from './add-to-calendar.js';

/** How long an object URL outlives its click: long enough for every browser to start the download. */
export const REVOKE_DELAY_MS = 1000;

/**
 * Saves `text` as a file: a Blob behind an object URL, clicked through a temporary `<a download>`
 * that is removed at once; the URL is revoked after REVOKE_DELAY_MS.
 */
export function downloadText(filename: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.hidden = true;
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
  }
}

/** A file name from a title: an ASCII slug (accents folded, at most 60 characters) + `.ics`; `<fallback>.ics` when nothing is left. */
export function icsFilename(title: string, fallback = 'event'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || fallback}.ics`;
}

/**
 * Builds the file and saves it as `<title slug>.ics` (`<fallback>.ics` without a usable title). Its own
 * chunk, loaded on the first click: the writer and the download code are no part of a first render.
 */
export function saveIcs(events: readonly EventItem[], title: string, fallback: string | undefined, context: CalendarContext): void {
  const text = eventsToIcs(events, {
    now: (context.now ?? Date.now)(),
    around: context.around,
    zone: context.zone,
    siteUrl: context.siteUrl,
    calendarName: context.calendarName,
    online: context.strings.online,
    categories: context.categories,
  });
  (context.download ?? downloadText)(icsFilename(title, fallback), ICS_MIME, text);
}
