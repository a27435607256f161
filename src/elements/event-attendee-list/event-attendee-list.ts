import { defineElement } from '../../shared/define.js';
import { EventAttendeeList, type AttendeeSelectDetail, type PageChangeDetail } from './event-attendee-list.component.js';
import type { DownloadDetail } from '../../shared/staff/download.js';

export * from './event-attendee-list.component.js';

defineElement('event-attendee-list', EventAttendeeList);

declare global {
  interface HTMLElementTagNameMap {
    'event-attendee-list': EventAttendeeList;
  }
  interface GlobalEventHandlersEventMap {
    'attendee-select': CustomEvent<AttendeeSelectDetail>;
    // Also declared by <bus-passenger-list>: the same type, so an app importing only this element has it.
    download: CustomEvent<DownloadDetail>;
    'page-change': CustomEvent<PageChangeDetail>;
  }
}
