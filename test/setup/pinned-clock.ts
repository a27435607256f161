// Pins the page's clock to the run's moment (test/tools/test-moment.mjs, injected by
// web-test-runner.config.mjs as `__TW_TEST_MOMENT__`): `Date` and `Date.now()` start there and run
// at the real pace, so timeouts and elapsed-time logic keep working while every "today" and "now"
// a widget reads is the pinned one. Timers stay real; tests that step time use FakeScheduler.
const moment = (globalThis as { __TW_TEST_MOMENT__?: unknown }).__TW_TEST_MOMENT__;

if (typeof moment === 'number' && Number.isFinite(moment)) {
  const RealDate = Date;
  const offset = moment - RealDate.now();
  class PinnedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }

    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = PinnedDate as DateConstructor;
}
