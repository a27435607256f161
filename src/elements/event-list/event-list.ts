import { defineElement } from '../../shared/define.js';
import { EventList, type EventSelectDetail, type MonthChangeDetail, type PageChangeDetail, type SearchChangeDetail } from './event-list.component.js';

export * from './event-list.component.js';

defineElement('event-list', EventList);

declare global {
  interface HTMLElementTagNameMap {
    'event-list': EventList;
  }
  interface GlobalEventHandlersEventMap {
    'event-select': CustomEvent<EventSelectDetail>;
    'page-change': CustomEvent<PageChangeDetail>;
    'month-change': CustomEvent<MonthChangeDetail>;
    'search-change': CustomEvent<SearchChangeDetail>;
  }
}
