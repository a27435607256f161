/**
 * The seat map's selection: the chosen seats with their passenger types, the visible notice, and
 * every way they change — the visitor (grid, list, passenger type, Clear), script (`value`,
 * `clearSelection()`), the form (reset, restore), new availability or `max-seats` (seats booked
 * meanwhile are dropped, with a message), another bus. Each change fires `selection-change` once
 * rendered; the visitor's also `change` (fired by the host). The rules themselves are in `selection.ts`.
 */
import type { ReactiveControllerHost } from 'lit';
import { format, type Strings } from '../../shared/localize/strings.js';
import { picksFromState, pickOf } from './form-value.js';
import { layoutOf, type MapLayout, type SeatSpot } from './layout.js';
import type { SeatLoad } from './load.js';
import type { SeatEventDetail, SeatInfo, SelectionChangeDetail, SelectionChangeReason } from './seat-events.js';
import { seatLabel, stateWord } from './seat-label.js';
import { defaultType, fareOf, maxSeats, reconcile, toggle, totalOf, type SeatPick } from './selection.js';

const EMPTY_LAYOUT: MapLayout = { decks: [], byName: new Map(), byKey: new Map() };

export interface SeatSelectionHost extends ReactiveControllerHost, HTMLElement {
  readonly maxSeats: number;
  readonly passengerType: string;
  readonly updateComplete: Promise<boolean>;
}

export interface SeatSelectionSource {
  /** The availability shown (refreshed or not), undefined before the first load. */
  load(): SeatLoad | undefined;
  /** Its seat layout, null without a seat plan. */
  layout(): MapLayout | null;
  strings(): Strings;
  /** The visitor may change the selection (not read-only, not disabled). */
  interactive(): boolean;
  /**
   * A new load is on its way (another bus, day or stop): the seats shown are the previous load's,
   * and a seat picked there would be carried over to a bus or stop it was never seen on.
   */
  loading(): boolean;
  announce(message: string): void;
  /** The picks changed: the form hears of it synchronously. */
  changed(): void;
  /** The visitor changed the selection: the host fires its native-like `change`. */
  changedByVisitor(): void;
  /** The seat a grid cell or list checkbox (or its descendant) stands for. */
  spotOf(target: EventTarget | null): SeatSpot | undefined;
}

export class SeatSelection {
  private chosen: SeatPick[] = [];
  private message = '';
  /** The load and limit the picks were last checked against. */
  private reconciled: { load: SeatLoad | undefined; max: number } = { load: undefined, max: 0 };
  /** Picks set by script or a restore wait for a check even against the same load. */
  private needsReconcile = false;
  /** Restored picks not checked yet: those taken since the visitor chose them are said, as after a refresh. */
  private restored = false;

  constructor(
    private readonly host: SeatSelectionHost,
    private readonly source: SeatSelectionSource,
  ) {}

  /** The chosen seats with their passenger types, in the order chosen. */
  get picks(): readonly SeatPick[] {
    return this.chosen;
  }

  get names(): string[] {
    return this.chosen.map((pick) => pick.name);
  }

  /** The visible message: the seat limit, or seats booked meanwhile; '' for none. */
  get notice(): string {
    return this.message;
  }

  private set notice(text: string) {
    this.message = text;
    this.host.requestUpdate();
  }

  /** The chosen seats in full. */
  get infos(): SeatInfo[] {
    return this.chosen.map((pick) => this.seatInfo(pick));
  }

  /** "2 of 4 seats chosen." */
  countText(count: number): string {
    const max = maxSeats(this.host.maxSeats);
    const strings = this.source.strings();
    return format(max === 1 ? strings.seatCountOne : strings.seatCount, { count, max });
  }

  // ------------------------------------------------------------------ script and form

  /** `value = …`: seat names or `A3:child` entries, checked against the layout when there is one. */
  setValue(list: readonly unknown[]): void {
    const layout = this.source.layout();
    const fallback = defaultType(this.source.load()?.tiers ?? [], this.host.passengerType);
    const picks = list.map((value) => pickOf(String(value), fallback, (name) => layout?.byName.has(name) ?? false));
    this.needsReconcile = true;
    this.set(this.checked(picks), 'value');
  }

  /** The form state restored after back/forward. */
  restore(state: string | File | FormData | null): void {
    // Checked before the next render (not here, silently): the visitor chose them, back/forward
    // brought them back, and one booked meanwhile must not just vanish.
    this.needsReconcile = this.restored = true;
    this.set(picksFromState(state, defaultType(this.source.load()?.tiers ?? [], this.host.passengerType)), 'restore');
  }

  /** Unchooses every seat, by script (`clear`) or a form reset (`reset`). */
  clear(reason: 'clear' | 'reset'): void {
    this.notice = '';
    this.set([], reason);
  }

  /** Another bus: nothing chosen, nothing checked yet. */
  busChanged(): void {
    this.reconciled = { load: undefined, max: 0 };
    this.notice = '';
    this.set([], 'bus');
  }

  /** Before each update: checks the picks against new availability or a new `max-seats`. */
  reconcile(): void {
    const load = this.source.load();
    const max = maxSeats(this.host.maxSeats);
    if (!load || (load === this.reconciled.load && max === this.reconciled.max && !this.needsReconcile)) return;
    const told = this.reconciled.load || this.restored;
    this.reconciled = { load, max };
    this.needsReconcile = this.restored = false;
    const layout = load.seatMap ? layoutOf(load.seatMap) : EMPTY_LAYOUT;
    const result = reconcile(this.chosen, layout, load.tiers, this.host.passengerType, max);
    if (!result.changed) return;
    this.set(result.picks, 'update');
    if (told && result.removed.length > 0) {
      const strings = this.source.strings();
      const message =
        result.removed.length === 1
          ? format(strings.seatAnnounceTaken, { name: result.removed[0]! })
          : format(strings.seatAnnounceTakenMany, { names: result.removed.join(', ') });
      this.notice = message;
      this.source.announce(message);
    }
  }

  // ------------------------------------------------------------------ the visitor

  /** Listener of the grid: the visitor activated a seat. */
  readonly onSeat = (event: Event): void => {
    const spot = this.source.spotOf(event.target);
    if (spot) this.choose(spot);
  };

  /** Listener of the list alternative's checkboxes. */
  readonly onListChange = (event: Event): void => {
    this.onSeat(event);
    // A refused change must untick the box again (the `live` binding does it on render).
    this.host.requestUpdate();
  };

  /** Listener of the summary's passenger type selects. */
  readonly onPassengerType = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    const name = select.dataset['seatName'];
    if (name !== undefined) this.choosePassengerType(name, select.value);
  };

  /** Listener of the Clear button. */
  readonly onClear = (): void => this.clearByVisitor();

  /** The visitor activated a seat (grid or list). */
  choose(spot: SeatSpot): void {
    const load = this.source.load();
    if (!load || !this.source.interactive()) return;
    const strings = this.source.strings();
    if (this.source.loading()) {
      // Not silently: a screen reader hears why the seat did not respond.
      this.source.announce(strings.loading);
      return;
    }
    const name = spot.seat.name;
    const max = maxSeats(this.host.maxSeats);
    const result = toggle(this.chosen, name, spot.seat.status, max, defaultType(load.tiers, this.host.passengerType));
    if (result.kind === 'unavailable') {
      this.source.announce(format(strings.seatAnnounceUnavailable, { name, status: stateWord(result.status, strings) }));
      return;
    }
    if (result.kind === 'limit') {
      const message = format(max === 1 ? strings.seatAnnounceLimitOne : strings.seatAnnounceLimit, { max });
      this.notice = message;
      this.source.announce(message);
      return;
    }
    const selecting = result.kind === 'selected';
    const pick = selecting ? result.picks[result.picks.length - 1]! : this.chosen.find((item) => item.name === name)!;
    if (!this.emit<SeatEventDetail>(selecting ? 'seat-select' : 'seat-deselect', { seat: this.seatInfo(pick) }, true)) return;
    this.notice = '';
    this.set(result.picks, selecting ? 'select' : 'deselect', true);
    const template = selecting ? strings.seatAnnounceSelected : strings.seatAnnounceDeselected;
    this.source.announce(format(template, { name, count: this.countText(result.picks.length) }));
  }

  /** The visitor chose another passenger type for a chosen seat. */
  choosePassengerType(name: string, type: string): void {
    if (!this.source.interactive()) return;
    this.set(
      this.chosen.map((pick) => (pick.name === name ? { name, type } : pick)),
      'passenger-type',
      true,
    );
  }

  /** The visitor's Clear button. */
  clearByVisitor(): void {
    if (!this.source.interactive() || this.chosen.length === 0) return;
    this.notice = '';
    this.set([], 'clear', true);
    this.source.announce(this.source.strings().seatAnnounceCleared);
  }

  // ------------------------------------------------------------------ internals

  private set(picks: SeatPick[], reason: SelectionChangeReason, visitor = false): void {
    const current = this.chosen;
    const same = picks.length === current.length && picks.every((pick, i) => pick.name === current[i]!.name && pick.type === current[i]!.type);
    if (same) return;
    this.chosen = picks;
    this.host.requestUpdate();
    this.source.changed();
    void this.host.updateComplete.then(() => this.emit<SelectionChangeDetail>('selection-change', this.detail(reason)));
    if (visitor) this.source.changedByVisitor();
  }

  /** Picks checked against the shown layout right away (when there is one), else kept for later. */
  private checked(picks: SeatPick[]): SeatPick[] {
    const load = this.source.load();
    if (!load) return picks;
    const layout = load.seatMap ? layoutOf(load.seatMap) : EMPTY_LAYOUT;
    return reconcile(picks, layout, load.tiers, this.host.passengerType, maxSeats(this.host.maxSeats)).picks;
  }

  private seatInfo(pick: SeatPick): SeatInfo {
    const layout = this.source.layout();
    const spot = layout?.byName.get(pick.name);
    const fare = fareOf(this.source.load()?.tiers ?? [], pick.type);
    return {
      name: pick.name,
      deck: spot ? layout!.decks[spot.deck]!.deck.level : null,
      position: spot?.position ?? '',
      label: seatLabel(pick.name, spot?.position ?? '', null, '', this.source.strings()),
      passengerType: pick.type,
      fare,
      price: fare?.price ?? null,
    };
  }

  private detail(reason: SelectionChangeReason): SelectionChangeDetail {
    const load = this.source.load();
    return {
      seats: this.infos,
      total: totalOf(this.chosen, load?.tiers ?? []),
      busId: load?.bus.id ?? null,
      date: load?.date ?? null,
      boarding: load?.segment.from?.place ?? null,
      dropping: load?.segment.to?.place ?? null,
      reason,
    };
  }

  /** A `bubbles`/`composed` CustomEvent from the host, as `TwElement.emitNow` fires them. */
  private emit<T>(name: string, detail: T, cancelable = false): boolean {
    return this.host.dispatchEvent(new CustomEvent<T>(name, { bubbles: true, composed: true, cancelable, detail }));
  }
}
