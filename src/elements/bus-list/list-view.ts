/** `<bus-list>` as a list: one page of bus cards with the pagination, or the route prompt. */
import { html, type TemplateResult } from 'lit';
import { pager } from '../../shared/pager.js';
import { emptyState } from '../../shared/states.js';
import type { Strings } from '../../shared/localize/strings.js';
import { busItem, type BusViewContext } from './bus-item.js';
import type { BusLoad } from './load.js';

/** "Choose a route": the plugin dialect without `from`/`to` yet. */
export function routePrompt(strings: Strings): TemplateResult {
  return html`<p part="prompt" role="status">${strings.busesChooseRoute}</p>`;
}

/** One loaded page; `pending` while the next one loads, `go` asks for another page. */
export function busPage(result: BusLoad, pending: boolean, context: BusViewContext, go: (page: number) => unknown): TemplateResult {
  const { strings, locale } = context;
  if (result.kind === 'prompt') return routePrompt(strings);
  if (result.buses.length === 0) return emptyState(strings.busesEmpty);
  return html`<div part="content">
    <ul part="list" class="list" aria-label=${strings.busesLabel}>
      ${result.buses.map((bus) => busItem(bus, context))}
    </ul>
    ${pager({ page: result.page, totalPages: result.totalPages, busy: pending, go, label: strings.busesPagination }, strings, locale)}
  </div>`;
}
