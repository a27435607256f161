import { defineElement } from '../../shared/define.js';
import { BusPassengerList, type DownloadDetail, type PageChangeDetail, type PassengerSelectDetail } from './bus-passenger-list.component.js';

export * from './bus-passenger-list.component.js';

defineElement('bus-passenger-list', BusPassengerList);

declare global {
  interface HTMLElementTagNameMap {
    'bus-passenger-list': BusPassengerList;
  }
  interface GlobalEventHandlersEventMap {
    'passenger-select': CustomEvent<PassengerSelectDetail>;
    download: CustomEvent<DownloadDetail>;
    'page-change': CustomEvent<PageChangeDetail>;
  }
}
