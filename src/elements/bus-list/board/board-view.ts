/**
 * The departure board's markup: a live clock, a plain `<table>` (caption, column headers, one row
 * per departure, the time as row header), the "last updated" stamp and the offline/problem notice.
 * Nothing here is a live region; the announcer speaks for the board.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Bus, LocalDate } from '../../../api/models.js';
import { countdownText, minutesUntil, type TimeFormat } from './countdown.js';
import { formatTime, formatWeekday } from '../../../shared/format.js';
import { format, type Strings } from '../../../shared/localize/strings.js';
import type { nextDayMarker, stopName, timeOf, TimeContext } from '../bus-format.js';
import type { BusViewContext, selectButton } from '../bus-item.js';
import type { SiteZone } from '../../../api/site-time.js';
import { addDays, siteTime } from '../../../shared/wall-clock.js';
import { stampOf } from './stamp.js';

/**
 * How one bus reads, as on the list's cards (`bus-format.ts`, `bus-item.ts`). Handed to the board by
 * its loader, not imported: see `BoardDeps` (board-controller.ts).
 */
export interface BusViews {
  timeOf: typeof timeOf;
  nextDayMarker: typeof nextDayMarker;
  stopName: typeof stopName;
  selectButton: typeof selectButton;
}

/** "Departures from Paris" when every departure leaves from one stop, else "Departures". */
export function boardCaption(buses: readonly Bus[], strings: Strings, views: BusViews): string {
  const from = buses[0]?.from;
  return from && buses.every((bus) => bus.from === from) ? format(strings.boardCaptionFrom, { from: views.stopName(from) }) : strings.boardCaption;
}

/** The site's wall clock, `HH:MM`, formatted for the page (so in its language, `content`). */
export function boardClock(now: number, zone: SiteZone | null, { strings, locale, content }: TimeContext): TemplateResult {
  const time = siteTime(now, zone);
  return html`<p part="clock">
    <span class="visually-hidden">${strings.boardClock} </span><time datetime=${time} lang=${content || nothing}>${formatTime(time, locale)}</time>
  </p>`;
}

/** How a board shows a day and its times: the site's today, the present, the time format, the few-seats threshold. */
export interface BoardTableOptions {
  today: LocalDate;
  now: number;
  zone: SiteZone | null;
  timeFormat: TimeFormat;
  /** Seats left at or below this (and above 0) get a "Few seats" badge; 0 for none. */
  fewSeats: number;
}

/**
 * Seats left for signage: a number, "Few seats" at or below the threshold, "Full" at none. A
 * negative count is implausible data, not shown as live.
 */
function seatsCell(bus: Bus, strings: Strings, locale: string, fewSeats: number): TemplateResult | string {
  const left = bus.seatsLeft;
  if (left === null || left < 0) return '';
  if (left === 0) return html`<span part="badge full">${strings.boardFull}</span>`;
  const count = new Intl.NumberFormat(locale).format(left);
  return left <= fewSeats ? html`${count} <span part="badge few-seats">${strings.boardFewSeats}</span>` : count;
}

/** The departure cell: the clock time, or a countdown with the clock time for screen readers. */
function departureCell(bus: Bus, context: BusViewContext, options: BoardTableOptions, { timeOf }: BusViews): TemplateResult {
  const countdown = countdownText(minutesUntil(bus, options.now, options.zone), options.timeFormat, context.strings, context.locale);
  if (countdown === null) return timeOf(bus.departureTime, bus, context);
  return html`<span part="countdown">${countdown}</span><span class="visually-hidden"> (${timeOf(bus.departureTime, bus, context)})</span>`;
}

/** "Tomorrow", else the weekday and date ("Thu, 26 Nov"), heading a later day's departures. */
export function dayHeading(date: LocalDate, today: LocalDate, strings: Strings, locale: string): string {
  return date === addDays(today, 1) ? strings.boardTomorrow : formatWeekday(date, locale);
}

/** A full-width row that heads the departures of a day after today; a date formatted for the page is in its language. */
function dayRow(date: LocalDate, today: LocalDate, { strings, locale, content }: TimeContext): TemplateResult {
  return html`<tr part="day-row" data-date=${date}>
    <th scope="colgroup" colspan="6" part="day" lang=${(date !== addDays(today, 1) && content) || nothing}>${dayHeading(date, today, strings, locale)}</th>
  </tr>`;
}

export function boardTable(rows: readonly Bus[], caption: string, context: BusViewContext, options: BoardTableOptions, views: BusViews): TemplateResult {
  const { strings, locale } = context;
  const lang = context.content || nothing;
  const { timeOf, nextDayMarker, stopName, selectButton } = views;
  const { today } = options;
  // A heading goes before the first departure of each day after today.
  const headed = rows.map((bus, index) => {
    const day = bus.date ?? today;
    const previous = index === 0 ? today : (rows[index - 1]!.date ?? today);
    return { bus, day, heading: day !== today && day !== previous ? day : null };
  });
  return html`<table part="table">
    <caption part="caption">
      ${caption}
    </caption>
    <thead>
      <tr part="header-row">
        <th scope="col" part="header">${strings.boardDeparture}</th>
        <th scope="col" part="header">${strings.boardDestination}</th>
        <th scope="col" part="header">${strings.boardBus}</th>
        <th scope="col" part="header">${strings.boardType}</th>
        <th scope="col" part="header">${strings.boardArrival}</th>
        <th scope="col" part="header">${strings.boardSeats}</th>
      </tr>
    </thead>
    <tbody>
      ${headed.map(
        ({ bus, day, heading }) =>
          html`${heading ? dayRow(heading, today, context) : nothing}
            <tr part="row${bus.seatsLeft === 0 ? ' sold-out' : ''}" data-bus=${bus.id} data-departure=${`${bus.id} ${day}`}>
              <th scope="row" part="cell departure">${departureCell(bus, context, options, views)}</th>
              <td part="cell destination" lang=${lang}>${stopName(bus.to)}</td>
              <td part="cell bus">${selectButton(bus, context)}</td>
              <td part="cell type" lang=${lang}>${bus.type}</td>
              <td part="cell arrival">${timeOf(bus.arrivalTime, bus, context, bus.arrivalDayOffset)}${nextDayMarker(bus, strings)}</td>
              <td part="cell seats">${seatsCell(bus, strings, locale, options.fewSeats)}</td>
            </tr>`,
      )}
    </tbody>
  </table>`;
}

export interface BoardStatusView {
  updatedAt: number | null;
  /** The board's present, against which "Last updated" gets its date on another day. */
  now: number;
  nextAt: number | null;
  offline: boolean;
  /** The localized reason of the last failure, '' when the last attempt succeeded. */
  problem: string;
  /** The site's zone for the times shown (the viewer's when null). */
  zone: SiteZone | null;
}

/**
 * "Last updated 10:05" (with the date on another day; the stamp formatted for the page, in its
 * language) and, when the board may be stale, why and when it tries again (dated as well when that
 * is not today: a rate limit may ask for a day's pause, and "at 8:01" would then read as now).
 */
export function boardStatus(view: BoardStatusView, { strings, locale, content }: TimeContext): TemplateResult {
  const at = (ms: number) => {
    const { datetime, text } = stampOf(ms, view.now, view.zone, locale);
    return html`<time datetime=${datetime} lang=${content || nothing}>${text}</time>`;
  };
  const stale = view.offline || view.problem !== '';
  const [before, after] = strings.boardLastUpdated.split('{time}');
  return html`<div part="status">
    ${view.updatedAt !== null ? html`<p part="updated">${before}${at(view.updatedAt)}${after}</p>` : nothing}
    ${
      stale
        ? html`<p part="notice">
            ${view.offline ? strings.boardOffline : format(strings.boardStale, { reason: view.problem })}
            ${view.nextAt !== null && view.problem !== '' ? format(strings.boardNextTry, { time: stampOf(view.nextAt, view.now, view.zone, locale).text }) : nothing}
          </p>`
        : nothing
    }
  </div>`;
}
