/**
 * The kiosk attributes of a departure-board element (`<bus-list board>`): rotation, burn-in
 * protection, reloading, the screen wake lock, and the injectable browser services behind them. They
 * only take effect while the element is a board; the board's code, loaded once the element first
 * shows as a board, creates the {@link BoardKiosk} controllers (./board-kiosk.ts) that read them and
 * renders the board through it.
 */
import type { PropertyDeclarations } from 'lit';
import { TwElement } from '../tw-element.js';
import { browserPlatform, type KioskPlatform } from './platform.js';

/**
 * The script the element came from: its CDN entry, or the package's module file when served
 * unbundled. `reload-on-update` checks it when given no URL. Read here, in a module that loads with
 * the element: the kiosk's own code loads later, from a chunk whose name is its content's hash and
 * whose ETag therefore never changes.
 */
export const OWN_SCRIPT_URL: string = import.meta.url;

export abstract class KioskBoardElement extends TwElement {
  static override properties: PropertyDeclarations = {
    rotate: { type: Number },
    burnIn: { type: Boolean, attribute: 'burn-in', reflect: true },
    reloadOnUpdate: { attribute: 'reload-on-update' },
    reloadAt: { attribute: 'reload-at' },
    wakeLock: { attribute: 'wake-lock' },
  };

  /**
   * Board: with more departures than `per-page`, show them a page at a time, turning to the next
   * every this many seconds (at least 5; 0 = off); pauses while keyboard-focused, and while hovered
   * until the pointer has been still for 30 s (a tap's focus does not pause it).
   */
  rotate = 0;

  /** Board: burn-in protection, shifting the content by up to 3 px every 3 minutes. */
  burnIn = false;

  /**
   * Board: reload the page when the deployed script changes (a HEAD request every 5 minutes while
   * visible). The value is the URL to check; empty for the script this element was loaded from.
   */
  reloadOnUpdate: string | null = null;

  /**
   * Board: reload the page once a day when the site's wall clock (see `time-zone`) reaches this
   * `HH:MM`, e.g. `03:30`; on a device offline then, once it is back online.
   */
  reloadAt = '';

  /**
   * A board keeps the screen on while visible (Screen Wake Lock), with a note where the browser
   * refuses (plain http); `off` lets the screen sleep.
   */
  wakeLock = '';

  /**
   * Wake lock, `fetch` and reload for the board's kiosk features (stubs in tests). Set before connecting.
   * @internal
   */
  kioskPlatform: KioskPlatform = browserPlatform;

  /**
   * What `reload-on-update` checks without a URL: {@link OWN_SCRIPT_URL}.
   * @internal
   */
  get ownScriptUrl(): string {
    return OWN_SCRIPT_URL;
  }
}
