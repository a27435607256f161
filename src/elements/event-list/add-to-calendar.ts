/**
 * "Add to calendar" for event cards, as render functions a list calls with what it has (event, zone,
 * strings, locale): a disclosure button per event (`aria-expanded`; the host keeps which are open)
 * offering a `.ics` file, Google Calendar and Outlook, and a list-level button that
 * downloads every shown event as one file. The disclosure's items (`calendar-menu.ts`, with the link
 * builders) are rendered once a visitor opens it and the host has loaded them, and the `.ics` writer is
 * imported only when a visitor asks for a file, so list pages carry neither and a hundred cards build no
 * links. Style with `addToCalendarStyles` (add-to-calendar.styles.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { calendarOccurrences } from '../../api/occurrences.js';
import type { EventDate, EventItem, LocalDate } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { formatDateTime } from '../../shared/format.js';
import type { Strings } from '../../shared/localize/strings.js';
import { partLoadError } from '../../shared/part-load.js';

/** The strings the calendar actions show (all in the events and common families). */
export type CalendarStrings = Pick<
  Strings,
  'calendarAdd' | 'calendarDownloadIcs' | 'calendarGoogle' | 'calendarOutlook' | 'calendarNewTab' | 'calendarDownloadAll' | 'online'
>;

/** Saves a text file in the browser; `downloadText` unless replaced. */
export type DownloadFn = (filename: string, mime: string, text: string) => void;

/** What the calendar actions need besides the event; read once per render. */
export interface CalendarContext {
  /** The site's zone; null when unknown (floating times: the reading in the visitor's zone). */
  zone: SiteZone | null;
  strings: CalendarStrings;
  /** Formats the occurrence in the disclosure's accessible name. */
  locale: string;
  /** `lang` of the event's title and date in that name when the interface speaks another language ('': none). */
  content?: string;
  /** The site's URL (e.g. the REST base); its host names the files' UIDs. */
  siteUrl?: string;
  /** Name of the list-level file (X-WR-CALNAME and the file name); default "events". */
  calendarName?: string;
  /** Category names by id, for CATEGORIES. */
  categories?: ReadonlyMap<number, string>;
  /** The clock for DTSTAMP (default `Date.now`). */
  now?: () => number;
  /**
   * The day a long everyday run's slots are placed around (api/occurrences.ts), as the list places
   * its events (`listAround`); none: from its start, as a list by publish date shows it.
   */
  around?: LocalDate;
  /**
   * Told when the file cannot be made: the writer's module did not download (`isPartNotLoaded`, from
   * part-load.ts; announce `errorPartNotLoaded`) or making or saving it failed (announce `errorGeneric`).
   */
  onError?: (error: unknown) => void;
  /** Saves the file (default `downloadText`). */
  download?: DownloadFn;
  /** Renders an open disclosure's items (`calendarMenu` from calendar-menu.ts); none until loaded. */
  menu?: CalendarMenu;
  /** Events whose disclosure is open: only these get their items (every event is open when absent). */
  open?: ReadonlySet<number>;
  /** Told when a visitor opens or closes an event's disclosure (to load the menu, track `open`). */
  onToggle?: (eventId: number, open: boolean) => void;
}

/** The items of one event's disclosure for one of its dates. */
export type CalendarMenu = (event: EventItem, date: EventDate, context: CalendarContext, download: () => void) => TemplateResult;

/** Builds the file (loading the writer on first use) and saves it; failures go to `onError`. */
export async function saveIcs(events: readonly EventItem[], title: string, fallback: string | undefined, context: CalendarContext): Promise<void> {
  try {
    const writer = await import('./save-ics.js').catch((error: unknown) => {
      throw partLoadError(error);
    });
    writer.saveIcs(events, title, fallback, context);
  } catch (error) {
    if (context.onError) context.onError(error);
    else console.error(error);
  }
}

/**
 * One event's "Add to calendar" disclosure, or nothing for an event without a date. The `.ics` file
 * holds every occurrence; the Google and Outlook links add `occurrence` (the one the card shows;
 * null: the first). `titleLang`: the interface's language where the title is its fallback for an
 * empty one, inside the page's language of the name's date.
 */
export function addToCalendar(event: EventItem, occurrence: EventDate | null, context: CalendarContext, titleLang = ''): TemplateResult | typeof nothing {
  const date = occurrence ?? calendarOccurrences(event, context.around)[0] ?? null;
  if (!date) return nothing;
  const { menu, open, onToggle } = context;
  const expanded = open ? open.has(event.id) : true;
  const items = `calendar-${event.id}`;
  // A button disclosure (WAI-ARIA's disclosure pattern), not <details>: a list of a hundred cards
  // would otherwise carry a hundred user-agent shadow trees to style and lay out.
  return html`<div part="calendar" class="calendar">
    <button
      type="button"
      part="calendar-toggle"
      class="calendar-toggle"
      aria-expanded=${expanded ? 'true' : 'false'}
      aria-controls=${expanded && menu ? items : nothing}
      @click=${() => onToggle?.(event.id, !expanded)}
    >
      ${context.strings.calendarAdd}<span class="visually-hidden" lang=${context.content || nothing}>
        (${titleLang ? html`<span lang=${titleLang}>${event.title}</span>` : event.title}, ${formatDateTime(date.start, context.locale)})</span
      >
    </button>
    ${expanded && menu ? html`<div id=${items}>${menu(event, date, context, () => void saveIcs([event], event.title, undefined, context))}</div>` : nothing}
  </div>`;
}

/** "Download these events (.ics)": one file of every occurrence of `events`; nothing when none has a date. */
export function downloadAllCalendar(events: readonly EventItem[], context: CalendarContext): TemplateResult | typeof nothing {
  const dated = events.filter((event) => calendarOccurrences(event, context.around).length > 0);
  if (dated.length === 0) return nothing;
  return html`<button
    type="button"
    part="calendar-download-all"
    class="calendar-download-all"
    @click=${() => saveIcs(dated, context.calendarName ?? '', 'events', context)}
  >
    ${context.strings.calendarDownloadAll}
  </button>`;
}
