/**
 * The lifecycle the kiosk's timed controllers share (burn-in, reload-at, reload-on-update): check
 * whether to run after every update and on connection, stop on removal. A subclass says what
 * running means (`sync`) and what stopping releases besides its one timer (`release`), and adds
 * itself to the host at the end of its own constructor: Lit connects a controller added to a
 * connected host at once (the board's code arrives after the element has rendered), and a
 * subclass's fields are set only after this constructor has returned, so a `sync` from here would
 * run on state those initializers then reset.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Timer } from '../timer.js';

export abstract class TimedController<Inputs> implements ReactiveController {
  /** The one pending timer, if any. */
  protected timer: Timer | undefined;
  /** Lit updates a removed host too (its board's code may arrive then): that starts nothing. */
  private connected = false;

  constructor(
    protected readonly host: ReactiveControllerHost,
    protected readonly inputs: Inputs,
  ) {}

  hostConnected(): void {
    this.connected = true;
    this.sync();
  }

  hostUpdated(): void {
    if (this.connected) this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  /** Starts (plans the timer) or stops, as the inputs now say. */
  protected abstract sync(): void;

  /** Anything beyond the timer to let go of when stopping. */
  protected release(): void {}

  protected stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.release();
  }
}
