/**
 * A clock for what changes by the minute: re-renders its host at every wall-clock minute, through
 * the injectable scheduler, while `active()`. No request is involved: the departure board's clock
 * and its departures that have left, and a live route map's next stop, move on at the next tick.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scheduler } from './scheduler.js';
import { startTimer, type Timer } from './timer.js';
import { msToNextMinute } from './wall-clock.js';

export class MinuteClock implements ReactiveController {
  private timer: Timer | undefined;
  /** Lit updates a removed host too (a board's code may arrive then): that starts nothing. */
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly scheduler: () => Scheduler,
    private readonly active: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    if (this.active()) this.start();
  }

  hostUpdated(): void {
    // The board attribute may have been switched on or off.
    if (this.connected && this.active() && !this.timer) this.start();
    else if (!this.active()) this.stop();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  private start(): void {
    this.stop();
    const scheduler = this.scheduler();
    this.timer = startTimer(
      scheduler,
      () => {
        this.timer = undefined;
        this.host.requestUpdate();
        this.start();
      },
      msToNextMinute(scheduler.now()),
    );
  }

  private stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
