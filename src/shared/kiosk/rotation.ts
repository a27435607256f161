/**
 * `rotate`: a board with more departures than fit (`per-page` rows) shows them a page at a time,
 * turning to the next page every `rotate` seconds (at least {@link MIN_ROTATE_S}) and back to the
 * first after the last, on the injectable scheduler; a new `rotate` counts from when it is set. The
 * pointer over the host holds the page until it has been still there for {@link POINTER_IDLE_MS};
 * keyboard focus inside it holds the page for as long as it stays. A pointer that leaves, or focus
 * that leaves, lets it turn again a full interval later.
 *
 * The pointer, for a while: a board runs full-screen for weeks, and a mouse cursor left resting on
 * it (where whoever set up the kiosk left it, a wireless mouse nobody touches) would otherwise hold
 * page 1 for good. A reader shows they are there by moving the mouse now and then; one who keeps it
 * still gets 30 s from the last move, whatever `rotate` is: about what reading a page of departures
 * takes, a short delay once for a forgotten cursor, and a board that resumes soon enough that whoever
 * sets it up does not think rotation broken (twice `rotate` would be 10 s at the 5 s minimum). A turn
 * that falls due looks at when the pointer last moved and waits out the rest, so a move costs no
 * timer (pointermove comes often). A finger's pointer leaves when it lifts (Pointer Events:
 * pointerleave after pointerup), so a tap pauses nothing and a finger held on the board holds it for
 * the idle time. Chromium fires no pointermove when the page changes under a still cursor.
 *
 * Keyboard focus, not any focus: on a touch-screen kiosk a passer-by who taps a bus leaves the focus
 * on it and nobody ever taps elsewhere, so a pause for that focus would hold page 1 for good. Focus
 * pauses when it arrives matching `:focus-visible` (Tab, or a script moving it on from such focus:
 * Chromium gives a tap's or a click's focus none) or when a key is pressed inside (a keyboard user
 * who starts from a tapped bus; moves between the host's own controls fire no focus event on it). So
 * a keyboard user keeps their place for as long as they stay (WCAG 2.2.2), with no idle time-out,
 * which would move the page from under them.
 *
 * The board asks {@link Rotation.rows} which of its rows to show; that call also tells the rotation
 * how many pages there are. The host shows {@link Rotation.status} ("Page 2 of 3") in a polite live
 * region, which is what announces a turn.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scheduler } from '../scheduler.js';
import { startTimer, type Timer } from '../timer.js';

export const MIN_ROTATE_S = 5;
/** How long a pointer resting over the board holds its page after it last moved. */
export const POINTER_IDLE_MS = 30_000;

/** The interval in ms for a `rotate` attribute value: null (off) unless positive; below 5 s → 5 s. */
export function rotateIntervalMs(seconds: number | null | undefined): number | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(MIN_ROTATE_S, seconds) * 1000;
}

/** Page `index` (from 0, wrapped into range) of `rows` cut into pages of `perPage`. */
export function pageSlice<T>(rows: readonly T[], perPage: number, index: number): { rows: T[]; index: number; pages: number } {
  const size = Math.max(1, Math.floor(perPage));
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = index >= 0 && index < pages ? index : 0;
  return { rows: rows.slice(page * size, (page + 1) * size), index: page, pages };
}

export interface RotationInputs {
  /** Whether the host is a board. */
  active(): boolean;
  /** The `rotate` attribute, in seconds. */
  seconds(): number;
  /** Rows per page (the most a board shows without rotation). */
  perPage(): number;
  scheduler(): Scheduler;
}

type RotationHost = ReactiveControllerHost & HTMLElement;

export class Rotation implements ReactiveController {
  private index = 0;
  private pages = 1;
  /** When the pointer last moved over the host, on the scheduler's clock; -Infinity once it left. */
  private moved = -Infinity;
  private focused = false;
  private timer: Timer | undefined;
  /** The interval the planned turn was timed with: another `rotate` plans it again. */
  private interval = 0;
  /** Lit updates a removed host too: that starts nothing. */
  private connected = false;

  constructor(
    private readonly host: RotationHost,
    private readonly inputs: RotationInputs,
  ) {
    host.addController(this);
  }

  /** Whether rotation is on (a board with `rotate`). */
  get enabled(): boolean {
    return this.inputs.active() && rotateIntervalMs(this.inputs.seconds()) !== null;
  }

  /** The page shown (from 1) and how many there are, as of the last {@link rows}. */
  get status(): { page: number; pages: number } {
    return { page: this.index + 1, pages: this.pages };
  }

  /** The rows to show of `all`: the current page when rotating, else the first `perPage`. */
  rows<T>(all: readonly T[]): T[] {
    const perPage = this.inputs.perPage();
    if (!this.enabled) return all.slice(0, perPage);
    const page = pageSlice(all, perPage, this.index);
    this.index = page.index;
    this.pages = page.pages;
    return page.rows;
  }

  hostConnected(): void {
    this.connected = true;
    for (const [type, listener] of this.listeners) this.host.addEventListener(type, listener);
    this.sync();
  }

  hostUpdated(): void {
    if (this.connected) this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    for (const [type, listener] of this.listeners) this.host.removeEventListener(type, listener);
    this.moved = -Infinity;
    this.focused = false;
    this.stop();
  }

  // A move only notes the time (pointermove comes often); the turn, when due, looks at it.
  private readonly moveListener = () => (this.moved = this.inputs.scheduler().now());

  private readonly listeners: Array<[string, (event: Event) => void]> = [
    ['pointerenter', this.moveListener],
    ['pointermove', this.moveListener],
    [
      'pointerleave',
      () => {
        this.moved = -Infinity;
        this.stop();
        this.sync();
      },
    ],
    ['focusin', (event) => this.focus((event.composedPath()[0] as Element).matches(':focus-visible'))],
    ['keydown', () => this.focus(true)],
    // Focus that moves on inside the host brings a focusin, which decides.
    ['focusout', () => this.focus(false)],
  ];

  private focus(on: boolean): void {
    this.focused = on;
    this.sync();
  }

  private sync(): void {
    const ms = this.enabled ? rotateIntervalMs(this.inputs.seconds()) : null;
    if (ms === null) {
      this.stop();
      this.index = 0;
      this.pages = 1;
    } else if (this.pages < 2 || this.focused) {
      this.stop();
    } else {
      if (ms !== this.interval) this.stop();
      this.interval = ms;
      this.timer ??= startTimer(this.inputs.scheduler(), () => this.turn(), ms);
    }
  }

  private turn(): void {
    const scheduler = this.inputs.scheduler();
    const now = scheduler.now();
    // A wall clock stepped back since the move holds the page for the idle time, not for the step.
    this.moved = Math.min(this.moved, now);
    const wait = this.moved + POINTER_IDLE_MS - now;
    if (wait > 0) {
      this.timer = startTimer(scheduler, () => this.turn(), wait);
      return;
    }
    this.timer = undefined;
    this.index = (this.index + 1) % this.pages;
    this.host.requestUpdate();
    // The update that follows shows the page and plans the next turn (hostUpdated).
  }

  private stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
