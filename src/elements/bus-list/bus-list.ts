import { defineElement } from '../../shared/define.js';
import { BusList, type BusSelectDetail, type PageChangeDetail } from './bus-list.component.js';

export * from './bus-list.component.js';

defineElement('bus-list', BusList);

declare global {
  interface HTMLElementTagNameMap {
    'bus-list': BusList;
  }
  interface GlobalEventHandlersEventMap {
    'bus-select': CustomEvent<BusSelectDetail>;
    'page-change': CustomEvent<PageChangeDetail>;
  }
}
