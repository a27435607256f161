/**
 * Test doubles for the board's injectable time and page signals. Not part of the element: only
 * tests import this module.
 */
import type { PageChange, PageSignals } from '../../src/shared/page-signals.js';
import type { Scheduler } from '../../src/shared/scheduler.js';

interface Pending {
  at: number;
  order: number;
  fn: () => void;
}

/**
 * A test double for {@link Scheduler}: time stands still until `advance(ms)` moves it, running every
 * timer that falls due on the way, in due order (ties in the order they were set). Timers set by a
 * running timer run too when they fall due within the same advance.
 */
export class FakeScheduler implements Scheduler {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, Pending>();

  /** @param start the initial clock in epoch ms (default: the real clock now). */
  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = this.nextId++;
    // As in a browser: a delay beyond 2³¹ − 1 ms (24.8 days) does not wait at all.
    this.timers.set(id, { at: this.time + (ms > 2 ** 31 - 1 ? 0 : Math.max(0, ms || 0)), order: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.size;
  }

  /** When the earliest waiting timer falls due (epoch ms), null when none waits. */
  get nextAt(): number | null {
    let next: number | null = null;
    for (const timer of this.timers.values()) if (next === null || timer.at < next) next = timer.at;
    return next;
  }

  /** Moves the clock forward by `ms`, running due timers in order. */
  advance(ms: number): void {
    const end = this.time + Math.max(0, ms);
    for (;;) {
      let next: [number, Pending] | undefined;
      for (const entry of this.timers) {
        if (entry[1].at > end) continue;
        if (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].order < next[1].order)) next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].fn();
    }
    this.time = end;
  }

  /**
   * Steps the wall clock by `ms` (backwards when negative), as NTP does to a device whose clock was
   * wrong: running no timer, and waiting timers keep what they have left to wait (a device's timers
   * run on its uptime, not on its wall clock).
   */
  stepClock(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.values()) timer.at += ms;
  }

  /** Moves the clock to an absolute time (never backwards). */
  advanceTo(time: number): void {
    this.advance(time - this.time);
  }
}

/**
 * The run's moment (test/tools/test-moment.mjs), where every page's clock started and every loopback
 * reference API seeds "today". The page's clock runs on from it, so a test that reads "today" from
 * `Date.now()` while its element reads it again later can land on either side of midnight; a test
 * pins both to this instant instead: `new FakeScheduler(runMoment())` for the element, the same value
 * for its expectation.
 */
export function runMoment(): number {
  const moment = (globalThis as { __TW_TEST_MOMENT__?: unknown }).__TW_TEST_MOMENT__;
  if (typeof moment !== 'number') throw new Error('no __TW_TEST_MOMENT__: web-test-runner.config.mjs sets it on every test page');
  return moment;
}

/** Page visibility and connectivity under the test's control. */
export class FakePageSignals implements PageSignals {
  private isHidden = false;
  private isOnline = true;
  private readonly listeners = new Set<(change: PageChange) => void>();

  hidden(): boolean {
    return this.isHidden;
  }

  online(): boolean {
    return this.isOnline;
  }

  subscribe(listener: (change: PageChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listeners currently subscribed (a removed element must leave none behind). */
  get subscribers(): number {
    return this.listeners.size;
  }

  setHidden(hidden: boolean): void {
    this.isHidden = hidden;
    this.emit(hidden ? 'hidden' : 'visible');
  }

  setOnline(online: boolean): void {
    this.isOnline = online;
    this.emit(online ? 'online' : 'offline');
  }

  private emit(change: PageChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}
