/**
 * Which way the route map runs, as a controller of `<bus-route-map>`: `horizontal` or `vertical` as
 * asked, or with `auto` horizontal once every stop gets at least {@link MIN_STOP_EM} em of the
 * element's width (a ResizeObserver on the host measures it after layout), else vertical. Before
 * the first measurement, and without ResizeObserver, `auto` is vertical: it fits any width.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { HostWidth } from '../../shared/host-width.js';

export type RouteMapOrientation = 'auto' | 'horizontal' | 'vertical';
export type RouteMapLayout = 'horizontal' | 'vertical';

/** The least width of one stop in a horizontal map, in em of the element's font. */
export const MIN_STOP_EM = 9;

type Host = ReactiveControllerHost & HTMLElement;

export class OrientationController implements ReactiveController {
  private measured: { width: number; em: number } | undefined;
  private shown: RouteMapLayout | undefined;
  private frame: number | undefined;

  constructor(
    private readonly host: Host,
    private readonly mode: () => RouteMapOrientation,
    private readonly stopCount: () => number,
  ) {
    host.addController(this);
    new HostWidth(host, (width) => this.resized(width));
  }

  hostDisconnected(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }

  /** The layout to draw now. */
  layout(): RouteMapLayout {
    const mode = this.mode();
    if (mode === 'horizontal' || mode === 'vertical') return mode;
    const stops = this.stopCount();
    if (!this.measured || stops === 0) return 'vertical';
    return this.measured.width >= stops * MIN_STOP_EM * this.measured.em ? 'horizontal' : 'vertical';
  }

  hostUpdated(): void {
    this.shown = this.layout();
  }

  private resized(width: number): void {
    // The observer runs after layout: reading the font size here forces nothing new.
    this.measured = { width, em: parseFloat(getComputedStyle(this.host).fontSize) || 16 };
    // Re-rendered in the next frame: changing the layout inside the observer's own delivery would
    // resize what it watches before it is done ("ResizeObserver loop completed …").
    if (this.layout() !== this.shown && this.frame === undefined) {
      this.frame = requestAnimationFrame(() => {
        this.frame = undefined;
        if (this.layout() !== this.shown) this.host.requestUpdate();
      });
    }
  }
}
