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
    if (typeof ResizeObserver === 'undefined') return;
    this.observer ??= new ResizeObserver((entries) => {
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
