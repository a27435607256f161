/** The attendee list's summary: head count, checked in, and counts per ticket type. */
import { html, type TemplateResult } from 'lit';
import type { AttendeeSummary } from '../../api/export/summary.js';
import type { Strings } from '../../shared/localize/strings.js';
import { summaryTable, totalsList } from '../../shared/staff/summary-table.js';

/** `content`: the `lang` of the site's ticket types when the interface speaks another language ('': none). */
export function attendeeSummaryView(summary: AttendeeSummary, strings: Strings, locale: string, content: string): TemplateResult {
  const number = new Intl.NumberFormat(locale);
  return html`<div part="summary">
    ${totalsList([
      { key: 'attendees', label: strings.attendeesCount, value: number.format(summary.attendees) },
      { key: 'checked-in', label: strings.attendeesCheckedIn, value: number.format(summary.checkedIn) },
    ])}
    ${summaryTable({
      part: 'ticket-types',
      content,
      caption: strings.staffByTicketType,
      headers: [strings.colTicketType, strings.colCount],
      rows: summary.byTicketType.map((entry) => ({ key: entry.type, label: entry.type || strings.staffTicketTypeNone, cells: [number.format(entry.count)] })),
    })}
  </div>`;
}
