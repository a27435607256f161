/**
 * `reload-on-update`: reloads the page when the deployed script changes, so a kiosk that runs for
 * weeks picks up a new release by itself.
 *
 * Cheap and bounded: one `HEAD` request (no body; `GET` instead where the server refuses `HEAD`)
 * with `cache: 'no-cache'` when the board starts and then every {@link UPDATE_CHECK_MS}, only while
 * the page is visible (a check that falls due while it is hidden runs once it shows again). The
 * script's `ETag`, else its `Last-Modified`, is the fingerprint: the first one seen is this page's;
 * a different one later means a new deployment, and `reload()` is called (once). Failures, errors
 * and answers without either header are ignored: the next check tries again (and gives up one
 * still waiting for its answer).
 *
 * Which URL: the attribute's value, else the script the board element came from (`ownScript`: its
 * CDN entry, or the package's module in an unbundled app; `OWN_SCRIPT_URL` in
 * kiosk-board-element.ts). Bundlers may rename or inline that file (hashed chunks, webpack's `file:`
 * URLs): give such pages an explicit URL that changes with each deployment, e.g. the page itself or
 * a `version.json`. Cross-origin scripts need CORS, and `Access-Control-Expose-Headers: ETag` for
 * the ETag (`Last-Modified` is readable anyway).
 */
import type { ReactiveControllerHost } from 'lit';
import { TimedController } from './timed-controller.js';
import type { PageSignals } from '../page-signals.js';
import type { Scheduler } from '../scheduler.js';
import { startTimer } from '../timer.js';
import type { KioskPlatform } from './platform.js';

export const UPDATE_CHECK_MS = 5 * 60_000;

export interface ReloadOnUpdateInputs {
  /** The `reload-on-update` attribute of a board: null when off, '' for the default URL. */
  url(): string | null;
  scheduler(): Scheduler;
  signals(): PageSignals;
  platform(): KioskPlatform;
  /** Where a relative URL is resolved (the document's base). */
  baseUri(): string;
  /** The URL checked without one: the script the element came from. */
  ownScript(): string;
}

/** The URL to check for an attribute value ('' for `ownScript`), null when there is none usable (not http or https). */
export function updateCheckUrl(value: string | null, baseUri: string, ownScript: string): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value.trim() || ownScript, baseUri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export class ReloadOnUpdate extends TimedController<ReloadOnUpdateInputs> {
  private unsubscribe: (() => void) | undefined;
  private controller: AbortController | undefined;
  private overdue = false;
  private url: string | null = null;
  private fingerprint: string | null = null;
  private method: 'HEAD' | 'GET' = 'HEAD';
  private reloaded = false;

  constructor(host: ReactiveControllerHost, inputs: ReloadOnUpdateInputs) {
    super(host, inputs);
    host.addController(this);
  }

  protected override sync(): void {
    const url = this.reloaded ? null : updateCheckUrl(this.inputs.url(), this.inputs.baseUri(), this.inputs.ownScript());
    if (url !== this.url) {
      // Another URL (or none): start over with its own first fingerprint.
      this.stop();
      this.url = url;
      this.fingerprint = null;
      this.method = 'HEAD';
    }
    if (url === null || this.unsubscribe) return;
    this.unsubscribe = this.inputs.signals().subscribe((change) => {
      if (change === 'visible' && this.overdue) this.check();
    });
    // The first check learns this page's fingerprint (again after being put back: checks resume).
    if (this.fingerprint === null) this.check();
    else this.plan();
  }

  private plan(): void {
    this.timer?.cancel();
    this.timer = startTimer(this.inputs.scheduler(), () => this.check(), UPDATE_CHECK_MS);
  }

  private check(): void {
    this.timer = undefined;
    const url = this.url;
    if (url === null) return;
    if (this.inputs.signals().hidden()) {
      this.overdue = true;
      return;
    }
    this.overdue = false;
    // The next check is planned now, and ends this one if it is still waiting: a server that
    // never answers must not stop the checks for good.
    this.controller?.abort();
    this.plan();
    const controller = new AbortController();
    this.controller = controller;
    this.fetchFingerprint(url, controller.signal)
      .then((fingerprint) => {
        if (this.controller !== controller || fingerprint === null) return;
        if (this.fingerprint === null) this.fingerprint = fingerprint;
        else if (fingerprint !== this.fingerprint) {
          this.reloaded = true;
          this.stop();
          this.inputs.platform().reload();
        }
      })
      .catch(() => {})
      .finally(() => {
        if (this.controller === controller) this.controller = undefined;
      });
  }

  private async fetchFingerprint(url: string, signal: AbortSignal): Promise<string | null> {
    const request = (method: 'HEAD' | 'GET') => this.inputs.platform().fetch(url, { method, cache: 'no-cache', signal });
    let response = await request(this.method);
    if (this.method === 'HEAD' && (response.status === 405 || response.status === 501)) {
      this.method = 'GET';
      response = await request('GET');
    }
    // Only the headers matter: a GET's body is not read.
    response.body?.cancel().catch(() => {});
    if (!response.ok) return null;
    return response.headers.get('etag') ?? response.headers.get('last-modified');
  }

  protected override release(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }
}
