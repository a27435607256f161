/**
 * The board's clock: re-renders its host at every wall-clock minute (the board shows `HH:MM`, and
 * departures leave by the minute), through the injectable scheduler. No request is involved: a
 * departure that has left drops off the board at the next tick.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { startTimer, type Scheduler, type Timer } from '../../../shared/scheduler.js';
import { msToNextMinute } from '../../../shared/wall-clock.js';

export class MinuteClock implements ReactiveController {
  private timer: Timer | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly scheduler: () => Scheduler,
    private readonly active: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.active()) this.start();
  }

  hostUpdated(): void {
    // The board attribute may have been switched on or off.
    if (this.active() && !this.timer) this.start();
    else if (!this.active()) this.stop();
  }

  hostDisconnected(): void {
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
