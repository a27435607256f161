import { defineElement } from '../../shared/define.js';
import { EventCategorySelect } from './event-category-select.component.js';

export * from './event-category-select.component.js';

defineElement('event-category-select', EventCategorySelect);

declare global {
  interface HTMLElementTagNameMap {
    'event-category-select': EventCategorySelect;
  }
}
