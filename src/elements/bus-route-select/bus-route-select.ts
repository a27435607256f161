import { defineElement } from '../../shared/define.js';
import { BusRouteSelect, type RouteChangeDetail } from './bus-route-select.component.js';

export * from './bus-route-select.component.js';

defineElement('bus-route-select', BusRouteSelect);

declare global {
  interface HTMLElementTagNameMap {
    'bus-route-select': BusRouteSelect;
  }
  interface GlobalEventHandlersEventMap {
    'route-change': CustomEvent<RouteChangeDetail>;
  }
}
