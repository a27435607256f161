/**
 * What the board needs to know about the page: whether anyone can see it (no requests while the
 * tab is hidden) and whether the device believes it is online (a hint for the offline notice and
 * for retrying as soon as the connection is back). Injectable, so tests need not touch globals.
 */

export type PageChange = 'visible' | 'hidden' | 'online' | 'offline';

export interface PageSignals {
  hidden(): boolean;
  /** `navigator.onLine`: false means surely offline; true only means "maybe". */
  online(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (change: PageChange) => void): () => void;
}

/** `document.visibilityState` and `navigator.onLine` with their events. */
export const documentSignals: PageSignals = {
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof document === 'undefined') return () => {};
    const visibility = () => listener(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
    const online = () => listener('online');
    const offline = () => listener('offline');
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
