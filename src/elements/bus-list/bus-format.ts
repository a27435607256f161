/** How one bus reads, shared by the list and the board: times, the "+1" marker, seats, fare, stops. */
import { html, nothing, type TemplateResult } from 'lit';
import type { Bus, LocalTime } from '../../api/models.js';
import { decodeEntities } from '../../api/text.js';
import { formatPrice, formatTime } from '../../shared/format.js';
import { format, type Strings } from '../../shared/localize/strings.js';
import { addDays } from '../../shared/wall-clock.js';

/** What a time needs to read right: the strings, the page's locale and the `lang` of what is in it. */
export interface TimeContext {
  strings: Strings;
  locale: string;
  /** `lang` of the site's names and the times formatted for the page when the interface speaks another language ('': none). */
  content: string;
}

/**
 * `<time>` for a site-local time `dayOffset` days after the bus's service date; `datetime` carries
 * that date when the bus has one (a search answer), else just the time (a timetable entry).
 */
export function timeOf(time: LocalTime | null, bus: Bus, { strings, locale, content }: TimeContext, dayOffset = 0): TemplateResult {
  if (time === null) return html`<span class="unknown">${strings.timeUnknown}</span>`;
  const datetime = bus.date ? `${addDays(bus.date, dayOffset)}T${time}` : time;
  return html`<time datetime=${datetime} lang=${content || nothing}>${formatTime(time, locale)}</time>`;
}

/** "+1" for an arrival on a later day; screen readers hear "arrives the next day" instead. */
export function nextDayMarker(bus: Bus, strings: Strings): TemplateResult | typeof nothing {
  const days = bus.arrivalDayOffset;
  if (days < 1 || bus.arrivalTime === null) return nothing;
  const spoken = days === 1 ? strings.arrivesNextDay : format(strings.arrivesDaysLater, { count: days });
  return html`<span part="next-day"><span aria-hidden="true">+${days}</span><span class="visually-hidden">${spoken}</span></span>`;
}

/** "12 seats left", "1 seat left", "Sold out", or '' when the site did not say. */
export function seatsText(bus: Bus, strings: Strings, locale: string): string {
  const left = bus.seatsLeft;
  if (left === null) return '';
  if (left <= 0) return strings.soldOut;
  const rule = new Intl.PluralRules(locale).select(left);
  return format(rule === 'one' ? strings.seatsLeftOne : strings.seatsLeftOther, { count: new Intl.NumberFormat(locale).format(left) });
}

/** "from €20" (or "Free"), '' without a usable fare. */
export function fareText(bus: Bus, strings: Strings, locale: string, currency: string | undefined): string {
  if (bus.lowestFare === null) return '';
  if (bus.lowestFare === 0) return strings.free;
  return format(strings.priceFrom, { price: formatPrice(bus.lowestFare, locale, currency) });
}

/** A stop name for display: the model keeps it byte-exact for queries, entities and all. */
export function stopName(place: string): string {
  return decodeEntities(place);
}
