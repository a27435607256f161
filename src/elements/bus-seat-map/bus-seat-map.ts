import { defineElement } from '../../shared/define.js';
import { BusSeatMap, type SeatEventDetail, type SelectionChangeDetail } from './bus-seat-map.component.js';

export * from './bus-seat-map.component.js';

defineElement('bus-seat-map', BusSeatMap);

declare global {
  interface HTMLElementTagNameMap {
    'bus-seat-map': BusSeatMap;
  }
  interface GlobalEventHandlersEventMap {
    'seat-select': CustomEvent<SeatEventDetail>;
    'seat-deselect': CustomEvent<SeatEventDetail>;
    'selection-change': CustomEvent<SelectionChangeDetail>;
  }
}
