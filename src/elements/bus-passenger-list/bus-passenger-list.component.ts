import { type TemplateResult, type PropertyDeclarations } from 'lit';
import type { AllPages } from '../../api/all-pages.js';
import { getBus } from '../../api/buses.js';
import { listAllPassengers } from '../../api/passengers.js';
import type { ApiClient } from '../../api/client.js';
import { DEFAULT_PASSENGER_COLUMNS, PASSENGER_COLUMNS, type Column } from '../../api/export/columns.js';
import { summarizePassengers } from '../../api/export/summary.js';
import type { Passenger } from '../../api/models.js';
import { formatDate, formatPrice } from '../../shared/format.js';
import type { Strings } from '../../shared/localize/strings.js';
import { StaffListElement, type StaffListTexts } from '../../shared/staff/staff-list-element.js';
import { staffStyles } from '../../shared/staff/staff-styles.js';
import { baseStyles } from '../../shared/styles.js';
import { readIdFilter } from '../../shared/staff/id-filter.js';
import { busPassengerListStyles } from './bus-passenger-list.styles.js';
import { passengerPrintHeading, passengerSummaryView, type SummaryContext } from './passenger-summary.js';
import { englishFor } from '../../shared/localize/localize.js';
import { BUSES_EN } from '../../shared/localize/en/buses.js';
import { STAFF_EN } from '../../shared/localize/en/staff.js';

export type { DownloadDetail } from '../../shared/staff/download.js';
export type { PageChangeDetail } from '../../shared/pager.js';

/**
 * The passengers of a bus's confirmed bookings (`/wbtm/v1/passengers?bus_id&date`): a driver's
 * manifest and a booking office's list. Every page of the query is read (100 per request, one
 * after another), then sorted, searched and paged here; the summary counts passengers and seats,
 * totals revenue per ticket type (in `currency`) and lists boardings and alightings per stop.
 * Exports (CSV, JSON) hold every matching row; printing gives a clean A4 manifest.
 *
 * **Personal data.** Requests carry the element's credentials only: the `authorization` property
 * (e.g. a proxy token the host app got from its own sign-in; never an attribute, never logged) or
 * the visitor's own WordPress login (`nonce` attribute → `X-WP-Nonce` with the site's cookies).
 * Answers never enter the shared cache or any storage, and are dropped when the element is removed.
 * Without access it says "Sign in to see passengers." and shows nothing; a site whose bus plugin
 * publishes no passengers route (the real plugin does not) is told plainly.
 *
 * @tagname bus-passenger-list
 * @summary A sortable, searchable passenger manifest with revenue summary, CSV/JSON export and print layout.
 *
 * @event {CustomEvent<PassengerSelectDetail>} passenger-select - A passenger's row was activated (click, Enter or Space on the name); `detail.passenger` is the Passenger model.
 *
 * @csspart manifest - The table of boardings and alightings per stop.
 * @csspart table - The passengers `<table>`.
 * @csspart row - A passenger's row.
 * @csspart row-button - The first cell's button that fires `passenger-select`.
 * @csspart empty - "No confirmed bookings."
 */
export class BusPassengerList extends StaffListElement<Passenger> {
  static override properties: PropertyDeclarations = {
    busId: { attribute: 'bus-id', reflect: true },
    date: { reflect: true },
    stopOrder: { state: true, attribute: false },
  };

  /** @internal */
  protected static override english = englishFor(BUSES_EN, STAFF_EN);

  static override styles = [baseStyles, staffStyles, busPassengerListStyles];

  /** The bus whose passengers to list; empty: every bus. A value that is not a positive whole number reads nothing and shows an invalid-setting message. */
  busId: string | number = '';

  /** The travel date (`YYYY-MM-DD`); empty: every date. */
  date = '';

  /** The bus's stops in travel order, for the manifest; from the public bus record, when it loads. */
  private stopOrder: readonly string[] = [];

  protected override readonly columnSet = { all: PASSENGER_COLUMNS, defaults: DEFAULT_PASSENGER_COLUMNS };
  protected override texts(strings: Strings): StaffListTexts {
    return {
      label: strings.passengersLabel,
      empty: strings.passengersEmpty,
      title: strings.passengersTitle,
      signIn: strings.passengersSignIn,
      forbidden: strings.passengersForbidden,
      unpublished: strings.passengersUnpublished,
    };
  }

  protected override queryKey(): string {
    return `${`${this.busId}`.trim()}|${this.date.trim()}`;
  }

  /** The bus asked for: undefined for every bus, null for a `bus-id` that names none. */
  private busFilter(): number | undefined | null {
    const filter = readIdFilter(this.busId, 'bus-id');
    return filter.kind === 'one' ? filter.id : filter.kind === 'all' ? undefined : null;
  }

  protected override async loadRows(client: ApiClient, options: { signal: AbortSignal; maxPages: number }): Promise<AllPages<Passenger>> {
    const filter = readIdFilter(this.busId, 'bus-id');
    if (filter.kind === 'invalid') throw filter.error;
    const busId = filter.kind === 'one' ? filter.id : undefined;
    const date = this.date.trim() || undefined;
    void this.loadStops(busId);
    return listAllPassengers(client, { ...(busId !== undefined && { busId }), ...(date && { date }) }, options);
  }

  /** The stop order is a nicety: the public bus record, through the shared cache; failures are ignored. */
  private async loadStops(busId: number | undefined): Promise<void> {
    let order: readonly string[] = [];
    if (busId !== undefined && this.effectiveBaseUrl) {
      try {
        order = (await getBus(this.clientFor(this.effectiveBaseUrl), busId)).stops.map((stop) => stop.place);
      } catch {
        // The manifest then lists stops in order of first appearance.
      }
    } else {
      await Promise.resolve();
    }
    // Only for the bus still asked for ("07" is bus 7), only while shown, only when it changed.
    if (this.busFilter() !== busId || !this.isConnected || order.join('\n') === this.stopOrder.join('\n')) return;
    this.stopOrder = order;
  }

  protected override cellText(column: Column<Passenger>, row: Passenger, strings: Strings): string {
    if (column.key === 'price') return row.price === null ? '' : formatPrice(row.price, this.locale, this.effectiveCurrency);
    if (column.key === 'date') return row.date ? formatDate(row.date, this.locale) : '';
    return super.cellText(column, row, strings);
  }

  protected override pickRow(passenger: Passenger): void {
    this.emitNow<PassengerSelectDetail>('passenger-select', { passenger });
  }

  private get summaryContext(): SummaryContext {
    return { strings: this.text, locale: this.locale, currency: this.effectiveCurrency };
  }

  protected override summaryView(rows: readonly Passenger[], _strings: Strings, content: string): TemplateResult {
    return passengerSummaryView(summarizePassengers(rows, this.stopOrder), this.summaryContext, content);
  }

  protected override printHeading(rows: readonly Passenger[]): TemplateResult {
    // Only what every row shares heads the sheet: a list of several buses or dates is no one trip's
    // manifest, and naming the first row's bus, date and stops would make it read as one.
    const one = <V>(values: V[]) => (new Set(values).size === 1 ? values[0] : undefined);
    const busId = this.busFilter() ?? one(rows.map((row) => row.busId));
    return passengerPrintHeading(
      {
        bus: busId == null ? '' : one(rows.map((row) => row.busName)) || `#${busId}`,
        date: this.date.trim() || (one(rows.map((row) => row.date)) ?? ''),
        stops: busId == null ? [] : summarizePassengers(rows, this.stopOrder).byStop.map((stop) => stop.stop),
      },
      this.summaryContext,
    );
  }

  protected override fileNameParts(): string[] {
    return ['passengers', `${this.busId}` && `bus-${this.busId}`, this.date];
  }
}

/** `passenger-select` detail: the passenger whose row was activated. */
export interface PassengerSelectDetail {
  passenger: Passenger;
}
