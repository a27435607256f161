/**
 * The kiosk features of a departure board, each a controller of its own: keeping the screen on
 * ({@link WakeLock}), burn-in protection ({@link BurnIn}), reloading on a new deployment
 * ({@link ReloadOnUpdate}) and at a set time ({@link ReloadAt}), and turning pages ({@link Rotation}).
 * All of them act only while the host is a board. The host renders its board through
 * {@link BoardKiosk.render} (the wrapper that carries the shift, the page status and the wake-lock
 * note) and asks {@link BoardKiosk.rows} which rows to show.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { format } from '../localize/strings.js';
import { documentSignals, type PageSignals } from '../page-signals.js';
import { pageNumber } from '../pager.js';
import type { Scheduler } from '../scheduler.js';
import { widgetSiteZone } from '../site-zone.js';
import { BurnIn } from './burn-in.js';
import type { KioskBoardElement } from './kiosk-board-element.js';
import { ReloadAt } from './reload-at.js';
import { ReloadOnUpdate } from './reload-on-update.js';
import { Rotation } from './rotation.js';
import { WakeLock } from './wake-lock.js';

/** A board element: the kiosk attributes, and what the kiosk features read of the board itself. */
export interface KioskBoardHost extends KioskBoardElement {
  /** Whether the element is a board now. */
  readonly board: boolean;
  /** Rows per page (`per-page`). */
  readonly perPage: number;
  /** The element's `time-zone` (the site's zone is found from it as for the board's clock). */
  readonly timeZone: string;
  readonly scheduler: Scheduler;
  /** Unset: the document's. */
  readonly pageSignals?: PageSignals | undefined;
}

export class BoardKiosk {
  readonly wakeLock: WakeLock;
  readonly burnIn: BurnIn;
  readonly rotation: Rotation;

  /** The kiosk wrapper, which carries the burn-in shift. */
  private readonly wrapper = createRef<HTMLElement>();
  /** The shift's properties last set on the wrapper. */
  private shifted: Record<string, string> = {};

  constructor(private readonly host: KioskBoardHost) {
    // The shift goes in through the CSSOM after each update, not as a `style` attribute (what Lit's
    // styleMap writes on a first render): a page whose CSP has no 'unsafe-inline' in style-src
    // refuses the attribute, and reports it every time a board starts.
    host.addController({ hostUpdated: () => this.applyShift() });
    const board = () => host.board;
    const scheduler = () => host.scheduler;
    const platform = () => host.kioskPlatform;
    const signals = () => host.pageSignals ?? documentSignals;
    this.wakeLock = new WakeLock(host, {
      active: () => host.board && host.wakeLock.trim().toLowerCase() !== 'off',
      signals,
      api: () => platform().wakeLock(),
    });
    this.burnIn = new BurnIn(host, { active: () => host.board && host.burnIn, scheduler });
    this.rotation = new Rotation(host, { active: board, seconds: () => host.rotate, perPage: () => this.perPage, scheduler });
    new ReloadOnUpdate(host, {
      url: () => (host.board ? host.reloadOnUpdate : null),
      scheduler,
      signals,
      platform,
      baseUri: () => host.ownerDocument.baseURI,
      ownScript: () => host.ownScriptUrl,
    });
    new ReloadAt(host, {
      time: () => (host.board ? host.reloadAt : ''),
      scheduler,
      zone: () => widgetSiteZone(host.effectiveBaseUrl, host.timeZone),
      online: () => signals().online(),
      reload: () => platform().reload(),
    });
  }

  private get perPage(): number {
    return pageNumber(this.host.perPage, 10, 100);
  }

  private applyShift(): void {
    const wrapper = this.wrapper.value;
    if (!wrapper) return;
    const next = this.burnIn.style;
    for (const name of Object.keys(this.shifted)) if (!(name in next)) wrapper.style.removeProperty(name);
    for (const [name, value] of Object.entries(next)) wrapper.style.setProperty(name, value);
    this.shifted = next;
  }

  /** Which of the board's upcoming departures to show: the current page when rotating, else the first `per-page`. */
  rows<T>(upcoming: readonly T[]): T[] {
    return this.rotation.rows(upcoming);
  }

  /** The board inside the kiosk wrapper, with the page status (rotating boards) and the wake-lock note. */
  render(board: unknown): TemplateResult {
    const strings = this.host.uiStrings();
    const { page, pages } = this.rotation.status;
    return html`<div part="kiosk" class=${this.host.board && this.host.burnIn ? 'burn-in' : ''} ${ref(this.wrapper)}>
      ${board}
      ${
        this.rotation.enabled
          ? html`<div part="board-page" role="status" aria-live="polite" aria-atomic="true">${pages > 1 ? format(strings.pageOf, { page, pages }) : ''}</div>`
          : nothing
      }
      ${this.wakeLock.refused ? html`<p part="wake-lock-note">${strings.kioskWakeLockNote}</p>` : nothing}
    </div>`;
  }
}
