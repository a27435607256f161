/**
 * The width of an element's content box, as a controller: a ResizeObserver on the host while it is
 * connected calls `resized(width)` after layout whenever the width is known and the box changed
 * (so reading other sizes in the callback forces no extra layout). Nothing happens where
 * ResizeObserver is missing (Node, very old browsers): callers keep their narrow-safe default.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class HostWidth implements ReactiveController {
  private observer: ResizeObserver | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly resized: (width: number) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // An observer of the host's own window, made on each connect: a host moved into an iframe is
    // laid out by that document, and when the iframe is removed with it (no disconnect: the host
    // stays in its document) an observer of the page's would go on with a dead document and report
    // "ResizeObserver loop completed with undelivered notifications" to the page.
    const Observer = this.host.ownerDocument.defaultView?.ResizeObserver;
    if (!Observer) return;
    this.observer = new Observer((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width;
      if (width) this.resized(width);
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
  }
}

/** The page's root font size in px (16 when unreadable): what a width threshold in rem means here. */
export function rootFontSize(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * Whether the host is narrower than `belowRem` root ems, as a controller on top of HostWidth. A
 * report that differs from the answer drawn calls `changed` in the next frame (re-rendering inside
 * the observer's delivery would resize what it watches before it is done: "ResizeObserver loop
 * completed with undelivered notifications"); one that confirms it, or comes before anything was
 * drawn from it, costs no render.
 */
export class NarrowHost implements ReactiveController {
  private reported: boolean | undefined;
  /** The last answer `narrow` gave: what is drawn now (undefined: nothing drawn depends on it yet). */
  private answered: boolean | undefined;
  private measured = false;
  private frame: number | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly belowRem: number,
    private readonly changed: () => void,
  ) {
    host.addController(this);
    new HostWidth(host, (width) => this.resized(width));
  }

  /**
   * Narrow now, for content about to be drawn from the answer: the observer's last answer. Content
   * can arrive before its first report (a cached read, a page without frames yet); then the host is
   * measured, once: that is a forced layout, and once the content is drawn each further one would
   * lay out all of it. `fallback` where neither has an answer (no width yet, no ResizeObserver).
   */
  narrow(fallback: boolean): boolean {
    if (this.reported === undefined && !this.measured && this.host.isConnected) {
      this.measured = true;
      const width = this.host.getBoundingClientRect().width;
      if (width > 0) this.reported = this.below(width);
    }
    this.answered = this.reported ?? fallback;
    return this.answered;
  }

  hostDisconnected(): void {
    // The last width stays the answer until the observer, observing again once the host is back,
    // reports; a report that differs from what is drawn is news then, a frame cancelled here or not.
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }

  private below(width: number): boolean {
    return width < this.belowRem * rootFontSize();
  }

  private resized(width: number): void {
    // After layout: reading the root font size forces nothing new.
    this.reported = this.below(width);
    if (this.answered === undefined || this.reported === this.answered) return;
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      if (this.reported !== this.answered) this.changed();
    });
  }
}
