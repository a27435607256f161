import { html, type TemplateResult, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { BusDialect, LocalDateTime } from '../../api/models.js';
import type { SiteZone } from '../../api/site-time.js';
import { busDetailErrorView } from '../../shared/bus-errors.js';
import { resolveTimeZone } from '../../shared/config.js';
import { DataTask } from '../../shared/data-task.js';
import { MinuteClock } from '../../shared/minute-clock.js';
import { backoffMs } from '../../shared/backoff.js';
import { realScheduler, type Scheduler } from '../../shared/scheduler.js';
import { widgetSiteZone } from '../../shared/site-zone.js';
import { errorState, loadingState } from '../../shared/states.js';
import { baseStyles } from '../../shared/styles.js';
import { TwElement } from '../../shared/tw-element.js';
import { addDays, siteDate, siteDateTime } from '../../shared/wall-clock.js';
import { busRouteMapStyles } from './bus-route-map.styles.js';
import { loadRouteMap, type RouteMapInputs, type RouteMapLoad } from './load.js';
import { routeMapView } from './map-view.js';
import { OrientationController, type RouteMapLayout } from './orientation.js';
import { liveState, type LiveState } from './progress.js';
import type { RouteMap } from './route-stops.js';
import { englishFor } from '../../shared/localize/localize.js';
import { BUSES_EN } from '../../shared/localize/en/buses.js';
import { ROUTE_MAP_EN } from '../../shared/localize/en/route-map.js';

export type { RouteMapLayout, RouteMapOrientation } from './orientation.js';

/**
 * A live map's failed loads are tried again with the departure board's back-off (`backoffMs`) from
 * this base: after 5, 10, then every 15 minutes (at least a 429's Retry-After), so a sign started
 * while the site was down recovers by itself without pressing a struggling site.
 */
const RETRY_BASE_MS = 150_000;

/**
 * A schematic line diagram of a bus's stops (`bus-id`), or of the stops of a route across the buses
 * serving it (`from`/`to`): stops in travel order with their times and "+1" next-day marks, each
 * marked boarding only, alighting only, or both. There are no map tiles (the data has no
 * coordinates). The diagram is an ordered list: each stop reads as "Lyon, departs 7:30 AM,
 * Boarding only"; the line and the markers are decoration.
 *
 * **Route mode** (`from` and `to`, without `bus-id`): the plugin dialect searches the date's buses
 * (`date`, else today on the site's wall clock); the contract dialect reads its routes and the
 * buses of the (at most two) routes running from `from` to `to`. The stops of the first `max-buses`
 * buses by departure are read (one request each), cut to the part from `from` to `to`, and drawn
 * as one line: every stop once, in travel order, with each bus's time there.
 *
 * **Live** (`live`): re-rendered at every minute of the site's wall clock. The trip followed is the
 * earliest departure not yet arrived (yesterday's night bus still on the road included when `date`
 * is empty). Before it leaves, its first stop is next; between stops, the next stop is the first it
 * has not reached yet (during a stop's own minute that stop is still next); earlier stops are
 * passed (a ✓ and "passed"). The next stop has `aria-current="step"` and a visible "Next stop"
 * badge, and a status line names it. Once every trip shown has arrived, no stop is marked and the
 * status line says so. A timetable (the contract, or a bus without `date`) is assumed to run daily.
 * A load that failed is tried again after 5, 10, then every 15 minutes, as a kiosk has nobody to press Retry.
 *
 * @tagname bus-route-map
 * @summary A bus's or a route's stops as a line diagram with times, stop kinds and a live next stop.
 *
 * @slot fallback - Light-DOM content shown until the element is defined and again when loading fails, e.g. a link to the site's timetable.
 *
 * @csspart content - The wrapper around the title, the status lines and the diagram.
 * @csspart title - The bus's name, or "Paris → Berlin" in route mode.
 * @csspart live-status - With `live`: "Next stop: Köln, 12:45" or "All trips shown have arrived." (`role="status"`).
 * @csspart more - Route mode: "Showing the first 3 of 5 buses." when `max-buses` left some out, or that the stops of some could not be read.
 * @csspart list - The `<ol>` of stops, drawn as the diagram; `data-layout` says `horizontal` or `vertical`.
 * @csspart stop - One stop (`<li>`), also named by its kind `stop-boarding`, `stop-dropping` or `stop-both`, and with `live` by `next` or `passed`.
 * @csspart marker - The stop's marker on the line (decoration).
 * @csspart stop-name - The stop's name.
 * @csspart times - The stop's time (bus mode) or its list of calls (route mode).
 * @csspart time - One time (`<time>`).
 * @csspart next-day - The "+1" mark of a time on a later day than the trip's first stop.
 * @csspart calls - Route mode: the `<ul>` of the buses calling at the stop.
 * @csspart call - One bus's call at the stop, also `followed` for the trip `live` follows.
 * @csspart call-bus - The bus's name in a call.
 * @csspart kind - "Boarding only", "Alighting only" or "Boarding and alighting".
 * @csspart next-stop - The "Next stop" badge.
 * @csspart passed-mark - The ✓ of a passed stop.
 * @csspart prompt - The message when neither `bus-id` nor `from` and `to` are set.
 * @csspart loading - The loading skeleton.
 * @csspart empty - "This bus has no stops to show." / "No buses found for this route."
 * @csspart error - The error box (`role="alert"`).
 * @csspart error-message - The error text.
 * @csspart retry - The Retry button.
 *
 * @cssprop --tw-color-text - Text colour.
 * @cssprop --tw-color-muted - Secondary text colour (stop kinds, bus names of calls).
 * @cssprop --tw-color-background - Background of the element.
 * @cssprop --tw-color-surface - Inside of hollow stop markers.
 * @cssprop --tw-color-accent - The line and markers (unless `--tw-route-line-color`), focus ring.
 * @cssprop --tw-color-accent-contrast - Text on the Retry button.
 * @cssprop --tw-color-danger - Error border.
 * @cssprop --tw-color-skeleton - Loading placeholder colour.
 * @cssprop --tw-space - Base spacing unit.
 * @cssprop --tw-radius - Corner radius.
 * @cssprop --tw-font-family - Font family.
 * @cssprop --tw-font-size - Base font size (a horizontal map needs 9em per stop).
 * @cssprop --tw-route-line-color - The line and the stop markers (default the accent colour).
 * @cssprop --tw-route-marker-size - Diameter of a stop marker (default 1.25rem).
 */
export class BusRouteMap extends TwElement {
  static override properties: PropertyDeclarations = {
    busId: { attribute: 'bus-id', reflect: true },
    from: { reflect: true },
    to: { reflect: true },
    date: { reflect: true },
    timeZone: { attribute: 'time-zone', reflect: true },
    dialect: { reflect: true },
    orientation: { reflect: true },
    live: { type: Boolean, reflect: true },
    maxBuses: { type: Number, attribute: 'max-buses' },
  };

  /** @internal */
  protected static override english = englishFor(BUSES_EN, ROUTE_MAP_EN);

  static override styles = [baseStyles, busRouteMapStyles];

  /** The bus whose stops to draw (its id). Wins over `from`/`to`. */
  busId: string | number = '';

  /** Route mode: the boarding stop, exactly as the site's `/routes` lists it. */
  from = '';

  /** Route mode: the dropping stop, exactly as the site's `/routes` lists it. */
  to = '';

  /**
   * The service date `YYYY-MM-DD`: which day the plugin dialect searches the route's buses for, and
   * which day `live` follows. Empty for today on the site's wall clock (see `time-zone`).
   */
  date = '';

  /**
   * The site's time zone (WordPress Settings → General), an IANA name such as `Europe/Berlin` or an
   * offset such as `+05:30`: "today" and `live`'s "now" are read on its wall clock. Defaults to
   * `<meta name="ticketing-widgets:time-zone">`, then `configure({ timeZone })`, then the zone the
   * site's REST index publishes, then the viewer's.
   */
  timeZone = '';

  /** `contract` or `plugin` to skip detecting the site's Interface B dialect from its `/wp-json/` index (route mode). */
  dialect: BusDialect | '' = '';

  /**
   * `auto` (default): horizontal when every stop gets at least 9em of the element's width, else
   * vertical (measured with a ResizeObserver, so it follows the element, not the window); or always
   * `horizontal` / `vertical`.
   */
  orientation: 'auto' | 'horizontal' | 'vertical' = 'auto';

  /** Marks the next stop and the passed ones from the site's wall clock, updated every minute; a failed load is tried again after 5, 10, then every 15 minutes. */
  live = false;

  /** Route mode: the most buses whose stops are read and drawn, one request each (default 3, at most 6). */
  maxBuses = 3;

  /**
   * Time and timers of `live`. Set before connecting, e.g. a `FakeScheduler` in tests.
   * @internal
   */
  scheduler: Scheduler = realScheduler;

  private readonly data = new DataTask(
    this,
    () => [this.dialect, this.busId, this.from, this.to, this.serviceDate, this.busLimit, this.live] as const,
    (client, _args, signal): Promise<RouteMapLoad> => loadRouteMap(client, this.inputs(), signal),
  );

  /** `live`: when a failed load is tried again (scheduler time); undefined while none has failed. */
  private retryAt: number | undefined;
  /** `live`: failed loads in a row, for the back-off. */
  private failures = 0;

  private readonly orientationController = new OrientationController(
    this,
    () => this.orientation,
    () => this.shownMap()?.stops.length ?? 0,
  );

  constructor() {
    super();
    new MinuteClock(
      this,
      () => this.scheduler,
      () => this.live,
    );
  }

  /** The orientation in effect: `horizontal` or `vertical` (what `auto` came to at the element's width). */
  get layout(): RouteMapLayout {
    return this.orientationController.layout();
  }

  /** The service date: `date`, else today on the site's wall clock (the scheduler's time). */
  private get serviceDate(): string {
    return this.date.trim() || siteDate(this.scheduler.now(), this.siteZone);
  }

  private get busLimit(): number {
    const limit = Math.floor(Number(this.maxBuses));
    return Number.isFinite(limit) ? Math.min(6, Math.max(1, limit)) : 3;
  }

  /** The site's zone: `time-zone` or the page's, else the one its index published, else null (the viewer's). */
  private get siteZone(): SiteZone | null {
    return widgetSiteZone(this.effectiveBaseUrl, this.timeZone);
  }

  private inputs(): RouteMapInputs {
    const dialect = this.dialect === 'contract' || this.dialect === 'plugin' ? this.dialect : null;
    return {
      dialect,
      busId: `${this.busId}`,
      from: this.from,
      to: this.to,
      date: this.date.trim(),
      zone: resolveTimeZone(this.timeZone),
      now: this.scheduler.now(),
      maxBuses: this.busLimit,
      learnZone: this.live,
    };
  }

  private shownMap(): RouteMap | undefined {
    const value = this.data.value;
    return value?.kind === 'map' ? value.map : undefined;
  }

  /** The live state now, on the site's wall clock; null without `live`. */
  private liveNow(map: RouteMap): LiveState | null {
    if (!this.live) return null;
    const zone = this.siteZone;
    const now: LocalDateTime = siteDateTime(this.scheduler.now(), zone);
    const date = this.date.trim();
    const today = siteDate(this.scheduler.now(), zone);
    return liveState(map, now, date ? [date] : [addDays(today, -1), today]);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // The minute clock updates a live map each minute: that is when a failed load falls due again.
    // A kiosk has nobody to press Retry; a load that works (or `live` off) starts the back-off over.
    const now = this.scheduler.now();
    const error = this.live ? this.data.error : undefined;
    if (error === undefined) {
      this.retryAt = undefined;
      if (!this.data.pending) this.failures = 0;
    } else if (this.retryAt === undefined) this.retryAt = now + backoffMs(++this.failures, RETRY_BASE_MS, error);
    else if (now >= this.retryAt) {
      this.retryAt = undefined;
      this.data.run();
    }
  }

  override render(): TemplateResult {
    const strings = this.text;
    return html`<div dir=${this.direction} lang=${this.uiLanguage}>
      ${this.data.render({
        loading: () => loadingState(strings, 4),
        error: (error, retry) => errorState(busDetailErrorView(error, strings, strings.routeMapNoStops), strings, retry),
        complete: (result) =>
          result.kind === 'prompt'
            ? html`<p part="prompt" role="status">${strings.routeMapPrompt}</p>`
            : routeMapView(result.map, { strings, locale: this.locale, content: this.contentLanguage, layout: this.layout, live: this.liveNow(result.map) }),
      })}
    </div>`;
  }
}
