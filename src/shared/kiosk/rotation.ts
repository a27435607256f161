/**
 * `rotate`: a board with more departures than fit (`per-page` rows) shows them a page at a time,
 * turning to the next page every `rotate` seconds (at least {@link MIN_ROTATE_S}) and back to the
 * first after the last, on the injectable scheduler. It pauses while the pointer is over the host
 * or keyboard focus is inside it (nobody loses the row they are reading or the button they are on)
 * and resumes, with a full interval, when both have left.
 *
 * Keyboard focus, not any focus: a board runs for weeks on a touch-screen kiosk, where a passer-by
 * who taps a bus leaves the focus on it and nobody ever taps elsewhere, so a pause for that focus
 * would hold page 1 for good. A finger's pointer leaves when it lifts (Pointer Events: pointerleave
 * after pointerup), so a tap, like a click once the mouse has moved on, pauses nothing; holding a
 * finger on the board does. Focus pauses when it arrives matching `:focus-visible` (Tab, or a script
 * moving it on from such focus: Chromium gives a tap's or a click's focus none) or when a key is
 * pressed inside (a keyboard user who starts from a tapped bus; moves between the host's own
 * controls fire no focus event on it). So a keyboard user keeps their place for as long as they
 * stay (WCAG 2.2.2), with no idle time-out, which would move the page from under them.
 *
 * The board asks {@link Rotation.rows} which of its rows to show; that call also tells the rotation
 * how many pages there are. The host shows {@link Rotation.status} ("Page 2 of 3") in a polite live
 * region, which is what announces a turn.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scheduler } from '../scheduler.js';
import { startTimer, type Timer } from '../timer.js';

export const MIN_ROTATE_S = 5;

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
  private hovered = false;
  private focused = false;
  private timer: Timer | undefined;
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

  /** Paused by the pointer or keyboard focus. */
  get paused(): boolean {
    return this.hovered || this.focused;
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
    this.hovered = false;
    this.focused = false;
    this.stop();
  }

  private readonly listeners: Array<[string, (event: Event) => void]> = [
    ['pointerenter', () => this.pause('hovered', true)],
    ['pointerleave', () => this.pause('hovered', false)],
    ['focusin', (event) => this.pause('focused', (event.composedPath()[0] as Element).matches(':focus-visible'))],
    ['keydown', () => this.pause('focused', true)],
    // Focus that moves on inside the host brings a focusin, which decides.
    ['focusout', () => this.pause('focused', false)],
  ];

  private pause(what: 'hovered' | 'focused', on: boolean): void {
    this[what] = on;
    if (this.paused) this.stop();
    else this.sync();
  }

  private sync(): void {
    const ms = this.enabled ? rotateIntervalMs(this.inputs.seconds()) : null;
    if (ms === null) {
      this.stop();
      this.index = 0;
      this.pages = 1;
    } else if (this.pages < 2 || this.paused) {
      this.stop();
    } else {
      this.timer ??= startTimer(this.inputs.scheduler(), () => this.turn(), ms);
    }
  }

  private turn(): void {
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
