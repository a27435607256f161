import { defineElement } from '../../shared/define.js';
import { EventOrganizerSelect } from './event-organizer-select.component.js';

export * from './event-organizer-select.component.js';

defineElement('event-organizer-select', EventOrganizerSelect);

declare global {
  interface HTMLElementTagNameMap {
    'event-organizer-select': EventOrganizerSelect;
  }
}
