import { defineElement } from '../../shared/define.js';
import { EventAttendeeList, type AttendeeSelectDetail } from './event-attendee-list.component.js';

export * from './event-attendee-list.component.js';

defineElement('event-attendee-list', EventAttendeeList);

declare global {
  interface HTMLElementTagNameMap {
    'event-attendee-list': EventAttendeeList;
  }
  interface GlobalEventHandlersEventMap {
    'attendee-select': CustomEvent<AttendeeSelectDetail>;
  }
}
