// @web/test-runner structuredClone()s a failing assertion to report it; chai keeps the subject in
// `actual`, and a DOM node or sinon stub there is not cloneable, so the run hangs instead of failing
// (modernweb-dev/web#2772). Stringify such values before they reach the reporter.
// From `pure`: this module runs before mocha exists, and `@open-wc/testing` registers its fixture
// cleanup (an afterEach) only if mocha is there when it is first evaluated; evaluated here, no test
// file would ever remove its fixtures, and widgets of earlier tests kept running under later ones.
// Its typings leave out the `chai` it exports.
import * as pure from '@open-wc/testing/pure';

const { chai } = pure as unknown as typeof import('@open-wc/testing');

function cloneable(value: unknown): unknown {
  try {
    structuredClone(value);
    return value;
  } catch {
    try {
      return String(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
}

const proto = chai.Assertion.prototype as unknown as { assert: (...args: unknown[]) => void };
const original = proto.assert;
proto.assert = function (this: unknown, ...args: unknown[]) {
  try {
    original.apply(this, args);
  } catch (error) {
    if (error && typeof error === 'object') {
      const e = error as { actual?: unknown; expected?: unknown };
      if ('actual' in e) e.actual = cloneable(e.actual);
      if ('expected' in e) e.expected = cloneable(e.expected);
    }
    throw error;
  }
};
