/**
 * Loads personal data (passengers, attendees) for a staff list, and keeps it nowhere else:
 * - requests carry the element's credentials (an `Authorization` value, or the visitor's WordPress
 *   login: `X-WP-Nonce` with `credentials: 'include'`) and go through a cache of their own that
 *   stores nothing (`noStore`), never the page-wide cache the public widgets share, and they are
 *   fetched with `cache: 'no-store'`, so the browser's HTTP cache keeps nothing either;
 * - the rows live in this controller only: no localStorage, no sessionStorage;
 * - removing the element aborts what is in flight and drops the rows from memory.
 */
import type { ReactiveController } from 'lit';
import type { AllPages } from '../../api/all-pages.js';
import { OriginCache } from '../../api/cache.js';
import { ApiClient } from '../../api/client.js';
import { isAbort, notConfiguredError } from '../../api/errors.js';
import { currentConfig } from '../config.js';
import type { TwElement } from '../tw-element.js';
import { refused } from './access-error.js';

/** How a staff element authenticates; both empty: the proxy's address rules alone decide. */
export interface StaffCredentials {
  /** Sent as the `Authorization` header (e.g. `Bearer …` for our proxy). */
  authorization: string;
  /** WordPress's REST nonce for the visitor's own login on the same site. */
  nonce: string;
}

/** `dropped`: the element left the document; its rows are gone and nothing is rendered. */
export type RowsState<T> = { kind: 'loading' } | { kind: 'complete'; result: AllPages<T> } | { kind: 'error'; error: unknown } | { kind: 'dropped' };

/** Reads pages: at most `maxPages` of 100 (Infinity: all of them). */
export type RowsLoader<T> = (client: ApiClient, signal: AbortSignal, maxPages: number) => Promise<AllPages<T>>;

/** What `complete(true)` rejects with when new credentials stopped its read. */
export const CREDENTIALS_CHANGED = 'credentials-changed';
/** What `complete(true)` rejects with when another new load stopped its read (`reload()`, a new address or query). */
export const LIST_CHANGED = 'list-changed';

const sameCredentials = (a: StaffCredentials, b: StaffCredentials) => a.authorization === b.authorization && a.nonce === b.nonce;

/** A client for one load: the credentials as headers, and a cache of its own that keeps nothing. */
export function privateClient(baseUrl: string, credentials: StaffCredentials): ApiClient {
  const headers: Record<string, string> = {};
  if (credentials.authorization) headers['Authorization'] = credentials.authorization;
  if (credentials.nonce) headers['X-WP-Nonce'] = credentials.nonce;
  const timeoutMs = currentConfig().timeoutMs;
  return new ApiClient({
    baseUrl,
    headers,
    // The WordPress login is a cookie: only sent to another origin when asked for.
    ...(credentials.nonce && { credentials: 'include' as const }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    // `no-store` too, so the browser's HTTP cache keeps no copy even when a site forgets to say so.
    cache: new OriginCache({ maxEntries: 1, ttlMs: 0, fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }) }),
  });
}

export class PrivateRows<T> implements ReactiveController {
  private loaded: { baseUrl: string; credentials: StaffCredentials; query: string } | undefined;
  private abort: AbortController | undefined;
  private current: RowsState<T> = { kind: 'loading' };
  private completing: Promise<void> | undefined;
  /** The load started last (settles, never rejects). */
  private running: Promise<void> | undefined;
  /** `reload()` asked for the same list again. */
  private again = false;
  /** The load in flight reads the same list again behind the rows shown (`reload()`). */
  private refreshing = false;
  /**
   * Why the last read of the same list again failed, its rows kept: the site or the connection
   * failed (a check-in desk on flaky Wi-Fi keeps its list), not the credentials. Undefined once a
   * read lands.
   */
  failure: unknown;

  /**
   * @param query a string that changes whenever what to load changes (bus id, date …)
   * @param maxPages how many pages a load reads (an export completes the rest on demand)
   * @param load reads the pages with the client it is given
   */
  constructor(
    private readonly host: TwElement,
    private readonly credentials: () => StaffCredentials,
    private readonly query: () => string,
    private readonly maxPages: () => number,
    private readonly load: RowsLoader<T>,
  ) {
    host.addController(this);
    host.trackTask(this);
  }

  get state(): RowsState<T> {
    return this.current;
  }

  get pending(): boolean {
    return (this.current.kind === 'loading' || this.refreshing) && this.loaded !== undefined;
  }

  /** True when the rows shown stopped at `maxPages`: `complete()` would read them all (again, from page 1). */
  get incomplete(): boolean {
    return this.current.kind === 'complete' && !this.current.result.complete;
  }

  /**
   * Loads again (the Retry button, a check-in desk's timer). Rows shown stay while the same list is
   * read again (`pending`); anything else loading with it (new credentials, address or query) drops them.
   */
  reload(): void {
    this.again = true;
    this.host.requestUpdate();
  }

  /**
   * Reads every page when the shown rows stopped at `maxPages` (an export must hold them all);
   * resolves at once when they are complete already. The rows shown then include the rest.
   * With `keepRows` (a download) a failure rejects and leaves the rows shown as they were, instead
   * of replacing them with the error; so does a new load that stopped the read
   * ({@link CREDENTIALS_CHANGED}, {@link LIST_CHANGED}), unless the element was removed.
   */
  async complete(keepRows = false): Promise<void> {
    const loaded = this.loaded;
    if (!loaded) return;
    // A reload behind the rows shown comes first: reading every page now would stop it, and a
    // failure of that read would then leave the old rows up, pending for good.
    if (this.refreshing) await this.settled();
    if (this.incomplete && this.loaded === loaded) {
      this.completing ??= this.run(loaded, Infinity, keepRows).finally(() => (this.completing = undefined));
      await this.completing;
    }
    // A load started meanwhile (new credentials, `reload()`, a new address or query) stopped this
    // read: a download must say so rather than end in silence. Removed (no `loaded`), nobody is told.
    if (keepRows && this.loaded && this.loaded !== loaded)
      throw sameCredentials(this.loaded.credentials, loaded.credentials) ? LIST_CHANGED : CREDENTIALS_CHANGED;
  }

  hostUpdate(): void {
    // A removed element may still update (a property set on it): it must not read personal data.
    if (!this.host.isConnected) return;
    const wanted = { baseUrl: this.host.effectiveBaseUrl, credentials: this.credentials(), query: this.query() };
    const previous = this.loaded;
    const same =
      previous && previous.baseUrl === wanted.baseUrl && previous.query === wanted.query && sameCredentials(previous.credentials, wanted.credentials);
    // While the same list is read again, another `reload()` waits for that read to land: restarting
    // it, a check-in desk's timer faster than a slow site's read would never show new rows.
    if (same && (!this.again || this.refreshing)) return;
    this.again = false;
    // Only the same list read again keeps its rows up meanwhile: rows read with other credentials
    // (or for another address or query) go at once.
    this.refreshing = !!same && this.current.kind === 'complete';
    this.loaded = wanted;
    if (!this.refreshing) this.current = { kind: 'loading' };
    this.running = this.run(wanted, this.maxPages());
  }

  /** Resolves when no load is in flight any more, a newer one started meanwhile included. */
  async settled(): Promise<void> {
    for (let last; this.pending && this.running !== last;) await (last = this.running);
  }

  /** Back in the document (after a removal dropped the rows): read again. */
  hostConnected(): void {
    if (this.loaded === undefined) this.host.requestUpdate();
  }

  /** Aborts what is in flight and drops the rows; the host re-renders without them. */
  hostDisconnected(): void {
    this.abort?.abort();
    this.abort = undefined;
    this.loaded = undefined;
    this.current = { kind: 'dropped' };
    this.host.requestUpdate();
  }

  private async run(wanted: NonNullable<PrivateRows<T>['loaded']>, maxPages: number, keepRows = false): Promise<void> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    let next: RowsState<T>;
    try {
      if (!wanted.baseUrl) throw notConfiguredError();
      next = { kind: 'complete', result: await this.load(privateClient(wanted.baseUrl, wanted.credentials), abort.signal, maxPages) };
    } catch (error) {
      if (abort.signal.aborted || isAbort(error)) return;
      if (keepRows) {
        if (this.abort === abort) {
          this.abort = undefined;
          // A download's read refused: nothing of the list stays up, as after any refusal.
          if (refused(error)) {
            this.current = { kind: 'error', error };
            this.host.requestUpdate();
          }
        }
        throw error;
      }
      next = { kind: 'error', error };
    }
    if (this.abort !== abort) return;
    this.abort = undefined;
    // A refusal (signed out, the right taken away, an expired session, the proxy's credentials
    // revoked by the site) drops the rows with the rest: credentials that no longer see the list see
    // nothing of it. An empty list has no rows to keep: "no one" would read as just read, so its error box shows.
    this.failure =
      this.refreshing && next.kind == 'error' && !refused(next.error) && this.current.kind == 'complete' && this.current.result.items.length
        ? next.error
        : undefined;
    this.refreshing = false;
    if (!this.failure) this.current = next;
    this.host.requestUpdate();
  }
}
