/**
 * Loads data for a widget with @lit/task, with the traps handled:
 * - args are primitives, compared with `!==`;
 * - no base URL → a "not configured" error, never a request to the host page;
 * - the signal reaches fetch; a real disconnect aborts (a DOM move does not), reconnecting reloads;
 * - an abort is never shown as an error;
 * - the last good value stays visible while the next one loads (`pending` on the host).
 */
import { Task, TaskStatus } from '@lit/task';
import type { ReactiveController } from 'lit';
import type { ApiClient } from '../api/client.js';
import { isAbort, notConfiguredError } from '../api/errors.js';
import type { TwElement } from './tw-element.js';

type Primitive = string | number | boolean | null | undefined;

export interface DataTaskRender<R> {
  /** Skeleton shown before the first value arrives. */
  loading: () => unknown;
  /** The data; `pending` is true while a newer request runs. */
  complete: (value: R, pending: boolean) => unknown;
  /** The failure; `retry` runs the request again. */
  error: (error: unknown, retry: () => void) => unknown;
}

/**
 * What a task has to show: `loading` until a first value arrives, `complete` with the value to
 * show (`pending` while a newer request runs over it), or `error` with the failure (never an abort).
 */
export type DataState<R> = { kind: 'loading' } | { kind: 'complete'; value: R; pending: boolean } | { kind: 'error'; error: unknown };

export class DataTask<A extends readonly Primitive[], R> implements ReactiveController {
  private readonly task: Task<[string, ...A], R>;
  private lastValue: { value: R } | undefined;
  private abortedByDisconnect = false;

  constructor(
    private readonly host: TwElement,
    args: () => A,
    load: (client: ApiClient, args: A, signal: AbortSignal) => Promise<R>,
    /** Whether the host is `pending` (aria-busy) while this loads; off for reads that only refine what is shown. */
    tracked = true,
  ) {
    this.task = new Task<[string, ...A], R>(host, {
      args: () => [host.effectiveBaseUrl, ...args()] as [string, ...A],
      task: async ([baseUrl, ...rest], { signal }) => {
        if (!baseUrl) {
          throw notConfiguredError();
        }
        const client = host.clientFor(baseUrl);
        return load(client, rest as unknown as A, signal);
      },
      onComplete: (value) => {
        this.lastValue = { value };
      },
    });
    host.addController(this);
    if (tracked) host.trackTask(this);
  }

  get status(): TaskStatus {
    return this.task.status;
  }

  /** Loading (first time or a newer request over shown data). */
  get pending(): boolean {
    return this.task.status === TaskStatus.PENDING || (this.task.status === TaskStatus.ERROR && isAbort(this.task.error));
  }

  /** The last value loaded (kept while a newer request runs or after it failed); undefined before the first. */
  get value(): R | undefined {
    return this.lastValue?.value;
  }

  /** The failure to show, undefined unless the task is in the error state (an abort is not one). */
  get error(): unknown {
    return this.task.status === TaskStatus.ERROR && !isAbort(this.task.error) ? this.task.error : undefined;
  }

  /** What to show now, as `render()` shows it. */
  get state(): DataState<R> {
    const status = this.task.status;
    if (status === TaskStatus.COMPLETE) return { kind: 'complete', value: this.task.value as R, pending: false };
    if (status === TaskStatus.ERROR && !isAbort(this.task.error)) return { kind: 'error', error: this.task.error };
    // Loading, or aborted: what was there stays, as pending.
    const shown = this.lastValue;
    return shown ? { kind: 'complete', value: shown.value, pending: true } : { kind: 'loading' };
  }

  /** Runs the request again (Retry button, or the host knows the data changed); settles with it, never rejecting (see `error`). */
  run(): Promise<void> {
    return this.task.run();
  }

  hostConnected(): void {
    if (this.abortedByDisconnect) {
      this.abortedByDisconnect = false;
      this.run();
    }
  }

  hostDisconnected(): void {
    // A DOM move disconnects and reconnects within one task; only a real removal aborts.
    queueMicrotask(() => {
      if (!this.host.isConnected && this.task.status === TaskStatus.PENDING) {
        this.abortedByDisconnect = true;
        this.task.abort();
      }
    });
  }

  /** Renders the state: the skeleton, the data, or the failure with a Retry that runs the task again. */
  render(view: DataTaskRender<R>): unknown {
    const state = this.state;
    switch (state.kind) {
      case 'complete':
        return view.complete(state.value, state.pending);
      case 'error':
        return view.error(state.error, () => this.run());
      default:
        return view.loading();
    }
  }
}
