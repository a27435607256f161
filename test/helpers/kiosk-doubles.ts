/**
 * Test doubles for the kiosk features' browser services (`KioskPlatform`): a Screen Wake Lock API
 * that counts requests and releases, a `fetch` that answers a script of validators, and a reload
 * counter. Only tests import this module.
 */
import type { KioskPlatform, WakeLockApi, WakeLockHandle } from '../../src/shared/kiosk/platform.js';

/** One lock handed out by {@link StubWakeLock}. */
export class StubSentinel extends EventTarget implements WakeLockHandle {
  released = false;
  releaseCalls = 0;

  async release(): Promise<void> {
    this.releaseCalls++;
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }

  /** The browser lets go by itself (e.g. the page was hidden, the battery is low). */
  releasedByBrowser(): void {
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

/** `navigator.wakeLock` under the test's control: grants, or refuses as the browser does on plain http. */
export class StubWakeLock implements WakeLockApi {
  readonly sentinels: StubSentinel[] = [];
  requests = 0;

  constructor(public mode: 'grant' | 'refuse' = 'grant') {}

  async request(type: 'screen'): Promise<StubSentinel> {
    this.requests++;
    if (type !== 'screen') throw new TypeError(`unknown wake lock type ${String(type)}`);
    if (this.mode === 'refuse') throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
    const sentinel = new StubSentinel();
    this.sentinels.push(sentinel);
    return sentinel;
  }

  /** Release calls over every lock handed out. */
  get releases(): number {
    return this.sentinels.reduce((sum, sentinel) => sum + sentinel.releaseCalls, 0);
  }

  /** Locks handed out and not released yet. */
  get held(): number {
    return this.sentinels.filter((sentinel) => !sentinel.released).length;
  }
}

/** What the stub fetch answers: a validator, a status, a network failure, or nothing ever. */
export type ScriptedCheck = { etag?: string; lastModified?: string; status?: number } | 'network-error' | 'hang';

/** A `fetch` that answers `script` in turn (the last answer repeats) and records every call. */
export class StubFetch {
  readonly calls: Array<{ url: string; init: RequestInit }> = [];

  constructor(private readonly script: ScriptedCheck[]) {}

  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    this.calls.push({ url, init });
    const answer = this.script[Math.min(this.calls.length - 1, this.script.length - 1)] ?? {};
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    // A server that accepts the connection and never answers: only an abort ends the wait.
    if (answer === 'hang') return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    const headers = new Headers();
    if (answer.etag) headers.set('ETag', answer.etag);
    if (answer.lastModified) headers.set('Last-Modified', answer.lastModified);
    return new Response(null, { status: answer.status ?? 200, headers });
  };
}

/** A platform of stubs; `reloads` counts `reload()` calls. */
export function stubPlatform(options: { wakeLock?: WakeLockApi | null; fetch?: StubFetch } = {}): KioskPlatform & { reloads: number } {
  const wakeLock = options.wakeLock === undefined ? new StubWakeLock() : options.wakeLock;
  const fetch = options.fetch ?? new StubFetch([{}]);
  const platform = {
    reloads: 0,
    wakeLock: () => wakeLock,
    fetch: (url: string, init: RequestInit) => fetch.fetch(url, init),
    reload: () => {
      platform.reloads++;
    },
  };
  return platform;
}
