import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { AllPages } from '../../api/all-pages.js';
import type { ApiClient } from '../../api/client.js';
import { listAllAttendees } from '../../api/attendees.js';
import { ATTENDEE_COLUMNS, DEFAULT_ATTENDEE_COLUMNS, type Column } from '../../api/export/columns.js';
import { summarizeAttendees } from '../../api/export/summary.js';
import type { Attendee } from '../../api/models.js';
import { formatDateTime } from '../../shared/format.js';
import type { Strings } from '../../shared/localize/strings.js';
import { StaffListElement, type StaffListTexts } from '../../shared/staff/staff-list-element.js';
import { staffStyles } from '../../shared/staff/staff-styles.js';
import { baseStyles } from '../../shared/styles.js';
import { readIdFilter, type IdFilter } from '../../shared/staff/id-filter.js';
import { attendeeSummaryView } from './attendee-summary.js';
import { eventAttendeeListStyles } from './event-attendee-list.styles.js';
import { englishFor } from '../../shared/localize/localize.js';
import { STAFF_EN } from '../../shared/localize/en/staff.js';

export type { DownloadDetail } from '../../shared/staff/download.js';
export type { PageChangeDetail } from '../../shared/pager.js';

/**
 * A check-in desk's list of an event site's attendees (`/wp/v2/mep_event_attendee`, latest first),
 * with counts of attendees, check-ins and tickets per type; `event-id` narrows it to one event
 * (here, since the route has no such filter). Reading, sorting, search, exports and printing work
 * as in `<bus-passenger-list>`, and so does access: the `authorization` property or the `nonce`
 * attribute, answers kept in no cache or storage and dropped on removal, a sign-in message without
 * access, and a plain "this site does not publish attendees" where the event plugin registers no
 * attendee type (the free plugin does not).
 *
 * @tagname event-attendee-list
 * @summary A sortable, searchable check-in list of event attendees with counts per ticket type, CSV/JSON export and print layout.
 * @event {CustomEvent<AttendeeSelectDetail>} attendee-select - An attendee's row was activated (click, Enter or Space on the name); `detail.attendee` is the Attendee model.
 * @csspart table - The attendees `<table>`.
 * @csspart row - An attendee's row.
 * @csspart row-button - The first cell's button that fires `attendee-select`.
 * @csspart empty - "No attendees yet."
 */
export class EventAttendeeList extends StaffListElement<Attendee> {
  static override properties: PropertyDeclarations = { eventId: { attribute: 'event-id', reflect: true } };

  /** @internal */
  protected static override english = englishFor(STAFF_EN);

  static override styles = [baseStyles, staffStyles, eventAttendeeListStyles];

  /**
   * Only attendees of this event (the attendee records name their event); empty: every event. A value
   * that is not a positive whole number reads nothing and shows an invalid-setting message.
   */
  eventId: string | number = '';

  protected override readonly columnSet = { all: ATTENDEE_COLUMNS, defaults: DEFAULT_ATTENDEE_COLUMNS };
  protected override texts(strings: Strings): StaffListTexts {
    return {
      label: strings.attendeesLabel,
      empty: strings.attendeesEmpty,
      title: strings.attendeesTitle,
      signIn: strings.attendeesSignIn,
      forbidden: strings.attendeesForbidden,
      unpublished: strings.attendeesUnpublished,
    };
  }

  private eventFilter(): IdFilter {
    return readIdFilter(this.eventId, 'event-id');
  }

  /**
   * The route cannot filter by event: the filter is applied here, so changing it reads nothing again.
   * An invalid `event-id` reads nothing at all (see loadRows): moving into or out of one loads again.
   */
  protected override queryKey(): string {
    return this.eventFilter().kind === 'invalid' ? 'invalid' : '';
  }

  /** With `event-id`, every page is read (not only the latest 5 000): the event's attendees may be anywhere. */
  protected override readsEveryPage(): boolean {
    return this.eventFilter().kind === 'one';
  }

  /** The event filter is a view of the rows read: a new one starts on the first page. */
  protected override viewKey(): string {
    return `${this.eventId}`.trim();
  }

  protected override loadRows(client: ApiClient, options: { signal: AbortSignal; maxPages: number }): Promise<AllPages<Attendee>> {
    const filter = this.eventFilter();
    if (filter.kind === 'invalid') return Promise.reject(filter.error);
    return listAllAttendees(client, options);
  }

  override get allRows(): readonly Attendee[] {
    const filter = this.eventFilter();
    if (filter.kind === 'invalid') return [];
    const rows = super.allRows;
    return filter.kind === 'all' ? rows : rows.filter((row) => row.eventId === filter.id);
  }

  protected override cellText(column: Column<Attendee>, row: Attendee, strings: Strings): string {
    if (column.key === 'event-date') return row.eventDate ? formatDateTime(row.eventDate, this.locale) : '';
    if (column.key === 'registered') return row.registered ? formatDateTime(row.registered, this.locale) : '';
    return super.cellText(column, row, strings);
  }

  protected override pickRow(attendee: Attendee): void {
    this.emitNow<AttendeeSelectDetail>('attendee-select', { attendee });
  }

  protected override summaryView(rows: readonly Attendee[], strings: Strings, content: string): TemplateResult {
    return attendeeSummaryView(summarizeAttendees(rows), strings, this.locale, content);
  }

  protected override printHeading(rows: readonly Attendee[], strings: Strings): TemplateResult {
    const event = rows.find((row) => row.eventTitle)?.eventTitle;
    return html`<h2>${strings.attendeesTitle}${this.eventId && event ? html` &mdash; ${event}` : nothing}</h2>`;
  }

  protected override fileNameParts(): string[] {
    return ['attendees', `${this.eventId}` && `event-${this.eventId}`];
  }
}

/** `attendee-select` detail: the attendee whose row was activated. */
export interface AttendeeSelectDetail {
  attendee: Attendee;
}
