/**
 * Records the page's `fetch` calls as they start, so a test can prove that no request was started
 * (or which one was, and whether it was aborted) without waiting to see whether one shows up at a
 * server. The data layer (`src/api/http.ts`) reads `globalThis.fetch` on every request.
 */

/** One `fetch` call, recorded synchronously when it was made. */
export interface FetchCall {
  url: string;
  /** The signal the caller passed, null for none. */
  signal: AbortSignal | null;
  /** The request's cache mode (`no-store` …), null when the caller set none. */
  cache: RequestCache | null;
  /** Resolves (never rejects) once the call's own promise has settled. */
  settled: Promise<void>;
}

export interface FetchLog {
  /** Every call since `recordFetches()`, in the order they were made. */
  readonly calls: readonly FetchCall[];
  /** The calls whose URL contains `part`. */
  to(part: string): FetchCall[];
  /** Puts the page's own `fetch` back. */
  restore(): void;
}

/** The address a `fetch` call asks for, however it was given. */
const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/** Starts recording `fetch` calls (the real `fetch` still answers them) until `restore()`. */
export function recordFetches(): FetchLog {
  const original = globalThis.fetch;
  const calls: FetchCall[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    const cache = init?.cache ?? (input instanceof Request ? input.cache : null);
    const promise = original.call(globalThis, input, init);
    calls.push({
      url,
      signal,
      cache,
      settled: promise.then(
        () => undefined,
        () => undefined,
      ),
    });
    return promise;
  };
  return {
    calls,
    to: (part) => calls.filter((call) => call.url.includes(part)),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** Holds back every request whose URL contains `held` until `release()`; the others go through. */
export function holdRequests(held: string): { release: () => void; restore: () => void } {
  const original = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    urlOf(input).includes(held) ? gate.then(() => original.call(globalThis, input, init)) : original.call(globalThis, input, init);
  return { release, restore: () => (globalThis.fetch = original) };
}
