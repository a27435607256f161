/**
 * The markup of `<bus-route-select>`: the route select (contract dialect), the From/To group
 * (plugin dialect), and the texts of its empty and error states. Option lists are sorted with a
 * collator, so they are memoized per element (`OptionMemo`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from '../../api/errors.js';
import type { BusDialect, RouteList } from '../../api/models.js';
import { errorView, type ErrorView } from '../../shared/error-message.js';
import type { Strings } from '../../shared/localize/strings.js';
import { routeOptions, stopOptions, type Option } from './route-selection.js';

/** The last `compute()` per slot, unless a part of its key changed. */
export class OptionMemo {
  private readonly slots = new Map<string, { key: readonly unknown[]; value: unknown }>();

  get<T>(slot: string, key: readonly unknown[], compute: () => T): T {
    const hit = this.slots.get(slot);
    if (hit && hit.key.length === key.length && hit.key.every((part, i) => part === key[i])) return hit.value as T;
    const value = compute();
    this.slots.set(slot, { key, value });
    return value;
  }
}

export interface RouteViewContext {
  strings: Strings;
  /** The `label` attribute ('' for the localized "Route"). */
  label: string;
  /** `lang` of the site's texts (the `label` attribute) when the interface speaks another language ('': none). */
  content: string;
  /** The page's own name for the element (`<label for>`, `aria-label`), '' for none: it names the route select or the From/To group, and the element's label is hidden. */
  pageName: string;
  locale: string;
  /** The routes, null while loading or after a failure. */
  list: RouteList | null;
  /** The chosen From stop ('' for none): not offered as To. */
  from: string;
  memo: OptionMemo;
  /** A native select wired to the element; `name` is the page's name for it, if any. */
  select(id: string, part: string, placeholder: string, options: Option[], name?: string): TemplateResult;
}

/** Contract dialect (and while the dialect is not known yet): one select of routes. */
export function routesView(context: RouteViewContext): TemplateResult {
  const { strings, locale, list } = context;
  const options = list
    ? context.memo.get('routes', [list, locale, strings.routeOption, strings.routeVia, strings.routeViaTitle], () => routeOptions(list.routes, locale, strings))
    : [];
  return html`<label part="label" for="select" class=${context.pageName ? 'visually-hidden' : ''} lang=${(context.label && context.content) || nothing}
      >${context.label || strings.routeLabel}</label
    >
    ${context.select('select', 'select', strings.routePlaceholder, options, context.pageName)}`;
}

/** Plugin dialect: a From and a To select in a labelled group. */
export function stopsView(context: RouteViewContext): TemplateResult {
  const { strings, locale, list, from } = context;
  const fromOptions = list ? context.memo.get('from', [list, locale], () => stopOptions(list.boardingPoints, locale)) : [];
  // A stop cannot go to itself.
  const toOptions = list ? context.memo.get('to', [list, locale, from], () => stopOptions(list.droppingPoints, locale, from)) : [];
  return html`<div part="group" role="group" aria-labelledby=${context.pageName ? nothing : 'label'} aria-label=${context.pageName || nothing}>
    <span part="label" id="label" class=${context.pageName ? 'visually-hidden' : ''} lang=${(context.label && context.content) || nothing}
      >${context.label || strings.routeLabel}</span
    >
    <div part="field from-field">
      <label part="from-label" for="from">${strings.routeFromLabel}</label>
      ${context.select('from', 'from-select', strings.routeFromPlaceholder, fromOptions)}
    </div>
    <div part="field to-field">
      <label part="to-label" for="to">${strings.routeToLabel}</label>
      ${context.select('to', 'to-select', strings.routeToPlaceholder, toOptions)}
    </div>
  </div>`;
}

/** Nothing to choose from: no routes (contract), or no stops on one side (plugin). */
export function noRoutes(list: RouteList | null, view: BusDialect): boolean {
  if (list === null) return false;
  return view === 'contract' ? list.routes.length === 0 : list.boardingPoints.length === 0 || list.droppingPoints.length === 0;
}

export function routesErrorView(error: unknown, strings: Strings): ErrorView {
  // Anonymous visitors meet the contract dialect's Basic auth: the way out is the proxy.
  const needsLogin = error instanceof ApiError && (error.status === 401 || error.status === 403);
  return errorView(error, needsLogin ? { ...strings, errorForbidden: strings.routesNeedLogin } : strings, 'other');
}
