import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import { listAllCategories, listEvents } from '../../api/events.js';
import { addToCalendar, downloadAllCalendar, type CalendarContext, type CalendarMenu } from './add-to-calendar.js';
import { addToCalendarStyles } from './add-to-calendar.styles.js';
import { syncStructuredData } from './structured-data-script.js';
import { checkDate, invalidArgument, isDate } from '../../api/paging.js';
import type { EventDate, EventItem, Page, Term } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { errorView } from '../../shared/error-message.js';
import { formatDateTime, formatPriceRange, isoLocal } from '../../shared/format.js';
import { parseIds } from '../../shared/ids.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { firstPageOnNewFilter, pageNumber, pageProperty, pager, goToPage } from '../../shared/pager.js';
export type { PageChangeDetail } from '../../shared/pager.js';
import { isPartNotLoaded, partLoadError } from '../../shared/part-load.js';
import { siteHtml } from '../../shared/site-html.js';
import { emptyState, errorState, loadingState } from '../../shared/states.js';
import { baseStyles, cardListStyles, chipStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { eventListStyles } from './event-list.styles.js';
import { laterDates, listAround, loadDated, occurrencesOf, startsWithin, type DatedEvent, type DateRange } from './event-dates.js';
import { badgesOf, type EventBadge } from './event-badges.js';
import { foreignInstant, visitorTime, zoneLabel } from './event-time.js';
import { resolveTimeZone } from '../../shared/config.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { siteDateTime } from '../../shared/wall-clock.js';
import type { LocalDateTime } from '../../api/models.js';
import { zoneText, type SiteZone } from '../../api/site-time.js';
import { Announcer } from '../../shared/announcer.js';
import { NarrowHost } from '../../shared/host-width.js';
import { nextTask } from '../../shared/next-task.js';
import { englishFor } from '../../shared/localize/localize.js';
import { EVENTS_EN } from '../../shared/localize/en/events.js';
import { MonthLoader } from './month-loader.js';
import { DayRollover } from './day-rollover.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
export type { MonthChangeDetail } from './month-view.js';

export interface EventSelectDetail {
  event: EventItem;
}

export type EventListOrder = 'published' | 'upcoming';
export type EventListLayout = 'list' | 'grid' | 'compact';
export type EventListView = 'list' | 'month';

/** What every card of a page shares, read once per render. */
interface CardContext {
  strings: Strings;
  locale: string;
  /** `lang` of the site's text and the dates formatted for the page, when the interface speaks another ('': none). */
  content: string;
  currency: string | undefined;
  /** Null: the names could not be read (yet). */
  categories: ReadonlyMap<number, Term> | null | undefined;
  compact: boolean;
  /** The site's zone once known (null: not known yet, or the site does not say). */
  zone: SiteZone | null;
  /** Site-local now, for "past" badges; null until the zone is known. */
  now: LocalDateTime | null;
  fewLeft: number;
  showLocalTime: boolean;
  /** The list's date range, for a dated card's later dates. */
  range: DateRange;
  calendar: CalendarContext;
}

export interface SearchChangeDetail {
  search: string;
}

/** Badge text keys, literal so the string-family test sees them. */
const BADGE_TEXT = {
  'sold-out': 'badgeSoldOut',
  'few-left': 'badgeFewLeft',
  'registration-closed': 'badgeRegistrationClosed',
  past: 'badgePast',
  online: 'badgeOnline',
  hybrid: 'badgeHybrid',
} as const satisfies Record<EventBadge, keyof Strings>;

/** Below this width (rem of the page's root font size: 480 px at 16 px) cards stack, image above text. */
const NARROW_BELOW_REM = 30;

/** At most this many dates of one event go into the structured data. */
const STRUCTURED_MAX_DATES = 10;

/**
 * The events a month shows, each with only its dates on that month's days (at most STRUCTURED_MAX_DATES),
 * in the order they first appear.
 */
function monthEvents(days: ReadonlyMap<string, ReadonlyArray<{ event: EventItem; date: EventDate }>>, month: string): EventItem[] {
  const dates = new Map<EventItem, EventDate[]>();
  for (const day of [...days.keys()].filter((key) => key.startsWith(`${month}-`)).sort()) {
    for (const { event, date } of days.get(day)!) {
      const list = dates.get(event) ?? [];
      // An occurrence over several days is on each of them: described once.
      if (list.length < STRUCTURED_MAX_DATES && !list.includes(date)) list.push(date);
      dates.set(event, list);
    }
  }
  return [...dates].map(([event, [first, ...rest]]) => ({ ...event, start: first!.start, end: first!.end, moreDates: rest, recurrence: 'no' }));
}

/** Whether this page has failed to load the JSON-LD builder (said once). */
let structuredDataFailed = false;

/** What the list's own task holds while the month view reads for itself. */
const MONTH_PLACEHOLDER: Page<EventItem> = { items: [], total: 0, totalPages: 0, page: 1, perPage: 10 };

/** Runs `job` when the browser is idle (soon, at the latest after a second); `cancelIdle` undoes it. */
const whenIdle = (job: () => void): number =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(job, { timeout: 1000 }) : (setTimeout(job, 1) as unknown as number);
const cancelIdle = (handle: number): void => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle));

/**
 * Events from `/wp/v2/mep_events`, paged, filtered by category and organizer.
 *
 * @tagname event-list
 * @summary A list of events from a WordPress event site.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's events page.
 *
 * @event {CustomEvent<EventSelectDetail>} event-select - Cancelable. An event was activated; `detail.event` is the Event model. Cancel it to open your own view instead of following the link.
 * @event {CustomEvent<PageChangeDetail>} page-change - Cancelable. The visitor asked for another page; `detail.page`, `detail.previousPage`. Cancel it to keep the page.
 * @event {CustomEvent<SearchChangeDetail>} search-change - Cancelable. The visitor searched (`searchable`); `detail.search` is the trimmed text ('' when cleared). Cancel it to keep the current search.
 * @event {CustomEvent<MonthChangeDetail>} month-change - Cancelable. `view="month"`: the visitor asked for another month (buttons, PageUp/PageDown, or a key past the month's edge); `detail.month`, `detail.previousMonth` (`YYYY-MM`). Cancel it to keep the month.
 *
 * @csspart content - The wrapper around the list and the pagination.
 * @csspart list - The `<ul>` of events.
 * @csspart item - One event (`<li>`).
 * @csspart link - The link around an event's title and image.
 * @csspart image - The featured image (decorative: `alt=""`, the title beside it names the event).
 * @csspart title - The event title.
 * @csspart date - The start date and time.
 * @csspart zone - The site's time-zone name beside a time, where it differs from the visitor's (`<abbr>`, full name in its title).
 * @csspart local-time - The visitor's own time (`show-local-time`).
 * @csspart badges - The list of an event's badges.
 * @csspart badge - One badge; each also has `badge-sold-out`, `badge-few-left`, `badge-registration-closed`, `badge-past`, `badge-online` or `badge-hybrid`.
 * @csspart search - The search form (`searchable`).
 * @csspart search-label - The search field's label.
 * @csspart search-input - The search field.
 * @csspart search-button - The Search button.
 * @csspart announcer - The polite live region that announces search results (`view="month"`: a new month).
 * @csspart more-dates - "+N more dates".
 * @csspart venue - The venue, or "Online".
 * @csspart price - The price or price range.
 * @csspart categories - The list of category names.
 * @csspart category - One category name.
 * @csspart excerpt - The sanitized excerpt.
 * @csspart calendar - An event's "Add to calendar" disclosure (`<details>`).
 * @csspart calendar-toggle - Its `<summary>`.
 * @csspart calendar-ics - "Download .ics" (the file is made on click: every date of the event, in UTC from the site's zone).
 * @csspart calendar-google - The Google Calendar link (opens a new tab).
 * @csspart calendar-outlook - The Outlook link (opens a new tab).
 * @csspart calendar-download-all - "Download these events (.ics)" above the list.
 * @csspart loading - The loading skeleton.
 * @csspart empty - The "no events" message.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 * @csspart first-page - "First page", in place of Retry when a page past the end was asked for.
 * @csspart pagination - The pagination bar.
 * @csspart previous - The Previous button.
 * @csspart next - The Next button.
 * @csspart page-status - "Page X of Y".
 * @csspart month - `view="month"`: the wrapper around the month (also `content`).
 * @csspart month-nav - The previous / next month buttons.
 * @csspart previous-month - The previous month button.
 * @csspart next-month - The next month button.
 * @csspart caption - The month and year (the grid's `<caption>`, the agenda's heading).
 * @csspart grid - The month `<table role="grid">`.
 * @csspart weekday - A weekday column header.
 * @csspart day - A day cell of the month (`gridcell`).
 * @csspart today - The day cell of today (site time), with `aria-current="date"`.
 * @csspart outside - A cell before the 1st or after the last day of the month (empty).
 * @csspart day-events - The list of a day's events.
 * @csspart day-event - One event on a day.
 * @csspart event-time - An event's start time on a day; on the later days of an event that runs over several days, "continued" (also `continued`).
 * @csspart event-title - An event's title where the site gives no link.
 * @csspart agenda - Narrow containers: the list of the month's days with events.
 * @csspart agenda-day - One day of the agenda.
 * @csspart day-heading - The date heading of an agenda day.
 * @csspart limit-note - "Only the first 1 000 events are placed": the filter matches more events than are read.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text colour.
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of each event card.
 * @cssprop --tw-color-border - Borders.
 * @cssprop --tw-color-accent - Links, buttons, focus ring.
 * @cssprop --tw-color-accent-contrast - Text on accent-coloured buttons.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-color-skeleton - Loading placeholder colour.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-event-image-size - Width of the image in list layout (default 8rem).
 * @cssprop --tw-event-min-column - Minimum column width in grid layout (default 16rem).
 */
export class EventList extends TwElement {
  static override properties: PropertyDeclarations = {
    category: { reflect: true },
    organizer: { reflect: true },
    includeChildren: { type: Boolean, attribute: 'include-children' },
    perPage: { type: Number, attribute: 'per-page' },
    page: pageProperty,
    order: { reflect: true },
    timeZone: { attribute: 'time-zone', reflect: true },
    search: { reflect: true },
    fromDate: { attribute: 'from-date', reflect: true },
    toDate: { attribute: 'to-date', reflect: true },
    searchable: { type: Boolean, reflect: true },
    fewLeft: { type: Number, attribute: 'few-left' },
    showLocalTime: { type: Boolean, attribute: 'show-local-time', reflect: true },
    noStructuredData: { type: Boolean, attribute: 'no-structured-data', reflect: true },
    layout: { reflect: true },
    linkTarget: { attribute: 'link-target' },
    view: { reflect: true },
    month: { reflect: true },
  };

  /** @internal */
  protected static override english = englishFor(EVENTS_EN);

  static override styles = [baseStyles, cardListStyles, chipStyles, eventListStyles, addToCalendarStyles];

  /** Category id(s) (`mep_cat`), e.g. `12` or `3,4`: events in any of them. */
  category: string | number = '';

  /** Organizer id(s) (`mep_org`), e.g. `7` or `7,8`. */
  organizer: string | number = '';

  /** Also include events of child categories. */
  includeChildren = false;

  /** Events per page (default 10; more than 100 is fetched in 100-event pages). */
  perPage = 10;

  /**
   * The page shown, from 1; updated when the visitor pages, and back to 1 when `category`,
   * `organizer`, `include-children`, `order`, `search`, `from-date` or `to-date` changes (unless the
   * app sets `page` with them, even to the page shown).
   */
  page = 1;

  /**
   * `published`: latest published first (the site's order). `upcoming`: by next date, past events
   * hidden; reads at most 1 000 events, and again at the site's midnight while the page stays open
   * (a lobby screen moves on to the new day without a reload).
   */
  order: EventListOrder = 'published';

  /**
   * `order="upcoming"`: the site's time zone (WordPress Settings → General), an IANA name such as
   * `Europe/Berlin` or an offset such as `+05:30`, to tell which events have ended. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  timeZone = '';

  /** WordPress's search: only events whose title, excerpt or content contain every word. */
  search = '';

  /**
   * Only events with a date starting on or after this day (`YYYY-MM-DD`, site time). With a range or
   * `order="upcoming"` the list places events by their dates itself and reads at most 1 000 events.
   */
  fromDate = '';

  /** Only events with a date starting on or before this day (`YYYY-MM-DD`, site time). */
  toDate = '';

  /** Shows a search box above the list; what the visitor searches for becomes `search`. */
  searchable = false;

  /**
   * Shows "Few seats left" at this many seats left or fewer, read from the plugin's
   * `mep_total_seat_left` (0, the default, shows none). Set it only where that count means seats
   * left: plugin 5.5 stores the seats *sold* under that name.
   */
  fewLeft = 0;

  /** Also show each time in the visitor's own zone where it differs from the site's. */
  showLocalTime = false;

  /**
   * Writes no schema.org `Event` JSON-LD into the page. By default the element keeps one
   * `<script type="application/ld+json" data-tw-structured-data>` child in its light DOM describing
   * the events it shows (one `Event` per date), for search engines.
   */
  noStructuredData = false;

  /** `list` (default), `grid` or `compact`. */
  layout: EventListLayout = 'list';

  /**
   * The clock (today, upcoming, the month view's default month) and the timer of the site's midnight.
   * Set before connecting, e.g. a `FakeScheduler` in tests.
   * @internal
   */
  scheduler: Scheduler = realScheduler;

  /** `target` for event links, e.g. `_blank`. */
  linkTarget = '';

  /**
   * `list` (default): the paged list. `month`: the month's events in a calendar grid, each event on
   * every day it takes place (narrower than 30rem: an agenda of the days with events); reads at most
   * 1 000 events, once for every month. Loaded on first use. The search box (`searchable`) is the
   * list's; `search` filters both.
   */
  view: EventListView = 'list';

  /**
   * `view="month"`: the month shown, `YYYY-MM`; default the current month in site time (see
   * `time-zone`). Updated when the visitor changes month.
   */
  month = '';

  private readonly monthView = new MonthLoader(this, {
    rtl: () => this.direction === 'rtl',
    select: (click, event) => this.offerLinkActivation(click, 'event-select', { event }),
  });

  /**
   * Category names; a failure here only hides the names, never the events (null: read again with the
   * events' next load, so a blip does not hide them until a reload).
   */
  private readonly categories = new DataTask(
    this,
    () => [this.view === 'month'] as const,
    (client, [month], signal): Promise<Map<number, Term> | null> =>
      (month ? Promise.resolve([]) : listAllCategories(client, { signal })).then(
        (terms) => new Map(terms.map((term) => [term.id, term])),
        () => null,
      ),
  );

  /**
   * The site's zone (the page's choice, else the site's REST index, read once per site and cached),
   * for "past" badges, zone names and local times. The events never wait for it (beyond the one task
   * `scheduleUpdate` gives answers landing together): cards show what they can and gain these when
   * the zone is known.
   */
  private readonly zone = new DataTask(
    this,
    () => [this.timeZone] as const,
    (client, [timeZone], signal): Promise<SiteZone | null> => siteZoneOf(client, resolveTimeZone(timeZone), signal),
    // The events are shown without it: a slow index must not keep the list aria-busy.
    false,
  );

  private readonly rollover = new DayRollover(this, () => this.zone.value ?? null);

  private readonly events = new DataTask(
    this,
    () =>
      [
        // An upcoming list reads again at the site's midnight: yesterday's events leave it.
        this.order === 'upcoming' ? this.rollover.turns : 0,
        this.category,
        this.organizer,
        this.includeChildren,
        pageNumber(this.perPage, 10, 1000),
        pageNumber(this.page, 1),
        this.order,
        this.timeZone,
        this.search.trim(),
        this.fromDate.trim(),
        this.toDate.trim(),
        this.view === 'month',
      ] as const,
    (
      client,
      [, category, organizer, includeChildren, perPage, page, order, , search, fromText, toText, month],
      signal,
    ): Promise<Page<EventItem | DatedEvent>> => {
      if (this.categories.value === null) this.categories.run();
      // The month view reads for itself (month-view.ts).
      if (month) return Promise.resolve(MONTH_PLACEHOLDER);
      // A mistyped date is a clear error, not a silently unfiltered list.
      const from = fromText ? checkDate(fromText, 'from-date') : null;
      const to = toText ? checkDate(toText, 'to-date') : null;
      if (from !== null && to !== null && from > to) throw invalidArgument(`from-date (${from}) is after to-date (${to})`);
      const filter = { category: parseIds(category), organizer: parseIds(organizer), includeChildren, search };
      return order === 'upcoming' || from !== null || to !== null
        ? loadDated(
            client,
            filter,
            { upcoming: order === 'upcoming', range: { from, to }, page, perPage },
            { now: this.scheduler.now(), zone: resolveTimeZone(this.timeZone) },
            signal,
          )
        : listEvents(client, { ...filter, page, perPage }, { signal });
    },
  );

  private readonly announcer = new Announcer(() => this.requestUpdate());

  /**
   * Narrow: the element's own width (not the viewport's) is below NARROW_BELOW_REM; cards stack. Read
   * from a ResizeObserver rather than a CSS container query: a query container has no width of its
   * own, so in a flex row or an auto grid column (WordPress's Row and Stack blocks) it would collapse.
   */
  private readonly width = new NarrowHost(this, NARROW_BELOW_REM, () => this.requestUpdate());

  /** Events whose "Add to calendar" is open, and the disclosure's items once loaded (on first open). */
  private readonly calendarOpen = new Set<number>();
  private calendarMenu: CalendarMenu | undefined;

  /**
   * Loads the calendar menu's module (a stub in tests).
   * @internal
   */
  importCalendarMenu: () => Promise<{ calendarMenu: CalendarMenu }> = () => import('./calendar-menu.js');

  private readonly onCalendarToggle = (eventId: number, open: boolean): void => {
    if (open) this.calendarOpen.add(eventId);
    else this.calendarOpen.delete(eventId);
    if (open && !this.calendarMenu) {
      this.importCalendarMenu().then(
        (module) => {
          this.calendarMenu = module.calendarMenu;
          this.requestUpdate();
        },
        // Closed again, so the button does not claim an open menu; the next click tries again.
        (error: unknown) => {
          this.calendarOpen.delete(eventId);
          this.announceFailure(partLoadError(error), 'calendar');
        },
      );
    } else this.requestUpdate();
  };

  /** Says that a calendar action failed: a part that did not download, else "Something went wrong (code)". */
  private announceFailure(error: unknown, code: string): void {
    const strings = this.text;
    this.announcer.announce(isPartNotLoaded(error) ? strings.errorPartNotLoaded : format(strings.errorGeneric, { code }));
  }

  /**
   * The JSON-LD for the events shown, kept off the render path: building it reads the site's offset
   * at every date (a hundred events are thousands of Intl calls), so it is built once per change of
   * its inputs, when the browser is idle, and removed at once when there is nothing to describe.
   */
  private structuredInputs: readonly unknown[] = [];
  private structuredJob: { handle: number; stale: boolean } | undefined;

  /**
   * What the structured data describes now: the list's page or the month's events; null for nothing,
   * 'wait' to keep what is there a moment longer.
   */
  private described(): { inputs: unknown[]; events: () => EventItem[]; zone: SiteZone | null } | 'wait' | null {
    if (this.noStructuredData) return null;
    if (this.view === 'month') {
      const shown = this.monthView.shown();
      if (!shown) return null;
      return { inputs: [shown.days, shown.month, shown.zone], events: () => monthEvents(shown.days, shown.month), zone: shown.zone };
    }
    const state = this.events.state;
    if (state.kind !== 'complete' || state.value === MONTH_PLACEHOLDER) return null;
    // Wait for the zone once: offsets written without it would be rewritten a moment later.
    if (this.zone.value === undefined && this.zone.pending) return 'wait';
    const zone = this.zone.value ?? null;
    return { inputs: [state.value, zone], events: () => state.value.items.map((event) => this.describedDates(event, zone)), zone };
  }

  private scheduleStructuredData(): void {
    // A removed list still updates (an app setting a property on it): its job waits for `connectedCallback`.
    if (!this.isConnected) return;
    const described = this.described();
    if (described === 'wait') return;
    if (described === null) {
      this.cancelStructuredData();
      this.structuredInputs = [];
      syncStructuredData(this, null);
      return;
    }
    const baseUrl = this.effectiveBaseUrl;
    const inputs = [...described.inputs, this.effectiveCurrency, baseUrl];
    if (inputs.length === this.structuredInputs.length && inputs.every((input, n) => input === this.structuredInputs[n])) return;
    this.structuredInputs = inputs;
    this.cancelStructuredData();
    const events = described.events();
    if (events.length === 0) {
      syncStructuredData(this, null);
      return;
    }
    const job = { handle: 0, stale: false };
    const context = { zone: described.zone, currency: this.effectiveCurrency };
    job.handle = whenIdle(() => void this.writeStructuredData(events, context, baseUrl, job));
    this.structuredJob = job;
  }

  /** The date range the list asks for (a mistyped date is none) and, for upcoming order, the site's now. */
  private datedBy(zone: SiteZone | null): [DateRange, LocalDateTime | null] {
    const day = (text: string) => (isDate(text.trim()) ? text.trim() : null);
    return [{ from: day(this.fromDate), to: day(this.toDate) }, this.order === 'upcoming' ? siteDateTime(this.scheduler.now(), zone) : null];
  }

  /**
   * The dates the structured data describes: in an upcoming or date-range list only those that
   * qualify there (not the past ones, not those outside the range), at most STRUCTURED_MAX_DATES per
   * event, so one event with a long series does not fill the page with Events nobody is shown.
   */
  private describedDates(event: EventItem, zone: SiteZone | null): EventItem {
    const [range, now] = this.datedBy(zone);
    const dates = occurrencesOf(event, listAround(range, now))
      .filter((date) => startsWithin(date, range) && (now === null || (date.end ?? date.start) >= now))
      .slice(0, STRUCTURED_MAX_DATES);
    const [first, ...rest] = dates;
    // Dates already expanded: the copy is no longer "everyday".
    return first ? { ...event, start: first.start, end: first.end, moreDates: rest, recurrence: 'no' } : { ...event, start: null, end: null, moreDates: [] };
  }

  /**
   * The builder loads on the first job (its own chunk, off the first render's path). A job overtaken
   * by a newer one drops its result, and builds nothing, but lets its reads finish: the newer job
   * shares them through the cache instead of asking again. A builder that cannot load (a chunk gone
   * after a redeploy) leaves the page without JSON-LD, which the visitor never sees: it is said once,
   * in the console, and the next job tries again.
   */
  private async writeStructuredData(
    events: readonly EventItem[],
    context: { zone: SiteZone | null; currency: string | undefined },
    baseUrl: string,
    job: { stale: boolean },
  ): Promise<void> {
    let builder: typeof import('./structured-data-text.js');
    try {
      builder = await import('./structured-data-text.js');
    } catch (error) {
      if (!structuredDataFailed) console.warn('ticketing-widgets: the structured data (JSON-LD) builder could not be loaded.', error);
      structuredDataFailed = true;
      return;
    }
    const text = await builder.structuredDataText(this.clientFor(baseUrl), events, context, () => job.stale);
    if (job.stale || text === null) return;
    syncStructuredData(this, text);
  }

  private cancelStructuredData(): void {
    if (this.structuredJob === undefined) return;
    cancelIdle(this.structuredJob.handle);
    this.structuredJob.stale = true;
    this.structuredJob = undefined;
  }

  /**
   * Reads landing together are drawn once: while the events, their category names or the site's
   * zone are still loading, an update waits one task, so answers the cache settles in the same task
   * (every one, for a page's second list) reach the cards in one render, not three.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated && (this.events.pending || this.categories.pending || this.zone.pending)) {
      return nextTask().then(() => super.scheduleUpdate());
    }
    return super.scheduleUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in a page (a move disconnects and reconnects at once, with no update to follow): the job
    // cancelled on the way out is scheduled again.
    if (this.hasUpdated) this.scheduleStructuredData();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cancelStructuredData();
    this.structuredInputs = [];
  }

  override render(): TemplateResult {
    const strings = this.text;
    if (this.view === 'month') return html`<div class="root" dir=${this.direction} lang=${this.uiLanguage}>${this.monthView.render()}</div>`;
    // Asked only once there are cards (a skeleton fits any width): before the observer's first
    // report, the first cards are measured for.
    const narrow = this.events.value !== undefined && this.width.narrow(false);
    return html`<div class="root ${narrow ? 'narrow' : ''}" dir=${this.direction} lang=${this.uiLanguage}>
      ${this.searchable ? this.renderSearch(strings) : nothing} ${this.announcer.render()}
      ${this.events.render({
        loading: () => loadingState(strings, this.layout === 'compact' ? 3 : 4),
        error: (error, retry) => errorState(errorView(error, strings, 'events'), strings, retry, () => goToPage(this, 1)),
        // Back from the month view, its placeholder is no list: the skeleton until the list is in.
        complete: (page, pending) => (page === MONTH_PLACEHOLDER ? loadingState(strings, 4) : this.renderPage(page, pending)),
      })}
    </div>`;
  }

  private renderPage(page: Page<EventItem | DatedEvent>, pending: boolean): TemplateResult {
    const strings = this.text;
    if (page.items.length === 0) {
      // The empty state is a status region: it speaks for a search without results, once.
      return emptyState(this.search.trim() ? strings.searchNoResults : this.order === 'upcoming' ? strings.eventsUpcomingEmpty : strings.eventsEmpty);
    }
    // Read once per page, not per card: the language walks the tree, the strings merge overrides.
    const zone = this.zone.value ?? null;
    const [range, now] = this.datedBy(zone);
    const content = this.contentLanguage;
    const card: CardContext = {
      strings,
      locale: this.locale,
      content,
      currency: this.effectiveCurrency,
      categories: this.categories.value,
      compact: this.layout === 'compact',
      zone,
      now: this.zone.value === undefined ? null : siteDateTime(this.scheduler.now(), zone),
      fewLeft: Number.isFinite(this.fewLeft) ? this.fewLeft : 0,
      showLocalTime: this.showLocalTime,
      range,
      calendar: {
        zone,
        around: listAround(range, now),
        strings,
        locale: this.locale,
        content,
        siteUrl: this.effectiveBaseUrl,
        ...(this.categories.value && { categories: new Map([...this.categories.value].map(([id, term]) => [id, term.name])) }),
        onError: (error) => this.announceFailure(error, 'ics'),
        ...(this.calendarMenu && { menu: this.calendarMenu }),
        open: this.calendarOpen,
        onToggle: this.onCalendarToggle,
      },
    };
    return html`<div part="content">
      ${downloadAllCalendar(
        page.items.map((event) => titled(event, strings.eventUntitled)),
        card.calendar,
      )}
      <ul part="list" class="list layout-${this.layout}" aria-label=${strings.eventsLabel}>
        ${page.items.map((event) => this.renderEvent(event, card))}
      </ul>
      ${pager({ page: page.page, totalPages: page.totalPages, busy: pending, go: (to) => goToPage(this, to), label: strings.pagination }, strings, this.locale)}
    </div>`;
  }

  private renderEvent(listed: EventItem | DatedEvent, context: CardContext): TemplateResult {
    const { strings, locale, currency, categories, compact } = context;
    const lang = context.content || nothing;
    // An empty title's fallback is the interface's word: it keeps the wrapper's language, not the page's.
    const titleLang = listed.title.trim() ? lang : nothing;
    const event = titled(listed, strings.eventUntitled);
    const when = 'occurrence' in event ? event.occurrence.start : event.start;
    const names = categories ? event.categoryIds.map((id) => categories.get(id)?.name).filter((name): name is string => !!name) : [];
    const more = 'occurrence' in event ? laterDates(event, context.range) : event.moreDates.length;
    const price = formatPriceRange(event.priceRange, strings, locale, currency);
    const venue = event.mode === 'online' ? strings.online : event.venue ? [event.venue.name, event.venue.city].filter(Boolean).join(', ') : '';
    return html`<li part="item">
      <article class="card">
        ${
          // Decorative: the title heading beside it names the event; an alt repeating it is read twice.
          event.imageUrl && !compact ? html`<img part="image" class="image" src=${event.imageUrl} alt="" loading="lazy" decoding="async" />` : nothing
        }
        <div class="body">
          <h3 part="title" class="title" lang=${titleLang}>
            ${
              event.link
                ? html`<a
                    part="link"
                    href=${event.link}
                    target=${this.linkTarget || nothing}
                    rel=${this.linkTarget === '_blank' ? 'noopener' : nothing}
                    @click=${(click: MouseEvent) => this.offerLinkActivation(click, 'event-select', { event })}
                    >${event.title}</a
                  >`
                : event.title
            }
          </h3>
          ${this.renderBadges(event, 'occurrence' in event ? event.occurrence : null, context)}
          <p class="meta">
            <span part="date">${when ? this.renderWhen(when, context) : strings.dateToBeAnnounced}</span>
            ${more > 0 ? html`<span part="more-dates">${more === 1 ? strings.moreDatesOne : format(strings.moreDatesOther, { count: more })}</span>` : nothing}
            ${venue ? html`<span part="venue" lang=${event.mode === 'online' ? nothing : lang}>${venue}</span>` : nothing}
            ${price ? html`<span part="price">${price}</span>` : nothing}
          </p>
          ${
            names.length > 0 && !compact
              ? html`<ul part="categories" class="chips" aria-label=${strings.eventCategoriesLabel}>
                  ${names.map((name) => html`<li part="category" class="chip" lang=${lang}>${name}</li>`)}
                </ul>`
              : nothing
          }
          ${event.excerptHtml && !compact ? html`<div part="excerpt" class="excerpt" lang=${lang}>${siteHtml(event.excerptHtml)}</div>` : nothing}
          ${addToCalendar(event, 'occurrence' in event ? event.occurrence : null, context.calendar, titleLang === lang ? '' : this.uiLanguage)}
        </div>
      </article>
    </li>`;
  }

  private renderWhen(when: LocalDateTime, { locale, content, zone, showLocalTime, strings }: CardContext): TemplateResult {
    const instant = foreignInstant(when, zone);
    return html`<time datetime=${isoLocal(when)} lang=${content || nothing}>${formatDateTime(when, locale)}</time>${
        instant !== null && zone !== null ? html` <abbr part="zone" class="zone" title=${zoneText(zone)}>${zoneLabel(instant, zone, locale)}</abbr>` : nothing
      }${
        instant !== null && showLocalTime
          ? html` <span part="local-time" class="local-time">${format(strings.localTime, { time: visitorTime(instant, locale) })}</span>`
          : nothing
      }`;
  }

  private renderBadges(event: EventItem, shown: EventDate | null, { strings, now, fewLeft }: CardContext): TemplateResult | typeof nothing {
    const badges = badgesOf(event, { now, fewLeft }, shown);
    if (badges.length === 0) return nothing;
    return html`<ul part="badges" class="badges" aria-label=${strings.badgesLabel}>
      ${badges.map((badge) => html`<li part="badge badge-${badge}" class="badge badge-${badge}">${strings[BADGE_TEXT[badge]]}</li>`)}
    </ul>`;
  }

  private renderSearch(strings: Strings): TemplateResult {
    return html`<form part="search" class="search" role="search" @submit=${this.onSearchSubmit}>
      <label part="search-label" for="search">${strings.searchLabel}</label>
      <input part="search-input" id="search" name="search" type="search" .value=${this.search} enterkeyhint="search" @search=${this.onSearchCleared} />
      <button part="search-button" type="submit">${strings.searchButton}</button>
    </form>`;
  }

  private readonly onSearchSubmit = (submit: SubmitEvent): void => {
    submit.preventDefault();
    const input = (submit.currentTarget as HTMLFormElement).elements.namedItem('search') as HTMLInputElement;
    this.applySearch(input.value);
  };

  /** The search field's clear button (and Escape in it) empties the search at once. */
  private readonly onSearchCleared = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement;
    if (input.value === '') this.applySearch('');
  };

  private applySearch(text: string): void {
    const search = text.trim();
    if (search === this.search.trim()) return;
    if (!this.emitNow<SearchChangeDetail>('search-change', { search }, { cancelable: true })) return;
    this.search = search;
    this.page = 1;
    this.searchAnnounced = false;
  }

  /** After a visitor's search, how many events it found is announced once, when it lands. */
  private searchAnnounced = true;

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    firstPageOnNewFilter(this, changed, ['category', 'organizer', 'includeChildren', 'order', 'search', 'fromDate', 'toDate']);
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    this.scheduleStructuredData();
    // After the update that started the search's task (so `pending` says whether it is done).
    const state = this.events.state;
    if (!this.searchAnnounced && state.kind === 'error') this.searchAnnounced = true; // the alert speaks for itself
    const page = state.kind === 'complete' && !state.pending ? state.value : undefined;
    if (!this.searchAnnounced && page) {
      this.searchAnnounced = true;
      const strings = this.text;
      // No results: the empty state (a status region) says so; announcing it too would say it twice.
      if (page.total > 0) this.announcer.announce(format(page.total === 1 ? strings.searchResultsOne : strings.searchResultsOther, { count: page.total }));
    }
  }
}

/** A title the admin left empty would leave an empty link, heading and calendar entry: name it. */
function titled<T extends EventItem>(event: T, untitled: string): T {
  return event.title.trim() ? event : { ...event, title: untitled };
}
