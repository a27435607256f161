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

export interface SummaryContext {
  strings: Strings;
  locale: string;
  currency: string | undefined;
}

function money(amount: number | null, context: SummaryContext): string {
  return amount === null ? '–' : formatPrice(amount, context.locale, context.currency);
}

export function passengerSummaryView(summary: PassengerSummary, context: SummaryContext): TemplateResult {
  const { strings, locale } = context;
  const number = new Intl.NumberFormat(locale);
  return html`<div part="summary">
    <dl part="totals">
      <dt>${strings.passengersCount}</dt>
      <dd data-total="passengers">${number.format(summary.passengers)}</dd>
      <dt>${strings.passengersSeats}</dt>
      <dd data-total="seats">${number.format(summary.seats)}</dd>
      <dt>${strings.passengersRevenue}</dt>
      <dd data-total="revenue">${money(summary.revenue, context)}</dd>
    </dl>
    <table part="ticket-types">
      <caption>
        ${strings.staffByTicketType}
      </caption>
      <thead>
        <tr>
          <th scope="col">${strings.colTicketType}</th>
          <th scope="col">${strings.colCount}</th>
          <th scope="col">${strings.colRevenue}</th>
        </tr>
      </thead>
      <tbody>
        ${summary.byTicketType.map(
          (entry) =>
            html`<tr data-ticket-type=${entry.type}>
              <th scope="row">${entry.type || strings.staffTicketTypeNone}</th>
              <td class="number">${number.format(entry.count)}</td>
              <td class="number">${money(entry.revenue, context)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <table part="manifest">
      <caption>
        ${strings.passengersManifest}
      </caption>
      <thead>
        <tr>
          <th scope="col">${strings.passengersStop}</th>
          <th scope="col">${strings.passengersBoarding}</th>
          <th scope="col">${strings.passengersAlighting}</th>
        </tr>
      </thead>
      <tbody>
        ${summary.byStop.map(
          (stop) =>
            html`<tr data-stop=${stop.stop}>
              <th scope="row">${decodeEntities(stop.stop)}</th>
              <td class="number">${stop.boarding ? number.format(stop.boarding) : ''}</td>
              <td class="number">${stop.alighting ? number.format(stop.alighting) : ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** "Passenger manifest — Express 7 — Tue, 24 Nov 2026 — Paris → Berlin" on the printed sheet. */
export function passengerPrintHeading(heading: { bus: string; date: string; stops: readonly string[] }, context: SummaryContext): TemplateResult {
  const { strings, locale } = context;
  const date = heading.date ? formatDate(heading.date, locale) : '';
  const stops = heading.stops.map(decodeEntities).join(' → ');
  return html`<h2>${strings.passengersManifestTitle}${heading.bus ? html` — ${heading.bus}` : nothing}</h2>
    <p>${[date, stops].filter(Boolean).join(' — ')}</p>`;
}
