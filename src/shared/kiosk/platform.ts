/**
 * What the kiosk features need from the browser beyond time and page visibility: the Screen Wake
 * Lock API, `fetch` (for the deployed bundle's validators) and reloading the page. One injectable
 * object, so tests stub all three without touching globals.
 */

/** A held screen wake lock (the browser's `WakeLockSentinel`). */
export interface WakeLockHandle {
  release(): Promise<void>;
  /** The browser releases the lock itself (page hidden, battery low) and says so with `release`. */
  addEventListener(type: 'release', listener: () => void): void;
  removeEventListener(type: 'release', listener: () => void): void;
}

/** `navigator.wakeLock`. */
export interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockHandle>;
}

export interface KioskPlatform {
  /** The Screen Wake Lock API; null where the browser has none (older browsers, plain http). */
  wakeLock(): WakeLockApi | null;
  fetch(url: string, init: RequestInit): Promise<Response>;
  reload(): void;
}

/** The page's own: `navigator.wakeLock`, `fetch`, `location.reload()`. */
export const browserPlatform: KioskPlatform = {
  wakeLock: () => (typeof navigator !== 'undefined' && navigator.wakeLock ? navigator.wakeLock : null),
  fetch: (url, init) => fetch(url, init),
  reload: () => location.reload(),
};
