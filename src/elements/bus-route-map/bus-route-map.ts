import { defineElement } from '../../shared/define.js';
import { BusRouteMap } from './bus-route-map.component.js';

export * from './bus-route-map.component.js';

defineElement('bus-route-map', BusRouteMap);

declare global {
  interface HTMLElementTagNameMap {
    'bus-route-map': BusRouteMap;
  }
}
