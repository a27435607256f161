/**
 * The passenger list's summary (head count, seats, revenue in total and per ticket type) and the
 * driver's manifest (boardings and alightings per stop, in the bus's stop order when it is known),
 * plus the heading of the printed sheet.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PassengerSummary } from '../../api/export/summary.js';
import { decodeEntities } from '../../api/text.js';
import { formatDate, formatPrice } from '../../shared/format.js';
import type { Strings } from '../../shared/localize/strings.js';
import { summaryTable, totalsList } from '../../shared/staff/summary-table.js';

export interface SummaryContext {
  strings: Strings;
  locale: string;
  currency: string | undefined;
}

function money(amount: number | null, context: SummaryContext): string {
  return amount === null ? '–' : formatPrice(amount, context.locale, context.currency);
}

/** `content`: the `lang` of the site's ticket types and stops when the interface speaks another language ('': none). */
export function passengerSummaryView(summary: PassengerSummary, context: SummaryContext, content: string): TemplateResult {
  const { strings, locale } = context;
  const number = new Intl.NumberFormat(locale);
  return html`<div part="summary">
    ${totalsList([
      { key: 'passengers', label: strings.passengersCount, value: number.format(summary.passengers) },
      { key: 'seats', label: strings.passengersSeats, value: number.format(summary.seats) },
      { key: 'revenue', label: strings.passengersRevenue, value: money(summary.revenue, context) },
    ])}
    ${summaryTable({
      part: 'ticket-types',
      content,
      caption: strings.staffByTicketType,
      headers: [strings.colTicketType, strings.colCount, strings.colRevenue],
      rows: summary.byTicketType.map((entry) => ({
        key: entry.type,
        label: entry.type || strings.staffTicketTypeNone,
        cells: [number.format(entry.count), money(entry.revenue, context)],
      })),
    })}
    ${summaryTable({
      part: 'manifest',
      content,
      caption: strings.passengersManifest,
      headers: [strings.passengersStop, strings.passengersBoarding, strings.passengersAlighting],
      rows: summary.byStop.map(({ stop, boarding, alighting }) => {
        // An empty cell reads better than a column of zeros on a driver's sheet.
        const cell = (count: number) => (count ? number.format(count) : '');
        return { key: stop, label: decodeEntities(stop), cells: [cell(boarding), cell(alighting)] };
      }),
    })}
  </div>`;
}

/** "Passenger manifest — Express 7 — Tue, 24 Nov 2026 — Paris → Berlin" on the printed sheet. */
export function passengerPrintHeading(heading: { bus: string; date: string; stops: readonly string[] }, context: SummaryContext): TemplateResult {
  const { strings, locale } = context;
  const date = heading.date ? formatDate(heading.date, locale) : '';
  // Each stop isolated: a name ending in a right-to-left override must not reverse the arrows and stops after it.
  const stops = heading.stops.map((stop, n) => html`${n ? ' → ' : ''}<bdi>${decodeEntities(stop)}</bdi>`);
  return html`<h2>${strings.passengersTitle}${heading.bus ? html` &mdash; ${heading.bus}` : nothing}</h2>
    <p>${date}${date && stops.length ? ' — ' : ''}${stops}</p>`;
}
