/** The attendee list's summary: head count, checked in, and counts per ticket type. */
import { html, type TemplateResult } from 'lit';
import type { AttendeeSummary } from '../../api/export/summary.js';
import type { Strings } from '../../shared/localize/strings.js';

export function attendeeSummaryView(summary: AttendeeSummary, strings: Strings, locale: string): TemplateResult {
  const number = new Intl.NumberFormat(locale);
  return html`<div part="summary">
    <dl part="totals">
      <dt>${strings.attendeesCount}</dt>
      <dd data-total="attendees">${number.format(summary.attendees)}</dd>
      <dt>${strings.attendeesCheckedIn}</dt>
      <dd data-total="checked-in">${number.format(summary.checkedIn)}</dd>
    </dl>
    <table part="ticket-types">
      <caption>
        ${strings.staffByTicketType}
      </caption>
      <thead>
        <tr>
          <th scope="col">${strings.colTicketType}</th>
          <th scope="col">${strings.colCount}</th>
        </tr>
      </thead>
      <tbody>
        ${summary.byTicketType.map(
          (entry) =>
            html`<tr data-ticket-type=${entry.type}>
              <th scope="row">${entry.type || strings.staffTicketTypeNone}</th>
              <td class="number">${number.format(entry.count)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
