/**
 * The value of a native-like select: the defaults (attributes) until script, the visitor or a
 * restore sets a selection; the visitor's pick between `input` and `change`; a cancelable `change`
 * whose `preventDefault()` restores the previous selection (as Spectrum's picker does). The native
 * `input` and `change` of the inner controls are re-dispatched from the host.
 */
import type { ReactiveControllerHost } from 'lit';

export interface SelectValueHost extends ReactiveControllerHost, EventTarget {
  /** The host's value (its getter resolves `raw`, its setter calls `set`). */
  value: string;
  requestUpdate(name?: PropertyKey, oldValue?: unknown): void;
}

export interface SelectValueOptions {
  /** The selection before any change (the `value` attribute, or more defaults). */
  defaults(): string;
  /** The whole selection (partial ones included), kept for cancel; the value unless given. */
  selection(): string;
  /** Puts the current selection into the native controls. */
  syncControls(): void;
  /** The host's cancelable `change` event. */
  changeEvent(): Event;
}

export class SelectValue {
  /** The selection set by script, the visitor or a restore; null = still the defaults. */
  private current: string | null = null;
  /** The selection when the visitor started a change (`input` before `change`). */
  private beforeInput: string | undefined;

  constructor(
    private readonly host: SelectValueHost,
    private readonly options: SelectValueOptions,
  ) {}

  /** The selection as set, else the defaults; not yet checked against the options. */
  get raw(): string {
    return this.current ?? this.options.defaults();
  }

  /** True between the visitor's `input` and `change`: the choice may still be cancelled. */
  get settling(): boolean {
    return this.beforeInput !== undefined;
  }

  /** Sets the selection (kept as given until the host can check it). */
  set(next: unknown): void {
    const old = this.host.value;
    this.current = next === null || next === undefined ? '' : String(next);
    this.changed(old);
  }

  /** Back to the defaults (a form reset). */
  reset(): void {
    const old = this.host.value;
    this.current = null;
    this.beforeInput = undefined;
    this.changed(old);
  }

  /**
   * For the native `input` of an inner control: replaces it with one from the host (the native one
   * is composed) that already sees `selection` as the new selection.
   */
  input(event: Event, selection: string): void {
    event.stopPropagation();
    this.beforeInput ??= this.options.selection();
    this.host.value = selection;
    this.host.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /**
   * For the native `change` of an inner control: takes `selection`, fires the host's cancelable
   * `change` synchronously (so a listener's `preventDefault()` can still undo it) and, when it was
   * cancelled, puts the previous selection back, in the controls too. Says whether the change
   * stands and what the selection was before the visitor's pick.
   */
  change(event: Event, selection: string): { accepted: boolean; previous: string } {
    event.stopPropagation();
    const previous = this.beforeInput ?? this.options.selection();
    this.beforeInput = undefined;
    this.host.value = selection;
    const accepted = this.host.dispatchEvent(this.options.changeEvent());
    if (!accepted) this.host.value = previous;
    this.options.syncControls();
    // `input` already set the value; the linked element only hears of it now that the choice stands.
    this.host.requestUpdate();
    return { accepted, previous };
  }

  /**
   * Renders again: `value` is reported as changed when it did, and the controls are updated even
   * when it did not (a partial selection submits '' as before).
   */
  private changed(oldValue: string): void {
    this.host.requestUpdate('value', oldValue);
    this.host.requestUpdate();
  }
}
