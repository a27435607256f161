/**
 * Burn-in protection for screens that show the same board for days: every
 * {@link BURN_IN_INTERVAL_MS} the host's content moves to the next of a few small offsets
 * ({@link BURN_IN_OFFSETS}, at most 3 px either way), so no pixel shows the same edge of a letter or
 * rule for hours. The host applies {@link BurnIn.style} as custom properties that its styles turn
 * into a `translate` of the content (no layout change: only the pixels move).
 *
 * Reduced motion: the shift still happens, as one instant 3 px jump every few minutes with no
 * transition, which is not the kind of motion `prefers-reduced-motion` asks to avoid; the screen
 * needs the protection whoever looks at it.
 */
import type { ReactiveControllerHost } from 'lit';
import { TimedController } from './timed-controller.js';
import type { Scheduler } from '../scheduler.js';
import { startTimer } from '../timer.js';

export const BURN_IN_INTERVAL_MS = 3 * 60_000;

/** [x, y] in px: round the centre and back, neighbours never more than 3 px apart. */
export const BURN_IN_OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [3, 0],
  [3, 3],
  [0, 3],
  [-3, 3],
  [-3, 0],
  [-3, -3],
  [0, -3],
  [3, -3],
];

export interface BurnInInputs {
  /** The `burn-in` attribute of a board. */
  active(): boolean;
  scheduler(): Scheduler;
}

export class BurnIn extends TimedController<BurnInInputs> {
  private index = 0;

  constructor(host: ReactiveControllerHost, inputs: BurnInInputs) {
    super(host, inputs);
    host.addController(this);
  }

  /** The current shift in px, [0, 0] while off. */
  get offset(): readonly [number, number] {
    return this.inputs.active() ? BURN_IN_OFFSETS[this.index % BURN_IN_OFFSETS.length]! : [0, 0];
  }

  /** The custom properties the host's styles read (`--_burn-in-x`, `--_burn-in-y`); none while off. */
  get style(): Record<string, string> {
    if (!this.inputs.active()) return {};
    const [x, y] = this.offset;
    return { '--_burn-in-x': `${x}px`, '--_burn-in-y': `${y}px` };
  }

  protected override sync(): void {
    if (!this.inputs.active()) {
      this.stop();
      this.index = 0;
    } else if (!this.timer) {
      this.plan();
    }
  }

  private plan(): void {
    this.timer = startTimer(
      this.inputs.scheduler(),
      () => {
        this.index = (this.index + 1) % BURN_IN_OFFSETS.length;
        this.plan();
        this.host.requestUpdate();
      },
      BURN_IN_INTERVAL_MS,
    );
  }
}
