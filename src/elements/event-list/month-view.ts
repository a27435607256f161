/**
 * `<event-list view="month">`: the events of a month as a calendar grid (the WAI-ARIA grid pattern,
 * one roving tab stop among the days), or as an agenda of the days with events when the element is
 * narrower than AGENDA_BELOW_REM. Loaded by `month-loader.ts` on first use, so a plain list never
 * downloads it.
 *
 * Data: every event the filter matches, read once (`readEvents`, at most 1 000, through the shared
 * cache) and placed on the start day of each of its occurrences; the month is not part of the read,
 * so changing months never asks the site again.
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { EventItem, LocalDate } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { Announcer } from '../../shared/announcer.js';
import { resolveTimeZone } from '../../shared/config.js';
import { DataTask } from '../../shared/data-task.js';
import { errorView } from '../../shared/error-message.js';
import { formatTime, isoLocal } from '../../shared/format.js';
import { NarrowHost } from '../../shared/host-width.js';
import { adoptStyles } from '../../shared/adopt-styles.js';
import type { parseIds } from '../../shared/ids.js';
import type { Scheduler } from '../../shared/scheduler.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { siteZoneOf } from '../../shared/site-zone.js';
import { errorState, loadingState } from '../../shared/states.js';
import type { TwElement } from '../../shared/tw-element.js';
import { siteDate } from '../../shared/wall-clock.js';
import type { DatedEvent, occurrencesOf, readEvents } from './event-dates.js';
import { dayHeading, dayNumber, fullDate, monthLabel, monthName, weekdayNames } from './month-format.js';
import { addMonths, checkMonth, dayIn, isMonth, firstDayOfWeek, monthOf, monthWeeks, moveForKey, moveFrom, placeByDay, weekdayColumns } from './month-grid.js';
import type { DayEvent, YearMonth } from './month-grid.js';
import { monthViewStyles } from './month-view.styles.js';

/**
 * Below this width (in rem of the page's root font size: 480 px at 16 px) the month is an agenda,
 * the days with events one under another: seven columns narrower than about 4rem hold no title.
 */
export const AGENDA_BELOW_REM = 30;

/** `month-change` detail: both months as `YYYY-MM`. */
export interface MonthChangeDetail {
  month: YearMonth;
  previousMonth: YearMonth;
}

/** What the month view reads from `<event-list>` (its public properties). */
export interface MonthHost extends TwElement {
  view: string;
  month: string;
  category: string | number;
  organizer: string | number;
  includeChildren: boolean;
  search: string;
  timeZone: string;
  linkTarget: string;
  /** The clock "today" and the default month come from, as in the list. */
  scheduler: Scheduler;
}

/** What only the element itself can do for the view. */
export interface MonthHooks {
  rtl(): boolean;
  /** A plain click on an event's link: offer the cancelable `event-select` (the event at the day's occurrence). */
  select(click: MouseEvent, event: DatedEvent): void;
}

/**
 * What the view takes from modules only the list uses, passed by the loader rather than imported:
 * a module this lazy one shares with the list's entry would split that entry into a facade and a
 * chunk (rollup keeps entry signatures), and the list would pay for the view in bytes.
 */
export interface MonthDeps {
  readEvents: typeof readEvents;
  occurrencesOf: typeof occurrencesOf;
  /** The most events `readEvents` reads. */
  maxEvents: number;
  parseIds: typeof parseIds;
}

interface MonthData {
  events: readonly EventItem[];
  /** False when the filter matches more events than are read. */
  complete: boolean;
  zone: SiteZone | null;
}

/** Everything one render works from, read once. */
interface Frame {
  strings: Strings;
  locale: string;
  /** `lang` of the dates and titles when the interface speaks another language ('': none). */
  content: string;
  /** `lang` of the interface, for its words inside content marked `content`. */
  ui: string;
  month: YearMonth;
  today: LocalDate;
  days: Map<LocalDate, DayEvent[]>;
}

export class MonthView implements ReactiveController {
  private readonly announcer: Announcer;
  private readonly data: DataTask<readonly [boolean, string, string, boolean, string, string], MonthData | null>;
  /** The day holding the tab stop (the last one focused); null: today, else the 1st. */
  private focusDay: LocalDate | null = null;
  /** Move focus to `focusDay` once the next render is in (a key moved it). */
  private focusAfterRender = false;
  /** The day of the cell or agenda entry with focus as an update began. */
  private focusedDate: string | undefined;
  /** Agenda below AGENDA_BELOW_REM of the element's width, and until the width is known. */
  private readonly width: NarrowHost;
  /** Whether the last render drew the month (not a skeleton or an error, which fit any width). */
  private drawn = false;
  /** The events placed by day for one month of one load (see {@link daysOf}). */
  private placed: { data: MonthData; month: YearMonth; days: Map<LocalDate, DayEvent[]> } | undefined;

  constructor(
    private readonly host: MonthHost,
    private readonly hooks: MonthHooks,
    private readonly deps: MonthDeps,
  ) {
    this.announcer = new Announcer(() => host.requestUpdate());
    this.data = new DataTask(
      host,
      // A mistyped month reads nothing: render() shows the error.
      () =>
        [
          host.view === 'month' && (!host.month || isMonth(host.month)),
          host.category,
          host.organizer,
          host.includeChildren,
          host.search.trim(),
          host.timeZone,
        ] as const,
      async (client, [active, category, organizer, includeChildren, search, timeZone], signal) => {
        if (!active) return null; // back in the list (or a mistyped month): nothing to read
        const filter = { category: deps.parseIds(category), organizer: deps.parseIds(organizer), includeChildren, search };
        const [{ events, complete }, zone] = await Promise.all([
          deps.readEvents(client, filter, signal),
          siteZoneOf(client, resolveTimeZone(timeZone), signal),
        ]);
        return { events, complete, zone };
      },
    );
    // A skeleton or an error looks the same either way: only a drawn month is drawn again to fit.
    this.width = new NarrowHost(host, AGENDA_BELOW_REM, () => {
      if (this.drawn) host.requestUpdate();
    });
    host.addController(this);
    adoptStyles(host, [monthViewStyles]);
  }

  hostUpdate(): void {
    this.focusedDate = (this.host.renderRoot as ShadowRoot).activeElement?.closest<HTMLElement>('[data-date]')?.dataset['date'];
  }

  hostUpdated(): void {
    const root = this.host.renderRoot as ShadowRoot;
    if (this.focusAfterRender) {
      this.focusAfterRender = false;
      root.querySelector<HTMLElement>(`[data-date="${this.focusDay ?? ''}"]`)?.focus();
    } else if (this.focusedDate && !root.activeElement) {
      // The grid turned into the agenda or back (a zoom, a narrower window) under a focused day or
      // event: the same day (in the agenda its first event; a day without events is not there, the
      // next one is), rather than the whole month from its start.
      const date = this.focusedDate;
      const days = [...root.querySelectorAll<HTMLElement>('[data-date]')];
      const day = days.find((each) => each.dataset['date']! >= date) ?? days.at(-1);
      (day?.localName === 'td' ? day : day?.querySelector('a'))?.focus();
    }
  }

  /**
   * What the month shows, for the structured data: the placed days, the month, the site's zone; null
   * while loading, on an error or a mistyped month. The days map is the same object until the data
   * changes, so a caller can tell a change by identity.
   */
  shown(): { days: ReadonlyMap<LocalDate, DayEvent[]>; month: YearMonth; zone: SiteZone | null } | null {
    const state = this.data.state;
    if (state.kind !== 'complete' || state.pending || !state.value || (this.host.month && !isMonth(this.host.month))) return null;
    const { zone } = state.value;
    const month = this.host.month || monthOf(this.today(zone));
    return { days: this.daysOf(state.value, month), zone, month };
  }

  /** Today in the site's zone on the list's clock (its `scheduler`). */
  private today(zone: SiteZone | null): LocalDate {
    return siteDate(this.host.scheduler.now(), zone);
  }

  /**
   * The events placed by day, worked out again only for new data or another month, the same map
   * until then: an everyday event's daily slots reach about a year either side of the month shown
   * (EVERYDAY_MAX_DAYS), so a run of years appears in whichever month is shown.
   */
  private daysOf(data: MonthData, month: YearMonth): Map<LocalDate, DayEvent[]> {
    if (this.placed?.data !== data || this.placed.month !== month) {
      this.placed = { data, month, days: placeByDay(data.events, (event) => this.deps.occurrencesOf(event, `${month}-01`), month) };
    }
    return this.placed.days;
  }

  render(): TemplateResult {
    const strings = this.host.uiStrings();
    let body: unknown;
    this.drawn = false;
    try {
      if (this.host.month) checkMonth(this.host.month, 'month');
      body = this.data.render({
        loading: () => loadingState(strings, 4),
        error: (error, retry) => errorState(errorView(error, strings, 'events'), strings, retry),
        complete: (data) => (data ? this.renderMonth(data, strings) : loadingState(strings, 4)),
      });
    } catch (error) {
      // A mistyped month is a clear error, not some other month.
      body = errorState(errorView(error, strings, 'events'), strings, () => undefined);
    }
    return html`${this.announcer.render()}${body}`;
  }

  private renderMonth(data: MonthData, strings: Strings): TemplateResult {
    // Measured now if the observer has not reported yet: not the agenda swapped for the grid a frame later.
    const narrow = this.width.narrow(true);
    this.drawn = true;
    const today = this.today(data.zone);
    const month = this.host.month || monthOf(today);
    const frame: Frame = {
      strings,
      locale: this.host.locale,
      content: this.host.contentLanguage,
      ui: this.host.uiLanguage,
      month,
      today,
      days: this.daysOf(data, month),
    };
    const { locale } = frame;
    const label = monthLabel(month, locale);
    const previous = addMonths(month, -1);
    const next = addMonths(month, 1);
    const rtl = this.hooks.rtl();
    const empty = !hasEvents(month, frame.days);
    return html`<div part="content month" class="month">
      <nav part="month-nav" class="month-nav" aria-label=${strings.monthNavigation}>
        <button
          part="previous-month"
          type="button"
          aria-label=${format(strings.monthPrevious, { month: monthLabel(previous, locale) })}
          @click=${() => this.changeMonth(previous)}
        >
          <span aria-hidden="true">${rtl ? '›' : '‹'}</span> ${monthName(previous, locale)}
        </button>
        <button
          part="next-month"
          type="button"
          aria-label=${format(strings.monthNext, { month: monthLabel(next, locale) })}
          @click=${() => this.changeMonth(next)}
        >
          ${monthName(next, locale)} <span aria-hidden="true">${rtl ? '‹' : '›'}</span>
        </button>
      </nav>
      ${narrow ? this.renderAgenda(frame, label) : this.renderGrid(frame, label)}
      ${empty ? html`<p part="empty">${format(strings.monthEmpty, { month: label })}</p>` : nothing}
      ${
        data.complete
          ? nothing
          : html`<p part="limit-note" class="limit-note" role="status">
              ${format(strings.monthLimited, { count: new Intl.NumberFormat(locale).format(this.deps.maxEvents) })}
            </p>`
      }
    </div>`;
  }

  private renderGrid(frame: Frame, label: string): TemplateResult {
    const firstDay = firstDayOfWeek(frame.locale);
    const stop = this.tabStop(frame);
    return html`<table part="grid" class="grid" role="grid" lang=${frame.content || nothing}>
      <caption part="caption" class="caption">
        ${label}
      </caption>
      <thead>
        <tr>
          ${weekdayColumns(firstDay).map((day) => {
            const names = weekdayNames(day, frame.locale);
            return html`<th part="weekday" scope="col" abbr=${names.long}>${names.short}</th>`;
          })}
        </tr>
      </thead>
      <tbody @keydown=${this.onKeydown} @focusin=${this.onFocusIn}>
        ${monthWeeks(frame.month, firstDay).map(
          (week) =>
            html`<tr>
              ${week.map((day) => (day ? this.renderDay(day, frame, day === stop) : html`<td part="outside" class="outside" role="gridcell"></td>`))}
            </tr>`,
        )}
      </tbody>
    </table>`;
  }

  private renderDay(day: LocalDate, frame: Frame, stop: boolean): TemplateResult {
    const events = frame.days.get(day);
    const today = day === frame.today;
    return html`<td
      part=${today ? 'day today' : 'day'}
      class="day"
      role="gridcell"
      data-date=${day}
      tabindex=${stop ? '0' : '-1'}
      aria-current=${today ? 'date' : nothing}
    >
      <span class="day-number" aria-hidden="true">${dayNumber(day, frame.locale)}</span>
      <span class="visually-hidden">${fullDate(day, frame.locale)}</span>
      ${events ? this.renderEvents(events, frame, stop) : nothing}
    </td>`;
  }

  private renderAgenda(frame: Frame, label: string): TemplateResult {
    const days = [...frame.days.keys()].filter((day) => monthOf(day) === frame.month).sort();
    return html`<h3 part="caption" class="caption" id="month-caption" lang=${frame.content || nothing}>${label}</h3>
      ${
        days.length > 0
          ? html`<ul part="agenda" class="agenda" aria-labelledby="month-caption" lang=${frame.content || nothing}>
              ${days.map(
                (day) =>
                  html`<li part="agenda-day" class="agenda-day" data-date=${day} aria-current=${day === frame.today ? 'date' : nothing}>
                    <h4 part="day-heading" class="day-heading"><time datetime=${day}>${dayHeading(day, frame.locale)}</time></h4>
                    ${this.renderEvents(frame.days.get(day)!, frame, true)}
                  </li>`,
              )}
            </ul>`
          : nothing
      }`;
  }

  /** A day's events; their links are in the Tab order only on the day holding the grid's tab stop. */
  private renderEvents(events: DayEvent[], frame: Frame, reachable: boolean): TemplateResult {
    const target = this.host.linkTarget;
    // A crowded day's list scrolls; without a tabbable link in it, Chrome would make it a tab stop of its own.
    return html`<ul part="day-events" class="day-events" tabindex=${reachable ? nothing : '-1'}>
      ${events.map(({ event, date, continued }) => {
        // The fallback for an empty title is the interface's word, inside the page's language.
        const named = event.title.trim();
        const title = named || frame.strings.eventUntitled;
        const lang = named || !frame.content ? nothing : frame.ui;
        return html`<li part="day-event" class="day-event">
          ${
            continued
              ? html`<span part="event-time continued" class="event-time" lang=${frame.content ? frame.ui : nothing}>${frame.strings.monthContinued}</span>`
              : html`<time part="event-time" class="event-time" datetime=${isoLocal(date.start)}>${formatTime(date.start.slice(11, 16), frame.locale)}</time>`
          }
          ${
            event.link
              ? html`<a
                  part="link"
                  href=${event.link}
                  tabindex=${reachable ? nothing : '-1'}
                  target=${target || nothing}
                  rel=${target === '_blank' ? 'noopener' : nothing}
                  lang=${lang}
                  @click=${(click: MouseEvent) => this.hooks.select(click, { ...event, occurrence: date })}
                  >${title}</a
                >`
              : html`<span part="event-title" lang=${lang}>${title}</span>`
          }
        </li>`;
      })}
    </ul>`;
  }

  /** The day in the Tab order: the last one focused in this month, else today, else the 1st. */
  private tabStop(frame: Frame): LocalDate {
    if (this.focusDay && monthOf(this.focusDay) === frame.month) return this.focusDay;
    return monthOf(frame.today) === frame.month ? frame.today : `${frame.month}-01`;
  }

  /** The month shown (the data must be in: the default month is today's in the site's zone). */
  private shownMonth(): YearMonth | null {
    const data = this.data.value;
    return this.host.month || (data ? monthOf(this.today(data.zone)) : null);
  }

  /** Offers `month-change`; unless it is cancelled, shows `month` and announces it. */
  private changeMonth(month: YearMonth): boolean {
    const previousMonth = this.shownMonth();
    if (previousMonth === null || month === previousMonth) return previousMonth !== null;
    const detail: MonthChangeDetail = { month, previousMonth };
    if (!this.host.dispatchEvent(new CustomEvent<MonthChangeDetail>('month-change', { bubbles: true, composed: true, cancelable: true, detail }))) return false;
    this.host.month = month;
    const strings = this.host.uiStrings();
    const label = monthLabel(month, this.host.locale);
    const data = this.data.value;
    this.announcer.announce(data && !hasEvents(month, this.daysOf(data, month)) ? format(strings.monthEmpty, { month: label }) : label);
    return true;
  }

  private readonly onFocusIn = (event: FocusEvent): void => {
    const day = dayOf(event.target);
    if (day && day !== this.focusDay) {
      this.focusDay = day;
      this.host.requestUpdate();
    }
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    const day = dayOf(event.target);
    const move = moveForKey(event.key, this.hooks.rtl());
    if (!day || !move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    let target = moveFrom(day, move, firstDayOfWeek(this.host.locale));
    // Shift+PageUp/PageDown: a year, as in the APG date picker.
    if (event.shiftKey && (move === 'next-month' || move === 'previous-month'))
      target = dayIn(addMonths(monthOf(day), move === 'next-month' ? 12 : -12), Number(day.slice(8)));
    if (monthOf(target) !== monthOf(day) && !this.changeMonth(monthOf(target))) return;
    this.focusDay = target;
    this.focusAfterRender = true;
    this.host.requestUpdate();
  };
}

function dayOf(target: EventTarget | null): LocalDate | undefined {
  return (target instanceof Element ? target.closest<HTMLElement>('[data-date]') : null)?.dataset['date'];
}

function hasEvents(month: YearMonth, days: Map<LocalDate, DayEvent[]>): boolean {
  for (const day of days.keys()) if (monthOf(day) === month) return true;
  return false;
}
