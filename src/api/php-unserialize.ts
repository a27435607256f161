/**
 * A bounded reader for PHP `serialize()` output, the form WordPress keeps array-valued post meta in
 * (`mep_event_ticket_type`, `mep_event_more_date`, …: the event plugin exposes its meta as the
 * serialized strings WordPress stores, not as JSON).
 *
 * The text comes from someone else's server, so the reader treats it as hostile: it never evaluates
 * anything, accepts no objects or references (the classic PHP object-injection surface, and nothing
 * meta we read needs them), caps input size, nesting and entry counts before allocating, and walks
 * nested arrays with an explicit stack so a deep input cannot exhaust the call stack.
 */

/** A value PHP's `serialize()` can produce without objects or references. */
export type PhpValue = string | number | boolean | null | PhpValue[] | PhpRecord;

/**
 * A PHP array whose keys are not exactly 0..n-1; a null-prototype object, so any key is plain data.
 * JS enumerates integer-like keys first, so PHP's key order is not kept for mixed keys.
 */
export type PhpRecord = { [key: string]: PhpValue };

/** Ceilings the reader enforces; each has a default that comfortably fits real post meta. */
export interface PhpUnserializeLimits {
  /** Deepest array nesting accepted (the outermost array is depth 1). Default 32. */
  maxDepth?: number;
  /** Longest input accepted, in UTF-16 code units. Default 1 000 000. */
  maxLength?: number;
  /** Most array entries accepted across the whole value, counted as declared. Default 100 000. */
  maxEntries?: number;
}

/** Malformed or over-limit input. `offset` is the index in the input string where reading stopped. */
export class PhpUnserializeError extends Error {
  override readonly name = 'PhpUnserializeError';
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} (at offset ${offset})`);
    this.offset = offset;
  }
}

// PHP's own grammar (ext/standard/var_unserializer.re). Sticky, and free of nested quantifiers, so
// each match is linear in what it consumes.
const INT = /[+-]?\d+/y;
const FLOAT = /NAN|-?INF|[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const COUNT = /\d+/y;

/** What PHP's `trim()` removes; WordPress's `maybe_unserialize()` trims before unserializing. */
const PHP_SPACE = /[ \t\n\r\0\x0B]*/y;

/** What PHP turns into an integer key on insertion ("7" yes; "07", "-0", "7 " no). */
const CANONICAL_INT_KEY = /^(?:0|-?[1-9]\d*)$/;

/** What the type letters PHP may write but we refuse are, for the error message. */
const REFUSED: Readonly<Record<string, string>> = { O: 'Objects', C: 'Objects', E: 'Enums', r: 'References', R: 'References' };

const isSafe = Number.isSafeInteger;

interface Frame {
  count: number;
  keys: Array<string | number>;
  values: PhpValue[];
  /** Where the `a:` began, for error messages. */
  start: number;
}

/** A null-limit or a negative one means the default. */
const limit = (value: number | undefined, fallback: number): number => (typeof value === 'number' && value >= 0 ? value : fallback);

/**
 * Reads one PHP-serialized value. Arrays keyed exactly 0..n-1 in order become JS arrays; any other
 * array becomes a null-prototype {@link PhpRecord}. Integers become numbers (beyond 2^53 is an error),
 * `d:` becomes a number including `Infinity` and `NaN`. Surrounding whitespace is ignored, as
 * WordPress's `maybe_unserialize()` trims first; any other text after the value is an error.
 *
 * @throws {PhpUnserializeError} on malformed input, objects, references, trailing text, or a limit.
 */
export function phpUnserialize(text: string, limits?: PhpUnserializeLimits): PhpValue {
  let pos = 0;

  function fail(message: string, at = pos): never {
    throw new PhpUnserializeError(message, at);
  }

  const expect = (char: string): void => {
    if (text[pos] !== char) fail(pos < text.length ? `Expected '${char}'` : `Unexpected end of input, expected '${char}'`);
    pos++;
  };

  const match = (pattern: RegExp, what: string): string => {
    pattern.lastIndex = pos;
    const found = pattern.exec(text)?.[0] ?? fail(`Expected ${what}`);
    pos += found.length;
    return found;
  };

  /** A declared length or count: digits only (PHP rejects signs here), within safe integers. */
  const readCount = (what: string): number => {
    const at = pos;
    const digits = match(COUNT, `a non-negative ${what}`);
    return isSafe(+digits) ? +digits : fail(`The ${what} ${digits.slice(0, 20)}… is too large`, at);
  };

  /** `i:<int>;` after the type letter and colon. */
  const integer = (): number => {
    const at = pos;
    const value = +match(INT, 'an integer');
    // PHP integers are 64-bit; beyond 2^53 a JS number would silently round, so refuse instead.
    if (!isSafe(value)) fail('Integer outside the exactly representable range', at);
    expect(';');
    return value;
  };

  /**
   * `s:<bytes>:"…";` after the type letter and colon. PHP counts UTF-8 bytes, JS strings count
   * UTF-16 units, so we walk the text adding each character's UTF-8 width until the byte count is met.
   */
  const string = (): string => {
    const declared = readCount('string length');
    expect(':');
    expect('"');
    const start = pos;
    let i = start;
    let bytes = 0;
    while (bytes < declared) {
      if (i >= text.length) fail(`String shorter than its declared ${declared} bytes`, start);
      const unit = text.charCodeAt(i++);
      // A surrogate pair is 4 bytes; any other BMP character, or a lone surrogate (encoded as U+FFFD), 3.
      bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : (unit & 0xfc00) === 0xd800 && (text.charCodeAt(i) & 0xfc00) === 0xdc00 ? (i++, 4) : 3;
    }
    if (bytes !== declared) fail(`Declared length ${declared} ends inside a multi-byte character`, i);
    pos = i;
    expect('"');
    expect(';');
    return text.slice(start, i);
  };

  /** An array key: only `i:` and `s:` are legal, and numeric strings become integers as in PHP. */
  const key = (): string | number => {
    const type = text[pos];
    if (text[pos + 1] !== ':' || (type !== 'i' && type !== 's')) fail('Array key must be i: or s:');
    pos += 2;
    if (type === 'i') return integer();
    const key = string();
    return CANONICAL_INT_KEY.test(key) && isSafe(+key) ? +key : key;
  };

  if (typeof text !== 'string') fail('Input is not a string', 0);
  const maxDepth = limit(limits?.maxDepth, 32);
  const maxLength = limit(limits?.maxLength, 1_000_000);
  const maxEntries = limit(limits?.maxEntries, 100_000);
  if (text.length > maxLength) fail(`Input of ${text.length} characters exceeds the limit of ${maxLength}`, maxLength);
  match(PHP_SPACE, '');
  const stack: Frame[] = [];
  let entries = 0;

  for (;;) {
    // Read one value; an array header pushes a frame and goes on to read that array's first key.
    const at = pos;
    const type = text[at];
    let value: PhpValue;
    if (type === undefined) fail('Unexpected end of input, expected a value');
    if (type === 'N') {
      pos++;
      expect(';');
      value = null;
    } else {
      if (text[at + 1] !== ':') fail(`Unknown value type "${type}"`);
      pos += 2;
      if (type === 's') value = string();
      else if (type === 'i') value = integer();
      else if (type === 'b') {
        const bit = text[pos];
        if (bit !== '0' && bit !== '1') fail('Boolean must be 0 or 1');
        pos++;
        expect(';');
        value = bit === '1';
      } else if (type === 'd') {
        const raw = match(FLOAT, 'a float');
        expect(';');
        value = +raw.replace('INF', 'Infinity'); // and `NAN` is not a number to JS either
      } else if (type === 'a') {
        // Check every ceiling before allocating or descending.
        if (stack.length + 1 > maxDepth) fail(`Arrays nested deeper than ${maxDepth}`, at);
        const count = readCount('element count');
        entries += count;
        if (entries > maxEntries) fail(`More than ${maxEntries} array entries`, at);
        // The shortest possible entry is `i:0;N;`, 6 characters: reject counts the input cannot hold.
        if (count * 6 > text.length - pos) fail(`Array declares ${count} elements but the input is too short`, at);
        expect(':');
        expect('{');
        if (count > 0) {
          stack.push({ count, keys: [key()], values: [], start: at });
          continue;
        }
        expect('}');
        value = [];
      } else {
        const refused = REFUSED[type];
        fail(refused ? `${refused} are not accepted` : type === 'S' ? 'Escaped binary strings are not supported' : `Unknown value type "${type}"`, at);
      }
    }

    // Hand the value to its array, closing every array that is now complete.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (!frame) {
        match(PHP_SPACE, '');
        if (pos < text.length) fail('Unexpected text after the value');
        return value;
      }
      const { keys, values } = frame;
      values.push(value);
      if (values.length < frame.count) {
        if (text[pos] === '}') fail(`Array declared ${frame.count} elements but has ${values.length}`, frame.start);
        keys.push(key());
        break;
      }
      if (text[pos] !== '}' && pos < text.length) fail(`Array declared ${frame.count} elements but has more`, frame.start);
      expect('}');
      stack.pop();
      if (keys.some((key, index) => key !== index)) {
        // A null prototype has no `__proto__` setter, so every key, whatever its name, lands as own data.
        const record: PhpRecord = Object.create(null) as PhpRecord;
        keys.forEach((key, index) => (record[key] = values[index] as PhpValue));
        value = record;
      } else value = values;
    }
  }
}

/** {@link phpUnserialize} for callers that only need "usable or not": undefined instead of a throw. */
export function tryPhpUnserialize(text: string, limits?: PhpUnserializeLimits): PhpValue | undefined {
  try {
    return phpUnserialize(text, limits);
  } catch (error) {
    if (error instanceof PhpUnserializeError) return undefined;
    throw error;
  }
}

/**
 * Whether a meta string looks PHP-serialized, after WordPress's `is_serialized()` (strict mode): a
 * cheap shape check, not a parse. Like WordPress it also says yes to objects and enums, so a caller
 * knows such a value is not plain text even though {@link phpUnserialize} refuses it. A string's
 * closing quote may be its opening one (`s:0:";`), as in WordPress.
 */
export function isSerialized(text: string): boolean {
  return typeof text === 'string' && /^(?:N;|s:\d+:(?:".*)?"[;}]|[aOE]:\d+:.*[;}]|[bid]:[\d.E+-]+;|d:-?(?:INF|NAN);)$/s.test(text.trim());
}
