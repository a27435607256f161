import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { AllPages } from '../../api/all-pages.js';
import type { ApiClient } from '../../api/client.js';
import { listAllAttendees } from '../../api/events.js';
import { ATTENDEE_COLUMNS, DEFAULT_ATTENDEE_COLUMNS, type Column } from '../../api/export/columns.js';
import { summarizeAttendees } from '../../api/export/summary.js';
import type { Attendee } from '../../api/models.js';
import { formatDateTime } from '../../shared/format.js';
import type { Strings } from '../../shared/localize/strings.js';
import { StaffListElement, type StaffListTexts } from '../../shared/staff/staff-list-element.js';
import { staffStyles } from '../../shared/staff/staff-styles.js';
import { baseStyles } from '../../shared/styles.js';
import { attendeeSummaryView } from './attendee-summary.js';
import { eventAttendeeListStyles } from './event-attendee-list.styles.js';

export interface AttendeeSelectDetail {
  attendee: Attendee;
}

export type { DownloadDetail } from '../../shared/staff/download.js';

const LABELS: Record<string, keyof Strings> = {
  name: 'colName',
  email: 'colEmail',
  phone: 'colPhone',
  'ticket-type': 'colTicketType',
  event: 'colEvent',
  'event-date': 'colEventDate',
  'order-id': 'colOrder',
  'checked-in': 'colCheckedIn',
  'event-id': 'colEventId',
  registered: 'colRegistered',
  id: 'colAttendeeId',
};

/**
 * An event site's attendees (`/wp/v2/mep_event_attendee`, latest first): a check-in desk's list.
 * Every page is read (100 per request, one after another), then filtered by `event-id`, sorted,
 * searched and paged here; the summary counts attendees, check-ins and tickets per type. Exports
 * (CSV, JSON) hold every matching row; printing gives a clean list.
 *
 * **Personal data.** Requests carry the element's credentials only: the `authorization` property
 * (never an attribute, never logged) or the visitor's own WordPress login (`nonce` attribute →
 * `X-WP-Nonce` with the site's cookies). Answers never enter the shared cache or any storage, and
 * are dropped when the element is removed. Without access it says "Sign in to see attendees.";
 * a site whose event plugin registers no attendee type (the free plugin does not) is told plainly.
 *
 * @tagname event-attendee-list
 * @summary A sortable, searchable check-in list of event attendees with counts per ticket type, CSV/JSON export and print layout.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails.
 *
 * @event {CustomEvent<AttendeeSelectDetail>} attendee-select - An attendee's row was activated (click, Enter or Space on the name); `detail.attendee` is the Attendee model.
 * @event {CustomEvent<DownloadDetail>} download - Cancelable. An export is about to be saved: `detail.filename`, `detail.type`, `detail.content`. Cancel it to handle the file yourself.
 *
 * @csspart list - The section around toolbar, summary and table.
 * @csspart toolbar - Search box and export/print buttons.
 * @csspart search - The search box's label.
 * @csspart download-csv - The "Download CSV" button.
 * @csspart download-json - The "Download JSON" button.
 * @csspart print - The "Print" button.
 * @csspart summary - Totals and ticket types.
 * @csspart totals - The attendees / checked-in list.
 * @csspart ticket-types - The table of counts per ticket type.
 * @csspart count - "1–50 of 120", or that nothing matches the search.
 * @csspart truncated - Shown when more rows exist than the element reads (over 5 000).
 * @csspart table-scroll - The scrolling box around the table.
 * @csspart table - The attendees `<table>`.
 * @csspart header - A column header cell.
 * @csspart sort-button - The button in a column header that sorts by it.
 * @csspart row - An attendee's row.
 * @csspart cell - A cell.
 * @csspart row-button - The first cell's button that fires `attendee-select`.
 * @csspart print-header - The heading shown only on paper.
 * @csspart pagination - The pager.
 * @csspart loading - The loading skeleton.
 * @csspart empty - "No attendees yet."
 * @csspart error - The error, sign-in or not-published message (with the kind as a second part name: `sign-in`, `expired`, `unpublished`, `other`).
 * @csspart error-message - Its text.
 * @csspart retry - Its Retry button, where retrying can help.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text.
 * @cssprop --tw-color-surface - Table and header background.
 * @cssprop --tw-color-border - Table rules and borders.
 * @cssprop --tw-color-accent - Buttons and focus ring.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 */
export class EventAttendeeList extends StaffListElement<Attendee> {
  static override styles = [baseStyles, staffStyles, eventAttendeeListStyles];

  /** Only attendees of this event (the attendee records name their event); empty: every event. */
  @property({ attribute: 'event-id', reflect: true }) eventId = '';

  protected override readonly columnSet = { all: ATTENDEE_COLUMNS, defaults: DEFAULT_ATTENDEE_COLUMNS };

  /** The event filter is applied here, so changing it reads nothing again. */
  protected override queryKey(): string {
    return '';
  }

  /** The event filter is a view of the rows read: a new one starts on the first page. */
  protected override viewKey(): string {
    return this.eventId.trim();
  }

  protected override loadRows(client: ApiClient, options: { signal: AbortSignal; maxPages: number }): Promise<AllPages<Attendee>> {
    return listAllAttendees(client, options);
  }

  override get allRows(): readonly Attendee[] {
    const rows = super.allRows;
    const id = Number(this.eventId.trim());
    return this.eventId.trim() === '' || !Number.isInteger(id) ? rows : rows.filter((row) => row.eventId === id);
  }

  protected override texts(strings: Strings): StaffListTexts {
    return {
      label: strings.attendeesLabel,
      empty: strings.attendeesEmpty,
      title: strings.attendeesTitle,
      signIn: strings.attendeesSignIn,
      unpublished: strings.attendeesUnpublished,
    };
  }

  protected override columnLabel(key: string, strings: Strings): string {
    const label = LABELS[key];
    return label ? strings[label] : key;
  }

  protected override cellText(column: Column<Attendee>, row: Attendee, strings: Strings): string {
    if (column.key === 'event-date') return row.eventDate ? formatDateTime(row.eventDate, this.locale) : '';
    if (column.key === 'registered') return row.registered ? formatDateTime(row.registered, this.locale) : '';
    return super.cellText(column, row, strings);
  }

  protected override pickRow(attendee: Attendee): void {
    this.emitNow<AttendeeSelectDetail>('attendee-select', { attendee });
  }

  protected override summaryView(rows: readonly Attendee[], strings: Strings): TemplateResult {
    return attendeeSummaryView(summarizeAttendees(rows), strings, this.locale);
  }

  protected override printHeading(rows: readonly Attendee[], strings: Strings): TemplateResult {
    const event = rows.find((row) => row.eventTitle)?.eventTitle;
    return html`<h2>${strings.attendeesTitle}${this.eventId && event ? html` — ${event}` : nothing}</h2>`;
  }

  protected override fileNameParts(): string[] {
    return ['attendees', this.eventId && `event-${this.eventId}`];
  }
}
