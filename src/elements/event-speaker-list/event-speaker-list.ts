import { defineElement } from '../../shared/define.js';
import { EventSpeakerList, type SpeakerPageChangeDetail, type SpeakerSelectDetail } from './event-speaker-list.component.js';

export * from './event-speaker-list.component.js';

defineElement('event-speaker-list', EventSpeakerList);

declare global {
  interface HTMLElementTagNameMap {
    'event-speaker-list': EventSpeakerList;
  }
  interface GlobalEventHandlersEventMap {
    'speaker-select': CustomEvent<SpeakerSelectDetail>;
    'page-change': CustomEvent<SpeakerPageChangeDetail>;
  }
}
