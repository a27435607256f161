/**
 * Keeps the screen on while a board can be seen: a Screen Wake Lock is requested while the host is
 * connected, the feature is on and the page is visible; released when the page is hidden or the
 * host removed; requested again when the page shows again (the browser drops the lock of a hidden
 * page anyway). Where the browser has no such API (older browsers, plain http) or refuses the
 * request (`NotAllowedError`: not https, an iframe without permission, battery saver), `refused`
 * is true, so the host can say that the screen may go dark. A refused request is not repeated until
 * the page has been hidden and shown again (or the host removed and put back).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PageSignals } from '../page-signals.js';
import type { WakeLockApi, WakeLockHandle } from './platform.js';

export interface WakeLockInputs {
  /** Whether the host wants the screen kept on now (e.g. it is a board, and not `wake-lock="off"`). */
  active(): boolean;
  signals(): PageSignals;
  /** The API, null where there is none. */
  api(): WakeLockApi | null;
}

export class WakeLock implements ReactiveController {
  private rejected = false;
  private handle: WakeLockHandle | undefined;
  /** Bumped whenever a pending request's answer is no longer wanted. */
  private generation = 0;
  private requesting = false;
  private connected = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly inputs: WakeLockInputs,
  ) {
    host.addController(this);
  }

  /** Whether a lock is held right now. */
  get held(): boolean {
    return this.handle !== undefined;
  }

  /** The feature is on, but the browser has no wake lock or refused the last request. */
  get refused(): boolean {
    return this.inputs.active() && (this.rejected || this.inputs.api() === null);
  }

  hostConnected(): void {
    this.connected = true;
    this.sync();
  }

  hostUpdated(): void {
    // The board (or the `wake-lock` attribute) may have been switched.
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.sync();
  }

  private wanted(): boolean {
    return this.connected && this.inputs.active() && !this.inputs.signals().hidden();
  }

  private sync(): void {
    // Visibility matters only while the feature is on.
    if (this.connected && this.inputs.active()) {
      this.unsubscribe ??= this.inputs.signals().subscribe((change) => {
        if (change === 'visible' || change === 'hidden') this.sync();
      });
    } else {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
    }
    if (this.wanted()) {
      const api = this.inputs.api();
      if (api && !this.handle && !this.requesting && !this.rejected) this.acquire(api);
      return;
    }
    this.generation++;
    this.requesting = false;
    // Hidden, removed or switched off: the next time the board shows, it asks again.
    this.rejected = false;
    this.drop();
  }

  private acquire(api: WakeLockApi): void {
    const generation = ++this.generation;
    this.requesting = true;
    api.request('screen').then(
      (handle) => {
        if (generation !== this.generation) {
          // Hidden or removed while the browser decided: give the lock straight back.
          handle.release().catch(() => {});
          return;
        }
        this.requesting = false;
        this.handle = handle;
        handle.addEventListener('release', this.onReleased);
      },
      () => {
        if (generation !== this.generation) return;
        this.requesting = false;
        this.rejected = true;
        this.host.requestUpdate();
      },
    );
  }

  /** The browser let go of the lock (e.g. the page was hidden): the next visible page asks again. */
  private readonly onReleased = (): void => {
    this.handle?.removeEventListener('release', this.onReleased);
    this.handle = undefined;
  };

  private drop(): void {
    const handle = this.handle;
    if (!handle) return;
    this.onReleased();
    handle.release().catch(() => {});
  }
}
