import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { listRoutes } from '../../api/buses.js';
import type { BusDialect, RouteList } from '../../api/models.js';
import { DataTask } from '../../shared/data-task.js';
import { FormAssociation } from '../../shared/form-association.js';
import { FormSelectElement } from '../../shared/form-select.js';
import { applyFields } from '../../shared/linked-target.js';
import { nativeSelect, showValue } from '../../shared/native-select.js';
import { SelectValue } from '../../shared/select-value.js';
import { emptyState, errorState } from '../../shared/states.js';
import { baseStyles } from '../../shared/styles.js';
import { selectStyles } from '../../shared/select-styles.js';
import { busRouteSelectStyles } from './bus-route-select.styles.js';
import { joinPair, resolveSelection, routeValueOf, selectionString, valueOf, type Option, type RouteValue, type Selection } from './route-selection.js';
import { noRoutes, OptionMemo, routesErrorView, routesView, stopsView, type RouteViewContext } from './route-view.js';
import { englishFor } from '../../shared/localize/localize.js';
import { BUSES_EN } from '../../shared/localize/en/buses.js';

export type { RouteValue } from './route-selection.js';

/** `detail` of `change` and `route-change`. */
export interface RouteChangeDetail {
  /** The chosen route, or null while none (or, in the plugin dialect, only one stop) is chosen. */
  route: RouteValue | null;
}

/**
 * Native selects for the routes of a bus-ticketing site (`/wbtm/v1/routes`), in either dialect of
 * the site's API, read from the shape of the answer (one request; no index lookup):
 * - **contract** (routes with ids): one select of "Start → End" routes, sorted by start then end;
 *   the value is the route id (`70`);
 * - **plugin** (the bus plugin's stop names, no pairs): a "From" and a "To" select; the From stop is
 *   not offered as To; the value is `from|to` once both are chosen, else ''.
 *
 * Stop names are shown decoded (`Zürich &#038; Co` reads "Zürich & Co") but values keep the site's
 * exact bytes, which the plugin requires for `bp`/`dp`. The element takes part in forms like a
 * native control (`name`, `value`, `required`, `disabled`, reset, state restore) and, with
 * `for="<bus-list id>"`, drives that list.
 *
 * Value rules: the `value` attribute (or `from` + `to`) is the initial selection and what a form
 * reset returns to; the `value` property is the current one. A value set before the routes arrive
 * is kept and selected when they do; once they are there, a value naming no route (or no known
 * stop) reads as ''. In the contract dialect `from|to` selects the route with that exact start and
 * end. When loading fails the value is kept (and submitted) while the selects offer nothing.
 *
 * @tagname bus-route-select
 * @summary A form-associated route picker (one route select, or From/To stops) that can drive a `<bus-list>`.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's timetable. Avoid form controls with the same `name` in it: light-DOM controls belong to the form too.
 *
 * @event {CustomEvent<RouteChangeDetail>} change - A `CustomEvent` (`bubbles`, `composed`, cancelable) when the visitor picks another option in either select, fired synchronously; `detail.route` is the new route (`{ routeId?, from, to }`) or null. `preventDefault()` restores the previous selection in both selects (and the `for` list is left alone). Not fired for changes by script, a form reset or a restore, like a native `<select>`.
 * @event {Event} input - A plain `Event` (`bubbles`, `composed`) as the visitor picks an option, before `change`.
 * @event {CustomEvent<RouteChangeDetail>} route-change - A `CustomEvent` (`bubbles`, `composed`) after an accepted `change` that changed the route, once the element has rendered; `detail.route` as for `change`. Not fired when only a From stop was picked.
 *
 * @csspart base - The wrapper around everything.
 * @csspart label - The visible label: of the route select (contract), of the From/To group (plugin).
 * @csspart select - The route `<select>` (contract dialect, and while the dialect is not known yet).
 * @csspart group - The From/To group (plugin dialect).
 * @csspart field - The wrapper of one label and select in the group; also `from-field` / `to-field`.
 * @csspart from-field - The From label and select.
 * @csspart to-field - The To label and select.
 * @csspart from-label - The "From" `<label>`.
 * @csspart to-label - The "To" `<label>`.
 * @csspart from-select - The From `<select>`.
 * @csspart to-select - The To `<select>`.
 * @csspart option - Each `<option>` (browsers allow little styling on options).
 * @csspart empty - The "no routes" status text.
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Colour of the "no routes" text.
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Background of the selects.
 * @cssprop --tw-color-border - Border of the selects.
 * @cssprop --tw-color-accent - Focus ring and Retry button.
 * @cssprop --tw-color-accent-contrast - Text on the Retry button.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size.
 * @cssprop --tw-select-min-width - Minimum width of each select (default 12rem).
 */
export class BusRouteSelect extends FormSelectElement {
  static override properties: PropertyDeclarations = {
    label: {},
    dialect: {},
    defaultFrom: { attribute: 'from' },
    defaultTo: { attribute: 'to' },
    htmlFor: { attribute: 'for' },
  };

  /** @internal */
  protected static override english = englishFor(BUSES_EN);

  /** @internal */
  protected static override upgradedProperties = ['value', 'from', 'to'];

  static override styles = [baseStyles, selectStyles, busRouteSelectStyles];

  private readonly memo = new OptionMemo();
  private readonly routesTask = new DataTask(
    this,
    () => [] as const,
    (client, _args, signal) => listRoutes(client, { signal }),
  );

  /**
   * The visible label of the route select (contract) or of the From/To group (plugin); defaults to
   * the localized "Route". Without it, a page's own `<label for>` (also one added or reworded later)
   * or `aria-label` on the element names the control, and the default label is hidden.
   */
  override label = '';

  /**
   * `plugin` shows From/To stop selects on any site (a contract site's stops come from its routes);
   * `contract` and '' (default) follow the site's answer: a route select when its routes have ids,
   * From/To when it lists stop names only (there are no ids to choose then).
   */
  dialect: BusDialect | '' = '';

  /** The initial From stop, exactly as the site names it (used when there is no `value` attribute). */
  defaultFrom = '';

  /** The initial To stop, exactly as the site names it (used when there is no `value` attribute). */
  defaultTo = '';

  /**
   * The id of a `<bus-list>` (looked up in the same shadow root, else the document) that follows
   * this select: each new value (from the visitor unless the `change` was cancelled, from script, a
   * reset or a restore) sets, in the contract dialect, its `routeId` (clearing `from` and `to`), in
   * the plugin dialect its `from` and `to` (clearing `routeId`), and its `page` to 1. A list not
   * upgraded yet gets the attributes `route-id`, `from`, `to`, `page` instead. A value already set
   * when the routes first load is applied once; an empty one leaves the list alone.
   * A list that appears under that id later (rendered after the select, or a new one replacing a
   * removed one, as on a single-page app's route change) gets the current value the same way; the
   * same list taken out and put back keeps what it was given.
   */
  override htmlFor = '';

  private readonly selection = new SelectValue(this, {
    defaults: () => `${this.defaultValue || joinPair(this.defaultFrom ?? '', this.defaultTo ?? '')}`,
    selection: () => selectionString(this.selected),
    syncControls: () => this.syncControls(),
    changeEvent: () => new CustomEvent<RouteChangeDetail>('change', { bubbles: true, composed: true, cancelable: true, detail: { route: this.route } }),
  });

  // Last: it reads the fields above.
  protected readonly formAssociation = new FormAssociation(this, {
    value: () => this.value,
    state: () => selectionString(this.selected),
    valueMissing: () => this.required && this.value === '',
    message: () => {
      const strings = this.text;
      // Nothing to choose from yet: the message says so rather than asking for a choice.
      if (this.pending) return strings.stillLoading;
      if (this.view !== 'plugin') return strings.routeRequired;
      return this.selected.from === '' ? strings.routeFromRequired : strings.routeToRequired;
    },
    anchor: () => {
      if (this.view !== 'plugin') return this.control('select');
      return this.selected.from === '' ? this.control('from-select') : this.control('to-select');
    },
    reset: () => this.selection.reset(),
    restore: (state) => this.restoreValue(state),
  });

  constructor() {
    super();
    this.linkTarget(
      () => !this.selection.settling && this.routesTask.state.kind !== 'loading',
      (target, value) => this.applyLink(target, value),
    );
  }

  /**
   * The current value, submitted with the form: the route id (contract), `from|to` (plugin, once
   * both are chosen), else ''. Setting it selects that route (an id, or `from|to` in either
   * dialect). Does not fire `change`, like a native control.
   */
  override get value(): string {
    return valueOf(this.selected);
  }

  override set value(next: string | number) {
    this.selection.set(next);
  }

  /** The From stop shown as chosen (byte-exact), '' for none. Setting it keeps the To stop unless they are equal. */
  get from(): string {
    return this.selected.from;
  }

  set from(next: string) {
    this.value = joinPair(next == null ? '' : String(next), this.pair.to);
  }

  /** The To stop shown as chosen (byte-exact), '' for none. In the contract dialect `from` + `to` pick the route with those ends. */
  get to(): string {
    return this.selected.to;
  }

  set to(next: string) {
    this.value = joinPair(this.pair.from, next == null ? '' : String(next));
  }

  /** The chosen route, `{ routeId?, from, to }` with byte-exact stop names; null while none is (and before the routes load). */
  get route(): RouteValue | null {
    return this.routeList ? routeValueOf(this.selected) : null;
  }

  /** The site's routes as loaded; null until they are. */
  get routeList(): RouteList | null {
    const state = this.routesTask.state;
    return state.kind === 'complete' ? state.value : null;
  }

  /** The dialect shown: from the `dialect` attribute and the site's answer; null before the answer when not set. */
  get activeDialect(): BusDialect | null {
    const list = this.routeList;
    if (this.dialect === 'plugin') return 'plugin';
    return list ? list.dialect : this.dialect || null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncControls();
  }

  // ---------------------------------------------------------------------------------- render

  override render(): TemplateResult {
    const strings = this.text;
    const state = this.routesTask.state;
    const list = state.kind === 'complete' ? state.value : null;
    const loading = state.kind === 'loading';
    const content = this.contentLanguage;
    const context: RouteViewContext = {
      strings,
      label: this.label,
      content,
      pageName: this.pageLabel(),
      locale: this.locale,
      list,
      from: this.selected.from,
      memo: this.memo,
      select: (id: string, part: string, placeholder: string, options: Option[], name?: string) =>
        nativeSelect({
          ...(name && { name }),
          id,
          part,
          loading,
          loadingText: strings.loading,
          placeholder,
          options,
          content,
          disabled: this.controlsDisabled,
          required: this.required,
          busy: this.pending,
          onInput: this.onInput,
          onChange: this.onChange,
        }),
    };
    return html`<div part="base" dir=${this.direction} lang=${this.uiLanguage}>
      ${this.view === 'plugin' ? stopsView(context) : routesView(context)} ${noRoutes(list, this.view) ? emptyState(strings.routesEmpty) : nothing}
      ${state.kind === 'error' ? errorState(routesErrorView(state.error, strings), strings, () => this.routesTask.run()) : nothing}
    </div>`;
  }

  // --------------------------------------------------------------------------------- helpers

  /** The layout: From/To for the plugin dialect, else the route select. */
  private get view(): BusDialect {
    return this.activeDialect ?? 'contract';
  }

  /** The current selection, checked against the routes once they are loaded. */
  private get selected(): Selection {
    return resolveSelection(this.selection.raw, this.routeList, this.view);
  }

  /** From and To to build on when one side is set: the checked ones, else what was set. */
  private get pair(): { from: string; to: string } {
    const selected = this.selected;
    if (selected.from !== '' || selected.to !== '') return selected;
    const raw = resolveSelection(this.selection.raw, null, this.view);
    return { from: raw.from, to: raw.to };
  }

  private control(part: string): HTMLSelectElement | null {
    return this.shadowRoot?.querySelector<HTMLSelectElement>(`[part~="${part}"]`) ?? null;
  }

  private syncControls(): void {
    const selected = this.selected;
    showValue(this.control('select'), selected.routeId);
    showValue(this.control('from-select'), selected.from);
    showValue(this.control('to-select'), selected.to);
  }

  /** Gives the value to the `<bus-list id>`: contract routes go by id, stop pairs (plugin) by name; no value clears both. */
  private applyLink(target: HTMLElement, value: string): void {
    const { routeId, from, to } = value === '' ? { routeId: '', from: '', to: '' } : this.selected;
    const byId = routeId !== '';
    applyFields(target, [
      { property: 'routeId', attribute: 'route-id', value: routeId },
      { property: 'from', attribute: 'from', value: byId ? '' : from },
      { property: 'to', attribute: 'to', value: byId ? '' : to },
      { property: 'page', attribute: 'page', value: 1 },
    ]);
  }

  /** The selection the visitor's pick in `select` makes. */
  private picked(select: HTMLSelectElement): string {
    const current = this.selected;
    if (select.id === 'from') return joinPair(select.value, current.to);
    if (select.id === 'to') return joinPair(current.from, select.value);
    return select.value;
  }

  private onInput(event: Event): void {
    this.selection.input(event, this.picked(event.target as HTMLSelectElement));
  }

  private onChange(event: Event): void {
    const { accepted, previous } = this.selection.change(event, this.picked(event.target as HTMLSelectElement));
    if (!accepted) return;
    const route = this.route;
    const before = routeValueOf(resolveSelection(previous, this.routeList, this.view));
    if (before?.routeId === route?.routeId && before?.from === route?.from && before?.to === route?.to) return;
    void this.emit<RouteChangeDetail>('route-change', { route });
  }
}
